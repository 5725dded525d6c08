"""Elephants through the engine: dice by target, sword re-rolls, ignores, rampage and blocked
retreats (CCB-ELEPHANT-*)."""

from __future__ import annotations

import pytest
from ccb import blocks_at, legal, piece, position, roll, top

from wargames.ancients.combat import RollDice


def elephant_attacks(target: str, **kw):  # type: ignore[no-untyped-def]
    """The bottom elephant in 06-05 attacks the top ``target`` in 06-04."""
    s = position({"06-05": "EL"}, {"06-04": target, **kw.pop("top", {})}, ordered=["06-05"], **kw)
    s = s.apply("attack 06-05 06-04")
    return s.apply("stand") if top(s) == "DefenderChoice" else s


def elephant_hit(faces: tuple[str, ...], *, attacker: str = "HI", **kw):  # type: ignore[no-untyped-def]
    """The bottom ``attacker`` in 06-05 attacks the top elephant in 06-04; the roll shows
    ``faces``."""
    units = {"06-05": attacker, **kw.pop("bottom", {})}
    enemies = {"06-04": "EL", **kw.pop("top", {})}
    s = position(units, enemies, ordered=["06-05"], **kw).apply("attack 06-05 06-04")
    return roll(s, *faces)


@pytest.mark.rule("CCB-ELEPHANT-01", "CCB-ELEPHANT-02", "CCB-ELEPHANT-04-EX", "CCB-CLOSE-19")
def test_an_elephant_rolls_its_target_s_dice() -> None:
    expected = {
        "LI": 2,
        "LS": 2,
        "LB": 2,
        "LC": 2,
        "AX": 3,
        "MC": 3,
        "WA": 3,
        "HCH": 3,
        "EL": 3,
        "CAM": 3,
        "MI": 4,
        "HC": 4,
        "HI": 5,
    }
    for code, n in expected.items():
        s = elephant_attacks(code)
        assert isinstance(s.top, RollDice) and s.top.dice == n, code


@pytest.mark.rule("CCB-ELEPHANT-03", "CCB-GAP-18")
def test_an_elephant_battles_back_with_the_same_count() -> None:
    s = position({"06-05": "HI"}, {"06-04": "EL"}, ordered=["06-05"]).apply("attack 06-05 06-04")
    s = roll(s, "light", "light", "light", "light", "light").apply("battle-back")
    assert s.top.dice == 5
    s = position({"06-05": "WA"}, {"06-04": "EL"}, ordered=["06-05"]).apply("attack 06-05 06-04")
    s = roll(s, "light", "light", "light", "light").apply("battle-back")
    assert s.top.dice == 3
    s = position({"06-05": "LI"}, {"06-04": "EL"}, ordered=["06-05"]).apply("attack 06-05 06-04")
    assert roll(s, "light", "light").apply("battle-back").top.dice == 2


@pytest.mark.rule("CCB-GAP-18", "CCB-ELEPHANT-03", "CCB-CARDS-21")
def test_card_dice_add_for_an_attacking_elephant_never_to_its_battle_back() -> None:
    card = "mounted-charge"
    s = position({"06-05": "EL"}, {"06-04": "MI"}, ordered=["06-05"], card=card)
    assert s.apply("attack 06-05 06-04").top.dice == 4 + 1  # the MI's 4, then its card's die
    s = position({"06-05": "HC"}, {"06-04": "EL"}, ordered=["06-05"], card=card)
    s = s.apply("attack 06-05 06-04")
    assert s.top.dice == 4 + 1
    s = roll(s, "light", "light", "light", "light", "light").apply("battle-back")
    assert s.top.dice == 4  # the HC's 4, without the card's die


@pytest.mark.rule("CCB-ELEPHANT-05", "CCB-ELEPHANT-06", "CCB-ELEPHANT-24-EX", "CCB-GAP-04")
def test_swords_are_rolled_again_and_everything_is_totalled_first() -> None:
    s = roll(elephant_attacks("LI"), "swords", "flag")
    assert isinstance(s.top, RollDice) and s.top.dice == 1  # the sword is rolled again
    assert blocks_at(s, "06-04") == 4  # nothing applied yet
    s = roll(s, "swords")
    assert s.top.dice == 1
    s = roll(s, "light")
    assert blocks_at(s, "06-04") == 1 and top(s) == "Retreat"  # 3 hits and 1 flag
    s = roll(elephant_attacks("LI", readings={"elephant_sword_rerolls": False}), "swords", "flag")
    assert blocks_at(s, "06-04") == 3


