"""The Warmaster's per-player log and record: what the Imperial player may read of each action
(wargames.warmaster.redact)."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path

import pytest
from wm import position, roll, top

import wargames
from wargames.core.engine import CHANCE, Match
from wargames.warmaster import actions as act
from wargames.warmaster.battle import AmbushDraw, BattlePhase
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import Overstacked
from wargames.warmaster.redact import hidden_from_imperial, redact
from wargames.warmaster.state import CUP, UNPLACED, WARP, WarmasterState
from wargames.warmaster.teleport import CupDraw

SEEDS = range(8)


def full_game(seed: int) -> Match:
    m = wargames.match("warmaster", seed=seed)
    m.run()
    return m


@pytest.mark.rule("WM-SETUP-01", "WM-SETUP-02", "WM-HIDDEN-01")
def test_the_traitor_set_up_hides_the_unit_and_the_area() -> None:
    s = new_game()
    place = s.legal_actions()[0]
    assert isinstance(place, act.Place) and s.current_player == TRAITOR
    assert s.redact(place, TRAITOR) == str(place)
    # Not even the area: the units are placed in a fixed order, Horus first.
    assert s.redact(place, IMPERIAL) == "place ? ?"


@pytest.mark.rule("WM-REINF-07", "WM-REINF-09")
def test_a_cup_draw_is_unseen_and_the_unit_is_known_when_it_lands_face_up() -> None:
    s = position({}, [CupDraw(1)], phase="traitor-reinforcements")
    assert s.current_player == CHANCE
    for draw, _ in s.chance_outcomes():
        assert s.redact(draw, IMPERIAL) == "draw ?"
        assert s.redact(draw, TRAITOR) == str(draw)
    m = Match(s, seed=0).force("draw angron", 5, 3)
    m.roll()
    assert m.log_for(IMPERIAL) == ["chance: draw ?"]
    assert m.log_for(TRAITOR) == ["chance: draw angron"]
    m.roll()
    m.roll()
    assert m.log_for(IMPERIAL)[1:] == ["chance: roll 5", "chance: roll 3"]
    landed = m.state.view(IMPERIAL)
    assert landed.location("angron") == "53"  # face up on the ship: identified now


@pytest.mark.rule("WM-HIDDEN-04")
def test_units_an_ambush_draws_from_the_cup_are_drawn_unseen() -> None:
    s = position(
        {"custodes-1": "51", "ambush-1": "51"}, [BattlePhase(IMPERIAL)], face_down={"ambush-1"}
    )
    assert isinstance(s.top, AmbushDraw)
    m = Match(s, seed=0).force("draw world-eaters", "draw crew")
    m.roll()
    m.roll()
    assert m.redacted(IMPERIAL) == ["draw ?", "draw ?"]
    assert m.redacted(TRAITOR) == ["draw world-eaters", "draw crew"]


@pytest.mark.rule("WM-HIDDEN-01", "WM-STACK-05")
def test_a_face_down_unit_taken_as_a_loss_shows_its_back() -> None:
    units = {"horus": "23", "justaerin-1": "23", "justaerin-2": "23", "justaerin-3": "23"}
    s = position(units, [Overstacked(TRAITOR)], face_down={"horus"}, phase="traitor-movement")
    assert top(s) == "Overstacked" and s.current_player == TRAITOR
    shown = {str(a): s.redact(a, IMPERIAL) for a in s.legal_actions()}
    assert shown == {
        "lose horus": "lose ?",
        "lose justaerin-1": "lose justaerin-1",
        "lose justaerin-2": "lose justaerin-2",
        "lose justaerin-3": "lose justaerin-3",
    }
    assert all(s.redact(a, TRAITOR) == str(a) for a in s.legal_actions())


@pytest.mark.rule("WM-HIDDEN-02", "WM-HIDDEN-07")
def test_a_revealed_unit_is_named_again() -> None:
    s = position(
        {"custodes-1": "51", "sons-of-horus-1": "51"},
        [BattlePhase(IMPERIAL)],
        face_down={"sons-of-horus-1"},
    )
    assert "sons-of-horus-1" not in s.face_down  # turned face up before the battle
    for die, named in ((6, "lose sons-of-horus-1"), (5, "retreat sons-of-horus-1 25")):
        after = roll(s, die)  # the battle die
        shown = [after.redact(a, IMPERIAL) for a in after.legal_actions()]
        assert named in shown
        assert shown == [str(a) for a in after.legal_actions()]


def test_dice_are_public_and_an_unknown_player_is_refused() -> None:
    s = position({}, [CupDraw(1)], phase="traitor-reinforcements")
    assert s.redact(act.Roll(4), IMPERIAL) == "roll 4"
    with pytest.raises(ValueError, match="unknown player"):
        s.redact(act.Roll(4), "orks")


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.quick(2)
def test_the_imperial_log_never_names_a_counter_he_may_not_identify(seed: int) -> None:
    m = full_game(seed)
    assert m.log_for(TRAITOR) == m.log
    assert m.record(TRAITOR).actions == m.record().actions
    imperial = m.redacted(IMPERIAL)
    for state, action, who, text in zip(m.states, m.actions, m.players, imperial, strict=False):
        assert isinstance(state, WarmasterState)
        hidden = hidden_from_imperial(state)
        warping = {c for c in state.in_box(WARP) if state.side_of(c) == TRAITOR}
        secret = state.face_down | state.secret_dead | warping
        assert hidden == secret | set(state.in_box(CUP)) | set(state.in_box(UNPLACED))
        words = text.split()
        assert not hidden.intersection(words), (str(action), text)
        if isinstance(action, act.Draw):
            assert text == "draw ?"
        elif isinstance(action, act.Place):
            assert text == "place ? ?"
        else:  # only the hidden counters are replaced
            plain = str(action).split()
            assert len(words) == len(plain)
            for shown, word in zip(words, plain, strict=True):
                assert shown == word or (shown == "?" and word in hidden)
        if who == IMPERIAL:  # he is never asked about a counter he may not identify
            assert text == str(action)
        assert redact(state, action, IMPERIAL) == text


def test_the_record_for_the_imperial_player() -> None:
    m = full_game(1)
    record = m.record(IMPERIAL)
    assert record.redacted_for == IMPERIAL and record.seed is None
    assert record.actions == tuple(m.redacted(IMPERIAL))
    assert "place ? ?" in record.actions
    assert not any(a.startswith("place ") and a != "place ? ?" for a in record.actions)
    with pytest.raises(wargames.ScenarioError, match="redacted for imperial"):
        wargames.replay(record.to_json())


def test_cli_play_as_imperial(capsys: pytest.CaptureFixture[str]) -> None:
    from wargames.cli import main

    assert main(["play", "warmaster", "--seed", "2", "--as", "imperial"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].endswith(", as imperial saw it")
    assert "traitor: place ? ?" in out and "place horus" not in out
    assert "chance: draw ?" in out
    assert main(["play", "warmaster", "--seed", "2", "--as", "traitor", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["redacted_for"] == TRAITOR
    assert data["actions"] == list(wargames.play("warmaster", seed=2).actions)


def test_cli_a_human_imperial_player_reads_the_log_as_he_sees_it(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from wargames.cli import main

    monkeypatch.chdir(tmp_path)  # abandoning saves to the autosave file, here
    monkeypatch.setattr("sys.stdin", io.StringIO(""))  # he abandons at his first decision
    assert main(["play", "warmaster", "--seed", "2", "--imperial", "human"]) == 2
    out = capsys.readouterr().out
    assert out.count("traitor: place ? ?") == 15
    # neither the log nor his view names a hidden counter
    assert not re.search(r"(?<![\w-])(horus|justaerin-\d|sons-of-horus-\d)(?![\w-])", out)
