"""Blast over several hordes in a P-Scale battle: only from Blast (20), every horde within
Blast // 20 squares of the target hit with the target's result and damage die, each against
its own defences (HMC-WEAPON-04, HMC-GAP-12; :mod:`wargames.horde.blast`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import attrs
import numpy as np
import pytest
from horde.pscale import Piece, battle, changed, moved, play

from wargames.core.engine import CHANCE
from wargames.core.errors import RuleViolation
from wargames.horde.agents import greedy
from wargames.horde.blast import in_area, reach
from wargames.horde.combat.context import AttackContext
from wargames.horde.combat.damage import Hit, full_damage, magnitude_loss, partial_damage
from wargames.horde.combat.data import horde
from wargames.horde.combat.strikes import AttackRoll, DamageRoll, Strike
from wargames.horde.morale_checks import MoraleCheck, MoraleTest
from wargames.horde.state import PScaleState
from wargames.horde.units import resized

BATTERY = "earthshaker-battery"
CANNON = "ES attack Z ranged with earthshaker-cannon"
GUARD = "guard-infantry"
CULTISTS = "cultists"
LITERAL = {"rules": {"magnitude_bonus": "literal"}}
"""The ``literal`` reading of HMC-GAP-11 (Blast's +2 per level added to the Magnitude before
its tens are taken): smaller numbers, so hordes and Officers survive a Blast (20)."""
FULL, PARTIAL = (10, 1), (1, 10)
"""Attack and defence dice that make a hit full or partial (HMC-ATTACK-05)."""


def shelling(
    tmp_path: Path,
    blue: list[Piece],
    red: list[Piece],
    *,
    options: dict[str, Any] | None = None,
    **kw: Any,
) -> PScaleState:
    """The Earthshaker Battery ``ES`` (on 02-04) fires at ``Z`` (on 05-04): the state at the
    attack die. A horde ``FAR`` of red's stands out of the way on 10-08."""
    state = battle(
        tmp_path,
        [("ES", BATTERY, "02-04"), *blue],
        [("Z", CULTISTS, "05-04"), ("FAR", CULTISTS, "10-08"), *red],
        options=options,
        **kw,
    )
    while state.current_player == CHANCE:  # stealthed hordes stay unseen (HMC-TALENT-02)
        state = play(state, 100)
    return play(state, "activate ES", CANNON)


def with_blast(state: PScaleState, blast: int) -> PScaleState:
    """The battery's cannon with Blast (``blast``) instead of 20."""
    es = state.unit("ES").horde
    cannon = attrs.evolve(es.weapons[0], blast=blast)
    return changed(state, "ES", horde=attrs.evolve(es, weapons=(cannon, *es.weapons[1:])))


def expected_loss(state: PScaleState, unit: str, hit: Hit, die: int) -> int:
    """The Magnitude ``unit`` should lose to the battery's cannon for ``hit`` and the damage
    ``die``, worked out from its profile with the damage functions alone."""
    es = state.unit("ES").horde
    target = state.unit(unit).horde
    cannon = es.weapons[0]
    build = full_damage if hit == "full" else partial_damage
    formula = build(es, target, cannon, "ranged", AttackContext(), state.rules)
    return magnitude_loss(formula.damage(die), target, state.rules)


def strike_of(state: PScaleState) -> Strike:
    """The attack about to be rolled."""
    assert isinstance(state.top, AttackRoll)
    return state.top.strike


def magnitudes(state: PScaleState) -> dict[str, int]:
    return {u.id: u.magnitude for u in state.units}


def checked(state: PScaleState) -> PScaleState:
    assert state.invariant_violations() == []
    return state


RING = {
    "N": "05-03",
    "NE": "06-03",
    "E": "06-04",
    "SE": "06-05",
    "S": "05-05",
    "SW": "04-05",
    "W": "04-04",
    "NW": "04-03",
}
"""The eight squares around the target's square 05-04."""


