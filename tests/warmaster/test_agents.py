"""The Warmaster's greedy agents: legal, deterministic, blind to what their view hides, and
sensible in the decisions the rules give them."""

from __future__ import annotations

import numpy as np
import pytest
from blocks import seed_blocks
from wm import position, roll, top

import wargames
from wargames.core.engine import Action, GameState, Match
from wargames.testing import playout
from wargames.warmaster import GAME
from wargames.warmaster import actions as act
from wargames.warmaster.agents import ImperialGreedy, TraitorGreedy, battle_ev, column, greedy
from wargames.warmaster.battle import BattlePhase, Retreat, TakeLoss, numbers
from wargames.warmaster.data import EMPEROR, HORUS, IMPERIAL, TRAITOR, default_data
from wargames.warmaster.flow import PHASES
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import MovementPhase
from wargames.warmaster.state import WarmasterState

GREEDY = {IMPERIAL: "greedy", TRAITOR: "greedy"}


class Checked:
    """Wraps an agent: every action it returns must be legal in the view it was given, and the
    view must be the player's own (the Imperial never sees a face-down counter)."""

    def __init__(self, agent: wargames.Agent, side: str) -> None:
        self.agent, self.side = agent, side
        self.actions: list[Action] = []

    def act(self, view: GameState) -> Action:
        assert isinstance(view, WarmasterState)
        if self.side == IMPERIAL:
            assert not view.face_down and all(c == "?" for c in view.cup)
        action = self.agent.act(view)
        assert action in view.legal_actions(), f"{action} is not legal"
        self.actions.append(action)
        return action


def play(seed: int) -> tuple[Match, dict[str, Checked]]:
    agents = {
        side: Checked(greedy(seed * 10 + i, side), side) for i, side in enumerate(GAME.players)
    }
    m = Match(new_game(None, dict(GAME.bot_options)), seed=seed, agents=agents)
    m.run()
    return m, agents


def finish_phase(
    s: WarmasterState, agent: wargames.Agent, taken: list[Action] | None = None
) -> WarmasterState:
    """Let ``agent`` take every decision of the pending movement phase (noted in ``taken``)."""
    side = s.current_player
    while s.current_player == side and top(s) == "MovementPhase":
        assert side is not None
        action = agent.act(s.view(side))
        if taken is not None:
            taken.append(action)
        s = s.apply(action)
    return s


# -- legality, determinism, views ----------------------------------------------------------


@pytest.mark.rule("WM-SEQ-02", "WM-VICTORY-05")
@pytest.mark.parametrize("seed", [3, 11])
@pytest.mark.quick(1)
def test_greedy_games_take_only_legal_actions_and_end(seed: int) -> None:
    m, agents = play(seed)
    assert m.outcome is not None
    assert all(agents[side].actions for side in GAME.players)
    kinds = {type(a).__name__ for side in GAME.players for a in agents[side].actions}
    assert {"Place", "Group", "Move", "Pass", "Lose"} <= kinds


GREEDY_GAMES = 50
BLOCK = 10


@pytest.mark.rule("WM-SEQ-02", "WM-STACK-03", "WM-VICTORY-03")
@pytest.mark.parametrize("seeds", seed_blocks(GREEDY_GAMES, BLOCK, 2))
def test_greedy_games_conform(seeds: range) -> None:
    """The conformance issue's 50 greedy games (five blocks of ten), with the kit's light
    checks after every action and the full ones every 50th state."""
    cap = wargames.load("warmaster", bot_turn_cap=True).turn_cap
    for seed in seeds:
        agents = {side: greedy(seed * 10 + i, side) for i, side in enumerate(GAME.players)}
        state = wargames.load("warmaster", turn_cap=cap)
        final, actions = playout(state, agents, seed, 20_000, check_every=50, light=True)
        assert final.outcome is not None and actions
        assert final.outcome.turn is not None and final.outcome.turn <= cap


def test_same_seed_same_game() -> None:
    first = wargames.play("warmaster", agents=GREEDY, seed=21)
    again = wargames.play("warmaster", agents=GREEDY, seed=21)
    assert [str(a) for a in first.actions] == [str(a) for a in again.actions]
    assert first.outcome == again.outcome


def test_the_registry_offers_the_greedy_agents() -> None:
    assert isinstance(GAME.agents["greedy"](1, IMPERIAL), ImperialGreedy)
    assert isinstance(GAME.agents["greedy"](1, TRAITOR), TraitorGreedy)
    with pytest.raises(ValueError, match="unknown player"):
        greedy(1, "orks")