@pytest.mark.rule("CCB-ELEPHANT-07", "CCB-ELEPHANT-26-EX")
def test_an_ignored_sword_is_not_rolled_again() -> None:
    s = roll(elephant_attacks("HCH"), "swords", "swords", "light")
    assert isinstance(s.top, RollDice) and s.top.dice == 1
    s = roll(s, "light")
    assert blocks_at(s, "06-04") == 1  # one sword ignored, one scored


@pytest.mark.rule("CCB-ELEPHANT-27-EX", "CCB-ELEPHANT-08")
def test_elephants_ignore_every_sword() -> None:
    s = roll(elephant_attacks("EL"), "swords", "swords", "heavy")
    assert blocks_at(s, "06-04") == 1 and top(s) in ("BattleBackChoice", "DrawCard")
    s = elephant_hit(("swords", "swords", "swords", "swords", "swords"))
    assert blocks_at(s, "06-04") == 2


@pytest.mark.rule("CCB-ELEPHANT-09")
def test_against_cavalry_an_elephant_ignores_a_red_square_and_a_flag() -> None:
    s = elephant_hit(("heavy", "heavy", "flag", "light"), attacker="HC")
    assert blocks_at(s, "06-04") == 1
    assert top(s) == "Flags" and legal(s) == ["ignore 0", "ignore 1"]
    s = elephant_hit(("heavy", "heavy", "flag", "light", "light"), attacker="HI")
    assert blocks_at(s, "06-04") == 0


@pytest.mark.rule("CCB-GAP-13", "CCB-ELEPHANT-09", "CCB-ELEPHANT-10")
def test_camels_are_not_cavalry_against_elephants() -> None:
    s = roll(elephant_attacks("CAM"), "flag", "light", "light")
    assert top(s) == "Retreat" and s.top.left == 3  # no extra hex for a camel
    s = elephant_hit(("heavy", "light", "light", "light"), attacker="HC")
    assert blocks_at(s, "06-04") == 2  # the cavalry's red square is ignored
    s = elephant_hit(("heavy", "flag", "light"), attacker="CAM")
    assert blocks_at(s, "06-04") == 1  # the camel's is not
    assert top(s) == "RampageRoll"  # nor its flag: the elephant rampages at once


@pytest.mark.rule("CCB-ELEPHANT-13", "CCB-ELEPHANT-14", "CCB-ELEPHANT-18")
def test_a_retreating_elephant_first_rampages_against_every_neighbour() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"),
        top={"05-04": "MI"},
        bottom={"07-05": "LI"},
        leaders={"07-04": "bottom"},
    )
    assert top(s) == "Rampage" and s.current_player == "bottom"  # the causer picks the order
    assert legal(s) == ["rampage 05-04", "rampage 06-05", "rampage 07-04", "rampage 07-05"]
    s = s.apply("rampage 06-05")  # the attacker too
    assert top(s) == "RampageRoll" and s.top.dice == 2
    s = roll(s, "heavy", "heavy")
    assert blocks_at(s, "06-05") == 2
    assert legal(s) == ["rampage 05-04", "rampage 07-04", "rampage 07-05"]


@pytest.mark.rule("CCB-ELEPHANT-15", "CCB-ELEPHANT-16", "CCB-ELEPHANT-28-EX")
def test_rampage_dice_hit_only_with_the_class_symbol_banners_to_the_opponent() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"), top={"05-04": "MI"}, blocks={"05-04": 1}
    )
    assert top(s) == "Rampage"
    s = s.apply("rampage 05-04")
    hit = sum(p for a, p in s.chance_outcomes() if "medium" in str(a).split())
    assert hit == pytest.approx(11 / 36)
    for faces in (("swords", "flag"), ("helmet", "helmet"), ("light", "heavy")):
        nothing = roll(s, *faces)
        assert blocks_at(nothing, "05-04") == 1 and nothing.banners == (0, 0), faces
    s = roll(s, "medium", "helmet")
    assert s.unit_at("05-04") is None and s.banners == (1, 0)  # the top MI: a bottom banner


@pytest.mark.rule("CCB-ELEPHANT-17")
def test_a_rampage_kills_a_lone_leader_with_a_helmet_else_he_evades() -> None:
    s = elephant_hit(("flag", "light", "light", "light", "light"), leaders={"05-04": "bottom"})
    s = s.apply("rampage 05-04")
    assert roll(s, "helmet", "light").banners == (0, 1)
    s = roll(s, "flag", "light")
    assert top(s) == "LeaderEvade" and s.current_player == "bottom"