def ringed(tmp_path: Path, **kw: Any) -> PScaleState:
    """A battery shelling ``Z`` with a horde on each of the eight squares around it (blue
    Guard on the west side, red cultists on the others) and one of each side two squares
    away, ready to roll: they are moved there once the attack is given, as they would block
    the battery's sight."""
    blue: list[Piece] = [(k, GUARD, f"01-0{i + 1}") for i, k in enumerate(("W", "SW", "NW"))]
    blue.append(("B2", GUARD, "03-07"))
    red: list[Piece] = [(k, CULTISTS, f"09-0{i + 1}") for i, k in enumerate(("N", "NE", "E"))]
    red += [(k, CULTISTS, f"08-0{i + 5}") for i, k in enumerate(("SE", "S"))]
    red.append(("R2", CULTISTS, "07-04"))
    state = shelling(tmp_path, blue, red, **kw)
    return checked(moved(state, **RING, B2="03-06"))


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_blast_twenty_hits_every_horde_on_the_eight_squares_around_the_target(
    tmp_path: Path,
) -> None:
    state = ringed(tmp_path)
    assert reach(20) == 1
    assert set(in_area(state, strike_of(state))) == set(RING)
    before = magnitudes(state)
    hit = checked(play(state, *PARTIAL, 3))
    for unit in [*RING, "Z"]:
        assert hit.unit(unit).magnitude < before[unit], unit
        assert hit.unit(unit).received == 1, unit
    for unit in ("R2", "B2", "ES", "FAR"):  # two squares away, the battery, far off
        assert hit.unit(unit).magnitude == before[unit] and hit.unit(unit).received == 0
    # friend and foe alike: the blue Guard on the west side lost Magnitude too
    assert all(hit.unit(u).side == "blue" for u in ("W", "SW", "NW"))


@pytest.mark.rule("HMC-WEAPON-04")
def test_under_blast_twenty_only_the_target_is_hit(tmp_path: Path) -> None:
    for blast in (10, 19):
        state = with_blast(ringed(tmp_path), blast)
        assert reach(blast) == 0 and in_area(state, strike_of(state)) == ()
        before = magnitudes(state)
        hit = checked(play(state, *FULL, 3))
        assert hit.unit("Z").magnitude < before["Z"]
        changed_units = {u for u in before if hit.unit(u).magnitude != before[u]}
        assert changed_units == {"Z"}
        assert [u.id for u in hit.units if u.received] == ["Z"]


@pytest.mark.rule("HMC-WEAPON-04")
def test_a_shipped_blast_three_hits_only_its_target(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("HW", "guard-heavy-weapons", "02-04")],
        [("Z", CULTISTS, "05-04"), ("Y", CULTISTS, "06-04")],
    )
    state = play(state, "activate HW", "HW attack Z ranged with missile-launcher-frag", *FULL, 5)
    assert state.unit("Z").magnitude < 80 and state.unit("Y").magnitude == 80
    assert state.unit("Y").received == 0
    checked(state)


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_blast_forty_reaches_two_rings_and_the_battery_itself(tmp_path: Path) -> None:
    # one horde a ring: 06-05 (1), 07-02 (2), 08-04 (3 squares: out of reach)
    state = battle(
        tmp_path,
        [("ES", BATTERY, "03-04"), ("B", GUARD, "01-08")],
        [
            ("Z", CULTISTS, "05-04"),
            ("R1", CULTISTS, "06-05"),
            ("R2", CULTISTS, "07-02"),
            ("FAR", CULTISTS, "08-04"),
        ],
        options=LITERAL,
    )
    state = checked(with_blast(play(state, "activate ES", CANNON), 40))
    assert reach(40) == 2 and reach(59) == 2 and reach(60) == 3
    assert in_area(state, strike_of(state)) == ("R2", "ES", "R1")
    before = magnitudes(state)
    hit = checked(play(state, *PARTIAL, 1))
    assert hit.unit("FAR").magnitude == before["FAR"] and hit.unit("B").magnitude == 40
    for unit in ("Z", "R1", "R2", "ES"):  # the battery stands two squares from its target
        assert hit.unit(unit).magnitude == before[unit] - expected_loss(
            state, unit, "partial", 1
        ), unit


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_each_horde_loses_what_the_shared_die_does_against_its_own_defences(
    tmp_path: Path,
) -> None:
    """One damage roll for all (research O12): the Guard next to the target lose what the
    target's die does against their armour, Toughness and Medic, not the target's loss."""
    state = shelling(tmp_path, [("A", GUARD, "01-02")], [("Y", CULTISTS, "09-02")])
    state = checked(moved(state, A="04-05", Y="06-04"))
    cases: tuple[tuple[tuple[int, int], Hit], ...] = ((FULL, "full"), (PARTIAL, "partial"))
    for dice, hit_kind in cases:
        hit = checked(play(state, *dice, 3))
        for unit in ("Z", "A", "Y"):
            lost = state.unit(unit).magnitude - hit.unit(unit).magnitude
            assert lost == expected_loss(state, unit, hit_kind, 3), (unit, hit_kind)
        if hit_kind == "full":
            # by hand: die 3 + bonus 6 + tens 1 + Blast 40; the cultists' armour 6 - Pen 4
            # and TB 3 leave 45; the Guard's armour 4 - 4 = 0, TB 3: 47, 85% with the Medic
            assert (80 - hit.unit("Y").magnitude, 40 - hit.unit("A").magnitude) == (45, 39)
        else:
            # partial: 3 + 6 + half (1 + 40) = 21; the full armour counts: cultists 6 + 3,
            # Guard 4 + 3 (23, of which 85%: 19)
            assert (80 - hit.unit("Y").magnitude, 40 - hit.unit("A").magnitude) == (21, 19)
    assert (
        play(state, *FULL, 3).unit("Y").magnitude != play(state, *PARTIAL, 3).unit("Y").magnitude
    )  # the kind of hit carries over


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_a_blast_that_does_the_target_no_damage_hits_nobody(tmp_path: Path) -> None:
    """An attack never simply misses (HMC-ATTACK-06), but one that does its target no damage
    does nothing to the hordes around it either."""
    state = battle(
        tmp_path,
        [("ES", BATTERY, "02-04")],
        [("Z", "iron-guard-mk1", "05-04"), ("Y", CULTISTS, "06-04"), ("X", CULTISTS, "05-05")],
        options=LITERAL,
    )
    state = play(state, "activate ES", CANNON)
    assert set(in_area(state, strike_of(state))) == {"Y", "X"}
    missed = checked(play(state, *PARTIAL, 1))  # 1 + 6 + 3 - armour 8 - TB 5: no damage
    assert missed.unit("Z").magnitude == 30 and missed.unit("Z").received == 1
    for unit in ("Y", "X"):
        assert missed.unit(unit).magnitude == 80 and missed.unit(unit).received == 0
    assert not any(isinstance(t, MoraleCheck) for t in missed.tasks)
    hit = checked(play(state, *FULL, 10))  # the same hordes once the target is hurt
    assert hit.unit("Z").magnitude < 30
    assert hit.unit("Y").magnitude < 80 and hit.unit("X").magnitude < 80