def turn_one_movement(seed: int) -> WarmasterState:
    """Seeded greedy set-up and turn-1 teleports, up to the first Imperial movement decision."""
    agents = {side: greedy(seed, side) for side in GAME.players}
    m = Match(new_game(None, dict(GAME.bot_options)), seed=seed, agents=agents)
    while True:
        s = m.state
        assert isinstance(s, WarmasterState)
        if s.phase == PHASES[1] and s.current_player == IMPERIAL:
            return s
        m.step()


@pytest.mark.rule("WM-HIDDEN-01", "WM-SETUP-01")
def test_the_imperial_agent_decides_from_its_view_alone() -> None:
    """Two placements of the hidden counters that look the same to the Imperial player give
    the same Imperial decisions, the whole movement phase long."""
    real = turn_one_movement(4)
    other = real.resample_hidden(IMPERIAL, np.random.default_rng(9))
    moved = [c for c in real.face_down if real.location(c) != other.location(c)]
    assert moved, "the resampled placement should differ"
    assert real.view(IMPERIAL) == other.view(IMPERIAL)
    seen_a: list[Action] = []
    seen_b: list[Action] = []
    finish_phase(real, ImperialGreedy(5), seen_a)
    finish_phase(other, ImperialGreedy(5), seen_b)
    assert any(isinstance(a, act.Move) for a in seen_a)
    assert seen_a == seen_b


# -- behaviour -----------------------------------------------------------------------------


@pytest.mark.rule("WM-VICTORY-02", "WM-MOVE-04", "WM-COMBAT-01")
def test_the_imperials_close_on_revealed_horus_at_good_odds() -> None:
    # Horus alone in the Triumphal Hall; the Emperor and two Custodes next door: 24-12, 2-1
    units = {EMPEROR: "54", "custodes-1": "54", "custodes-2": "54", HORUS: "52"}
    s = position(units, [MovementPhase(IMPERIAL)], phase=PHASES[1])
    s = finish_phase(s, ImperialGreedy(0))
    assert {s.location(u) for u in (EMPEROR, "custodes-1", "custodes-2")} == {"52"}


@pytest.mark.rule("WM-DESTROY-02", "WM-VICTORY-01")
def test_the_emperor_is_never_the_loss_while_another_unit_can_go() -> None:
    units = {EMPEROR: "52", "imperial-guard-1": "52", "crew-1": "52"}
    s = position(units, [TakeLoss(IMPERIAL, "52", (EMPEROR, "imperial-guard-1"))])
    assert s.current_player == IMPERIAL
    assert ImperialGreedy(0).act(s.view(IMPERIAL)) == act.Lose("imperial-guard-1")
    horus = {HORUS: "52", "justaerin-1": "52", "custodes-1": "52"}
    t = position(horus, [TakeLoss(TRAITOR, "52", (HORUS, "justaerin-1"))])
    assert TraitorGreedy(0).act(t.view(TRAITOR)) == act.Lose("justaerin-1")


@pytest.mark.rule("WM-REROLL-02", "WM-REROLL-03")
def test_a_hero_rerolls_a_bad_die_and_keeps_a_good_one() -> None:
    units = {"sanguinius": "52", "sons-of-horus-1": "52"}
    bad = roll(position(units, [BattlePhase(IMPERIAL)]), 1)  # 9-4 is 2-1: a 1 is AR
    assert top(bad) == "RerollChoice"
    assert ImperialGreedy(0).act(bad.view(IMPERIAL)) == act.Reroll(True)
    good = roll(position(units, [BattlePhase(IMPERIAL)]), 6)  # a 6 is D1
    assert ImperialGreedy(0).act(good.view(IMPERIAL)) == act.Reroll(False)


@pytest.mark.rule("WM-RETREAT-01", "WM-RETREAT-02", "WM-RETREAT-03")
def test_horus_is_retreated_away_from_his_guards_next_to_imperial_strength() -> None:
    # Horus retreats out of the Cargo Holds (54): to 35, next to the Emperor's stack in 33, or
    # to 55 with his Justaerin (45, 52 and 64 are shut by Imperial units).
    units = {
        HORUS: "54",
        "custodes-3": "54",
        "justaerin-1": "55",
        EMPEROR: "33",
        "custodes-1": "33",
        "custodes-2": "33",
        "imperial-guard-1": "45",
        "imperial-guard-2": "64",
        "imperial-guard-3": "52",
    }
    s = position(units, [Retreat(TRAITOR, "54", (HORUS,))])
    assert s.current_player == IMPERIAL
    options = {a.area for a in s.legal_actions() if isinstance(a, act.RetreatTo)}
    assert options == {"35", "55"}
    assert ImperialGreedy(0).act(s.view(IMPERIAL)) == act.RetreatTo(HORUS, "35")


