"""Momentum advance, the cavalry's extra hex and bonus close combat through the engine
(CCB-MOMENTUM-*)."""

from __future__ import annotations

import pytest
from ccb import legal, piece, position, roll, top


def pushed_back(attacker: str = "HC", defender: str = "MI", **kw):  # type: ignore[no-untyped-def]
    """The bottom ``attacker`` in 06-05 attacks the top ``defender`` in 06-04, which retreats
    to 06-03."""
    units = {"06-05": attacker, **kw.pop("bottom", {})}
    enemies = {"06-04": defender, **kw.pop("top", {})}
    s = position(units, enemies, ordered=["06-05"], **kw).apply("attack 06-05 06-04")
    if top(s) == "DefenderChoice":
        s = s.apply("stand")
    n = s.top.dice
    miss = "light" if s.kind(piece(s, "06-04")).unit_class != "light" else "medium"
    s = roll(s, "flag", *[miss] * (n - 1))
    if top(s) == "Flags":
        s = s.apply("ignore 0")
    if top(s) == "Retreat" and "retreat 06-04 06-03" in legal(s):
        s = s.apply("retreat 06-04 06-03")
    while top(s) == "Retreat":
        s = s.apply(legal(s)[0])
    return s


@pytest.mark.rule("CCB-MOMENTUM-01", "CCB-MOMENTUM-02")
def test_the_advance_is_optional_and_without_it_no_bonus_combat() -> None:
    s = pushed_back(top={"07-03": "LI"})
    assert top(s) == "Advance" and s.current_player == "bottom"
    assert legal(s) == ["advance", "end advance"]
    s2 = s.apply("end advance")
    assert s2.unit_at("06-05") is not None and top(s2) == "DrawCard"
    s = s.apply("advance")
    assert s.where[piece(s, "06-04")] == "06-04"


@pytest.mark.rule("CCB-MOMENTUM-05", "CCB-MOMENTUM-07", "CCB-MOMENTUM-09")
def test_cavalry_moves_one_more_hex_then_may_attack_any_adjacent_enemy() -> None:
    s = pushed_back(top={"08-03": "LI"}, leaders={"05-03": "top"}).apply("advance")
    assert top(s) == "ExtraHex"
    assert legal(s) == [
        "move 06-04 05-04",
        "move 06-04 06-05",
        "move 06-04 07-03",
        "move 06-04 07-04",
        "move 06-04 07-05",
        "end extra",
    ]  # any direction, back to where it attacked from included
    s = s.apply("move 06-04 07-04")
    assert top(s) == "BonusChoice"
    assert legal(s) == ["attack 07-04 08-03", "end bonus"]


@pytest.mark.rule("CCB-MOMENTUM-13-EX", "CCB-MOMENTUM-10", "CCB-EVADE-16")
def test_heavy_cavalry_advances_moves_attacks_a_light_infantry_that_evades() -> None:
    s = pushed_back(top={"08-03": "LI"}).apply("advance").apply("move 06-04 07-04")
    s = s.apply("attack 07-04 08-03")
    assert top(s) == "DefenderChoice" and legal(s) == ["stand", "evade"]
    s = roll(s.apply("evade"), "heavy", "heavy", "heavy", "heavy")
    while top(s) == "EvadeMove":
        s = s.apply(legal(s)[0])
    assert s.unit_at("08-03") is None and top(s) == "DrawCard"  # no advance again


@pytest.mark.rule("CCB-MOMENTUM-06")
def test_camels_chariots_and_elephants_get_no_extra_hex() -> None:
    for code in ("HCH", "EL", "CAM"):
        s = pushed_back(code, top={"05-03": "LI"}).apply("advance")
        assert top(s) == "BonusChoice", code
    s = pushed_back("MC", top={"05-03": "LI"}).apply("advance")
    assert top(s) == "ExtraHex"


@pytest.mark.rule("CCB-MOMENTUM-07", "CCB-MOMENTUM-08")
def test_foot_units_make_a_bonus_combat_only_with_a_leader_warriors_always() -> None:
    s = pushed_back("MI", top={"05-03": "LI"}).apply("advance")
    assert top(s) == "DrawCard"  # no leader: no bonus close combat
    s = pushed_back("MI", top={"05-03": "LI"}, leaders={"06-05": "bottom"}).apply("advance")
    assert top(s) == "BonusChoice" and legal(s) == ["attack 06-04 06-03", "end bonus"]
    s = pushed_back("WA", "LI", top={"07-03": "MI"}).apply("advance")
    assert top(s) == "BonusChoice" and legal(s) == ["attack 06-04 07-03", "end bonus"]


