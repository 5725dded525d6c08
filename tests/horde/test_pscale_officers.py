"""Officers and Specialists in a P-Scale battle (HMC-OFFICER, HMC-SPECIALIST)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from horde.pscale import battle, changed, legal, moved, play

from wargames.core.engine import CHANCE
from wargames.core.errors import RuleViolation
from wargames.horde import visibility
from wargames.horde.combat.specialists import retreating_specialists
from wargames.horde.combat.strikes import AttackRoll
from wargames.horde.flow import ChooseBonus
from wargames.horde.morale_checks import bonus_officer, fearless

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


def officer(ident: str, side: str = "blue", **where: Any) -> dict[str, Any]:
    return {"side": side, "id": ident, "profile": "guard-command", "wounds": 12, **where}


@pytest.mark.rule("HMC-OFFICER-01", "HMC-OFFICER-05")
def test_officers_join_and_leave_hordes(tmp_path: Path) -> None:
    """A lone Officer next to a horde joins it as a Free action (his activation ends); from
    then on he moves with it; the horde's activation lets him leave, alone in its square."""
    state = battle(
        tmp_path,
        [("A", GUARD, "03-04")],
        [("Z", TRAITORS, "09-08")],
        officers=[officer("lt", at="04-04")],
    )
    state = play(state, "activate lt")
    assert "lt join A" in legal(state)
    state = play(state, "lt join A")
    assert state.unit("lt").attached_to == "A" and state.unit("lt").square is None
    state = play(state, "activate Z", "Z done", "activate A", "A tactical advance", "A to 05-05")
    assert state.location(state.unit("lt")) == "05-05"
    assert "lt leave" in legal(state)
    state = play(state, "lt leave")
    assert state.unit("lt").square == "05-05" and state.unit("lt").attached_to is None
    assert state.attached("A") == ()


@pytest.mark.rule("HMC-OFFICER-02")
def test_officers_move_at_their_own_rates_and_sprinting_tires_them(tmp_path: Path) -> None:
    wide = battle(
        tmp_path,
        [("A", GUARD, "02-02")],
        [("Z", TRAITORS, "14-08")],
        officers=[officer("lt", at="02-05")],
        width=14,
    )
    wide = play(wide, "activate lt")
    for order, squares in (("tactical advance", 3), ("rapid advance", 5), ("sprint", 9)):
        moving = play(wide, f"lt {order}")  # his own rates: Agility Bonus 3
        ends = [x.split()[-1] for x in legal(moving)]
        assert max(wide.field.distance("02-05", sq) for sq in ends) == squares, order
    assert not play(play(wide, "lt rapid advance"), "lt to 07-05").unit("lt").fatigued
    state = battle(
        tmp_path,
        [("A", GUARD, "02-02")],
        [("Z", TRAITORS, "10-08")],
        officers=[officer("lt", at="02-05")],
    )
    state = play(state, "activate lt")
    assert {"lt tactical advance", "lt rapid advance", "lt sprint"} <= set(legal(state))
    sprint = play(state, "lt sprint")
    tired = play(sprint, "lt to 09-05")
    assert tired.unit("lt").fatigued
    tired = play(tired, *(["lt done"] if tired.current_player == "blue" else []))
    tired = play(tired, "activate Z", "Z done", "activate A", "A done")
    tired = play(tired, "activate Z", "Z done") if tired.current_player == "red" else tired
    tired = play(tired, "activate lt")
    assert "lt sprint" not in legal(tired) and "lt rapid advance" in legal(tired)


@pytest.mark.rule("HMC-OFFICER-03")
def test_officers_share_squares(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "03-04")],
        [("Z", TRAITORS, "09-08")],
        officers=[officer("lt", at="05-04"), officer("cm", at="05-04")],
    )
    assert [o.id for o in state.officers_at("05-04")] == ["lt", "cm"]
    state = play(state, "activate lt", "lt tactical advance")
    assert "lt to 03-04" in legal(state)  # onto his own horde's square
    state = play(state, "lt to 03-04")
    assert state.unit("lt").square == "03-04" and state.unit("A").square == "03-04"
    assert state.invariant_violations() == []


