"""The Warmaster told in plain words (wargames.warmaster.narration): a seeded game narrated
for every viewer, battles told with their ratio, column, die and result, prompts naming the
battle, roll or teleport they are about, battle choices with the odds calculator's chances,
and never a face-down counter's identity told to the Imperial player."""

from __future__ import annotations

import re

import pytest

import wargames
from wargames.core.engine import Action, Match
from wargames.core.narration import Narrator
from wargames.core.steps import StepNarrator
from wargames.warmaster import GAME, battle, teleport
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, SIDES, TRAITOR
from wargames.warmaster.odds import analyse
from wargames.warmaster.state import WarmasterState

State = WarmasterState
Played = list[tuple[State, Action, State]]
NARRATOR = GAME.narration()
VIEWERS = (None, *SIDES)


def played(seed: int) -> Played:
    """Every step of a greedy game with the bots' turn cap: (before, action, after)."""
    g = wargames.game("warmaster")
    agents = {side: g.agents["greedy"](seed + i, side) for i, side in enumerate(SIDES)}
    m = Match(wargames.load("warmaster", **g.bot_options), seed=seed, agents=agents)
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


def text_for(before: State, action: Action, after: State, viewer: str | None) -> str:
    """Everything a viewer reads at one step: what happened, the next prompt, the board."""
    lines = [*NARRATOR.happened(before, action, after, viewer), NARRATOR.deciding(after, viewer)]
    return "\n".join([*lines, NARRATOR.board(after, viewer)])


def test_the_game_descriptor_carries_the_narrator() -> None:
    g = wargames.game("warmaster")
    assert isinstance(g.narrator, StepNarrator)
    assert isinstance(g.narration(), Narrator)


def test_a_seeded_game_is_narrated_end_to_end_for_every_viewer(game: Played) -> None:
    for before, action, after in game:
        for viewer in VIEWERS:
            lines = NARRATOR.happened(before, action, after, viewer)
            assert all(isinstance(line, str) and line for line in lines)
            assert NARRATOR.deciding(after, viewer)
        if before.current_player in SIDES:
            assert NARRATOR.happened(before, action, after, None), action
    final = game[-1][2]
    assert final.outcome is not None
    assert NARRATOR.deciding(final, IMPERIAL).startswith("Game over")
    for viewer in VIEWERS:
        assert NARRATOR.board(final, viewer).startswith("The Warmaster")


@pytest.mark.rule("WM-COMBAT-08", "WM-COMBAT-09", "WM-COMBAT-10")
def test_a_battle_is_told_with_its_ratio_column_die_and_result(game: Played) -> None:
    rolls = [
        (b, a, after)
        for b, a, after in game
        if isinstance(b.top, battle.BattleRoll) and isinstance(a, act.Roll)
    ]
    assert rolls
    for before, roll, after in rolls:
        task = before.top
        assert isinstance(task, battle.BattleRoll)
        n = battle.numbers(before, task.battle)
        column = before.data.battle.columns[n.column]
        code = battle.battle_result(before, task.battle, roll.value)
        text = "\n".join(NARRATOR.happened(before, roll, after, None))
        assert f"in {before.data.board[task.battle.area].name} ({task.battle.area})" in text
        assert f": {roll.value}, read in column {column}" in text
        result = before.data.results[code]
        if isinstance(after.top, battle.RerollChoice):
            assert f"{code} ({result.name}) unless" in text
        else:
            assert f"Result {code} ({result.name}): {result.description}" in text


def test_a_battle_is_announced_with_both_sides_and_the_numbers(game: Played) -> None:
    for before, action, after in game:
        if isinstance(action, act.Fight):
            b = battle.Battle(
                before.top.side,  # type: ignore[attr-defined]
                action.area,
                before.fighters(action.area, before.current_player or IMPERIAL),
                before.fighters(action.area, TRAITOR),
            )
            n = battle.numbers(before, b)
            text = "\n".join(NARRATOR.happened(before, action, after, None))
            assert f"Attack {n.attack} against defence {n.defence}: ratio {n.ratio}" in text
            return
    pytest.fail("no choice of battle in the seeded game")


@pytest.mark.rule("WM-REROLL-02", "WM-REROLL-03")
def test_a_reroll_prompt_names_its_battle_and_roll(game: Played) -> None:
    prompts = [
        (after, NARRATOR.deciding(after, None))
        for _, _, after in game
        if after.tasks and isinstance(after.top, battle.RerollChoice)
    ]
    assert prompts
    for state, prompt in prompts:
        task = state.top
        assert isinstance(task, battle.RerollChoice)
        area = task.battle.area
        assert f"battle in {state.data.board[area].name} ({area})" in prompt
        code = battle.battle_result(state, task.battle, task.roll)
        assert f"rolled {task.roll}: {code}" in prompt
        assert "reroll" in prompt and "keep" in prompt


