"""A player's view answers in every state of play (issue 13: no raw Python exception escapes a
public entry point): who is to act, the actions, whether chance acts, the outcome, ``str`` and
``repr``. Where the viewer cannot know the deciding player's options, the view lists the ones he
can know (docs/reliability.md, "What a view answers"); it names the state's player to act."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

import pytest

import wargames
from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.errors import UnknownPlayerError, WargamesError

GAMES = ("ancients", "armageddon", "warmaster", "horde")
TEAMS = ({}, {"players": 3}, {"players": 4})
"""Options of the team scenarios swept: the 'Armageddon' variant's sides of one, three, four."""
SHORT = {"armageddon": 5, "warmaster": 5}
"""How many times more games the long sweep plays of the games whose random games end soon."""


def games(game: str) -> Iterable[tuple[str, dict[str, Any]]]:
    """Every shipped scenario of ``game`` with the options it is swept with."""
    for scenario in wargames.game(game).scenarios():
        team = game == "ancients" and scenario == "the-long-ridge"
        for options in TEAMS if team else ({},):
            yield scenario, options


def viewers(game: str, scenario: str, options: dict[str, Any]) -> tuple[Player, ...]:
    """Every seat of the scenario (the sides, for a game without seats)."""
    g = wargames.game(game)
    return tuple(g.seats_of(scenario, options) if g.seats else g.players)


def answers(state: GameState, viewer: Player) -> None:
    """Ask ``viewer``'s view everything; it agrees with the state on what is public, and lists
    the very actions of the state when it is the viewer's own decision."""
    view = state.view(viewer)
    assert view.current_player == state.current_player
    known = view.legal_actions()
    if view.current_player == viewer:
        assert known == state.legal_actions()
    assert view.is_chance == state.is_chance
    assert view.outcome == state.outcome
    assert str(view) and repr(view)


def sweep(game: str, seeds: Iterable[int], steps: int, agent: str = "random") -> int:
    """Play ``steps`` steps of each seeded game of every scenario, asking every seat's view at
    every state; the number of states asked."""
    g = wargames.game(game)
    asked = 0
    for scenario, options in games(game):
        seats = viewers(game, scenario, options)
        for seed in seeds:
            m = wargames.match(game, dict.fromkeys(g.players, agent), seed, scenario, **options)
            for _ in range(steps):
                if m.over:
                    break
                for seat in seats:
                    answers(m.state, seat)
                asked += 1
                m.step()
    return asked


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.quick(1)
def test_every_view_answers_in_a_game_of_each_scenario(game: str) -> None:
    assert sweep(game, range(1), 200) > 30


@pytest.mark.slow
@pytest.mark.parametrize(("agent", "seeds"), [("random", 8), ("greedy", 3)])
@pytest.mark.parametrize("game", GAMES)
def test_every_view_answers_over_many_games(game: str, agent: str, seeds: int) -> None:
    assert sweep(game, range(seeds * SHORT.get(game, 1)), 1500, agent) > 100


def first(
    game: str, scenario: str, found: Callable[[GameState], Player | None], **options: Any
) -> tuple[GameState, Player]:
    """The first state of random play (seeds 0 to 29) where ``found`` names a viewer."""
    g = wargames.game(game)
    for seed in range(30):
        m = wargames.match(game, dict.fromkeys(g.players, "random"), seed, scenario, **options)
        for _ in range(1500):
            if m.over:
                break
            viewer = found(m.state)
            if viewer is not None:
                return m.state, viewer
            m.step()
    raise AssertionError(f"no such state in {game} {scenario}")


def top(state: GameState) -> Any:
    return getattr(state, "tasks", ())[-1]


def on_top(name: str) -> Callable[[GameState], bool]:
    return lambda s: getattr(s, "tasks", ()) != () and type(top(s)).__name__ == name


# -- the cases the sweep found ------------------------------------------------------------------


def test_a_commander_giving_cards_from_a_hand_hidden_from_the_viewer() -> None:
    """Ancients, Epic command: the other side's view sees the Commander's hand as backs; it
    names him to act and lists only ending the giving once a card is out (no hidden card is
    looked up as a card)."""
    state, viewer = first(
        "ancients",
        "twin-valleys",
        lambda s: (
            next((p for p in ("bottom", "top") if p != s.active), None)
            if on_top("GiveCards")(s)
            else None
        ),
    )
    view = state.view(viewer)
    assert set(view.hand(state.active).cards) == {"?"}  # type: ignore[attr-defined]
    assert top(view).actor(view) == state.current_player  # also without the shared answer
    assert all(a in state.legal_actions() for a in view.legal_actions())
    assert not any(type(a).__name__ == "Give" for a in view.legal_actions())
    assert bool(view.legal_actions()) == bool(state.given)  # type: ignore[attr-defined]