def officer(ident: str, join: str, wounds: int = 30) -> dict[str, Any]:
    return {"side": "blue", "id": ident, "profile": "guard-command", "wounds": wounds, "join": join}


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12", "HMC-OFFICER-09", "HMC-SPECIALIST-02")
def test_the_officer_and_specialist_of_a_horde_in_the_area_are_wounded(tmp_path: Path) -> None:
    state = shelling(
        tmp_path, [("A", GUARD, "01-02")], [], officers=[officer("lt", "A")], options=LITERAL
    )
    state = checked(moved(state, A="04-04"))
    hit = checked(play(state, *FULL, 3))
    # the Guard take 3 + 6 + tens of (10 + 40) 5 - armour 0 - TB 3 = 11 (9 with the Medic);
    # their Officer and Medic lose those 11 wounds, not the cultists' 9 (armour 2, TB 3)
    assert 80 - hit.unit("Z").magnitude == 9
    assert hit.unit("A").magnitude == 40 - 9
    assert hit.unit("lt").magnitude == 30 - 11 and hit.unit("lt").attached_to == "A"
    assert hit.unit("A").horde.specialists[0].wounds == 0  # the Field Medic had 10


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_a_lone_officer_in_the_area_is_not_hit(tmp_path: Path) -> None:
    """The rule speaks of hordes: an Officer standing alone next to the target is spared (his
    horde, out of the area, too)."""
    state = shelling(tmp_path, [("A", GUARD, "01-02")], [], officers=[officer("lt", "A")])
    state = changed(state, "A", bonus=None)
    state = checked(changed(state, "lt", attached_to=None, square="04-04"))
    assert in_area(state, strike_of(state)) == ()
    hit = checked(play(state, *FULL, 3))
    assert hit.unit("Z").magnitude < 80
    assert hit.unit("lt").magnitude == 30 and hit.unit("A").magnitude == 40


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12", "HMC-OFFICER-09", "HMC-DAMAGE-15")
def test_a_horde_in_the_area_brought_to_zero_is_destroyed(tmp_path: Path) -> None:
    state = shelling(
        tmp_path,
        [("A", GUARD, "01-02"), ("B", GUARD, "01-06")],
        [],
        officers=[officer("lt", "A"), officer("sgt", "B", wounds=5)],
        options=LITERAL,
    )
    state = moved(state, A="04-04", B="05-05")
    for unit in ("A", "B"):
        state = changed(state, unit, horde=resized(state.unit(unit).horde, 5), round_magnitude=5)
    hit = checked(play(checked(state), *FULL, 3))  # 9 Magnitude off each: both destroyed
    for unit in ("A", "B"):
        gone = hit.unit(unit)
        assert gone.status == "destroyed" and gone.square is None and gone.magnitude == 0
        assert not any(isinstance(t, MoraleCheck) and t.unit == unit for t in hit.tasks)
    lt = hit.unit("lt")  # 19 wounds left: he stands alone where his horde stood
    assert lt.status == "fighting" and lt.attached_to is None and lt.square == "04-04"
    assert lt.magnitude == 30 - 11
    assert hit.unit("sgt").status == "slain"  # 5 wounds: the blast killed him
    assert hit.unit("Z").magnitude == 80 - 9


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12", "HMC-TALENT-02")
def test_a_horde_in_stealth_in_the_area_is_hit_and_discovered(tmp_path: Path) -> None:
    state = shelling(
        tmp_path,
        [],
        [("V", "guard-veterans", "06-05", {"stealthed": True})],
        terrain={"cover": ["06-05"]},
    )
    assert "V" in state.hidden_from("blue")
    assert in_area(state, strike_of(state)) == ("V",)
    hit = checked(play(state, *PARTIAL, 2))
    v = hit.unit("V")
    assert not v.stealthed and v.received == 1
    assert "V" not in hit.hidden_from("blue")
    assert 30 - v.magnitude == expected_loss(state, "V", "partial", 2)


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12", "HMC-GAP-03")
def test_every_horde_hit_checks_its_morale_target_first(tmp_path: Path) -> None:
    state = shelling(tmp_path, [("A", GUARD, "01-02")], [("Y", CULTISTS, "09-02")])
    state = checked(moved(state, A="04-05", Y="06-04"))
    hit = checked(play(state, *PARTIAL, 3))  # Z and Y lose 21 of 80, A 19 of 40
    pending = [t.unit for t in reversed(hit.tasks) if isinstance(t, MoraleTest | MoraleCheck)]
    # the target, then the others in square order (row 4 before row 5)
    assert pending == ["Z", "Y", "A"]
    assert isinstance(hit.top, MoraleTest) and hit.top.unit == "Z"
    assert 4 * 21 >= 80 and 4 * 19 >= 40  # each lost a quarter: each tests
    after_z = checked(play(hit, 1))  # Z passes
    assert isinstance(after_z.top, MoraleTest) and after_z.top.unit == "Y"
    after_y = checked(play(after_z, 1))
    assert isinstance(after_y.top, MoraleTest) and after_y.top.unit == "A"
    broken = checked(play(after_y, 100))
    assert broken.unit("A").morale == "routing"


