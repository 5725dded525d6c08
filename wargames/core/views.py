"""Whose view a state is, and the public view: what a drawing of hidden information may show.

``state.view(player)`` is what ``player`` may see (:meth:`~wargames.core.engine.GameState.view`).
A view remembers whose it is (:func:`viewer_of`), so a notebook draws it as that player sees it
and its one-line repr says so. The *public view* (:func:`public_view`) is what every player
sees: each player's secrets hidden at once (the Traitor's face-down counters, both hands of
cards, hordes in stealth on either side), what a notebook shows of a state by default.

The mark lives in the state's per-state cache, never in its value: a view equals the same
position reached otherwise, saves the same way, and the states that follow it carry no mark.
"""

from __future__ import annotations

from typing import Final, TypeVar

from wargames.core.engine import GameState, Player
from wargames.core.errors import WargamesError

PUBLIC: Final = "public"
"""The viewer of a public view: no player's secrets are shown (see :func:`public_view`)."""

EVERYTHING: Final = "everything"
"""The viewer that sees the whole state, secrets included (an umpire's or an analyst's view,
never what a player may see): ``wargames.render(state, EVERYTHING)``."""

_VIEWER: Final = "viewer"
"""The cache entry that names a view's viewer."""

S = TypeVar("S", bound=GameState)


def mark_view(view: S, viewer: Player) -> S:
    """Mark ``view`` as what ``viewer`` sees (a player, or :data:`PUBLIC`) and return it."""
    view._memo[_VIEWER] = viewer
    return view


def viewer_of(state: GameState) -> Player | None:
    """Whose view ``state`` is: a player, :data:`PUBLIC`, or ``None`` for a whole state."""
    memo = getattr(state, "_memo", None)
    return None if memo is None else memo.get(_VIEWER)


def public_view(state: S) -> S:
    """What every player of the game sees of ``state``: the view of one player seen again by
    each of the others, so that no single player's secret shows (a game of perfect
    information gives the state's own position). A view already public is returned as it is.

    It is for showing, not for playing on: who is to act is public, so a public view whose
    next step waits on what it hides (the Traitor placing his face-down counters) still
    names the state's player to act."""
    if viewer_of(state) == PUBLIC:
        return state
    seen = state
    for player in type(state).players:
        seen = seen.view(player)
    if seen is state:  # a game whose views are the state itself hides nothing: leave it unmarked
        return state
    try:
        _ = seen.current_player
    except WargamesError:  # its next step waits on what it hides: who acts is no secret
        seen._memo["player"] = state.current_player
    return mark_view(seen, PUBLIC)


__all__ = ["EVERYTHING", "PUBLIC", "mark_view", "public_view", "viewer_of"]
