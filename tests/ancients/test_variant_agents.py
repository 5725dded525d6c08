"""The greedy agent in the seats of the 'Armageddon' variant, and what each seat's agent is
shown (CCA-ROLE-08)."""

from __future__ import annotations

import pytest

import wargames
from wargames.ancients import GAME
from wargames.ancients.state import BACK, AncientsState
from wargames.ancients.variant.agents import TeamGreedyAgent, team_greedy
from wargames.ancients.variant.seats import FLANKS, roles_of, side_of
from wargames.ancients.variant.state import ArmageddonState
from wargames.core.engine import Action, GameState, Match

CAP = 4


class Checked:
    """Wraps an agent: every action it takes is legal in the real state and in its view."""

    def __init__(self, agent: TeamGreedyAgent, match: list[Match]) -> None:
        self.agent, self.match = agent, match
        self.seen: list[tuple[str, GameState]] = []

    def act(self, view: GameState) -> Action:
        action = self.agent.act(view)
        real = self.match[0].state
        assert str(action) in {str(a) for a in real.legal_actions()}
        assert str(action) in {str(a) for a in view.legal_actions()}
        self.seen.append((str(real.current_player), view))
        return action


def play(seed: int, players: object) -> tuple[Match, dict[str, Checked]]:
    state = wargames.load("ancients", "the-long-ridge", players=players, turn_cap=CAP)
    box: list[Match] = []
    agents = {side: Checked(team_greedy(seed, side), box) for side in ("bottom", "top")}
    match = Match(state, seed=seed, agents=agents)
    box.append(match)
    match.run(max_steps=3000)
    return match, agents


@pytest.mark.parametrize(("seed", "players"), [(1, 4), (2, 2), (3, (1, 3))])
@pytest.mark.quick(1)
def test_greedy_seats_play_only_legal_actions_to_the_end(seed: int, players: object) -> None:
    match, _ = play(seed, players)
    assert match.state.outcome is not None
    actions = [str(a) for a in match.actions]
    assert any(a.startswith("place ") for a in actions)
    assert any(a.startswith("order ") for a in actions)


def test_greedy_seats_are_deterministic() -> None:
    a, _ = play(7, 4)
    b, _ = play(7, 4)
    assert [str(x) for x in a.actions] == [str(x) for x in b.actions]


def test_the_registry_gives_the_team_aware_greedy_agent() -> None:
    agent = GAME.agents["greedy"](1, "bottom")
    assert isinstance(agent, TeamGreedyAgent)


@pytest.mark.rule("CCA-ROLE-08")
def test_each_seat_decides_from_its_own_view_only() -> None:
    # the software form of "players of a side do not discuss strategy": a seat's agent is
    # shown only its seat's view; a Field General never sees the Commander's hand nor the
    # face-down cards of flanks he does not run, so nothing passes between seats
    _, agents = play(11, 4)
    fg_views = 0
    for side, checked in agents.items():
        for seat, view in checked.seen:
            assert side_of(seat) == side and isinstance(view, ArmageddonState)
            i = 0 if side == "bottom" else 1
            other = 1 - i
            assert set(view.hands[other].cards) <= {BACK}
            assert all(c in ("", BACK) for c in view.placed[other])
            roles = roles_of(seat, 4)
            if "commander" in roles:
                continue
            fg_views += 1
            assert set(view.hands[i].cards) <= {BACK}
            for flank, card in zip(FLANKS, view.placed[i], strict=True):
                if flank not in roles:
                    assert card in ("", BACK)
    assert fg_views > 0


def test_outside_the_variant_it_is_the_base_greedy_agent() -> None:
    state = wargames.load("ancients", turn_cap=2)
    assert isinstance(state, AncientsState) and not isinstance(state, ArmageddonState)
    agent = team_greedy(3, "bottom")
    match = Match(state, seed=3, agents={"bottom": agent, "top": team_greedy(4, "top")})
    match.run(max_steps=200)
    assert match.actions


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05", "CCA-GAP-14")
@pytest.mark.parametrize("players", [2, 3])
@pytest.mark.parametrize("side", ["bottom", "top"])
def test_greedy_commander_makes_the_set_up_choice_toward_the_lighter_flank(
    players: int, side: str
) -> None:
    """Greedy: the center to the FG whose own flank holds fewer of the side's units, or the
    Commander's own flank the outside one holding fewer (flanks named from the side's own
    baseline); ``left`` on a tie. The other side's choice does not enter it."""
    from wargames.ancients.variant.flanks import in_flank

    s = wargames.load("ancients", "the-long-ridge", players=players)
    verb = "centre" if players == 3 else "flank"
    if side == "top":
        s = s.apply(f"{verb} right")
    assert isinstance(s, ArmageddonState)
    count = {
        f: len([p for p in s.units_of(side) if in_flank(s, side, p, f)]) for f in ("left", "right")
    }
    lighter = "right" if count["right"] < count["left"] else "left"
    action = team_greedy(1, side).act(s.view(s.current_player))
    assert str(action) == f"{verb} {lighter}"
    s = s.apply(action)
    assert s.choice_of(side) == lighter


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
@pytest.mark.parametrize("players", [2, 3])
def test_the_random_agent_makes_either_set_up_choice_as_often(players: int) -> None:
    s = wargames.load("ancients", "the-long-ridge", players=players)
    view = s.view(s.current_player)
    picks = [str(wargames.RandomAgent(seed).act(view)).split()[1] for seed in range(400)]
    assert 170 <= picks.count("left") <= 230 and picks.count("right") == 400 - picks.count("left")
