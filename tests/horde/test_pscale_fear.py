"""The Fear trait in a P-Scale battle: a profile's ``fear = N`` (1-4) and the penalty the highest
Fear among the enemies in close combat with a horde puts on its morale tests (HMC-GAP-03,
reconstructed from the research notes 3.6, H8 and O5: Fear 1 nothing, 2 -10, 3 -20, 4 -30)."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from horde.pscale import (
    battle,
    changed,
    moved,
    play,
)

from wargames.core.engine import CHANCE
from wargames.core.errors import ScenarioError
from wargames.horde.close_combat import adjacent_enemies
from wargames.horde.combat.data import horde, load_horde_file
from wargames.horde.combat.terms import Term
from wargames.horde.morale_checks import MoraleTest, enemy_fear, morale_target, morale_terms
from wargames.horde.reference import ratings_markdown
from wargames.horde.state import PScaleState
from wargames.horde.units import resized

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"
BLOODLETTERS = "bloodletters"


def with_fear(state: PScaleState, unit: str, level: int) -> PScaleState:
    """``state`` with ``unit``'s profile given Fear ``level`` (for the levels no shipped profile
    has; a loss of Magnitude would reset it to the shipped profile's)."""
    out = changed(state, unit, horde=attrs.evolve(state.unit(unit).horde, fear=level))
    assert isinstance(out, PScaleState)
    return out


def fear_terms(state: PScaleState, unit: str) -> list[Term]:
    return [t for t in morale_terms(state, state.unit(unit), "loss") if t.label.startswith("Fear")]


def close_combat(tmp_path: Path, target: str = TRAITORS) -> PScaleState:
    """Red ``Z`` in close combat with blue Bloodletters ``B`` (Fear 2) on the diagonal; blue
    ``A`` far off, red ``Y`` in its HQ."""
    state = battle(
        tmp_path,
        [("A", GUARD, "02-02"), ("B", BLOODLETTERS, "05-05")],
        [("Z", target, "06-04"), ("Y", TRAITORS, "10-08")],
    )
    assert isinstance(state, PScaleState)
    return state


def shot(tmp_path: Path, target: str = TRAITORS, fear_at: str | None = "10-05") -> PScaleState:
    """Blue guards ``A`` fire at red ``Z`` (as in test_pscale_morale), with blue Bloodletters
    ``B`` next to ``Z`` (on the diagonal, off the line of fire) or, ``fear_at=None``, far off."""
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", BLOODLETTERS, fear_at or "02-02")],
        [("Z", target, "09-04"), ("Y", TRAITORS, "02-08")],
    )
    state = play(state, "activate A", "A attack Z ranged")
    assert isinstance(state, PScaleState)
    return state


# -- the profiles -------------------------------------------------------------------------------


@pytest.mark.rule("HMC-GAP-03")
def test_bloodletters_ship_with_fear_2_and_others_with_none() -> None:
    """The shipped daemon horde carries Fear (2); a profile without the key has no Fear. The
    profile table shows it after the talents."""
    blood = horde("Bloodletters")
    assert (blood.fear, blood.faction) == (2, "Chaos")
    assert blood.weapons_of("melee") and "our own design" in blood.note.lower()
    assert horde(TRAITORS).fear == 0 and horde("chaos-space-marines").fear == 0
    assert blood.traits == (*blood.talents, "Fear (2)")
    assert horde(TRAITORS).traits == horde(TRAITORS).talents
    row = next(line for line in ratings_markdown().splitlines() if "| bloodletters |" in line)
    assert row.endswith("| Blood-Soaked Tide, Swift Attack, Fear (2) |")
    assert "Fear" not in next(
        line for line in ratings_markdown().splitlines() if "| traitor-guard |" in line
    )


PROFILE = """
faction = "Test"

[[horde]]
id = "mob"
name = "Test Mob"
magnitude = 30
ap = 2
characteristics = { WS = 30, BS = 30, S = 30, T = 30, Ag = 30, Per = 30, WP = 30 }
MOB

[[horde.weapon]]
name = "Club"
class = "melee"
damage = "1d10"

[[horde]]
id = "horror"
name = "Test Horror"
magnitude = 30
ap = 2
characteristics = { WS = 30, BS = 30, S = 30, T = 30, Ag = 30, Per = 30, WP = 30 }
HORROR

[[horde.weapon]]
name = "Claws"
class = "melee"
damage = "1d10+1"
"""
"""Two profiles; ``MOB`` and ``HORROR`` are replaced by a ``fear = ...`` line or nothing."""


def profile_file(tmp_path: Path, mob: str, horror: str = "") -> Path:
    path = tmp_path / "fear.toml"
    path.write_text(PROFILE.replace("MOB", mob).replace("HORROR", horror), encoding="utf-8")
    return path