@pytest.mark.rule("CCB-MOMENTUM-10", "CCB-MOMENTUM-11")
def test_a_bonus_combat_is_a_full_combat_and_a_second_success_allows_only_an_advance() -> None:
    s = pushed_back("HC", top={"07-03": "MI"}).apply("advance").apply("end extra")
    s = roll(s.apply("attack 06-04 07-03"), "light", "light", "light", "light")
    assert top(s) == "BattleBackChoice" and s.current_player == "top"
    s = pushed_back("HC", top={"07-03": "MI"}, blocks={"07-03": 1}).apply("advance")
    s = roll(s.apply("end extra").apply("attack 06-04 07-03"), "medium", "light", "light", "light")
    assert s.unit_at("07-03") is None and top(s) == "Advance"
    s = s.apply("advance")
    assert s.where[piece(s, "07-03")] == "07-03" and top(s) == "DrawCard"


@pytest.mark.rule("CCB-MOMENTUM-04", "CCB-LEADER-08")
def test_the_attacker_advances_after_the_leader_of_its_destroyed_target_evaded() -> None:
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI"},
        leaders={"06-04": "top"},
        ordered=["06-05"],
        blocks={"06-04": 1},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light", "light", "light", "light")
    assert top(s) == "LeaderCheck" and s.top.dice == 1
    s = roll(s, "flag")  # he survives and must evade
    assert top(s) == "LeaderEvade" and s.current_player == "top"
    s = s.apply("evade 06-03")
    assert top(s) == "Advance"


@pytest.mark.rule("CCB-MOMENTUM-03", "CCB-LEADER-10")
def test_no_advance_into_a_lone_leader_s_hex_nor_after_a_battle_back() -> None:
    s = position({"06-05": "HI"}, {"01-01": "MI"}, leaders={"06-04": "top"}, ordered=["06-05"])
    s = roll(s.apply("attack 06-05 06-04"), "helmet", "light", "light", "light", "light")
    assert s.banners == (1, 0) and s.leader_at("06-04") is None
    assert top(s) == "DrawCard" and s.unit_at("06-05") is not None  # the hex stays empty
    s = position({"06-05": "MI"}, {"06-04": "HI"}, ordered=["06-05"], blocks={"06-05": 1})
    s = roll(s.apply("attack 06-05 06-04"), "light", "light", "light", "light")
    s = roll(s.apply("battle-back"), "medium", "light", "light", "light", "light")
    assert s.unit_at("06-05") is None and s.banners == (0, 1)
    assert top(s) == "DrawCard" and s.unit_at("06-04") is not None  # battling back: no advance


@pytest.mark.rule("CCB-MOMENTUM-03")
def test_war_machines_never_advance() -> None:
    s = position({"06-05": "HWM"}, {"06-04": "MI"}, ordered=["06-05"], blocks={"06-04": 1})
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light")
    assert s.unit_at("06-04") is None and top(s) == "DrawCard"


@pytest.mark.rule("CCB-MOMENTUM-12", "CCB-TERRAIN-06", "CCB-TERRAIN-12")
def test_terrain_limits_the_bonus_combat_after_an_advance() -> None:
    s = pushed_back("HC", top={"07-03": "LI"}, terrain={"06-04": "broken"}).apply("advance")
    s = s.apply("end extra") if top(s) == "ExtraHex" else s
    assert top(s) == "DrawCard"  # mounted into broken ground: no bonus
    s = pushed_back(
        "MI", top={"05-03": "LI"}, leaders={"06-05": "bottom"}, terrain={"06-04": "forest"}
    ).apply("advance")
    assert top(s) == "DrawCard"  # into a forest: only LI, LS, LB, AX, WA
    s = pushed_back("WA", "LI", top={"07-03": "MI"}, terrain={"06-04": "forest"}).apply("advance")
    assert top(s) == "BonusChoice" and legal(s) == ["attack 06-04 07-03", "end bonus"]