@pytest.mark.rule("HMC-GAP-12")
def test_bad_input_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """Dice out of range (a partial hit of a Blast weapon still rolls 1d5, HMC-GAP-12), a
    weapon the horde lacks, itself or an unknown unit as target: refused, nothing changed."""
    state = ringed(tmp_path)
    snapshot = state.to_json()
    with pytest.raises(RuleViolation):
        state.apply("roll 11")
    partial = play(state, *PARTIAL)
    assert isinstance(partial.top, DamageRoll)
    with pytest.raises(RuleViolation):
        partial.apply("roll 6")  # partial damage rolls 1d5
    assert state.to_json() == snapshot
    fresh = battle(tmp_path, [("ES", BATTERY, "02-04")], [("Z", CULTISTS, "05-04")])
    fresh = play(fresh, "activate ES")
    for bad in (
        "ES attack Z ranged with plasma-cannon",
        "ES attack ES ranged with earthshaker-cannon",
        "ES attack Q ranged with earthshaker-cannon",
    ):
        with pytest.raises(RuleViolation):
            fresh.apply(bad)
    assert fresh.unit("Z").magnitude == 80


def test_the_shipped_battery_carries_a_blast_twenty_cannon() -> None:
    cannon = horde(BATTERY).weapons_of("ranged")[0]
    assert (cannon.name, cannon.blast, cannon.hits_several_hordes) == (
        "Earthshaker Cannon",
        20,
        True,
    )


@pytest.mark.rule("HMC-WEAPON-04", "HMC-GAP-12")
def test_greedy_bots_play_a_battle_of_batteries_with_sound_states(tmp_path: Path) -> None:
    """The greedy bot fires Blast (20) cannons over crowded squares; every state reached is
    sound and every decision legal."""
    state: PScaleState = battle(
        tmp_path,
        [("ES", BATTERY, "02-04"), ("A", GUARD, "04-04"), ("B", GUARD, "04-05")],
        [("RS", BATTERY, "09-04"), ("Z", CULTISTS, "06-04"), ("Y", CULTISTS, "06-05")],
        rounds=3,
    )
    bots = {side: greedy(5, side) for side in ("blue", "red")}
    rng = np.random.default_rng(5)
    blasts = 0
    while state.current_player is not None:
        if state.current_player == CHANCE:
            actions, odds = zip(*state.chance_outcomes(), strict=True)
            action = actions[rng.choice(len(actions), p=np.array(odds) / sum(odds))]
        else:
            view = state.view(state.current_player)
            action = bots[state.current_player].act(view)
            assert action in view.legal_actions()
            blasts += "earthshaker" in str(action)
        state = checked(state.apply(action))
    assert state.result is not None and blasts > 0
