"""Battle for Armageddon: the Victory segment, driven through ``position()``: captured and
controlled hives, Ghazghkull, the draw after turn 8 and the advance to the next turn.

``position(..., phase=...)`` plays one phase of the given side, then that side's supply check,
then the Victory segment of the turn.
"""

from __future__ import annotations

import pytest
from bfa import GHAZ, State, victory
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD
from wargames.core.engine import Match

HIVE_AREAS = {"hive-hades": "HAD", "hive-infernus": "INF", "hive-helsreach": "HEL",
              "hive-acheron": "ACH", "hive-tartarus": "TAR"}  # fmt: skip


def winner(s: State) -> str | None:
    assert s.outcome is not None, "the game should be over"
    return s.outcome.winner


def goes_on(s: State, turn: int) -> bool:
    return s.outcome is None and s.turn == turn and type(s.top).__name__ == "PlanCards"


# -------------------------------------------------------------------------------- VICTORY


@pytest.mark.rule("BFA-VICTORY-01", "BFA-VICTORY-03")
def test_victory_is_checked_in_the_victory_segment_only() -> None:
    held = {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], "HEL": ["goff-hordes-3"], **GHAZ}
    ruins = ["hive-hades", "hive-infernus", "hive-helsreach"]
    s = position(held, side=ORKS, phase="movement", turn=4, ruined=ruins)
    # Three captured hives during the Ork movement phase: nobody has won yet.
    assert sum(s.hive_captured(h) for h in s.hives()) == 3
    assert s.outcome is None and s.current_player == ORKS
    # If the Orks walk out of one before the Victory segment, they have not won.
    left = s.apply("move goff-hordes-3 E1").apply("end phase")
    assert goes_on(left, 5)
    # If they stay, the Victory segment gives them the game.
    stayed = s.apply("end phase")
    assert winner(stayed) == ORKS and stayed.outcome.turn == 4  # type: ignore[union-attr]


@pytest.mark.rule("BFA-VICTORY-02")
def test_three_captured_hives_win_for_the_orks() -> None:
    ruins = ["hive-hades", "hive-infernus", "hive-helsreach", "hive-tartarus"]
    two = {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], **GHAZ}
    three = {**two, "HEL": ["goff-hordes-3"]}
    four = {**three, "TAR": ["goff-hordes-4"]}
    assert goes_on(victory(two, ruins), 5)
    assert winner(victory(three, ruins)) == ORKS
    assert winner(victory(four, ruins)) == ORKS
    # Any Ork counter holds a hive, Ghazghkull included.
    s = victory(
        {"HAD": ["ghazghkull"], "INF": ["evil-sunz-hordes-1"], "HEL": ["bad-moon-nobz-1"]}, ruins
    )
    assert winner(s) == ORKS


@pytest.mark.rule("BFA-VICTORY-03", "BFA-VICTORY-04")
def test_a_ruined_hive_without_orks_is_not_captured_however_it_was_ruined() -> None:
    held = {"HAD": ["goff-hordes-1"], "HEL": ["goff-hordes-2"], **GHAZ,
            "OT10": ["bad-moon-hordes-1", "bad-moon-hordes-2", "bad-moon-gargant"],
            "INF": ["guard-2"]}  # fmt: skip
    s = position(held, side=ORKS, phase="combat", turn=4, ruined=["hive-hades", "hive-helsreach"])
    assert not s.hive_captured("hive-infernus")  # intact
    # The Orks storm Infernus (17 against 5 + 2, 2-1 with the industrial -1): a 6 is a DR,
    # the army retreats and the hive falls to smoking ruins; the Orks stay outside.
    m = Match(s.apply("attack INF from OT10"), seed=0)
    m.force_dice(6)
    m.roll()
    m.apply("retreat guard-2 F3")
    s = m.state  # type: ignore[assignment]
    assert "hive-infernus" in s.ruined
    m.apply("end advance")
    s = m.state  # type: ignore[assignment]
    assert not s.stack("INF", ORKS) and not s.hive_captured("hive-infernus")
    s = m.apply("end phase")  # type: ignore[assignment]
    assert goes_on(s, 5)  # two captured hives and one empty ruin: no Ork victory
    # Ruined with an Imperial army in it: not captured either.
    s = victory(
        {"HAD": ["goff-hordes-1"], "HEL": ["goff-hordes-2"], "INF": ["guard-2"], **GHAZ},
        ["hive-hades", "hive-helsreach", "hive-infernus"],
    )
    assert goes_on(s, 5)


@pytest.mark.rule("BFA-VICTORY-05")
def test_the_imperium_wins_with_all_five_hives_once_ghazghkull_is_gone() -> None:
    s = victory({"OT4": ["goff-hordes-1"]}, side=IMPERIUM)  # Ghazghkull is dead
    assert winner(s) == IMPERIUM
    assert goes_on(victory({"OT4": ["ghazghkull"]}, side=IMPERIUM), 5)
    # Ghazghkull gone but a hive not controlled: no victory.
    s = victory({"HAD": ["goff-hordes-1"]}, ["hive-hades"], side=IMPERIUM)
    assert goes_on(s, 5)


@pytest.mark.rule("BFA-VICTORY-06")
def test_a_hive_is_controlled_face_up_or_with_an_imperial_counter_in_its_ruins() -> None:
    s = victory({"HAD": ["guard-1"], "OT4": ["goff-hordes-1"]}, ["hive-hades"], side=IMPERIUM)
    assert s.location("guard-1") == "HAD"
    assert winner(s) == IMPERIUM
    s = position({"HAD": ["guard-1"], **GHAZ}, ruined=["hive-hades", "hive-acheron"])
    assert s.hive_controlled("hive-hades") and s.hive_controlled("hive-tartarus")
    assert not s.hive_controlled("hive-acheron")


