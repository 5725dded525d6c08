"""Battle for Armageddon's per-player log and record: the opponent's plan and card draws are
hidden, as in the view (wargames.armageddon.redact)."""

from __future__ import annotations

import pytest
from bfa import started

import wargames
from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState
from wargames.core.engine import CHANCE, Match


@pytest.mark.rule("BFA-STRAT-03", "BFA-SEQ-03")
def test_a_plan_is_hidden_from_the_opponent() -> None:
    m = started()
    start = len(m.actions)
    m.apply("plan orks-cm orks-mb")
    m.apply("plan imperium-bm imperium-bc")
    assert m.log_for(ORKS)[start:] == ["orks: plan orks-cm orks-mb", "imperium: plan ? ?"]
    assert m.log_for(IMPERIUM)[start:] == [
        "orks: plan ? ?",
        "imperium: plan imperium-bm imperium-bc",
    ]
    # the view hides the same: the opponent's stack is face down
    assert m.state.view(IMPERIUM).plans[0] == ("?", "?")
    assert m.state.view(ORKS).plans[1] == ("?", "?")


@pytest.mark.rule("BFA-CARDS-01", "BFA-STRAT-07")
def test_special_card_draws_are_hidden_from_the_opponent() -> None:
    m = started(("waaagh", "ere-we-go"), ("heroic-stand", "rail-convoy"))
    draws = [i for i, a in enumerate(m.actions) if isinstance(a, act.Draw)]
    assert len(draws) == 4
    imperium = m.log_for(IMPERIUM)
    orks = m.log_for(ORKS)
    assert [imperium[i] for i in draws] == [
        "chance: draw orks ?",
        "chance: draw orks ?",
        "chance: draw imperium heroic-stand",
        "chance: draw imperium rail-convoy",
    ]
    assert [orks[i] for i in draws] == [
        "chance: draw orks waaagh",
        "chance: draw orks ere-we-go",
        "chance: draw imperium ?",
        "chance: draw imperium ?",
    ]


@pytest.mark.rule("BFA-CARDS-04")
def test_a_played_card_is_public() -> None:
    m = started(("ere-we-go", "waaagh"), ("astropathic-warning", "heroic-stand"))
    m.apply("plan orks-cb orks-mc")
    s = m.state
    play = act.PlayCard("astropathic-warning")
    assert s.redact(play, ORKS) == s.redact(play, IMPERIUM) == "play astropathic-warning"
    m.apply(play)
    # the warning shows the Imperium the Orks' stack in his view; the line of the plan, written
    # before the card was played, stays hidden
    assert m.state.view(IMPERIUM).plans[0] == ("orks-cb", "orks-mc")
    assert m.log_for(IMPERIUM)[-2:] == ["orks: plan ? ?", "imperium: play astropathic-warning"]


def test_an_ork_plan_made_under_the_warning_is_shown_as_the_view_shows_it() -> None:
    m = started()
    s = m.state
    assert isinstance(s, ArmageddonState)
    plan = act.Plan("orks-cm", "orks-mb")
    warned = s.evolve(effects=s.effects | {"astropath"})
    assert s.redact(plan, IMPERIUM) == "plan ? ?"
    assert warned.redact(plan, IMPERIUM) == "plan orks-cm orks-mb"


def test_an_unknown_player_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        started().state.redact(act.Roll(3), "traitor")


def full_game(seed: int) -> Match:
    m = wargames.match("armageddon", seed=seed)
    m.run()
    return m


@pytest.mark.parametrize("seed", [1, 2])
def test_only_the_opponents_plans_and_draws_are_hidden(seed: int) -> None:
    m = full_game(seed)
    for side in (ORKS, IMPERIUM):
        seen = m.redacted(side)
        for state, action, who, text in zip(m.states, m.actions, m.players, seen, strict=False):
            if isinstance(action, act.Plan) and who != side:
                assert text == "plan ? ?"
            elif isinstance(action, act.Draw) and action.side != side:
                assert who == CHANCE and text == f"draw {action.side} ?"
            else:
                assert text == str(action)
            assert state.redact(action, side) == text
        record = m.record(side)
        assert record.redacted_for == side and record.actions == tuple(seen)
        assert record.outcome == m.outcome
