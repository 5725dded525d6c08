"""Observations a network can read: a fixed-size float tensor per player, built only from what
that player sees (:meth:`~wargames.core.engine.GameState.view`), with a documented layout,
and the same information as a string.

A game's :class:`Observer` (one per scenario, from :attr:`Game.observer
<wargames.core.registry.Game.observer>`) declares its :class:`Layout`: named blocks such as
``"terrain"`` (planes over the areas or hexes), ``"orks units"`` (a count per unit type and
area), ``"turn"`` (a one-hot vector). :func:`observation_tensor` hands the observer nothing but
``state.view(player)``, so a tensor cannot hold what the player does not see: resampling the
hidden part (:func:`~wargames.core.registry.determinize`) leaves it unchanged, which the
games' tests check.

Example::

    import wargames
    from wargames.core.observation import observation_tensor, observer_of

    state = wargames.load("horde")
    tensor = observation_tensor(state, "imperium")       # 1-d float32
    blocks = observer_of(state).layout.split(tensor)     # {"terrain": array(...), ...}
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Protocol

import attrs
import numpy as np

from wargames.core.engine import GameState, Player

if TYPE_CHECKING:
    import numpy.typing as npt

__all__ = [
    "Block",
    "Layout",
    "Observer",
    "observation_string",
    "observation_tensor",
    "observer_of",
]


@attrs.frozen
class Block:
    """A named part of the tensor: its ``shape`` (``(planes, areas)``, ``(turns,)``) and what
    each entry holds, in words."""

    name: str
    shape: tuple[int, ...] = attrs.field(converter=tuple)
    doc: str = ""

    @property
    def size(self) -> int:
        return math.prod(self.shape)


@attrs.frozen
class Layout:
    """The blocks of a tensor, one after another in this order."""

    blocks: tuple[Block, ...] = attrs.field(converter=tuple)

    def __attrs_post_init__(self) -> None:
        names = [b.name for b in self.blocks]
        if len(set(names)) != len(names):
            raise ValueError(f"two blocks share a name: {names}")

    @property
    def size(self) -> int:
        return sum(b.size for b in self.blocks)

    def offsets(self) -> dict[str, tuple[int, int]]:
        """Each block's ``(start, stop)`` in the flat tensor."""
        found, start = {}, 0
        for block in self.blocks:
            found[block.name] = (start, start + block.size)
            start += block.size
        return found

    def split(self, tensor: npt.NDArray[np.float32]) -> dict[str, npt.NDArray[np.float32]]:
        """The blocks of a flat tensor, each reshaped to its shape (views, not copies)."""
        if tensor.shape != (self.size,):
            raise ValueError(f"expected a tensor of shape ({self.size},), got {tensor.shape}")
        return {
            b.name: tensor[start:stop].reshape(b.shape)
            for b, (start, stop) in zip(self.blocks, self.offsets().values(), strict=True)
        }

    def markdown(self) -> str:
        """The layout as a Markdown table (the docs pages print it)."""
        rows = ["| block | shape | offset | holds |", "|---|---|---|---|"]
        for block, (start, _) in zip(self.blocks, self.offsets().values(), strict=True):
            shape = " × ".join(map(str, block.shape))
            rows.append(f"| `{block.name}` | {shape} | {start} | {block.doc} |")
        return "\n".join(rows)


class Observer(Protocol):
    """A game's observation of one scenario (see the module docstring)."""

    @property
    def layout(self) -> Layout: ...

    def fill(self, view: GameState, player: Player, out: npt.NDArray[np.float32]) -> None:
        """Write what ``player`` sees into ``out`` (zeros, ``layout.size`` long); ``view`` is
        ``state.view(player)``."""

    def text(self, view: GameState, player: Player) -> str:
        """What ``player`` sees, as a string (OpenSpiel's observation string)."""


def observer_of(state: GameState) -> Observer:
    """The game's observer for ``state``'s scenario
    (:class:`~wargames.core.errors.CapabilityError` for a game without one)."""
    from wargames.core.errors import CapabilityError
    from wargames.core.registry import game_of

    g = game_of(state)
    if g.observer is None:
        raise CapabilityError(f"{g.id} has no observation tensor")
    return g.observer(state)


def observation_tensor(state: GameState, player: Player) -> npt.NDArray[np.float32]:
    """What ``player`` sees of ``state`` as a flat float32 tensor (:attr:`Observer.layout`),
    built from ``state.view(player)`` only."""
    observer = observer_of(state)
    out = np.zeros(observer.layout.size, dtype=np.float32)
    observer.fill(state.view(player), player, out)
    return out


def observation_string(state: GameState, player: Player) -> str:
    """What ``player`` sees of ``state`` as a string, from ``state.view(player)`` only."""
    return observer_of(state).text(state.view(player), player)
