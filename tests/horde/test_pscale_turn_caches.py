"""The cached answers of the sequence of play (who may be activated, whom the Commander
orders, whether a side has broken, the units as a round begins) against the rules worked out
afresh, on positions made for it and along seeded random missions."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest
from horde.pscale import battle, changed, legal, moved, play

import wargames
from wargames import testing
from wargames.core import codec
from wargames.horde import actions as cmd
from wargames.horde import command
from wargames.horde.flow import COMPELLED, eligible
from wargames.horde.moves import MoveOrder, allowance
from wargames.horde.reach import _along_path, move
from wargames.horde.scenario import SIDES
from wargames.horde.state import PScaleState
from wargames.horde.units import Unit, resized
from wargames.horde.victory import broken, broken_outcome, broken_sides

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


def fresh_eligible(s: PScaleState, side: str) -> tuple[Unit, ...]:
    """HMC-ORDERS-02 and HMC-ORDERS-19 read afresh: the Commander's post and sight worked out
    from the units, nothing cached."""
    at_post = command.commander_square(s, side) == s.field.command_posts[side]
    seen = command.in_commander_sight(s, side)
    return tuple(
        u
        for u in s.units
        if u.side == side
        and u.on_board
        and u.id not in s.activated
        and (u.lone if u.is_officer else at_post or u.morale in COMPELLED or u.id in seen)
    )


def random_states(scenario: str, seed: int) -> list[PScaleState]:
    """Every state of a seeded random mission."""
    start = wargames.load("horde", scenario=scenario)
    assert isinstance(start, PScaleState)
    return list(testing.random_states(start, seed))


def commander_away(tmp_path: Path) -> PScaleState:
    """Blue's Commander (``lt``) away from his post at 05-02, his horde A at 05-04 in front
    of B at 05-07 (A blocks his sight of B); Red's Z far off."""
    officers = [{"id": "lt", "profile": "guard-command", "wounds": 12, "at": "05-02"}]
    return battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", GUARD, "05-07")],
        [("Z", TRAITORS, "09-02")],
        officers=officers,
        commanders={"blue": "lt"},
    )


@pytest.mark.rule("HMC-ORDERS-02", "HMC-GAP-28")
def test_the_commanders_sight_follows_the_hordes_that_block_it(tmp_path: Path) -> None:
    """Away from his post the Commander orders what he sees; a horde that blocked his sight and
    moves away lets him see, and order, the horde behind it; one that moves in front of it
    blocks it again."""
    state = commander_away(tmp_path)
    assert not command.at_post(state, "blue")
    assert legal(state) == ["activate A", "activate lt", "pass"]
    assert not command.commands(state, state.unit("B"))
    clear = moved(state, A="07-04")
    assert legal(clear) == ["activate A", "activate B", "activate lt", "pass"]
    assert command.commands(clear, clear.unit("B"))
    blocked = moved(clear, A="05-05")
    assert legal(blocked) == ["activate A", "activate lt", "pass"]
    home = moved(blocked, lt="01-01")
    assert legal(home) == ["activate A", "activate B", "activate lt", "pass"]


@pytest.mark.rule("HMC-ORDERS-19", "HMC-GAP-03")
def test_a_horde_driven_by_fear_acts_out_of_the_commanders_sight(tmp_path: Path) -> None:
    """A horde the Commander cannot see is activated when it flees, the board unchanged: the
    morale state is not part of the cached sight."""
    state = commander_away(tmp_path)
    assert [u.id for u in eligible(state, "blue")] == ["A", "lt"]
    fleeing = changed(state, "B", morale="fleeing")
    assert [u.id for u in eligible(fleeing, "blue")] == ["A", "B", "lt"]
    assert "pass" not in legal(fleeing)


@pytest.mark.rule("HMC-GAP-10")
def test_which_sides_have_broken_is_kept_until_a_status_or_morale_changes(
    tmp_path: Path,
) -> None:
    """A side breaks when none of its hordes still fights: a loss of Magnitude keeps the
    answer known, a horde routing or destroyed asks again."""
    state = battle(tmp_path, [("A", GUARD, "05-04")], [("Z", TRAITORS, "09-02")])
    assert broken_outcome(state) is None and state.lookups()["broken"] == []
    z = state.unit("Z")
    hurt = changed(state, "Z", horde=resized(z.horde, z.magnitude - 5))
    assert hurt.lookups()["broken"] is state.lookups()["broken"]
    for fled in (
        changed(hurt, "Z", morale="routing"),
        changed(hurt, "Z", status="destroyed", square=None),
    ):
        assert "broken" not in fled.lookups()
        ended = broken_outcome(fled)
        assert ended is not None and ended.outcome is not None
        assert ended.outcome.winner == "blue"