@pytest.mark.rule("HMC-GAP-03")
@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_fear_1_to_4_loads(tmp_path: Path, level: int) -> None:
    book = load_horde_file(profile_file(tmp_path, "", f"fear = {level}"))
    assert (book["mob"].fear, book["horror"].fear) == (0, level)


@pytest.mark.rule("HMC-GAP-03")
@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("0", "from 1 to 4, got 0"),
        ("5", "from 1 to 4, got 5"),
        ("-1", "from 1 to 4, got -1"),
        ("true", "expected"),
        ('"2"', "expected"),
        ("2.0", "expected"),
    ],
)
def test_a_bad_fear_names_file_key_and_problem(tmp_path: Path, value: str, problem: str) -> None:
    """Fear is a whole number from 1 to 4 (research O5); anything else is a ScenarioError at
    ``horde[N].fear``."""
    path = profile_file(tmp_path, "", f"fear = {value}")
    with pytest.raises(ScenarioError) as info:
        load_horde_file(path)
    assert info.value.file == str(path)
    assert info.value.key == "horde[1].fear"
    assert problem in info.value.problem
    first = profile_file(tmp_path, f"fear = {value}")
    with pytest.raises(ScenarioError) as info:
        load_horde_file(first)
    assert info.value.key == "horde[0].fear"


# -- the penalty on morale tests ----------------------------------------------------------------


@pytest.mark.rule("HMC-GAP-03")
@pytest.mark.parametrize(("level", "penalty"), [(1, 0), (2, -10), (3, -20), (4, -30)])
def test_an_adjacent_enemy_with_fear_lowers_the_target(
    tmp_path: Path, level: int, penalty: int
) -> None:
    """Fear 1 nothing, Fear 2 -10, Fear 3 -20, Fear 4 -30 (research O5), from an enemy in close
    combat on the diagonal (HMC-GAP-16)."""
    state = close_combat(tmp_path)
    calm = with_fear(state, "B", 0)
    scared = with_fear(state, "B", level)
    z = scared.unit("Z")
    assert enemy_fear(scared, z) == level and enemy_fear(calm, calm.unit("Z")) == 0
    assert morale_target(scared, z, "loss") - morale_target(calm, calm.unit("Z"), "loss") == penalty
    expected = [("HMC-GAP-03", f"Fear ({level})", penalty)] if penalty else []
    assert [(t.rule, t.label, t.value) for t in fear_terms(scared, "Z")] == expected
    # the other modifiers are untouched
    others = [t for t in morale_terms(scared, z, "loss") if not t.label.startswith("Fear")]
    assert others == list(morale_terms(calm, calm.unit("Z"), "loss"))


@pytest.mark.rule("HMC-GAP-03")
def test_only_the_highest_fear_counts(tmp_path: Path) -> None:
    """Two frightening enemies in close combat: one Fear term, of the higher level."""
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", BLOODLETTERS, "05-05"), ("C", BLOODLETTERS, "07-04")],
        [("Z", TRAITORS, "06-04"), ("Y", TRAITORS, "10-08")],
    )
    assert [t.value for t in fear_terms(state, "Z")] == [-10]  # two Fear 2: still -10 once
    state = with_fear(with_fear(state, "C", 3), "A", 1)
    assert [(t.label, t.value) for t in fear_terms(state, "Z")] == [("Fear (3)", -20)]
    state = with_fear(state, "A", 4)
    assert [(t.label, t.value) for t in fear_terms(state, "Z")] == [("Fear (4)", -30)]


@pytest.mark.rule("HMC-GAP-03")
def test_fear_needs_close_combat(tmp_path: Path) -> None:
    """A frightening enemy two squares off, or one the horde cannot see (in stealth), does not
    count; on any of the eight squares around it, it does."""
    state = close_combat(tmp_path)
    for square in ("05-03", "06-03", "07-03", "05-04", "07-04", "05-05", "06-05", "07-05"):
        assert enemy_fear(moved(state, B=square), state.unit("Z")) == 2, square
    for square in ("04-04", "08-04", "06-02", "06-06", "04-06", "08-02"):
        far = moved(state, B=square)
        assert fear_terms(far, "Z") == [], square
        assert morale_target(far, far.unit("Z"), "loss") > morale_target(
            state, state.unit("Z"), "loss"
        )
    hidden = changed(state, "B", stealthed=True)
    assert adjacent_enemies(hidden, hidden.unit("Z")) == ()
    assert fear_terms(hidden, "Z") == []


