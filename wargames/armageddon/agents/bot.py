"""The bot's memory from decision to decision, its seeded tie-breaks and its per-phase cache.

Every decision function of the greedy bot takes a :class:`Bot` (the agent itself), the view of
the state and the legal actions (see :data:`Chooser`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar, cast

import numpy as np

from wargames.armageddon import actions as ac
from wargames.armageddon.state import ArmageddonState as S
from wargames.core.engine import Action

T = TypeVar("T")


class Bot:
    """What the greedy bot for one side (``"orks"`` or ``"imperium"``) keeps between
    decisions."""

    def __init__(self, side: str, seed: int | None = None, caution: float = 1.0) -> None:
        self.side = side
        self.rng = np.random.default_rng(seed)
        self.caution = caution
        """The expected gain an attack must beat to be made."""
        self.plan_key: tuple[object, ...] | None = None
        self.plan: list[ac.Move] = []
        """The moves of the movement phase under way still to make (last first)."""
        self.deployment: dict[str, str] = {}
        """Ork counter -> the area it is deployed in."""
        self.aims: dict[str, str] = {}
        """Ork tribe -> the area of its target hive (kept from decision to decision)."""
        self.push: list[str] = []
        """The hive every Ork tribe goes for once one more wins (kept while it stands)."""
        self._cache_key: tuple[object, ...] | None = None
        self._cache: dict[str, object] = {}
        """Assessments made once per phase (see :meth:`cached`)."""

    def cached(self, s: S, name: str, make: Callable[[], T]) -> T:
        """``make()``, computed once per phase (or segment) of the game."""
        key = (s.turn, s.segment, s.phase)
        if self._cache_key != key:
            self._cache_key = key
            self._cache = {}
        if name not in self._cache:
            self._cache[name] = make()
        return cast(T, self._cache[name])

    def best(self, legal: Sequence[Action], score: Callable[[Action], float]) -> Action:
        """The best-scoring legal action, ties broken by the bot's seeded generator (one draw
        per action, so a game is the same for the same seed)."""
        best = legal[0]
        top = -float("inf")
        for a in legal:
            v = score(a) + 1e-6 * float(self.rng.random())
            if v > top:
                best, top = a, v
        return best


Chooser = Callable[[Bot, S, Sequence[Action]], Action]
"""A decision of the bot: its choice among the legal actions of one kind of task."""


def fallback(bot: Bot, s: S, legal: Sequence[Action]) -> Action:
    """A decision the bot has no rule for: pass if it may, else a seeded random action."""
    passes = [a for a in legal if isinstance(a, ac.Pass)]
    return passes[0] if passes else legal[int(bot.rng.random() * len(legal))]


def first_pass(legal: Sequence[Action]) -> Action:
    """The first pass among the legal actions, or the last action when passing is not legal."""
    for a in legal:
        if isinstance(a, ac.Pass):
            return a
    return legal[-1]


def card_choice(legal: Sequence[Action], want: bool) -> Action:
    """The first legal card play if ``want``, else the first action that plays no card (the
    last action when there is no such choice)."""
    for a in legal:
        if isinstance(a, ac.PlayCard) == want:
            return a
    return legal[-1]
