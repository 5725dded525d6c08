"""Battle for Armageddon told in plain words (wargames.armageddon.narration): a seeded game
narrated for every viewer, combat told with its odds, die and result, attack choices with the
odds calculator's chances, prompts naming the attack, and nothing of the opponent's hand or
plan told to a player who may not see it."""

from __future__ import annotations

import re

import pytest

import wargames
from wargames.armageddon import GAME, combat
from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, SIDES
from wargames.armageddon.state import ArmageddonState
from wargames.core.engine import CHANCE, Action, Match
from wargames.core.narration import Narrator
from wargames.core.steps import StepNarrator

State = ArmageddonState
Played = list[tuple[State, Action, State]]
NARRATOR = GAME.narration()
VIEWERS = (None, *SIDES)


def played(seed: int) -> Played:
    """Every step of a greedy game: (state before, action, state after)."""
    g = wargames.game("armageddon")
    agents = {side: g.agents["greedy"](seed + i, side) for i, side in enumerate(SIDES)}
    m = Match(wargames.load("armageddon"), seed=seed, agents=agents)
    m.run()
    states = list(m.states)  # once, in order: any other state is recomputed from a checkpoint
    out = []
    for i, a in enumerate(m.actions):
        before, after = states[i], states[i + 1]
        assert isinstance(before, State) and isinstance(after, State)
        out.append((before, a, after))
    return out


@pytest.fixture(scope="module")
def game() -> Played:
    return played(7)


def test_the_game_descriptor_carries_the_narrator() -> None:
    g = wargames.game("armageddon")
    assert isinstance(g.narrator, StepNarrator)
    assert isinstance(g.narration(), Narrator)


def test_a_seeded_game_is_narrated_end_to_end_for_every_viewer(game: Played) -> None:
    for before, action, after in game:
        for viewer in VIEWERS:
            lines = NARRATOR.happened(before, action, after, viewer)
            assert all(isinstance(line, str) and line for line in lines)
            assert NARRATOR.deciding(after, viewer)
    final = game[-1][2]
    assert final.outcome is not None
    assert "Game over" in NARRATOR.deciding(final, None)
    for viewer in VIEWERS:
        assert NARRATOR.board(final, viewer).startswith("Battle for Armageddon")


def test_every_step_of_a_seeded_game_says_something_where_a_player_acts(game: Played) -> None:
    told = [NARRATOR.happened(b, a, after, None) for b, a, after in game[:400]]
    decisions = [t for (b, _, _), t in zip(game[:400], told, strict=True) if b.current_player]
    assert all(t for t in decisions), "every decision and die roll is told"


def _combat_rolls(game: Played) -> list[tuple[State, act.Roll, State]]:
    return [
        (b, a, after)
        for b, a, after in game
        if isinstance(b.top, combat.CombatRoll) and isinstance(a, act.Roll)
    ]


@pytest.mark.rule("BFA-COMBAT-08", "BFA-COMBAT-13", "BFA-COMBAT-16")
def test_a_combat_is_told_with_its_odds_column_die_and_result(game: Played) -> None:
    rolls = _combat_rolls(game)
    assert rolls
    for before, roll, after in rolls:
        task = before.top
        assert isinstance(task, combat.CombatRoll)
        b = task.battle
        n = combat.numbers(before, b.side, b.target, b.stacks)
        text = "\n".join(NARRATOR.happened(before, roll, after, None))
        assert f"attack on {before.data.board[b.target].name} ({b.target})" in text
        assert f": {roll.value}" in text
        assert f"column {n.column}" in text
        if n.modifier:
            kept = max(1, min(6, roll.value + n.modifier))
            assert f"modified {n.modifier:+d} to {kept}" in text
        code = combat.combat_result(before, b, roll.value)
        if isinstance(after.top, combat.RerollChoice):
            assert f"{code} unless Ghazghkull" in text
        else:
            assert f"Result {code}: " + before.data.crt.results[code] in text


def test_an_attack_is_told_with_attackers_defenders_and_odds(game: Played) -> None:
    before, attack, after = next((b, a, after) for b, a, after in game if isinstance(a, act.Attack))
    assert isinstance(attack, act.Attack)
    side = before.current_player
    assert side in SIDES
    n = combat.numbers(after, side, attack.target, attack.stacks)
    text = "\n".join(NARRATOR.happened(before, attack, after, None))
    for c in combat.attackers(before, side, attack.stacks):
        assert before.spec(c).name in text
    for c in before.stack(attack.target, IMPERIUM if side == ORKS else ORKS):
        assert before.spec(c).name in text
    assert f"Attack {n.attack} against defence {n.defence}: odds {n.odds}" in text