@pytest.mark.rule("CCB-LEADER-05", "CCB-ELEPHANT-14")
def test_a_rampage_that_costs_a_block_checks_the_unit_s_leader() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"), top={"05-04": "MI"}, leaders={"05-04": "top"}
    )
    s = roll(s.apply("rampage 05-04"), "medium", "light")
    assert blocks_at(s, "05-04") == 3 and top(s) == "LeaderCheck" and s.top.dice == 2
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"), top={"05-04": "MI"}, leaders={"05-04": "top"}
    )
    s = roll(s.apply("rampage 05-04"), "swords", "helmet")  # no block lost: no check
    assert blocks_at(s, "05-04") == 4 and top(s) != "LeaderCheck"


@pytest.mark.rule("CCB-ELEPHANT-19")
def test_a_side_can_win_partway_through_a_rampage() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"),
        top={"05-04": "MI"},
        blocks={"05-04": 1},
        banners=(4, 0),
    )
    s = roll(s.apply("rampage 05-04"), "medium", "light")
    assert s.outcome is not None and s.outcome.winner == "bottom"


@pytest.mark.rule("CCB-ELEPHANT-20", "CCB-GAP-19", "CCB-LEADER-05")
def test_units_blocking_an_elephant_s_retreat_lose_the_blocks() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"),
        top={"06-03": "MI"},
        bottom={"07-03": "HI"},
        leaders={"06-03": "top"},
    )
    while top(s) in ("Rampage", "RampageRoll"):
        s = s.apply(legal(s)[0]) if top(s) == "Rampage" else roll(s, "swords", "swords")
    assert blocks_at(s, "06-03") == 3 and blocks_at(s, "07-03") == 3
    assert s.where[piece(s, "06-04")] == "06-04" and s.blocks[piece(s, "06-04")] == 2
    assert top(s) == "LeaderCheck"  # the blocker's leader


@pytest.mark.rule("CCB-GAP-19", "CCB-ELEPHANT-13")
def test_an_elephant_blocked_only_by_the_edge_loses_blocks_itself() -> None:
    s = position({"06-02": "HI"}, {"06-01": "EL"}, ordered=["06-02"]).apply("attack 06-02 06-01")
    s = roll(s, "flag", "light", "light", "light", "light")
    s = roll(s, "swords", "swords") if top(s) == "RampageRoll" else s
    assert blocks_at(s, "06-01") == 1


@pytest.mark.rule("CCB-ELEPHANT-21", "CCB-ELEPHANT-22")
def test_leaders_in_an_elephant_s_retreat_path() -> None:
    s = elephant_hit(
        ("flag", "flag", "light", "light", "light"),
        top={"07-03": "MI"},
        leaders={"05-02": "bottom"},
        terrain={"06-02": "seacoast"},
    )
    while top(s) in ("Rampage", "RampageRoll"):
        s = s.apply(legal(s)[0]) if top(s) == "Rampage" else roll(s, "swords", "swords")
    el = piece(s, "05-02")  # via 06-03 into the lone enemy leader: he dies
    assert s.kind(el).code == "EL" and s.banners == (0, 1)
    s = elephant_hit(
        ("flag", "flag", "flag", "light", "light"), top={"07-03": "MI"}, leaders={"06-02": "top"}
    )
    while top(s) in ("Rampage", "RampageRoll"):
        s = s.apply(legal(s)[0]) if top(s) == "Rampage" else roll(s, "swords", "swords")
    assert legal(s) == ["retreat 06-03 05-02", "retreat 06-03 06-02"]
    s = s.apply("retreat 06-03 06-02")
    el = piece(s, "06-02")
    assert s.attached(el) == piece(s, "L06-02")  # the retreat of 3 ends with him


@pytest.mark.rule("CCB-ELEPHANT-23", "CCB-VICTORY-05")
def test_simultaneous_blocker_losses_can_make_a_draw() -> None:
    s = elephant_hit(
        ("flag", "light", "light", "light", "light"),
        top={"06-03": "MI"},
        bottom={"07-03": "HI"},
        blocks={"06-03": 1, "07-03": 1},
        banners=(4, 4),
    )
    while top(s) in ("Rampage", "RampageRoll"):
        s = s.apply(legal(s)[0]) if top(s) == "Rampage" else roll(s, "swords", "swords")
    assert s.banners == (5, 5) and s.outcome is not None and s.outcome.winner is None


@pytest.mark.rule("CCB-ELEPHANT-12", "CCB-EVADE-06")
def test_an_elephant_never_evades() -> None:
    s = position({"06-05": "LI"}, {"06-04": "EL"}, ordered=["06-05"]).apply("attack 06-05 06-04")
    assert top(s) == "RollDice"
