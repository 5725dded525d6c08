"""Saved states that name the wrong thing (session 31): every word of the pending steps of the
fuzz corpus's saved states (with ``-m slow``, every word of the documents) swapped for other
words of the same document (a unit, an area, a side, a kind the game knows, in the wrong
place). Each document is refused with a
:class:`~wargames.core.errors.WargamesError` or reads back as a state that plays: the fuzz
judge's light checks, then random actions with the invariants checked after each
(:func:`wargames.fuzz.verdict.check_loaded`). The swaps found a Warmaster teleport of an enemy
counter (a raw ``StopIteration`` at its landing), and over whole documents a Warmaster unit of
a wave still to come set on the table and a Battle for Armageddon factory moved; what else
they found is refused by the rules the invariants now check (docs/reliability.md).
"""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from typing import Any

import pytest

import wargames
from wargames.core.errors import WargamesError
from wargames.fuzz.cases import state_bases
from wargames.fuzz.verdict import check_loaded

SWAPS = 6
"""Other words tried in each place (drawn from the document's own words, seeded)."""
STEPS = 40
"""Random actions played from each state read back."""


def words(node: Any, path: tuple[Any, ...] = ()) -> Iterator[tuple[tuple[Any, ...], str]]:
    """Every string of ``node`` (a JSON document) with its path, type tags left out."""
    if isinstance(node, dict):
        for key, value in node.items():
            if key != "@":
                yield from words(value, (*path, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from words(value, (*path, i))
    elif isinstance(node, str):
        yield path, node


def swapped(document: dict[str, Any], path: tuple[Any, ...], word: str) -> dict[str, Any]:
    changed = copy.deepcopy(document)
    node: Any = changed
    for key in path[:-1]:
        node = node[key]
    node[path[-1]] = word
    return changed


SCOPES = [
    pytest.param(game, part, id=f"{game}-{part}", marks=[pytest.mark.slow] if part == "all" else [])
    for game in wargames.games()
    for part in ("tasks", "all")
]
"""Each game's pending steps in the quick suite; every word of the documents (units' places,
hands, who holds what) with ``-m slow`` (a minute or so in all)."""


@pytest.mark.parametrize(("game", "part"), SCOPES)
def test_a_saved_state_naming_the_wrong_thing_is_refused_or_plays(game: str, part: str) -> None:
    cls = type(wargames.load(game))
    draw = random.Random(31)
    tried = accepted = 0
    for base in state_bases(game):
        document = base.document
        pool = sorted({word for _, word in words(document)})
        places = words(document) if part == "all" else words(document.get("tasks", []), ("tasks",))
        for path, old in places:
            for word in draw.sample(pool, min(SWAPS, len(pool))):
                if word == old:
                    continue
                tried += 1
                try:
                    state = cls.from_json(swapped(document, path, word))
                except WargamesError:
                    continue
                accepted += 1
                where = f"{base.name}: {'.'.join(map(str, path))} {old!r} -> {word!r}"
                try:
                    check_loaded(state, random.Random(0), STEPS)
                except WargamesError:
                    pass  # refused later, as a bad action would be: the state stays sound
                except Exception as exc:  # a raw error, or the invariants broken
                    raise AssertionError(f"{where}: {type(exc).__name__}: {exc}") from None
    assert tried > 100 and accepted < tried