@pytest.mark.rule("HMC-GAP-04", "HMC-DEFENSE-05", "HMC-OFFICER-07")
def test_a_new_round_starts_from_the_units_as_they_stand(tmp_path: Path) -> None:
    """As a round begins, the attacks a horde received are forgotten and a lone Officer's
    bonus is dropped; every lookup of the new round sees the new units."""
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04"), ("B", GUARD, "02-02")],
        [("Z", TRAITORS, "06-04")],
        rounds=3,
    )
    state = changed(state, "Z", received=2)
    state = changed(state, "A", bonus="nobody")
    assert state.unit("Z").received == 2
    state = play(state, "activate A", "A done", "activate Z", "Z done", "activate B", "B done")
    assert state.round == 2
    assert state.unit("Z").received == 0 and state.unit("Z") in state.units
    assert state.unit("A").bonus is None and state.unit("A") in state.units
    assert state.invariant_violations() == []


@pytest.mark.rule("HMC-ORDERS-02", "HMC-ORDERS-19", "HMC-GAP-10")
@pytest.mark.parametrize("scenario", sorted(wargames.game("horde").scenarios()))
def test_cached_answers_match_the_rules_along_random_missions(scenario: str) -> None:
    """At every state of two seeded missions: who may be activated, whom the Commander may
    order, and which sides have broken, as the rules give them worked out afresh."""
    for seed in range(2):
        for s in random_states(scenario, seed):
            for side in SIDES:
                assert eligible(s, side) == fresh_eligible(s, side)
                ordered = command.commanded(s, side)
                if command.commander_square(s, side) == s.field.command_posts[side]:
                    assert ordered is None
                else:
                    assert ordered == command.in_commander_sight(s, side)
            down = [side for side in SIDES if broken(s, side)]
            assert broken_sides(s) == down
            assert s.lookups().get("broken", down) == down  # kept over replace() too


@pytest.mark.rule("HMC-OFFICER-01")
@pytest.mark.parametrize("scenario", sorted(wargames.game("horde").scenarios()))
def test_a_unit_is_an_officer_or_a_horde_in_every_copy(scenario: str) -> None:
    """Whether a unit is an Officer is kept with the unit when it is made (it is asked at
    nearly every step): along a seeded mission every unit of every state, copies made by play
    among them, answers as its ``officer`` says; so do the units of a pickled state, and a
    saved state carries no such entry."""
    states = random_states(scenario, 0)
    for s in states:
        for u in s.units:
            assert u.is_officer is (u.officer is not None) and u.is_horde is (u.officer is None)
    last = states[-1]
    back = pickle.loads(pickle.dumps(last))
    assert back.units == last.units
    assert [u.is_officer for u in back.units] == [u.officer is not None for u in last.units]
    assert "is_officer" not in json.dumps(codec.state_to_json(last))


@pytest.mark.rule("HMC-SCALE-05", "HMC-SCALE-06", "HMC-TALENT-02")
@pytest.mark.parametrize("scenario", sorted(wargames.game("horde").scenarios()))
def test_a_move_ends_where_its_path_says_along_random_missions(scenario: str) -> None:
    """A move ends on its square at once when no enemy horde is in stealth (nothing on the
    way can stop it, HMC-TALENT-02): at every order's end square of two seeded missions,
    where it ends is where following its path square by square says."""
    checked = 0
    for seed in range(2):
        for s in random_states(scenario, seed):
            top = s.tasks[-1] if s.tasks else None
            if not isinstance(top, MoveOrder) or s.current_player is None:
                continue
            u = s.unit(top.unit)
            limit = allowance(u, top.order)
            for action in s.legal_actions():
                assert isinstance(action, cmd.MoveTo)
                after = move(s, u, action.square, limit)
                end, found = _along_path(s, u, action.square, limit)
                assert after.unit(u.id).square == end
                assert found is None or not after.unit(found.id).stealthed
                checked += 1
    assert checked > 0
