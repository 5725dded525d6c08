"""Evasion through the engine (CCB-EVADE-*)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ccb import blocks_at, legal, piece, position, roll, top

from wargames.ancients.combat import RollDice


def attack(defender: str, attacker: str = "HI", **kw):  # type: ignore[no-untyped-def]
    """The bottom ``attacker`` in 06-05 attacks the top ``defender`` in 06-04."""
    units = {"06-05": attacker, **kw.pop("bottom", {})}
    enemies = {"06-04": defender, **kw.pop("top", {})}
    return position(units, enemies, ordered=["06-05"], **kw).apply("attack 06-05 06-04")


def may_evade(s) -> bool:  # type: ignore[no-untyped-def]
    return top(s) == "DefenderChoice" and "evade" in legal(s)


@pytest.mark.rule("CCB-EVADE-01", "CCB-RANGED-13")
def test_evasion_is_only_against_close_combat() -> None:
    s = position({"06-06": "LS"}, {"06-04": "LI"}, ordered=["06-06"]).apply("fire 06-06 at 06-04")
    assert isinstance(s.top, RollDice) and s.top.strike.kind == "ranged"  # no defender's choice
    s = roll(s, "flag", "medium")  # the flag counts, as it would not against an evader
    assert top(s) == "Retreat" and s.current_player == "top"
    assert may_evade(attack("LI"))  # the same LI may evade a close-combat attack


@pytest.mark.rule("CCB-EVADE-02", "CCB-EVADE-09")
def test_the_evade_is_declared_before_the_roll_and_only_the_symbol_hits() -> None:
    s = attack("LI")
    assert top(s) == "DefenderChoice" and s.current_player == "top"
    s = s.apply("evade")
    assert isinstance(s.top, RollDice) and s.top.strike.kind == "evade" and s.top.dice == 5
    s = roll(s, "light", "flag", "swords", "helmet", "medium")
    li = piece(s, "06-04")
    assert s.blocks[li] == 3 and top(s) == "EvadeMove"  # one hit, the flag ignored


@pytest.mark.rule("CCB-EVADE-03", "CCB-EVADE-04", "CCB-EVADE-05", "CCB-EVADE-06")
def test_who_may_evade_whom() -> None:
    assert may_evade(attack("LC", "LC")) and may_evade(attack("LI", "EL"))
    assert may_evade(attack("MC", "HI")) and may_evade(attack("MC", "HC"))
    assert not may_evade(attack("MC", "LC")) and not may_evade(attack("MC", "MC"))
    assert may_evade(attack("HC", "MI")) and may_evade(attack("HC", "EL"))
    assert not may_evade(attack("HC", "MC")) and not may_evade(attack("HCH", "HC"))
    for code in ("AX", "WA", "MI", "HI", "EL"):
        assert not may_evade(attack(code, "LI" if code != "EL" else "HI")), code


@pytest.mark.rule("CCB-EVADE-07", "CCB-GAP-24", "CCB-VICTORY-04")
def test_a_war_machine_evades_and_leaves_the_board_without_a_banner() -> None:
    s = attack("HWM", top={"06-03": "MI", "07-03": "MI"})
    assert may_evade(s)  # even with no free rear hex
    s = roll(s.apply("evade"), "light", "light", "light", "light", "light")
    hwm = [
        p for p in s.scenario.pieces if s.scenario.types[p] and s.scenario.types[p].code == "HWM"
    ]
    assert s.where[hwm[0]] == "off" and s.banners == (0, 0)
    s = attack(
        "HWM", top={"06-03": "MI", "07-03": "MI"}, readings={"war_machine_evade": "as-units"}
    )
    assert not may_evade(s)


@pytest.mark.rule("CCB-EVADE-10", "CCB-LEADER-05")
def test_an_evader_that_loses_blocks_has_its_leader_checked() -> None:
    s = attack("LI", leaders={"06-04": "top"}).apply("evade")
    s = roll(s, "light", "light", "heavy", "heavy", "heavy")
    assert top(s) == "LeaderCheck" and s.top.dice == 2
    s = attack("LI", leaders={"06-04": "top"}).apply("evade")
    s = roll(s, "heavy", "heavy", "flag", "helmet", "swords")  # no block lost: no check
    assert top(s) == "EvadeMove" and blocks_at(s, "06-04") == 4


@pytest.mark.rule("CCB-EVADE-11", "CCB-EVADE-12")
def test_the_evader_moves_two_rear_hexes_or_one_if_that_is_all() -> None:
    s = roll(attack("LI").apply("evade"), "heavy", "heavy", "heavy", "heavy", "heavy")
    assert legal(s) == ["evade 06-03", "evade 07-03"] and s.current_player == "top"
    s = s.apply("evade 06-03")
    assert legal(s) == ["evade 05-02", "evade 06-02"]
    s = s.apply("evade 05-02")
    assert s.where[piece(s, "05-02")] == "05-02" and top(s) == "DrawCard"
    s = attack("LI", top={"05-02": "MI", "06-02": "MI", "07-02": "MI"}).apply("evade")
    s = roll(s, "heavy", "heavy", "heavy", "heavy", "heavy")
    assert legal(s) == ["evade 06-03", "evade 07-03"]
    s = s.apply("evade 07-03")
    assert s.unit_at("07-03") is not None and top(s) == "DrawCard"  # only 1 hex possible


@pytest.mark.rule("CCB-EVADE-11")
def test_a_two_hex_evade_is_preferred_to_a_one_hex_one() -> None:
    s = attack("LI", top={"05-02": "MI", "06-02": "MI"}).apply("evade")
    s = roll(s, "heavy", "heavy", "heavy", "heavy", "heavy")
    li = piece(s, "07-02")  # via 07-03: the only way to evade 2 hexes, taken at once
    assert s.kind(li).code == "LI"


@pytest.mark.rule("CCB-EVADE-13", "CCB-EVADE-18")
def test_no_evade_without_a_rear_hex_nor_off_the_board() -> None:
    assert not may_evade(attack("LI", top={"06-03": "MI", "07-03": "MI"}))
    s = position({"06-02": "HI"}, {"06-01": "LI"}, ordered=["06-02"]).apply("attack 06-02 06-01")
    assert top(s) == "RollDice"  # on its baseline: no evade


@pytest.mark.rule("CCB-EVADE-14", "CCB-LEADER-13")
def test_a_lone_friendly_leader_in_the_first_hex_stops_the_evade() -> None:
    s = attack("LI", leaders={"06-03": "top"}).apply("evade")
    s = roll(s, "heavy", "heavy", "heavy", "heavy", "heavy")
    s = s.apply("evade 06-03")
    li = piece(s, "06-03")
    assert s.attached(li) == piece(s, "L06-03") and top(s) == "DrawCard"


@pytest.mark.rule("CCB-EVADE-16", "CCB-MOMENTUM-03")
def test_no_momentum_after_an_evade() -> None:
    s = roll(attack("LI").apply("evade"), "heavy", "heavy", "heavy", "heavy", "heavy")
    s = s.apply("evade 07-03")
    assert s.unit_at("06-04") is None and top(s) != "Advance"


@pytest.mark.rule("CCB-EVADE-17", "CCB-EVADE-16")
def test_an_evader_destroyed_earns_a_banner() -> None:
    s = attack("LI", blocks={"06-04": 2}).apply("evade")
    s = roll(s, "light", "light", "heavy", "heavy", "heavy")
    assert s.unit_at("06-04") is None and s.banners == (1, 0) and top(s) == "DrawCard"
    assert s.unit_at("06-05") is not None  # destroyed, yet the attacker may not advance


@pytest.mark.rule("CCB-EVADE-19-EX")
def test_an_evading_light_infantry_escapes_5_dice_unhurt_with_probability_5_6_to_the_5th() -> None:
    s = attack("LI").apply("evade")
    unhurt = sum(p for a, p in s.chance_outcomes() if "light" not in str(a).split())
    assert unhurt == pytest.approx(float(Fraction(5, 6) ** 5)) == pytest.approx(3125 / 7776)