@pytest.mark.rule("BFA-VICTORY-07")
def test_an_empty_ruined_hive_belongs_to_nobody() -> None:
    s = position(GHAZ, ruined=["hive-acheron"])
    assert not s.hive_captured("hive-acheron") and not s.hive_controlled("hive-acheron")
    # Neither condition can then be met: not the Imperial one even without Ghazghkull ...
    s = victory({"OT4": ["goff-hordes-1"]}, ["hive-acheron"], side=IMPERIUM)
    assert goes_on(s, 5)
    # ... and the empty ruin does not count for the Orks either.
    s = victory(
        {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], **GHAZ},
        ["hive-hades", "hive-infernus", "hive-acheron"],
    )
    assert goes_on(s, 5)


@pytest.mark.rule("BFA-VICTORY-08", "BFA-SEQ-08", "BFA-GAME-03")
def test_no_winner_after_turn_eight_is_a_draw() -> None:
    s = victory(GHAZ, turn=7)
    assert goes_on(s, 8)
    s = victory(GHAZ, turn=8)
    assert s.outcome is not None and s.outcome.winner is None and s.outcome.turn == 8
    assert s.is_terminal and s.legal_actions() == []
    # A win on turn 8 is still a win.
    s = victory({"OT4": ["goff-hordes-1"]}, turn=8, side=IMPERIUM)
    assert winner(s) == IMPERIUM


@pytest.mark.rule("BFA-SEQ-08")
def test_a_turn_without_winner_moves_the_turn_marker_on() -> None:
    for turn in (2, 4, 6):  # (into turn 2 the Space Marines' arrival comes first)
        s = victory(GHAZ, turn=turn)
        assert goes_on(s, turn + 1)
        assert s.segment == 0 and s.initiative is None and s.current_player == ORKS


HIVE_FATES = st.sampled_from(["intact", "empty", "orks", "imperium"])


@pytest.mark.rule("BFA-VICTORY-09")
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(HIVE_FATES, min_size=5, max_size=5), st.booleans(), st.integers(0, 2**16))
@example(["intact"] * 5, False, 0)
@example(["imperium", "intact", "imperium", "imperium", "intact"], False, 1)
@example(["orks", "orks", "orks", "imperium", "intact"], False, 2)
@example(["orks", "orks", "empty", "imperium", "orks"], True, 3)
def test_both_victory_conditions_never_hold_together(
    fates: list[str], ghazghkull: bool, seed: int
) -> None:
    stacks: dict[str, list[str]] = {"OT4": ["ghazghkull" if ghazghkull else "goff-nobz-1"]}
    ruined = []
    for n, ((hive, area), fate) in enumerate(zip(HIVE_AREAS.items(), fates, strict=True)):
        if fate != "intact":
            ruined.append(hive)
        if fate == "orks":
            stacks[area] = [f"goff-hordes-{n + 1}"]
        elif fate == "imperium":
            stacks[area] = [f"guard-{n + 1}"]
    s = position(stacks, side=IMPERIUM, phase="movement", turn=4, ruined=ruined)
    for hive in s.hives():
        assert not (s.hive_captured(hive) and s.hive_controlled(hive))
    m = Match(s.apply("end phase"), seed=seed)
    s = m.advance()  # type: ignore[assignment]
    # The hives as the Victory segment found them (after the Imperial supply check).
    captured = sum(s.hive_captured(h) for h in s.hives())
    controlled = all(s.hive_controlled(h) for h in s.hives())
    gone = s.location("ghazghkull") == DEAD
    assert not (captured >= 3 and controlled)
    if captured >= 3:
        assert winner(s) == ORKS
    elif controlled and gone:
        assert winner(s) == IMPERIUM
    else:
        assert goes_on(s, 5)


# ------------------------------------------------------------------------------------ GAPS


@pytest.mark.rule("BFA-GAP-22")
def test_exactly_five_hives_every_other_industrial_area_a_factory() -> None:
    s = position(GHAZ)
    board = s.data.board
    industrial = {a for a in board.ids if board[a].terrain == "industrial"}
    hives = {s.location(h) for h in s.hives()}
    assert hives == set(HIVE_AREAS.values()) == set(board.with_tag("hive"))
    factories = industrial - hives
    assert len(factories) == 7
    for area in factories:
        assert [s.spec(c).kind for c in s.structures(area)] == ["factory"]
    # Holding two hives and five factories is not a victory.
    held = {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], "F1": ["goff-hordes-3"],
            "F2": ["goff-hordes-4"], "F3": ["goff-hordes-5"], "F4": ["goff-hordes-6"],
            "F5": ["goff-hordes-7"], **GHAZ}  # fmt: skip
    ruins = ["hive-hades", "hive-infernus", *(f"factory-F{i}" for i in range(1, 6))]
    s = victory(held, ruins)
    assert goes_on(s, 5)


@pytest.mark.rule("BFA-GAP-26")
def test_the_rulebooks_victory_conditions_not_the_withdrawn_proposals() -> None:
    # Killing Ghazghkull while no hive is in Ork hands is not enough: all five must be held.
    s = victory({"OT4": ["goff-hordes-1"]}, ["hive-tartarus"], side=IMPERIUM)
    assert not any(s.hive_captured(h) for h in s.hives())
    assert goes_on(s, 5)
    # Keeping the Orks below three hives to the end of turn 8 is a draw, not an Imperial win.
    s = victory(
        {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], **GHAZ},
        ["hive-hades", "hive-infernus"],
        turn=8,
    )
    assert s.outcome is not None and s.outcome.winner is None