def test_loss_and_retreat_prompts_name_the_result_and_the_battle(game: Played) -> None:
    seen = 0
    for _, _, after in game:
        if after.tasks and isinstance(after.top, (battle.TakeLoss, battle.Retreat)):
            prompt = NARRATOR.deciding(after, None)
            if isinstance(after.top, battle.Retreat):
                unit = after.spec(after.top.units[0]).name
                assert f"retreat the enemy's {unit}" in prompt
                assert re.search(r"after the (battle|Ambush's attack) in .+ \(\d\d\)", prompt)
            else:
                assert re.search(r"result [A-Z][A-Z0-9] \(.+\) of the (battle|Ambush)", prompt)
            seen += 1
    assert seen


def test_an_arrive_prompt_names_the_teleport_it_is_about(game: Played) -> None:
    for _, _, after in game:
        if after.tasks and isinstance(after.top, teleport.ArriveChoice):
            task = after.top
            prompt = NARRATOR.deciding(after, None)
            effect = after.data.teleport.effects[task.effect]
            assert "teleport of" in prompt and effect.name in prompt
            assert after.spec(task.units[0]).name in prompt
            return
    pytest.fail("no arrival choice in the seeded game")


def _chances(text: str) -> dict[str, str]:
    return dict(re.findall(r"\b(AE|A1|AR|NE|EX|DR|D1|DE) (\d+%)", text))


@pytest.mark.rule("WM-COMBAT-08", "WM-REROLL-02")
def test_a_battle_choice_notes_the_odds_calculators_chances(game: Played) -> None:
    checked = 0
    for before, _, _ in game:
        if not isinstance(before.top, battle.BattlePhase) or before.current_player is None:
            continue
        side = before.top.side
        for action in before.legal_actions():
            assert isinstance(action, act.Fight)
            foe = TRAITOR if side == IMPERIAL else IMPERIAL
            odds = analyse(
                [before.spec(u).id for u in before.fighters(action.area, side)],
                [before.spec(u).id for u in before.fighters(action.area, foe)],
                sanctum=action.area == before.data.sanctum
                and "horus" in {before.spec(u).id for u in before.fighters(action.area, foe)},
            )
            expected = {c: f"{float(p):.0%}" for c, p in odds.distribution.items() if p}
            note = NARRATOR.note(before, action)
            assert _chances(note) == expected, note
            assert f"column {odds.column}" in note
            checked += 1
    assert checked


def _named(text: str, name: str) -> bool:
    """Whether ``text`` names a unit of type ``name`` as the narration writes units."""
    unit = rf"(?<![\w']){re.escape(name)}( \d+)? \(\d+-\d+\)"
    return re.search(rf"{unit}|\ban? {re.escape(name)} marker\b", text) is not None


@pytest.mark.rule("WM-HIDDEN-01", "WM-HIDDEN-05", "WM-REINF-07")
def test_the_imperial_player_never_reads_a_counter_he_may_not_identify(game: Played) -> None:
    checked = 0
    for before, action, after in game:
        hidden = before.hidden_from(IMPERIAL) & after.hidden_from(IMPERIAL)
        if not hidden:
            continue
        known = {
            after.spec(c).name
            for s in (before, after)
            for c in s.manifest.ids
            if c not in s.hidden_from(IMPERIAL) and s.location(c) not in ("@out",)
        }
        text = text_for(before, action, after, IMPERIAL)
        for c in hidden:
            assert not re.search(rf"\b{re.escape(c)}\b", text), (c, action, text)
            name = after.spec(c).name
            if name not in known:  # no counter of that type is known to him
                assert not _named(text, name), (c, action, text)
        checked += 1
    assert checked > 100


def test_the_traitor_reads_his_face_down_counters_on_the_board(game: Played) -> None:
    state = next(after for _, _, after in game if after.turn == 1 and after.face_down)
    traitor = NARRATOR.board(state, TRAITOR)
    imperial = NARRATOR.board(state, IMPERIAL)
    assert "[face down: Horus (12-12) [re-roll]]" in traitor
    assert "[face down]" in imperial and "Horus (12-12)" not in imperial


def test_the_legend_explains_every_code_of_the_choices(game: Played) -> None:
    legend = dict(NARRATOR.legend(game[0][0]))
    ids = {spec_id for spec_id in game[0][0].data.counters}
    for before, _, _ in game[::10]:
        if before.current_player in SIDES:
            for action in before.legal_actions():
                if str(action).startswith("end "):
                    assert str(action) in legend, action
                    continue
                for token in str(action).split()[1:]:
                    kind = re.sub(r"-\d+$", "", token)  # a counter id: its type's entry
                    pick = isinstance(action, act.Pick) and token.isdigit()  # a D66 result
                    assert token in legend or kind in ids or pick, f"{token} (in {action})"
    for area in game[0][0].data.board.ids:
        assert area in legend
    assert "DE" in legend and "emperor" in legend


def test_a_views_unknown_cup_counter_is_told_by_its_back() -> None:
    """In a view, a counter drawn from the cup is ``?``: the prompts tell it by its back (the
    Imperial player choosing where a hidden counter arrives once crashed on it)."""
    from wargames.warmaster import describe

    view = wargames.load("warmaster").view("imperial")
    assert describe.unit_text(view, "?", "imperial") == "a counter from the cup"
