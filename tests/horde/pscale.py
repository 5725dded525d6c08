"""Helpers of the P-Scale battle tests: small battles written on the spot, and shortcuts to
play them."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any

import attrs

from wargames.core.engine import CHANCE, GameState
from wargames.horde.game import new_battle
from wargames.horde.state import PScaleState

Piece = tuple[str, str, str] | tuple[str, str, str, dict[str, Any]]
"""``(id, profile, square)`` or with extra keys (``{"stealthed": True}``)."""


def scenario_text(
    blue: Iterable[Piece],
    red: Iterable[Piece],
    *,
    width: int = 10,
    height: int = 8,
    terrain: Mapping[str, list[str]] | None = None,
    officers: Iterable[dict[str, Any]] = (),
    objectives: Iterable[dict[str, Any]] = (),
    hq: Mapping[str, str] | None = None,
    posts: Mapping[str, str] | None = None,
    commanders: Mapping[str, str] | None = None,
    rounds: int = 10,
    first: str = "blue",
) -> str:
    """A scenario file for a test battle: blue's HQ the first column, red's the last."""
    hq = {
        "blue": f"01-01:01-{height:02d}",
        "red": f"{width:02d}-01:{width:02d}-{height:02d}",
        **(hq or {}),
    }
    posts = {"blue": "01-01", "red": f"{width:02d}-01", **(posts or {})}
    lines = [
        'title = "test battle"',
        f"width = {width}",
        f"height = {height}",
        f"rounds = {rounds}",
        f'first = "{first}"',
    ]
    if terrain:
        lines.append("[terrain]")
        lines += [f"{kind} = {_list(squares)}" for kind, squares in terrain.items()]
    for objective in objectives:
        lines.append("[[objective]]")
        lines += [f"{k} = {_value(v)}" for k, v in objective.items()]
    for side, pieces in (("blue", blue), ("red", red)):
        lines += [f"[{side}]", f'army = "{side} army"', f'hq = ["{hq[side]}"]']
        lines.append(f'command_post = "{posts[side]}"')
        if commanders and side in commanders:
            lines.append(f'commander = "{commanders[side]}"')
        for piece in pieces:
            ident, profile, square = piece[0], piece[1], piece[2]
            extra: dict[str, Any] = piece[3] if len(piece) > 3 else {}  # type: ignore[misc]
            lines += [
                f"[[{side}.horde]]",
                f'id = "{ident}"',
                f'profile = "{profile}"',
                f'at = "{square}"',
            ]
            lines += [f"{k} = {_value(v)}" for k, v in extra.items()]
        for officer in officers:
            if officer.get("side", "blue") == side:
                lines.append(f"[[{side}.officer]]")
                lines += [f"{k} = {_value(v)}" for k, v in officer.items() if k != "side"]
    return "\n".join(lines) + "\n"


def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, str):
        return f'"{v}"'
    if isinstance(v, list | tuple):
        return _list(v)
    return str(v)


def _list(items: Iterable[Any]) -> str:
    return "[" + ", ".join(_value(i) for i in items) + "]"


_COUNT = [0]


def battle(
    tmp_path: Path, *args: Any, options: dict[str, Any] | None = None, **kw: Any
) -> PScaleState:
    """A new battle of :func:`scenario_text` (written to ``tmp_path``)."""
    _COUNT[0] += 1
    path = tmp_path / f"battle{_COUNT[0]}.toml"
    path.write_text(scenario_text(*args, **kw), encoding="utf-8")
    return new_battle(str(path), options)


def moved(state: PScaleState, **squares: str) -> PScaleState:
    """``state`` with units put on other squares (``IG1="05-05"``)."""
    return state.replace(*(attrs.evolve(state.unit(u), square=sq) for u, sq in squares.items()))


def changed(state: PScaleState, unit: str, **fields: Any) -> PScaleState:
    """``state`` with one unit's fields changed."""
    return state.replace(attrs.evolve(state.unit(unit), **fields))


def play(state: GameState, *actions: str | int) -> PScaleState:
    """Apply actions in notation; an int is a die roll (``roll N``)."""
    for a in actions:
        state = state.apply(f"roll {a}" if isinstance(a, int) else a)
    assert isinstance(state, PScaleState)
    return state


def legal(state: GameState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def to_decision(state: GameState, *dice: int) -> PScaleState:
    """Roll ``dice`` at the next chance nodes and stop at the next player decision; too few
    dice, or dice left over, is an error."""
    queue = list(dice)
    while state.current_player == CHANCE:
        if not queue:
            raise AssertionError(f"more dice needed at {state.top.describe(state)}")  # type: ignore[attr-defined]
        state = state.apply(f"roll {queue.pop(0)}")
    assert not queue, f"dice left over: {queue}"
    assert isinstance(state, PScaleState)
    return state
