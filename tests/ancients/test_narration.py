"""The narration of Commands & Colors: Ancients and its 'Armageddon' variant (issue 14.1):
rolls told face by face with the hits they score, the prompts a roll forces (flags, the
retreat), fire and attack notes that are the odds calculator's, and never a card of a hand
or a face-down card a viewer may not see."""

from __future__ import annotations

import doctest
import importlib
from functools import cache

import pytest

import wargames
from wargames.ancients import actions as act
from wargames.ancients.combat import RollDice, leader_near
from wargames.ancients.narration import NARRATOR, battle_strike, card_effect, odds_words
from wargames.ancients.odds import roll_odds
from wargames.ancients.state import AncientsState
from wargames.core.engine import CHANCE, Match
from wargames.core.narration import Narrator


@cache
def played(
    seed: int, scenario: str = "river-crossing", steps: int = 250, **options: object
) -> Match:
    """The first ``steps`` steps of a greedy game, played once per test session."""
    g = wargames.game("ancients")
    m = wargames.match(
        "ancients", {p: "greedy" for p in g.players}, seed=seed, scenario=scenario, **options
    )
    m.run(max_steps=steps)
    return m


@cache
def steps(m: Match) -> list[tuple[AncientsState, object, AncientsState]]:
    """(state before, action, state after) for every step of ``m``, once per match."""
    states = list(m.states)  # once, in order: any other state is recomputed from a checkpoint
    out = []
    for i, action in enumerate(m.actions):
        before, after = states[i], states[i + 1]
        assert isinstance(before, AncientsState) and isinstance(after, AncientsState)
        out.append((before, action, after))
    return out


def test_the_game_has_its_narrator() -> None:
    assert wargames.game("ancients").narration() is NARRATOR
    assert isinstance(NARRATOR, Narrator)


@pytest.mark.parametrize("viewer", [None, "bottom", "top"])
@pytest.mark.quick(1)
def test_a_seeded_game_is_narrated_end_to_end(viewer: str | None) -> None:
    m = played(1)
    told: list[str] = []
    for i, (before, action, after) in enumerate(steps(m)):
        told += NARRATOR.happened(before, action, after, viewer)  # type: ignore[arg-type]
        told.append(NARRATOR.deciding(after, viewer))
        if before.current_player not in (None, CHANCE) and i % 11 == 0:
            told += [NARRATOR.note(before, a) for a in before.legal_actions()]
    assert any("=> " in line and "hit" in line for line in told)
    assert any(" plays " in line for line in told)
    board = NARRATOR.board(m.state, viewer)
    assert "left section" in board and "banners" in board
    assert NARRATOR.legend(m.state)


@pytest.mark.parametrize("viewer", [None, "bottom/commander", "top/general"])
def test_a_team_game_is_narrated_end_to_end(viewer: str | None) -> None:
    m = played(2, "the-long-ridge", 120, players=2)
    told: list[str] = []
    for before, action, after in steps(m):
        told += NARRATOR.happened(before, action, after, viewer)  # type: ignore[arg-type]
        told.append(NARRATOR.deciding(after, viewer))
    assert any("face down on the" in line for line in told)
    assert any("card is turned up" in line for line in told)
    NARRATOR.board(m.state, viewer)


@pytest.mark.rule("CCB-DICE-03", "CCB-DICE-04")
def test_a_roll_is_told_face_by_face_with_its_hits_and_the_blocks_lost() -> None:
    for before, action, after in steps(played(1)):
        if not isinstance(action, act.Dice) or not isinstance(before.top, RollDice):
            continue
        strike = before.top.strike
        lost = before.blocks[strike.target] - after.blocks[strike.target]
        if lost <= 0 or not after.on_board(strike.target):
            continue
        told = NARRATOR.happened(before, action, after, None)
        head = told[0]
        assert f"in {strike.frm}" in head and f"in {strike.at}" in head
        assert f"{strike.dice} {'die' if strike.dice == 1 else 'dice'}:" in head
        for face in action.faces:
            assert face in head
        assert f"=> {lost} hit{'s' * (lost > 1)}" in head
        assert f"loses {lost} block" in "\n".join(told)
        return
    pytest.fail("no roll with hits in the seeded game")


@pytest.mark.rule("CCB-RETREAT-07")
def test_a_retreat_prompt_names_its_unit_its_hex_and_how_far() -> None:
    for _before, _action, after in steps(played(1)):
        if after.current_player in (None, CHANCE) or type(after.top).__name__ != "Retreat":
            continue
        task = after.top
        unit = task.unit  # type: ignore[attr-defined]
        prompt = NARRATOR.deciding(after, None)
        code = after.kind(unit).code
        assert prompt.startswith(f"{after.owner(unit)}: ")
        assert f"{after.side_of(unit)}'s {code} in {after.where[unit]} must retreat" in prompt
        left = task.left  # type: ignore[attr-defined]
        assert f"{left} hex{'es' if left > 1 else ''} toward its baseline" in prompt
        return
    pytest.fail("no retreat with a choice in the seeded game")