@pytest.mark.rule("HMC-OFFICER-04", "HMC-DAMAGE-08", "HMC-GAP-07")
@pytest.mark.parametrize(("rules", "tens_of_12"), [("catalogue", 2), ("printed", 1)])
def test_officers_fight_hordes_as_heroes(tmp_path: Path, rules: str, tens_of_12: int) -> None:
    """A lone Officer attacks hordes and hordes attack him, through the horde attack procedure
    with his wounds as his Magnitude (the host game's rules, reconstructed); the exact figures:

    - the Lieutenant (Power Sword 1d10+5, Pen 5; S 30) hits the Traitor Guard (AP 4, T 30) in
      full: 10 (d10) + weapon bonus 5 + the tens of his Magnitude 12 (2 rounded up by the
      written rule, 1 truncated under ``PRINTED_EXAMPLES``, HMC-GAP-07) + SB 3 - armour 0
      (4 less Pen 5) - TB 3 = 17 (16) Magnitude lost: 40 -> 23 (24);
    - the Traitor Guard (Bayonet 1d5+2, Pen 0; S 30, Magnitude 40) hits him (AP 5, T 35) in
      full: 5 (d5) + weapon bonus 2 + tens of 40 = 4 + SB 3 - armour 5 - TB 3 = 6 wounds lost:
      12 -> 6 under both readings.
    """
    state = battle(
        tmp_path,
        [("A", GUARD, "02-02")],
        [("Z", TRAITORS, "06-04")],
        officers=[officer("lt", at="05-04")],
        options={"rules": rules},
    )
    state = play(state, "activate lt")
    assert "lt attack Z melee" in legal(state)
    struck = play(state, "lt attack Z melee", 10, 1, 10)
    assert struck.unit("Z").magnitude == 40 - (10 + 5 + tens_of_12 + 3 - 0 - 3)
    state = play(state, "lt done", "activate Z")
    assert "Z attack lt melee" in legal(state)
    hit = play(state, "Z attack lt melee", 10, 1, 5)  # a bayonet: 1d5+2
    assert hit.unit("lt").magnitude == 12 - (5 + 2 + 4 + 3 - 5 - 3)


@pytest.mark.rule("HMC-OFFICER-06")
def test_an_officer_who_moved_stops_the_horde_he_joins(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "03-04")],
        [("Z", TRAITORS, "09-08")],
        officers=[officer("lt", at="06-04")],
    )
    state = play(state, "activate lt", "lt tactical advance", "lt to 04-04", "lt join A")
    assert "A" in state.no_move
    state = play(state, "activate Z", "Z done", "activate A")
    orders = legal(state)
    assert not [x for x in orders if "advance" in x or "march" in x or "charge" in x]
    assert "A brace" in orders


@pytest.mark.rule("HMC-OFFICER-07", "HMC-MORALE-05")
def test_one_officer_bonus_chosen_each_round(tmp_path: Path) -> None:
    officers = [
        officer("lt", join="A", talents=["Iron Discipline"]),
        officer("cm", join="A", talents=["Into the Jaws of Hell"]),
    ]
    state = battle(tmp_path, [("A", GUARD, "03-04")], [("Z", TRAITORS, "09-08")], officers=officers)
    assert isinstance(state.top, ChooseBonus) and legal(state) == ["A bonus lt", "A bonus cm"]
    jaws = play(state, "A bonus cm")
    assert fearless(jaws, jaws.unit("A"))
    discipline = play(state, "A bonus lt")
    assert not fearless(discipline, discipline.unit("A"))
    assert bonus_officer(discipline, discipline.unit("A")).id == "lt"  # type: ignore[union-attr]
    # an Officer who joins during the round does not replace the bonus chosen at its start
    late = battle(
        tmp_path,
        [("A", GUARD, "03-04")],
        [("Z", TRAITORS, "09-08")],
        officers=[*officers, officer("cp", at="04-04", talents=["Into the Jaws of Hell"])],
    )
    late = play(late, "A bonus lt", "activate cp", "cp join A")
    assert late.unit("cp").attached_to == "A" and late.unit("A").bonus == "lt"
    assert not fearless(late, late.unit("A"))