def test_a_loss_roll_of_a_counter_hidden_from_the_imperial_player() -> None:
    """Warmaster: a face-down counter's loss roll in the Imperial view is a roll of ``?``; the
    die is rolled by chance, its six faces listed, the counter never looked up."""
    state, viewer = first(
        "warmaster",
        "boarding",
        lambda s: (
            "imperial" if on_top("LossRoll")(s) and top(s.view("imperial")).unit == "?" else None
        ),
    )
    view = state.view(viewer)
    assert top(view).actor(view) == CHANCE
    assert view.legal_actions() == state.legal_actions()
    assert len(view.legal_actions()) == 6


def test_the_traitor_placing_counters_the_imperial_player_cannot_see() -> None:
    """Warmaster: while the Traitor sets up face down, the Imperial view names him to act and
    lists no placement (the unit placed is hidden)."""
    state = wargames.load("warmaster", "boarding")
    view = state.view("imperial")
    assert on_top("PlaceFaceDown")(state)
    assert view.current_player == state.current_player == "traitor"
    assert view.legal_actions() == [] != state.legal_actions()


def test_the_traitor_destroying_units_over_the_limit_with_counters_hidden() -> None:
    """Warmaster: an area over the stacking limit only with face-down counters looks within it
    to the Imperial player; his view names the Traitor to act and lists no unit to lose."""
    state, viewer = first(
        "warmaster",
        "boarding",
        lambda s: (
            "imperial"
            if on_top("Overstacked")(s) and top(s.view("imperial")).area(s.view("imperial")) is None
            else None
        ),
    )
    view = state.view(viewer)
    assert view.current_player == state.current_player == "traitor"
    assert view.legal_actions() == [] != state.legal_actions()


def test_a_move_order_of_a_horde_in_stealth() -> None:
    """Horde: the enemy's view of a stealthy horde's move lists no square (where it stands is
    hidden); the state itself still lists its moves."""

    def stealthy(s: GameState) -> Player | None:
        if not on_top("MoveOrder")(s):
            return None
        return next((p for p in s.players if top(s).unit in s.view(p).hidden), None)  # type: ignore[attr-defined]

    state, viewer = first("horde", "ork-assault", stealthy)
    view = state.view(viewer)
    assert view.current_player == state.current_player != viewer
    assert view.legal_actions() == [] != state.legal_actions()


@pytest.mark.parametrize("step", ["AttackRoll", "DamageRoll"])
def test_a_strike_from_a_horde_in_stealth(step: str) -> None:
    """Horde: the strike of a horde hidden from the viewer is rolled by chance; the attack die's
    ten faces are known, the damage die's size (from the hidden numbers) is not."""
    from wargames.horde.combat.strikes import unseen

    def hidden(s: GameState) -> Player | None:
        if not on_top(step)(s):
            return None
        return next((p for p in s.players if unseen(s.view(p), top(s).strike)), None)

    state, viewer = first("horde", "ork-assault", hidden)
    view = state.view(viewer)
    assert top(view).actor(view) == CHANCE == state.current_player
    if step == "AttackRoll":
        assert view.legal_actions() == state.legal_actions()
    else:
        assert view.legal_actions() == [] != state.legal_actions()
        assert "damage die" in str(view) and "(d" not in top(view).describe(view)


def test_a_view_whose_next_step_waits_on_what_it_hides_names_the_player_to_act() -> None:
    """A view whose own top step would run by itself (it hides what the real step waits on)
    still names the state's player to act (who acts is public), and lists none but his actions
    (Armageddon: whether the Imperium may call in a card it holds, the card hidden)."""

    def automatic(s: GameState) -> Player | None:
        for p in s.players:
            if p == s.current_player:
                continue  # his own decisions are shared with his view
            view = s.view(p)
            if getattr(view, "tasks", ()) and top(view).actor(view) is None:
                return p
        return None

    state, viewer = first("armageddon", "campaign", automatic)
    view = state.view(viewer)
    assert view.current_player == state.current_player != viewer
    assert set(view.legal_actions()) <= set(state.legal_actions())


def test_an_unknown_seat_of_the_team_variant_is_refused_by_name() -> None:
    state = wargames.load("ancients", "the-long-ridge", players=3)
    with pytest.raises(UnknownPlayerError, match=r"did you mean 'bottom/left'") as err:
        state.view("bottom/left+center")  # seats are named by role, not by flanks run
    assert isinstance(err.value, WargamesError)
    assert "top/right" in str(err.value)
    assert state.view("bottom/left").current_player == state.current_player


def test_an_unknown_seat_under_epic_command_is_refused_by_name() -> None:
    state = wargames.load("ancients", "twin-valleys")
    with pytest.raises(UnknownPlayerError, match="bottom/nobody"):
        state.view("bottom/nobody")
