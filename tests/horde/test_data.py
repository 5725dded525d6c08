"""Horde profiles: the shipped files, the example units, and the loader's errors on broken
files (written to temporary TOML files)."""

from __future__ import annotations

import json
import pickle
import tomllib
from pathlib import Path

import attrs
import pytest

import wargames.horde.combat.data as data_module
from wargames.core.codec import encode
from wargames.core.errors import ScenarioError
from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.data import default_hordes, horde, load_horde_file, load_hordes
from wargames.horde.combat.profiles import (
    CHARACTERISTICS,
    MEDIC,
    PATHFINDER,
    TALENTS,
    WEAPON_SPECIALIST,
)
from wargames.horde.combat.specialists import retreating_specialists
from wargames.horde.combat.weapons import DamageCode, RateOfFire, parse_damage, parse_rate_of_fire
from wargames.horde.movement import full_move, half_move, run_move
from wargames.horde.units import sized

DATA = Path(data_module.__file__).parent / "data"

GOOD = """
faction = "Test"

[[horde]]
id = "mob"
name = "Test Mob"
magnitude = 30
ap = 2
characteristics = { WS = 30, BS = 30, S = 30, T = 30, Ag = 30, Per = 30, WP = 30 }

[[horde.weapon]]
name = "Club"
class = "melee"
damage = "1d10+1"
"""


