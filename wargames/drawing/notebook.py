"""What a notebook shows of a game: :func:`render`, the drawings, and the one-line reprs.

Every state, :class:`~wargames.core.engine.Match` and
:class:`~wargames.core.engine.Record` prints as one line (game and scenario, turn and phase,
who decides; a record's seed, length and outcome), and every state and match of a game that
draws itself shows its drawing in Jupyter (``_repr_svg_``). Where information is hidden the
drawing is the *public view* (:func:`~wargames.core.views.public_view`: no player's secrets);
``state.view(player)`` is drawn as that player sees it, and :func:`render` draws any of them
by name. ``str(state)`` stays the game's own summary.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Final, Literal, get_args

from wargames.core.engine import CHANCE, GameState, Match, Player, Record
from wargames.core.errors import ArgumentError, CapabilityError, UnknownNameError, WargamesError
from wargames.core.views import EVERYTHING, PUBLIC, public_view, viewer_of

if TYPE_CHECKING:
    from wargames.core.registry import Game

Format = Literal["svg", "text"]
"""What :func:`render` draws: ``"svg"`` (the game's drawing) or ``"text"`` (its board as
text, the narrator's :meth:`~wargames.core.narration.Narrator.board`)."""
FORMATS: Final[tuple[str, ...]] = get_args(Format)

MAX_OUTCOME = 64
"""The most characters of an outcome a one-line repr shows."""


def render(state: GameState | Match, player: Player | None = None, format: Format = "svg") -> str:
    """Draw ``state`` (or a match's current state) as ``player`` sees it.

    ``player`` is a player of the game (a side, or a seat ``side/role`` of a team game); or
    ``None``, the public view (:data:`~wargames.core.views.PUBLIC`: what every player sees; a
    state that is already a player's view, ``state.view(player)``, is drawn as that player
    sees it); or :data:`~wargames.core.views.EVERYTHING` (``"everything"``), the whole state
    with its secrets. ``format`` is
    ``"svg"`` (an SVG document that scales to the page: it has a ``viewBox`` and
    ``max-width: 100%``) or ``"text"`` (the board as text).

    An unknown format or player raises :class:`~wargames.core.errors.UnknownNameError` listing
    the valid ones; a game without a drawing, :class:`~wargames.core.errors.CapabilityError`;
    anything but a state or a match, :class:`~wargames.core.errors.ArgumentError`.
    """
    if isinstance(state, Match):
        state = state.state
    if not isinstance(state, GameState):
        raise ArgumentError("state", f"expected a game state or a Match, got {_kind(state)}")
    if format not in FORMATS:
        raise UnknownNameError("format", format, FORMATS, listed="formats")
    from wargames.core.registry import game_of

    g = game_of(state)
    shown, seen_by = _as_seen(state, player)
    if format == "text":
        return g.narration().board(shown, seen_by)
    if g.render is None:
        raise CapabilityError(f"{g.id} has no drawing; render(state, format='text') writes it")
    return g.render(shown, seen_by)


def _as_seen(state: GameState, player: Player | None) -> tuple[GameState, Player | None]:
    """The state to draw and the player the game's drawing hook draws it for (``None``: the
    state as it is, which may already be a view)."""
    viewer = viewer_of(state)
    if player is None:
        return (state, None) if viewer is not None else (public_view(state), None)
    if player in (EVERYTHING, viewer):
        return state, None
    if player == PUBLIC:
        return public_view(state), None
    players = type(state).players
    if not isinstance(player, str) or player.split("/", 1)[0] not in players:
        raise UnknownNameError(
            "player", player, (*players, PUBLIC, EVERYTHING), listed=f"{state.game} has"
        )
    return state, player


def svg_repr(state: GameState) -> str | None:
    """The drawing a notebook shows of ``state`` (:func:`render` with no player), or ``None``
    for a game that does not draw."""
    try:
        return render(state)
    except WargamesError:
        return None


# -- one-line reprs ---------------------------------------------------------------------------


def state_repr(state: GameState) -> str:
    """``<ArmageddonState armageddon/campaign, turn 2, second action segment, orks to
    decide>``: the game and scenario, where the game stands, who decides (and whose view)."""
    name = type(state).__name__
    try:
        parts = [_where(state), _who(state)]
        viewer = viewer_of(state)
        if viewer is not None:
            parts.append("public view" if viewer == PUBLIC else f"seen by {viewer}")
        return f"<{name} {_game_and_scenario(state)}, {', '.join(p for p in parts if p)}>"
    except Exception:  # a repr must never raise (a half-built state in a debugger)
        return f"<{name} {state.game}>"


def match_repr(match: Match) -> str:
    """``<Match armageddon/campaign, seed 7, 12 actions, turn 1, ..., orks to decide>``."""
    state = match.state
    try:
        parts = [f"seed {match.seed}", _count(len(match.actions)), _where(state), _who(state)]
        return f"<Match {_game_and_scenario(state)}, {', '.join(p for p in parts if p)}>"
    except Exception:  # a repr must never raise
        return f"<Match {state.game}, {_count(len(match.actions))}>"


def record_repr(record: Record) -> str:
    """``<Record armageddon/campaign, seed 7, 1,404 actions, imperium win: ...>``: the game,
    scenario, seed, number of actions and outcome, never the actions themselves."""
    scenario = record.scenario
    name = getattr(scenario, "name", scenario) or _default_scenario(record.game)
    parts = [f"seed {record.seed}", _count(len(record.actions))]
    if record.label is not None:
        parts.insert(0, f"label {_short(repr(record.label), 40)}")
    parts.append(_short(str(record.outcome)) if record.outcome is not None else "unfinished")
    if record.redacted_for is not None:
        parts.append(f"redacted for {record.redacted_for}")
    return f"<Record {record.game}/{_short(str(name), 40)}, {', '.join(parts)}>"


def _game_and_scenario(state: GameState) -> str:
    source = getattr(state, "scenario_source", None)
    name = getattr(source, "name", None)
    return state.game if not name else f"{state.game}/{_short(str(name), 40)}"


def _where(state: GameState) -> str:
    g = _game(state)
    if g is not None and g.stage is not None:
        return g.stage(state)
    turn = getattr(state, "turn", None)
    parts = [f"turn {turn}"] if isinstance(turn, int) else []
    step = None if g is None or g.sequence is None else g.sequence.step_name(state)
    if step and getattr(state, "tasks", None):
        parts.append(step)
    return ", ".join(parts)


def _who(state: GameState) -> str:
    try:
        player = state.current_player
    except WargamesError:  # a view whose next step waits on what it hides (UnsettledStateError)
        return "next step hidden"
    if player is None:
        outcome = state.outcome
        return "over" if outcome is None else f"over: {_short(str(outcome))}"
    return "chance to decide" if player == CHANCE else f"{player} to decide"


def _game(state: GameState) -> Game | None:
    from wargames.core.registry import game_of

    try:
        return game_of(state)
    except WargamesError:  # a state of a game that is not registered (a test's toy)
        return None


def _default_scenario(game_id: str) -> str:
    from wargames.core.registry import game

    try:
        return game(game_id).default_scenario
    except WargamesError:
        return "default"


def _count(n: int) -> str:
    return f"{n:,} action" + ("" if n == 1 else "s")


def _short(text: str, size: int = MAX_OUTCOME) -> str:
    text = " ".join(text.split())
    return text if len(text) <= size else text[: size - 1] + "…"


def _kind(value: object) -> str:
    return "None" if value is None else type(value).__name__


__all__ = ["FORMATS", "Format", "match_repr", "record_repr", "render", "state_repr", "svg_repr"]
