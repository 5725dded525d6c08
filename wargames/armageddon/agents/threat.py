"""Threats: the attacks each side could bring against an area within a move or two, and the
chance that they clear it."""

from __future__ import annotations

from wargames.armageddon.agents.bot import Bot
from wargames.armageddon.agents.geography import geo, hive_sites
from wargames.armageddon.agents.values import CLEARS, expected, odds_column
from wargames.armageddon.combat import defence_of
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.state import ArmageddonState as S

Potential = tuple[list[tuple[int, bool]], int, int]
"""Ork attacks on an Imperial stack (strength, with Ghazghkull), the die modifier and the
defence."""


def potential(s: S, area: str, moves: int) -> Potential:
    """The strongest attack of each Ork tribe that could be brought against ``area`` within
    ``moves`` Ork moves (with whether Ghazghkull is in it), the die modifier and the defence."""
    g = geo(s.data)
    imperial = s.occupied(IMPERIUM)
    slots = [n for n in g.nbrs[area] if n not in imperial]
    dmap = g.bfs((area,), imperial) if slots else {}
    by_tribe, lead = _in_reach(s, dmap, moves)
    attacks = []
    for t, atks in by_tribe.items():
        atks.sort(reverse=True)
        attacks.append((sum(atks[: 3 * len(slots)]) + lead.get(t, 0), t in lead))
    mod = g.defmod[area] + (1 if s.turn == 1 else 0)
    if slots and all(g.river.get((n, area), False) for n in slots):
        mod -= 1
    return (attacks, mod, defence_of(s, area, IMPERIUM))


def _in_reach(
    s: S, dmap: dict[str, int], moves: int
) -> tuple[dict[str, list[int]], dict[str, int]]:
    """Per Ork tribe, the attack of each counting counter that could reach an area next to the
    start of ``dmap`` within ``moves`` moves, and the total attack of its leaders that could."""
    by_tribe: dict[str, list[int]] = {}
    lead: dict[str, int] = {}
    for c in s.on_map(ORKS):
        d = dmap.get(s.location(c))
        spec = s.data.counters[c]
        if d is None or d - 1 > moves * spec.movement:
            continue
        t = spec.tribe or ""
        if spec.exempt:
            lead[t] = lead.get(t, 0) + spec.attack
        else:
            by_tribe.setdefault(t, []).append(spec.attack)
    return by_tribe, lead


def danger(s: S, area: str, extra: int = 0, moves: int = 1, pot: Potential | None = None) -> float:
    """Chance that the strongest one-tribe Ork attack that could be brought against the
    Imperial stack in ``area`` within ``moves`` Ork moves clears it (defence + ``extra``);
    ``pot`` is its :func:`potential`, when known."""
    attacks, mod, dfn = pot or potential(s, area, moves)
    worst = 0.0
    for atk, lead in attacks:
        col = odds_column(s, max(1, atk), max(1, dfn + extra))
        worst = max(worst, expected(s, col, mod, CLEARS, lead))
    return worst


def endangered(bot: Bot, s: S) -> list[tuple[str, float]]:
    """Intact hives the Orks could clear within two moves, most endangered first."""
    return bot.cached(s, "endangered", lambda: _endangered_now(s))


def _endangered_now(s: S) -> list[tuple[str, float]]:
    orks = s.occupied(ORKS)
    out = []
    for h, area in hive_sites(s).items():
        if h in s.ruined or area in orks:
            continue
        d = max(danger(s, area, 0, 1), 0.7 * danger(s, area, 0, 2))
        if d > 0:
            out.append((area, d))
    return sorted(out, key=lambda x: (-x[1], x[0]))


def imperial_threat(s: S, area: str, moves: int = 1) -> float:
    """The Imperial attack that could reach ``area`` in ``moves`` moves."""
    g = geo(s.data)
    specs = s.data.counters
    dmap = g.bfs((area,), s.occupied(ORKS))
    total = 0.0
    for c in s.on_map(IMPERIUM):
        d = dmap.get(s.location(c))
        if d is not None and d - 1 <= moves * specs[c].movement:
            total += specs[c].attack
    return total


def imperial_reach(s: S) -> frozenset[str]:
    """Areas some Imperial counter could enter in its next move (stops ignored)."""
    g = geo(s.data)
    orks = s.occupied(ORKS)
    by_move: dict[int, list[str]] = {}
    for c in s.on_map(IMPERIUM):
        m = s.data.counters[c].movement
        if m > 0:
            by_move.setdefault(m, []).append(s.location(c))
    out: set[str] = set()
    for m, starts in by_move.items():
        out.update(a for a, d in g.bfs(starts, orks).items() if 0 < d <= m)
    return frozenset(out)


def risk(s: S, area: str, dfn: int) -> float:
    """Chance that an Ork stack of defence ``dfn`` in ``area`` is destroyed by the Imperial
    counters that could close in on it in one move: a DE, or a retreat with nowhere to go."""
    g = geo(s.data)
    att = imperial_threat(s, area, 1)
    if att <= 0:
        return 0.0
    imperial = s.occupied(IMPERIUM)
    exits = sum(1 for n in g.nbrs[area] if n not in imperial)
    col = odds_column(s, int(att), max(1, dfn))
    values = {"DE": 1.0}
    if exits <= 1:
        doom = 1.0 if exits == 0 else 0.5
        values.update({"DR": doom, "EX": doom})
    return expected(s, col, g.defmod[area], values, False)