@pytest.mark.rule("BFA-COMBAT-17", "BFA-RETREAT-01")
def test_the_narration_says_who_must_now_choose_losses_or_retreats(game: Played) -> None:
    for before, action, after in game:
        loss_or_retreat = after.tasks and isinstance(after.top, (combat.TakeLoss, combat.Retreat))
        if before.current_player == CHANCE and loss_or_retreat:
            text = " ".join(NARRATOR.happened(before, action, after, None))
            assert "must now choose" in text
            prompt = NARRATOR.deciding(after, None)
            assert "attack on" in prompt  # which attack the loss or retreat is about
            return
    pytest.fail("no loss or retreat in the seeded game")


def _chances(text: str) -> dict[str, str]:
    return dict(re.findall(r"\b(AE|AR|EX|DR|DE) (\d+%)", text))


@pytest.mark.rule("BFA-COMBAT-08", "BFA-COMBAT-09")
def test_an_attack_choice_notes_the_odds_calculators_chances(game: Played) -> None:
    compute = wargames.game("armageddon").odds
    assert compute is not None
    checked = 0
    for before, _, _ in game:
        if not isinstance(before.top, combat.CombatPhase):
            continue
        side = before.top.side
        for action in before.legal_actions():
            if not isinstance(action, act.Attack):
                continue
            n = combat.numbers(before, side, action.target, action.stacks)
            dist = compute.compute(n.attack, n.defence, n.modifier)
            expected = {code: f"{float(p):.0%}" for code, p in dist.items()}
            note = NARRATOR.note(before, action)
            assert _chances(note) == expected, note
            assert f"column {n.column}" in note and f"die {n.modifier:+d}" in note
            checked += 1
        if checked > 30:
            break
    assert checked


def test_a_ghazghkull_reroll_prompt_names_the_attack_and_the_roll(game: Played) -> None:
    for _, _, after in game:
        if after.tasks and isinstance(after.top, combat.RerollChoice):
            task = after.top
            prompt = NARRATOR.deciding(after, None)
            assert f"attack on {after.data.board[task.battle.target].name}" in prompt
            assert f"rolled {task.roll}" in prompt
            assert "reroll" in prompt and "keep" in prompt
            return
    pytest.fail("no Ghazghkull re-roll in the seeded game")


@pytest.mark.rule("BFA-STRAT-03", "BFA-CARDS-01")
def test_a_viewer_is_never_told_the_opponents_plan_or_hand(game: Played) -> None:
    data = game[0][0].data
    for before, action, after in game:
        for viewer in SIDES:
            foe = IMPERIUM if viewer == ORKS else ORKS
            seen = after.view(viewer)
            text = "\n".join(NARRATOR.happened(before, action, after, viewer))
            text += "\n" + NARRATOR.deciding(after, viewer) + "\n" + NARRATOR.board(after, viewer)
            secret = set(after.hand(foe))
            if isinstance(action, act.Draw) and action.side == foe:
                secret.add(action.card)
            for card in secret:
                assert data.special[card].name not in text, (action, viewer)
            plan = after.plans[0 if foe == ORKS else 1]
            if seen.plans[0 if foe == ORKS else 1] != plan:  # hidden from the viewer
                for card in plan:
                    assert card not in text
            if isinstance(action, act.Plan) and before.redact(action, viewer) == "plan ? ?":
                assert action.first not in text and action.second not in text


def test_the_legend_explains_every_code_of_the_choices(game: Played) -> None:
    legend = dict(NARRATOR.legend(game[0][0]))
    words = {"from", "end", "reroll", "keep"} | set(act._READERS)
    for before, _, _ in game[::25]:
        if before.current_player in SIDES:
            for action in before.legal_actions():
                if str(action).startswith("end "):
                    assert str(action) in legend
                    continue
                for token in re.split(r"[ ,]", str(action)):
                    if token in words or token.isdigit():
                        continue
                    assert token in legend, f"{token} (in {action}) is not in the legend"
    assert "orks-mc" in legend and "HAD" in legend and "EX" in legend


def test_the_board_lists_every_stack_area_by_area(game: Played) -> None:
    state = game[300][0]
    text = NARRATOR.board(state, ORKS)
    for area in state.data.board.ids:
        for side in SIDES:
            units = state.units(area, side)
            if units:
                assert (
                    f"{side}: "
                    + ", ".join(
                        f"{state.spec(c).name} ({state.spec(c).attack}-{state.spec(c).defence}-"
                        f"{state.spec(c).movement})"
                        for c in units
                    )
                    in text
                )