@pytest.mark.rule("WM-VICTORY-01", "WM-MOVE-02", "WM-BRIDGE-05")
def test_the_traitor_goes_for_an_exposed_emperor() -> None:
    units = {EMPEROR: "53", "angron": "51", "magnus": "51", "world-eaters-1": "63"}
    s = position(units, [MovementPhase(TRAITOR)], phase=PHASES[4])
    s = finish_phase(s, TraitorGreedy(0))
    strikers = s.units("53", TRAITOR)
    assert len(strikers) >= 2 and sum(s.spec(u).attack for u in strikers) >= 12  # 1-1 or better
    # the rest stand in the Emperor's ways out, so a retreat result kills him
    shut = s.occupied(TRAITOR)
    assert sum(a in shut for a in s.data.board.neighbours("53")) >= 1


@pytest.mark.rule("WM-BRIDGE-02", "WM-BRIDGE-05")
def test_an_imperial_unit_takes_the_empty_bridge() -> None:
    units = {"imperial-guard-1": "22", EMPEROR: "11", "custodes-1": "11", "custodes-2": "11"}
    s = position(units, [MovementPhase(IMPERIAL)], phase=PHASES[1])
    s = finish_phase(s, ImperialGreedy(0))
    assert s.location("imperial-guard-1") == s.data.bridge


@pytest.mark.rule("WM-SETUP-02", "WM-GAP-13")
@pytest.mark.parametrize("seed", range(6))
def test_the_traitor_hides_horus_inside_the_ship_and_ambushes_the_screens(seed: int) -> None:
    data = default_data()
    s = new_game()
    agent = TraitorGreedy(seed)
    while s.current_player == TRAITOR:
        s = s.apply(agent.act(s.view(TRAITOR)))
    horus = s.location(HORUS)
    exposed = {data.bridge, data.defensive_screens, *data.reactors, *data.hull}
    assert horus not in exposed
    assert len(data.board.neighbours(horus)) >= 3  # never a dead end
    at_screens = s.units(data.defensive_screens, TRAITOR)
    assert [s.spec(u).kind for u in at_screens] == ["ambush"]


@pytest.mark.rule("WM-COMBAT-08", "WM-REROLL-02", "WM-GAP-12")
def test_battle_expectations_are_exact() -> None:
    """Sanguinius (9) against a Legionary (4 defence) is 2-1: AR NE EX DR D1 D1. With room to
    retreat on both sides the results are worth (to Sanguinius) -0.12*22, 0, -22+8, 0.12*8, 8
    and 8; his re-roll replaces every result worth less than a new roll."""
    data = default_data()
    sang, legion = data.counters["sanguinius"], data.counters["sons-of-horus"]
    vals = [-0.12 * 22, 0.0, -14.0, 0.12 * 8, 8.0, 8.0]
    mean = sum(vals) / 6
    expected = sum(max(v, mean) for v in vals) / 6
    assert battle_ev(data, "52", IMPERIAL, (sang,), (legion,), (3, 3)) == pytest.approx(expected)


@pytest.mark.rule("WM-COMBAT-08", "WM-GAP-05")
@pytest.mark.parametrize(
    ("units", "area"),
    [
        ({"sanguinius": "52", "sons-of-horus-1": "52"}, "52"),
        ({"custodes-1": "52", "horror-1": "52", "crew-1": "52"}, "52"),
        ({EMPEROR: "52", "horror-1": "52"}, "52"),
        ({EMPEROR: "23", "custodes-1": "23", HORUS: "23"}, "23"),
    ],
)
def test_the_agents_read_the_column_the_engine_reads(units: dict[str, str], area: str) -> None:
    s = position(units, [BattlePhase(IMPERIAL)])
    b = s.top.battle
    att = tuple(s.spec(u) for u in b.attackers)
    dfn = tuple(s.spec(u) for u in b.defenders)
    assert column(s.data, area, IMPERIAL, att, dfn, 0) == numbers(s, b).column