def write(tmp_path: Path, text: str, name: str = "broken.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def error_of(tmp_path: Path, text: str) -> ScenarioError:
    path = write(tmp_path, text)
    with pytest.raises(ScenarioError) as info:
        load_horde_file(path)
    assert info.value.file == str(path)
    return info.value


# -- the shipped files -------------------------------------------------------------------------


@pytest.mark.rule("HMC-GAP-01")
def test_shipped_files_load_with_unique_ids_and_provenance() -> None:
    """The host game's statistics are not in the rules: every shipped profile is
    reconstructed and its note says which values the examples state."""
    book = default_hordes()
    assert len(book) >= 15
    assert {h.faction for h in book} == {"Imperium", "Chaos", "Orks"}
    for h in book:
        assert h.provenance == "reconstructed"
        assert h.note, f"{h.id} says which values are the source's or that it is our design"
        assert h.weapons_of("melee"), f"{h.id} needs a melee weapon to counter-attack"
        assert 0 <= h.magnitude <= h.starting_magnitude


@pytest.mark.rule("HMC-SPECIALIST-04")
def test_a_sized_profile_is_the_shipped_profile_with_its_losses() -> None:
    """:func:`~wargames.horde.units.sized` makes a profile by calling the constructor with
    every field written out: it is the shipped profile with the new Magnitude, starting
    Magnitude and Specialists' wounds and nothing else changed (as ``attrs.evolve`` makes
    it), for every shipped profile; a field added to the profile and not passed on fails
    here."""
    for base in default_hordes():
        wounds = tuple(max(0, sp.max_wounds - 3) for sp in base.specialists)
        made = sized(base.id, base.magnitude // 2, base.starting_magnitude, wounds)
        evolved = attrs.evolve(
            base,
            magnitude=base.magnitude // 2,
            officers=(),
            specialists=tuple(
                attrs.evolve(sp, wounds=w) for sp, w in zip(base.specialists, wounds, strict=True)
            ),
        )
        assert made == evolved
        assert attrs.astuple(made, recurse=False) == attrs.astuple(evolved, recurse=False)
        assert (made.half_move, made.full_move, made.run_move) == (
            base.half_move,
            base.full_move,
            base.run_move,
        )


def test_every_shipped_file_is_valid_toml_with_a_faction() -> None:
    for path in DATA.glob("*.toml"):
        with path.open("rb") as f:
            assert tomllib.load(f)["faction"]


def test_lookup_by_id_or_name() -> None:
    book = default_hordes()
    assert book["Mk 1 Iron Guard"] is book["iron-guard-mk1"]
    assert horde("MARINES").id == "space-marines"
    assert "cultists" in book and "tyranids" not in book
    with pytest.raises(KeyError, match="unknown horde 'tyranids'"):
        horde("tyranids")
    assert {h.id for h in book.faction("orks")} >= {"ork-boyz", "gretchin"}


@pytest.mark.rule("HMC-STAT-02-EX", "HMC-STAT-04-EX", "HMC-STAT-06-EX")
def test_example_units_carry_the_stated_bonuses() -> None:
    guard = horde("iron-guard-mk1")
    assert (guard.tb, guard.agb, guard.wsb, guard.sb) == (5, 4, 4, 7)
    assert guard.unnatural.s == 3  # Strength 40 with Unnatural Strength (3)
    troopers = horde("stormtroopers")
    assert (troopers.bsb, troopers.perb) == (4, 4)


@pytest.mark.rule("HMC-DAMAGE-16-EX", "HMC-DAMAGE-17-EX", "HMC-DAMAGE-18-EX")
def test_example_units_of_the_damage_examples() -> None:
    cultists, marines = horde("cultists"), horde("space-marines")
    assert (cultists.magnitude, cultists.ap, cultists.tb, cultists.sb) == (80, 6, 3, 3)
    bolter, katana = cultists.weapons_of("ranged")[0], cultists.weapons_of("melee")[0]
    assert (str(bolter.damage), bolter.pen, str(bolter.rof)) == ("1d10+6", 4, "S/2/-")
    assert (str(katana.damage), katana.pen) == ("1d10+3", 3)
    assert (marines.magnitude, marines.ap, marines.tb, marines.sb) == (60, 6, 4, 4)
    sword = marines.weapons_of("melee")[0]
    assert (sword.name, str(sword.damage), sword.pen, sword.tearing) == (
        "Chainsword",
        "1d10+3",
        2,
        False,
    )


@pytest.mark.rule("HMC-SPECIALIST-04")
def test_specialists_and_officers_in_the_data() -> None:
    infantry = horde("guard-infantry")
    medic = infantry.specialist(MEDIC)
    assert medic is not None and medic.wounds == medic.max_wounds == 10
    assert horde("guard-veterans").specialist(PATHFINDER) is not None
    team = horde("guard-heavy-weapons")
    gunner = team.specialist(WEAPON_SPECIALIST)
    assert gunner is not None and gunner.weapon is not None
    assert gunner.weapon.blast == 3 and str(gunner.weapon.damage) == "2d10"
    command = horde("guard-command")
    assert [o.name for o in command.officers] == ["Lieutenant", "Commissar"]
    assert command.officers[1].talents == ("Into the Jaws of Hell",)


@pytest.mark.rule("HMC-SPECIALIST-03", "HMC-GAP-23")
def test_specialists_retreat_when_their_horde_is_destroyed() -> None:
    """Those still standing leave with the horde's destruction (and play no further part)."""
    team = horde("guard-heavy-weapons")
    assert retreating_specialists(team) == ()
    gone = team.with_magnitude(0)
    assert gone.destroyed
    assert [s.kind for s in retreating_specialists(gone)] == ["engineer", "weapon-specialist"]


def test_movement_from_agility_bonus() -> None:
    """Half Move = AgB, Full Move = 1.5 x AgB rounded up, three times the Half Move for a
    Forced March (the research notes' rates in 10 m squares)."""
    guard = horde("iron-guard-mk1")  # AgB 4
    assert (half_move(guard), full_move(guard), run_move(guard)) == (4, 6, 12)
    grots = horde("gretchin")  # AgB 3
    assert (half_move(grots), full_move(grots), run_move(grots)) == (3, 5, 9)


@pytest.mark.rule("HMC-ORDERS-07", "HMC-ORDERS-09")
def test_moves_worked_out_once_follow_the_agility_they_come_from() -> None:
    """A profile's moves are worked out when it is made (they are read at nearly every step):
    a copy with another Agility or Unnatural Agility works them out again, and they take no
    part in comparing, hashing, saving or pickling a profile."""
    guard = horde("iron-guard-mk1")  # Agility 40s: AgB 4
    quicker = attrs.evolve(guard, characteristics=attrs.evolve(guard.characteristics, ag=57))
    assert (quicker.half_move, quicker.full_move, quicker.run_move) == (5, 8, 15)
    boosted = attrs.evolve(guard, unnatural=attrs.evolve(guard.unnatural, ag=2))
    assert (boosted.half_move, boosted.full_move, boosted.run_move) == (6, 9, 18)
    same = attrs.evolve(guard)
    assert same == guard and hash(same) == hash(guard)
    assert "half_move" not in repr(guard) and "run_move" not in json.dumps(encode(guard))
    back = pickle.loads(pickle.dumps(quicker))
    assert back == quicker and back.run_move == 15


def test_damage_codes_and_rates_of_fire_parse() -> None:
    """Codes of the rules and HMC-GAP-34's other dice."""
    assert parse_damage("1d10+6") == DamageCode(1, 10, 6)
    assert parse_damage("2d10+3") == DamageCode(2, 10, 3)
    assert parse_damage("1d5+2") == DamageCode(1, 5, 2)
    assert parse_damage("3d5") == DamageCode(3, 5, 0)
    assert parse_damage("1D10 - 2") == DamageCode(1, 10, -2)
    assert str(DamageCode(1, 10, -2)) == "1d10-2"
    assert parse_rate_of_fire("S/2/-") == RateOfFire(True, 2, 0)
    assert parse_rate_of_fire("-/-/10") == RateOfFire(False, 0, 10)
    assert str(RateOfFire(True, 3, 10)) == "S/3/10"
    for bad in ("d10", "1d6", "0d10", "1d10+x", "11d10"):
        with pytest.raises(ValueError):
            parse_damage(bad)
    for bad in ("S/2", "X/2/-", "S/a/-"):
        with pytest.raises(ValueError):
            parse_rate_of_fire(bad)


# -- a GM's own files ----------------------------------------------------------------------------


@pytest.mark.rule("HMC-GAP-33", "HMC-COMBAT-04")
def test_training_is_a_flag_of_each_weapon_of_a_horde(tmp_path: Path) -> None:
    rabble = horde("cultist-rabble")
    gun, blades = rabble.weapons_of("ranged")[0], rabble.weapons_of("melee")[0]
    assert (gun.trained, blades.trained) == (False, True)
    assert "untrained" in str(gun)
    text = GOOD.replace('class = "melee"', 'class = "melee"\ntrained = false')
    mob = load_horde_file(write(tmp_path, text))["mob"]
    assert not mob.weapons[0].trained
    numbers = attack_numbers(mob, horde("cultists"), "melee")
    assert numbers.attack == -(-5 // 2)  # Melee Attack 5 halved, rounded up


def test_a_good_file_loads(tmp_path: Path) -> None:
    book = load_horde_file(write(tmp_path, GOOD, "mine.toml"))
    mob = book["mob"]
    assert (mob.faction, mob.magnitude, mob.starting_magnitude, mob.talents) == ("Test", 30, 30, ())
    assert mob.weapons[0].trained


def test_a_folder_replaces_and_adds_files(tmp_path: Path) -> None:
    write(tmp_path, GOOD, "extra.toml")
    orks = (
        (DATA / "orks.toml").read_text(encoding="utf-8").replace("magnitude = 50", "magnitude = 45")
    )
    write(tmp_path, orks, "orks.toml")
    book = load_hordes(tmp_path)
    assert book["mob"].name == "Test Mob"
    assert book["ork-boyz"].magnitude == 45
    assert book["cultists"].magnitude == 80
    with pytest.raises(ScenarioError, match="no such folder"):
        load_hordes(tmp_path / "missing")


def test_duplicate_ids_across_files_are_named(tmp_path: Path) -> None:
    write(tmp_path, GOOD.replace('"mob"', '"cultists"'), "dup.toml")
    with pytest.raises(ScenarioError) as info:
        load_hordes(tmp_path)
    assert "duplicate horde id 'cultists'" in info.value.problem
    assert "chaos.toml" in info.value.problem


@pytest.mark.parametrize(
    ("old", "new", "key", "problem"),
    [
        ("Per = 30", "Str = 30", "horde[0].characteristics.Str", "unknown characteristic 'Str'"),
        ("Per = 30, ", "", "horde[0].characteristics", "missing characteristics ['Per']"),
        ("WS = 30", "WS = 130", "horde[0].characteristics.WS", "from 0 to 100"),
        ('damage = "1d10+1"', 'damage = "1d12"', "horde[0].weapon[0].damage", "d5 or d10"),
        ('damage = "1d10+1"', 'damage = "d10"', "horde[0].weapon[0].damage", "bad damage code"),
        ("magnitude = 30", "magnitude = -5", "horde[0].magnitude", "negative Magnitude -5"),
        (
            "magnitude = 30",
            "magnitude = 30\nstarting_magnitude = 20",
            "horde[0].magnitude",
            "above the starting Magnitude",
        ),
        ("ap = 2", "ap = -1", "horde[0].ap", "from 0 to 100"),
        ("ap = 2", 'ap = 2\ntalents = ["Fearles"]', "horde[0].talents[0]", "unknown talent"),
        (
            "ap = 2",
            'ap = 2\ntalents = ["Fearless", "fearless"]',
            "horde[0].talents[1]",
            "listed twice",
        ),
        (
            'class = "melee"',
            'class = "melee"\nqualities = ["Razor Sharp"]',
            "horde[0].weapon[0].qualities[0]",
            "unknown weapon quality 'Razor Sharp'",
        ),
        (
            'class = "melee"',
            'class = "melee"\nqualities = ["Blast (0)"]',
            "horde[0].weapon[0].qualities[0]",
            "at least 1",
        ),
        ('class = "melee"', 'class = "sword"', "horde[0].weapon[0].class", "weapon class"),
        ('class = "melee"', 'class = "melee"\nrof = "S/2/-"', "horde[0].weapon[0].rof", "no rate"),
        (
            'class = "melee"',
            'class = "basic"\nrof = "S/2"',
            "horde[0].weapon[0].rof",
            "bad rate of fire",
        ),
        (
            'class = "melee"',
            'class = "melee"\nsharp = true',
            "horde[0].weapon[0].sharp",
            "unknown key",
        ),
        ("ap = 2", "ap = 2\nmorale = 3", "horde[0].morale", "unknown key"),
        ("ap = 2", 'ap = 2\nprovenance = "guess"', "horde[0].provenance", "unknown value"),
        (
            "ap = 2",
            "ap = 2\nunnatural = { Tough = 2 }",
            "horde[0].unnatural.Tough",
            "unknown characteristic",
        ),
        ('id = "mob"', 'id = ""', "horde[0].id", "an empty horde id"),
    ],
)
def test_broken_files_name_file_key_and_problem(
    tmp_path: Path, old: str, new: str, key: str, problem: str
) -> None:
    assert old in GOOD
    error = error_of(tmp_path, GOOD.replace(old, new, 1))
    assert error.key == key
    assert problem in error.problem


@pytest.mark.rule("HMC-GAP-32")
def test_broken_attachments(tmp_path: Path) -> None:
    """Officers carry only the talents the rules give effects to (Iron Discipline, Into the
    Jaws of Hell); specialists are of the four classes."""

    def base(kind: str, wounds: int) -> str:
        return GOOD + f'\n[[horde.specialist]]\nkind = "{kind}"\nwounds = {wounds}\n'

    error = error_of(tmp_path, base("priest", 5))
    assert (error.key, "unknown specialist 'priest'" in error.problem) == (
        "horde[0].specialist[0].kind",
        True,
    )
    error = error_of(tmp_path, base("medic", -2))
    assert error.key == "horde[0].specialist[0].wounds"
    gun = base("medic", 5) + (
        '[horde.specialist.weapon]\nname = "Gun"\nclass = "basic"\ndamage = "1d10"\n'
    )
    error = error_of(tmp_path, gun)
    assert (error.key, error.problem) == (
        "horde[0].specialist[0].weapon",
        "only a weapon-specialist carries a weapon",
    )
    officer = GOOD + '\n[[horde.officer]]\nname = "Sarge"\nwounds = 10\ntalents = ["Hatred"]\n'
    error = error_of(tmp_path, officer)
    assert error.key == "horde[0].officer[0].talents[0]"
    assert "unknown officer talent 'Hatred'" in error.problem


def test_a_horde_without_weapons_or_a_syntax_error(tmp_path: Path) -> None:
    no_arms = GOOD.split("[[horde.weapon]]")[0] + "weapon = []\n"
    assert error_of(tmp_path, no_arms).problem == "a horde needs at least one weapon"
    error = error_of(tmp_path, GOOD + "\n[[horde]\n")
    assert error.key == "(syntax)"


def test_names_of_talents_and_characteristics_are_the_rules() -> None:
    assert CHARACTERISTICS == ("WS", "BS", "S", "T", "Ag", "Per", "WP")
    assert len(TALENTS) == 7