@pytest.mark.rule("HMC-OFFICER-08")
def test_officers_with_a_horde_cannot_be_attacked_by_hordes(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", TRAITORS, "06-04")],
        officers=[officer("lt", join="A"), officer("cm", at="05-04")],
    )
    state = play(state, "pass", "activate Z")
    targets = {x.split()[2] for x in legal(state) if "attack" in x}
    assert targets == {"A"}  # not the joined Officer, nor the one standing with A
    with pytest.raises(RuleViolation):
        state.apply("Z attack cm melee")


@pytest.mark.rule("HMC-OFFICER-09", "HMC-SPECIALIST-02", "HMC-SPECIALIST-04", "HMC-WEAPON-04")
def test_blast_hits_the_officers_and_specialists_of_a_horde(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("HW", "guard-heavy-weapons", "03-04")],
        [("Z", GUARD, "08-04"), ("Y", GUARD, "08-05")],
        officers=[officer("cm", side="red", join="Z")],
    )
    state = play(state, "activate HW", "HW attack Z ranged with missile-launcher-frag")
    assert isinstance(state.top, AttackRoll) and state.numbers(state.top.strike).weapon.blast
    # a full hit with a damage die of 4: 7 damage, of which the horde loses 5 (its Medic); the
    # Officer with it and its Medic each lose the 7 wounds
    hit = play(state, 10, 1, 4)
    assert hit.unit("Z").magnitude == 40 - 5
    assert hit.unit("cm").magnitude == 12 - 7 and hit.unit("cm").attached_to == "Z"
    assert hit.unit("Z").horde.specialists[0].wounds == 10 - 7
    assert hit.unit("Y").magnitude == 40  # Blast 3 (under 20) hits the target horde only
    state = play(state, 10, 1, 10)  # 13 damage: the Officer is slain, the Medic out of wounds
    assert state.unit("Z").magnitude == 40 - 11
    assert state.unit("cm").status == "slain" and state.unit("cm").magnitude == 0
    assert state.unit("Z").horde.specialists[0].wounds == 0
    assert state.unit("Y").magnitude == 40
    plain = play(
        battle(
            tmp_path,
            [("HW", "guard-heavy-weapons", "03-04")],
            [("Z", GUARD, "08-04")],
            officers=[officer("cm", side="red", join="Z")],
        ),
        "activate HW",
        "HW attack Z ranged with heavy-bolter",
        10,
        1,
        10,
    )
    if plain.current_player != "blue":
        plain = play(plain, "keep")
    assert plain.unit("cm").magnitude == 12  # no blast: the Officer is untouched


@pytest.mark.rule("HMC-SPECIALIST-03", "HMC-GAP-23", "HMC-DAMAGE-15")
def test_the_specialists_of_a_destroyed_horde_retreat(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", "cultists", "05-04")], [("Z", GUARD, "06-04")])
    z = state.unit("Z")
    from wargames.horde.units import resized

    state = changed(state, "Z", horde=resized(z.horde, 3), round_magnitude=3)
    state = play(state, "activate A", "A attack Z melee", 10, 1, 10)
    gone = state.unit("Z")
    assert gone.status == "destroyed" and gone.square is None
    assert [s.name for s in retreating_specialists(gone.horde)] == ["Field Medic"]
    assert "Specialists retreated" in str(state)
    assert "Z" not in {u.id for u in visibility.visible_enemies(state, "blue")}


@pytest.mark.rule("HMC-SPECIALIST-08")
def test_a_medic_tends_a_wounded_officer(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", TRAITORS, "09-08")],
        officers=[officer("lt", at="06-04")],
    )
    start = state
    assert "A medicae lt" not in legal(play(state, "activate A"))  # he is not wounded
    hurt = state.unit("lt")
    from wargames.horde.units import resized

    state = changed(state, "lt", horde=resized(hurt.horde, 5))
    state = play(state, "activate A", "A medicae lt")
    assert state.current_player == CHANCE and len(state.chance_outcomes()) == 5
    assert play(state, 4).unit("lt").magnitude == 9
    healed = changed(state, "lt", horde=resized(hurt.horde, 10))
    assert play(healed, 5).unit("lt").magnitude == 12  # never above his wounds
    wounded = changed(start, "lt", horde=resized(hurt.horde, 5))
    assert "A medicae lt" not in legal(play(moved(wounded, lt="07-05"), "activate A"))  # 2 away
    assert "A medicae lt" in legal(play(moved(wounded, lt="04-05"), "activate A"))  # next to A