@pytest.mark.rule("HMC-GAP-03", "HMC-GAP-16")
def test_an_officer_s_own_fear_counts(tmp_path: Path) -> None:
    """An Officer with a frightening profile counts by his own profile: alone next to the horde,
    or joined to an enemy horde in close combat with it."""
    herald = {"side": "blue", "id": "herald", "profile": BLOODLETTERS, "wounds": 15}
    joined = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", TRAITORS, "06-04"), ("Y", TRAITORS, "10-08")],
        officers=[{**herald, "join": "A"}],
    )
    assert joined.unit("A").horde.fear == 0 and joined.unit("herald").horde.fear == 2
    assert [t.value for t in fear_terms(joined, "Z")] == [-10]
    alone = battle(
        tmp_path,
        [("A", GUARD, "02-02")],
        [("Z", TRAITORS, "06-04"), ("Y", TRAITORS, "10-08")],
        officers=[{**herald, "at": "05-04"}],
    )
    assert [t.value for t in fear_terms(alone, "Z")] == [-10]
    assert fear_terms(moved(alone, herald="04-04"), "Z") == []


@pytest.mark.rule("HMC-GAP-03")
def test_fear_changes_the_outcome_of_a_forced_roll(tmp_path: Path) -> None:
    """Guards shoot a traitor horde for a quarter of its Magnitude: a d100 of 15 passes against
    Willpower 30 - 10 (isolated), but fails by one degree, confused, with Bloodletters (Fear 2)
    in close combat with it (target 10); Fear 3 makes a 1 pass and a 5 fail (target 0)."""
    plain = play(shot(tmp_path, fear_at=None), 10, 1, 6)
    scared = play(shot(tmp_path), 10, 1, 6)
    for state in (plain, scared):
        assert state.unit("Z").magnitude == 30
        assert isinstance(state.top, MoraleTest) and state.current_player == CHANCE
    assert morale_target(plain, plain.unit("Z"), "loss") == 20
    assert morale_target(scared, scared.unit("Z"), "loss") == 10
    assert "d100 <= 10" in scared.top.describe(scared)
    assert play(plain, 15).unit("Z").morale == ""
    assert play(scared, 15).unit("Z").morale == "confused"
    assert play(scared, 10).unit("Z").morale == ""  # at the target passes
    assert play(plain, 25).unit("Z").morale == "confused"
    assert play(scared, 25).unit("Z").morale == "fleeing"  # one more degree
    terror = with_fear(scared, "B", 3)
    assert morale_target(terror, terror.unit("Z"), "loss") == 0
    assert play(terror, 5).unit("Z").morale == "confused"
    assert play(with_fear(scared, "B", 1), 15).unit("Z").morale == ""


@pytest.mark.rule("HMC-GAP-03")
def test_contact_with_fear_forces_no_test(tmp_path: Path) -> None:
    """Hordes take the Fear penalty on their tests instead of a fear test (research H8): a
    loss under a quarter of the Magnitude next to Bloodletters forces no test."""
    state = play(shot(tmp_path), 10, 1, 5)  # 9 Magnitude of 40: under 25%
    assert state.unit("Z").magnitude == 31
    assert state.current_player == "blue" and not isinstance(state.top, MoraleTest)


@pytest.mark.rule("HMC-GAP-03", "HMC-TALENT-09")
def test_a_disciplined_horde_is_not_spared_fear(tmp_path: Path) -> None:
    """HMC-TALENT-09 spares a Disciplined horde only the under-strength penalty: below half its
    Magnitude next to Bloodletters, Stormtroopers take Fear (2) and not under-strength, while
    traitors take both."""
    for profile, under in (("stormtroopers", False), (TRAITORS, True)):
        state = close_combat(tmp_path, profile)
        z = state.unit("Z")
        weak = changed(state, "Z", horde=resized(z.horde, z.horde.starting_magnitude // 2 - 1))
        labels = {t.label: t.value for t in morale_terms(weak, weak.unit("Z"), "loss")}
        assert labels["Fear (2)"] == -10
        assert ("under-strength" in labels) is under


@pytest.mark.rule("HMC-GAP-03", "HMC-TALENT-10")
def test_fearless_and_frenzied_hordes_still_never_test(tmp_path: Path) -> None:
    """Chaos Space Marines (Fearless) next to Bloodletters lose a quarter of their Magnitude
    and take no test; a frenzied horde next to them neither (research O7: immune to Fear)."""
    state = shot(tmp_path, "chaos-space-marines")
    z = state.unit("Z")
    weak = changed(state, "Z", horde=resized(z.horde, 8), round_magnitude=8)
    assert enemy_fear(weak, weak.unit("Z")) == 2
    hit = play(weak, 10, 1, 5)  # partial damage: 2 of the 8 it had when the round began
    assert hit.unit("Z").magnitude == 6
    assert hit.current_player == "blue" and not isinstance(hit.top, MoraleTest)
    assert hit.unit("Z").round_magnitude == 8  # a quarter of it lost: others would test
    frenzied = shot(tmp_path)
    frenzied = play(changed(frenzied, "Z", morale="frenzied", morale_round=1), 10, 1, 6)
    assert frenzied.unit("Z").magnitude == 30 and frenzied.current_player == "blue"
    assert frenzied.unit("Z").morale == "frenzied"
