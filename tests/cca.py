"""Positions of the 'Armageddon' team variant for tests (CCA-*), built through the engine.

The board is the 26x9 'Armageddon' board. Seen from the bottom side, in a long row (odd rows)
columns 1-5 are the left flank's outer section, 6-9 its inner one, 10-13 and 14-17 the
center's two sections, 18-21 and 22-26 the right's; in a short row (even rows) the hexes 05,
09, 13, 17 and 21 lie on boundaries: 09 in the left and center flanks, 17 in the center and
right, 05 and 21 in both sections of an outside flank, 13 in both sections of the center.
The top side names them mirrored (CCA-GAP-14).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import Any

from ccb import legal, refused, roll, strs

from wargames.ancients.cards import deck
from wargames.ancients.scenario import scenario_from_data
from wargames.ancients.variant.flow import BeginTeamTurn
from wargames.ancients.variant.game import start_armageddon
from wargames.ancients.variant.state import ArmageddonState
from wargames.core.cards import Deck, Pile
from wargames.core.engine import CHANCE

__all__ = ["State", "drain", "legal", "refused", "roll", "scenario_data", "strs", "team_position"]

State = ArmageddonState
NONE3 = ("", "", "")


def scenario_data(
    bottom: Mapping[str, str],
    top: Mapping[str, str],
    leaders: Mapping[str, str] | None = None,
    command: tuple[int, int] = (5, 5),
    targets: tuple[int, int] = (6, 6),
    first: str = "bottom",
    terrain: Mapping[str, str] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "title": "test battle",
        "provenance": "original",
        "variant": "armageddon",
        "first": first,
        "board": {"layout": "armageddon", "terrain": dict(terrain or {})},
    }
    for i, (seat, units) in enumerate((("bottom", bottom), ("top", top))):
        data[seat] = {
            "army": seat,
            "command": command[i],
            "banners": targets[i],
            "units": [{"hex": h, "type": code} for h, code in units.items()],
            "leaders": [{"hex": h} for h, side in (leaders or {}).items() if side == seat],
        }
    return data


def team_position(
    bottom: Mapping[str, str] | None = None,
    top: Mapping[str, str] | None = None,
    *,
    leaders: Mapping[str, str] | None = None,
    players: int | tuple[int, int] = 1,
    hands: tuple[Sequence[str], Sequence[str]] = ((), ()),
    placed: tuple[Sequence[str], Sequence[str]] = (NONE3, NONE3),
    flank_last: tuple[Sequence[str], Sequence[str]] = (NONE3, NONE3),
    active: str = "bottom",
    command: tuple[int, int] = (5, 5),
    targets: tuple[int, int] = (6, 6),
    terrain: Mapping[str, str] | None = None,
    blocks: Mapping[str, int] | None = None,
    flank_banners: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
    chosen: tuple[str, str] = ("", ""),
) -> State:
    """``active``'s turn about to begin: ``placed`` lies face down on each side's flanks (left,
    center, right in its own naming), ``hands`` are the Commanders' hands, the rest of the 60
    cards in the draw pile. ``flank_banners``: banners already won (pieces of the loser's
    marked destroyed are not needed: the totals are set to match)."""
    data = scenario_data(bottom or {}, top or {}, leaders, command, targets, active, terrain)
    scenario = scenario_from_data(data)
    s = start_armageddon(scenario, None, players).evolve(tasks=(), result=None)
    used = Counter([*hands[0], *hands[1], *(c for row in placed for c in row if c)])
    rest = Counter(deck(scenario.cards))
    rest.subtract(used)
    assert all(v >= 0 for v in rest.values()), "more copies than the deck holds"
    values = list(s.blocks)
    for hex_id, n in (blocks or {}).items():
        unit = s.unit_at(hex_id)
        assert unit is not None
        values[unit] = n
    fb = flank_banners or ((0, 0, 0), (0, 0, 0))
    s = s.evolve(
        hands=(Pile.of(hands[0]), Pile.of(hands[1])),
        deck=Deck(Pile.of(rest.elements())),
        placed=(_three(placed[0]), _three(placed[1])),
        flank_last=(_three(flank_last[0]), _three(flank_last[1])),
        active=active,
        blocks=tuple(values),
        flank_banners=fb,
        chosen=chosen,
        banners=(sum(fb[0]), sum(fb[1])),
        tasks=(BeginTeamTurn(),),
    )
    return s.settle()


def _three(row: Sequence[str]) -> tuple[str, str, str]:
    return (row[0], row[1], row[2])


def drain(s: State, card: str | None = None) -> State:
    """Answer pending draws (with ``card`` while it is in the draw pile, else the first)."""
    while s.current_player == CHANCE:
        outcomes = strs(a for a, _ in s.chance_outcomes())
        want = f"draw {card}"
        s = s.apply(want if want in outcomes else outcomes[0])
    return s
