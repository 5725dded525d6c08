"""Action masks for the environments (extra ``[rl]``): int8 arrays over a game's whole action
space, 1 at the legal ids, made for every decision.

A game's space is large (Armageddon numbers 22,085 actions) and a decision lists few of them
(a few dozen), so zeroing a new array for every mask would be most of the work. A
:class:`Masks` keeps the arrays it handed out and reuses one for the next mask once nobody
else holds it: only the ones it set last time are cleared. So a mask is never written while
anyone can still read it:

* a mask is **read-only** (``mask.copy()`` gives one to change), so that what the
  environment set is all that is in it;
* an array is reused only when no reference to it is left outside the :class:`Masks`
  (``sys.getrefcount``): an observation kept in a replay buffer, a view or a slice of the
  mask, a ``memoryview`` or a tensor over its memory all hold a reference, and while one
  does, the next mask is a new array.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, Final

import numpy as np

__all__ = ["Masks"]

Mask = np.ndarray[Any, np.dtype[np.int8]]

_KEPT: Final = 2
"""Arrays a :class:`Masks` keeps for reuse: an agent's loop often still holds the last
observation while the environment makes the next (``obs = env.last()`` binds the new one only
once it is made), so one array is in use and the other free."""

_FEW: Final = 24
"""Up to this many ids, a mask is set item by item (numpy's indexing with an index array
costs more for a short list)."""


def _unheld() -> int:
    """What ``sys.getrefcount`` says of an array held by a :class:`Masks` alone, read as
    :meth:`Masks.make` reads it (the interpreter's own references counted alike)."""
    slot = [object()]
    return sys.getrefcount(slot[0])


_UNHELD: Final = _unheld()


class Masks:
    """The masks of one action space of ``size`` ids (see the module docstring)."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._slots: list[list[Any]] = []
        """``[array, the ids set in it]`` for each array kept."""
        self._turn = 0
        """The slot that a new array replaces when every kept one is still held."""

    def make(self, ids: Sequence[int]) -> Mask:
        """A read-only int8 array of :attr:`size` entries, 1 at ``ids`` (distinct, in range)
        and 0 elsewhere: a kept array nobody holds any more, its last ids cleared, or a new
        one."""
        for slot in self._slots:
            if sys.getrefcount(slot[0]) == _UNHELD:
                out: Mask = slot[0]
                out.flags.writeable = True
                _write(out, slot[1], 0)
                break
        else:
            out = np.zeros(self.size, np.int8)
            slot = [out, ()]
            self._keep(slot)
        slot[1] = _write(out, ids, 1)
        out.flags.writeable = False
        return out

    def _keep(self, slot: list[Any]) -> None:
        """Keep a new array's slot, in place of the next one in turn when :data:`_KEPT` are
        kept (those still held by their readers, who keep them as they are)."""
        if len(self._slots) < _KEPT:
            self._slots.append(slot)
            return
        self._slots[self._turn] = slot
        self._turn = (self._turn + 1) % _KEPT


def _write(out: Mask, ids: Any, value: int) -> Any:
    """``out[ids] = value``; ``ids`` as it can be cleared again (an index array for many)."""
    if len(ids) <= _FEW:
        for i in ids:
            out[i] = value
        return tuple(ids)
    index = ids if isinstance(ids, np.ndarray) else np.fromiter(ids, np.intp, len(ids))
    out[index] = value
    return index