@pytest.mark.rule("CCB-RANGED-07", "CCB-CLOSE-04")
def test_fire_and_attack_notes_give_the_odds_calculator_s_odds() -> None:
    checked = set()
    for before, _action, _after in steps(played(1)):
        if before.current_player in (None, CHANCE):
            continue
        for a in before.legal_actions():
            if not isinstance(a, act.Fire | act.Attack) or type(a) in checked:
                continue
            strike = battle_strike(before, a)
            assert strike is not None
            unit, target = strike.roller, strike.target
            terrain = before.scenario.geometry.terrain
            odds = roll_odds(
                before.kind(unit),
                None if before.is_leader(target) else before.kind(target),
                kind="ranged" if isinstance(a, act.Fire) else "close",
                leader=leader_near(before, unit),  # type: ignore[arg-type]
                attacker_terrain=terrain[a.frm],
                target_terrain=terrain[a.at],
                card_bonus=0 if isinstance(a, act.Fire) else before.mods.close_bonus,
                blocks=None if before.is_leader(target) else before.blocks[target],
                hexes_moved=before.moved[unit],
                full_strength=before.blocks[unit] == before.scenario.full(unit),
                settings=before.scenario.settings,
            )
            assert NARRATOR.note(before, a) == odds_words(odds)
            assert f"1+ hit {100 * float(odds.at_least(1)):.0f}%" in odds_words(odds)
            checked.add(type(a))
        if checked == {act.Fire, act.Attack}:
            return
    pytest.fail(f"the seeded game offered only {checked}")


@pytest.mark.rule("CCB-CARDS-02")
def test_a_card_choice_says_what_the_card_orders() -> None:
    state = wargames.load("ancients", "mirror-fields")
    assert isinstance(state, AncientsState)
    assert NARRATOR.note(state, act.PlayCard("order-three-center")) == (
        "order 3 units or leaders in the center section"
    )
    assert card_effect(state, "out-flanked") == (
        "order 2 units or leaders in each of the left and right sections"
    )


def test_a_viewer_is_never_told_the_other_hand() -> None:
    """Draws by the other side, prompts while the other side decides and the board: none names
    a card of the other hand (the card names are checked against what the viewer may know)."""
    m = played(1)
    names = {c: m.state.scenario.cards[c].name for c in m.state.scenario.cards}  # type: ignore[attr-defined]
    for before, action, after in steps(m):
        if isinstance(action, act.Draw) and before.top.side == "top":  # type: ignore[attr-defined]
            told = NARRATOR.happened(before, action, after, "bottom")
            assert told[0] == "top draws a card" and names[action.card] not in "\n".join(told)
        if after.current_player == "top":
            prompt = NARRATOR.deciding(after, "bottom")
            secret = set(after.hand("top").cards) - set(after.hand("bottom").cards)
            assert not [c for c in secret if names[c] in prompt], prompt
        board = NARRATOR.board(after, "bottom")
        assert "top's hand" not in board and "bottom's hand" in board


@pytest.mark.rule("CCA-SEQ-08")
def test_a_face_down_card_is_named_only_to_the_seats_that_may_see_it() -> None:
    m = played(2, "the-long-ridge", 120, players=2)
    from wargames.ancients.variant.actions import Place

    seen = hidden = 0
    for before, action, after in steps(m):
        if not isinstance(action, Place):
            continue
        name = before.scenario.cards[action.card].name
        for seat in ("bottom/commander", "bottom/general", "top/commander"):
            told = "\n".join(NARRATOR.happened(before, action, after, seat))
            if before.redact(action, seat) == str(action):
                assert name in told
                seen += 1
            else:
                assert name not in told and "places a card face down" in told
                hidden += 1
    assert seen and hidden


@pytest.mark.parametrize("name", ["wargames.ancients.narration", "wargames.ancients.describe"])
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.failed == 0


def test_the_board_text_of_an_epic_battle() -> None:
    """The Epic rules' team is one number, not players per side: the board text of an Epic
    battle lists its sections and no flanks run by seats (found by Gymnasium's render check)."""
    from wargames.drawing.notebook import render

    text = render(wargames.load("ancients", "twin-valleys"), None, "text")
    assert "right section" in text and "flanks (from its own baseline) run by" not in text
