"""The horde game's narration (issue 14.1): every die of an attack told with the engine's own
numbers, the prompts a combat forces, attack notes that are the odds calculator's, and nothing
told of a horde in stealth to the side that cannot see it."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from horde.pscale import battle, play

import wargames
from wargames.core.engine import CHANCE, Match
from wargames.core.narration import Narrator
from wargames.horde import actions as cmd
from wargames.horde import circumstances
from wargames.horde.combat.odds import attack_odds
from wargames.horde.combat.strikes import Strike
from wargames.horde.narration import NARRATOR, odds_words
from wargames.horde.odds import attack_options
from wargames.horde.state import PScaleState

TRAITORS = "traitor-guard"


def test_the_game_has_its_narrator() -> None:
    g = wargames.game("horde")
    assert g.narration() is NARRATOR and isinstance(NARRATOR, Narrator)


@cache
def played(seed: int) -> tuple[Match, list[PScaleState]]:
    """A greedy game of the mirror scenario and its states, played once per test session."""
    m = wargames.match("horde", {"blue": "greedy", "red": "greedy"}, seed=seed, scenario="mirror")
    m.run()
    return m, list(m.states)  # once, in order: any other state is recomputed from a checkpoint


@pytest.mark.parametrize("viewer", [None, "blue", "red"])
def test_a_seeded_game_is_narrated_end_to_end(viewer: str | None) -> None:
    m, states = played(5)
    told = []
    for i, action in enumerate(m.actions):
        before, after = states[i], states[i + 1]
        told += NARRATOR.happened(before, action, after, viewer)
        told.append(NARRATOR.deciding(after, viewer))
        if before.current_player not in (None, CHANCE) and i % 9 == 0:
            told += [NARRATOR.note(before, a) for a in before.legal_actions()]
    assert all(isinstance(line, str) for line in told)
    assert any("attack die" in line for line in told)
    assert any("loses" in line and "Magnitude" in line for line in told)
    assert told[-1].startswith("the battle is over")
    assert "1234567890" in NARRATOR.board(m.state, viewer)


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-04", "HMC-ATTACK-05", "HMC-STAT-05")
def test_an_attack_is_told_die_by_die_with_its_numbers(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", "guard-infantry", "03-04")], [("Z", TRAITORS, "07-04")])
    state = play(state, "activate A", "A attack Z ranged")
    numbers = state.numbers(state.top.strike)  # type: ignore[attr-defined]
    rolled = play(state, 2)
    lines = NARRATOR.happened(state, cmd.Roll(2), rolled, None)
    assert "A (Imperial Guard Infantry Squad) attacks Z" in lines[0]
    assert f"Attack {numbers.attack} (Ranged Attack" in lines[0]
    assert f"Defense {numbers.defence}" in lines[0]
    assert f"attack die 2: 2 + Attack {numbers.attack} = {2 + numbers.attack}" in lines[1]
    defended = play(rolled, 10)
    (line,) = NARRATOR.happened(rolled, cmd.Roll(10), defended, None)
    assert f"Z's defence die 10: 10 + Defense {numbers.defence}" in line
    assert "partial damage" in line  # 2 + Attack never beats 10 + Defense here
    damaged = play(defended, 5)
    told = NARRATOR.happened(defended, cmd.Roll(5), damaged, None)
    lost = state.unit("Z").magnitude - damaged.unit("Z").magnitude
    assert "damage die: 5 (d5)" in told[0]
    assert f"Z loses {lost} Magnitude" in "\n".join(told)


@pytest.mark.rule("HMC-COUNTER-01")
def test_a_melee_attack_ends_in_the_counter_attack_prompt_naming_both_units(
    tmp_path: Path,
) -> None:
    state = battle(tmp_path, [("A", "cultists", "05-04")], [("Z", TRAITORS, "06-04")])
    state = play(state, "activate A", "A attack Z melee", 2, 10)
    last = play(state, 1)
    assert last.current_player == "red"
    told = NARRATOR.happened(state, cmd.Roll(1), last, "red")
    assert told[-1].strip() == f"now {NARRATOR.deciding(last, 'red')}"
    assert "Z was attacked in melee by A: counter-attack at -2 or hold" in told[-1]


@pytest.mark.rule("HMC-ORDERS-03")
def test_an_attack_note_gives_the_odds_calculator_s_odds(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", "guard-infantry", "03-04")], [("Z", TRAITORS, "07-04")])
    state = play(state, "activate A")
    attack = next(a for a in state.legal_actions() if isinstance(a, cmd.Attack))
    strike = Strike("A", "Z", "ranged")
    odds = attack_odds(
        state.unit("A").horde,
        state.unit("Z").horde,
        "ranged",
        circumstances.context(state, strike),
        state.rules,
    )
    note = NARRATOR.note(state, attack)
    assert note == odds_words(odds)
    assert f"full damage {100 * float(odds.full):.0f}%" in note
    assert f"expected loss {float(odds.expected_loss):.1f} Magnitude" in note
    assert [o.odds for o in attack_options(state, "A") if o.action == attack] == [odds]
    assert NARRATOR.note(state, cmd.Done("A")) == ""


@pytest.mark.rule("HMC-TALENT-02")
def test_a_horde_in_stealth_is_not_shown_to_the_enemy(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [("VET", "guard-veterans", "05-04", {"stealthed": True})],
        [("Z", TRAITORS, "09-04")],
        terrain={"cover": ["05-04"]},
    )
    assert isinstance(state, PScaleState)
    assert "VET Veteran Squad (Magnitude 30/30) at 05-04" in NARRATOR.board(state, "blue")
    hidden = NARRATOR.board(state, "red")
    assert "05-04" not in hidden and "VET" in hidden
    looked = play(state, 100)
    told = "\n".join(NARRATOR.happened(state, cmd.Roll(100), looked, "red"))
    assert "VET" not in told and "05-04" not in told
    orders = play(looked, "activate VET")
    assert "05-04" in NARRATOR.deciding(orders, "blue")
    assert "05-04" not in NARRATOR.deciding(orders, "red")


def test_the_legend_explains_every_map_character() -> None:
    state = wargames.load("horde")
    codes = {code for code, _ in NARRATOR.legend(state)}
    board = NARRATOR.board(state, None)
    map_lines = board.splitlines()[2:14]
    marks = {ch for line in map_lines for ch in line[3:]}
    explained = {c for code in codes for c in code if not c.isspace()}
    assert marks <= explained | {"b", "r"}
