"""The reference sheet as Markdown tables, generated from the data files (for the docs page
and notebooks), each row with its provenance."""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from wargames.armageddon.data import ArmageddonData, default_data
from wargames.armageddon.scenario import load_setup
from wargames.armageddon.sequence import SEQUENCE


def _table(head: list[str], rows: Sequence[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def sequence_markdown() -> str:
    """The declared sequence of play (:data:`wargames.armageddon.sequence.SEQUENCE`)."""
    return SEQUENCE.markdown()


def crt_markdown(data: ArmageddonData | None = None) -> str:
    """The Combat Results Table: one row per die roll, one column per odds."""
    crt = (data or default_data()).crt
    head = ["die", *(str(c) for c in crt.columns)]
    rows = [[roll, *(col[roll - 1] for col in crt.cells)] for roll in range(1, crt.die_sides + 1)]
    codes = _table(["result", "meaning"], [[k, v] for k, v in crt.results.items()])
    return (
        _table(head, rows) + f"\nProvenance: **{crt.provenance}** (the two cells of the "
        "rulebook's example, 4-1 with a 2 = EX and with a 6 = DE, are the rulebook's).\n\n" + codes
    )


def terrain_markdown(data: ArmageddonData | None = None) -> str:
    """The Terrain Effects Chart."""
    rows = []
    for t in (data or default_data()).terrain.values():
        stops = ", ".join(sorted(t.stops)) or "—"
        rows.append(
            [
                t.name,
                "yes" if t.enterable else "no",
                stops,
                "blocks" if t.blocks_supply or not t.enterable else "traces",
                f"{t.defender_modifier:+d}" if t.defender_modifier else "—",
                t.provenance,
            ]
        )
    return _table(
        ["terrain", "enter", "must stop", "supply", "attack die vs a stack here", "provenance"],
        rows,
    )


def counters_markdown(data: ArmageddonData | None = None) -> str:
    """The counter manifest, identical counters grouped."""
    data = data or default_data()
    groups: Counter[tuple[str, str, str, str, bool, str]] = Counter()
    for spec in data.counters.values():
        adm = f"{spec.attack}-{spec.defence}-{spec.movement}"
        groups[(spec.side, spec.kind, spec.tribe or "—", adm, spec.exempt, spec.provenance)] += 1
    rows = [
        [side, kind, tribe, adm, n, "yes" if exempt else "", prov]
        for (side, kind, tribe, adm, exempt, prov), n in sorted(groups.items())
    ]
    return (
        _table(["side", "kind", "tribe", "A-D-M", "counters", "stack-exempt", "provenance"], rows)
        + f"\n{len(data.counters)} counters in all.\n"
    )


def costs_markdown(data: ArmageddonData | None = None) -> str:
    """Build costs and production-track spaces."""
    rows = [
        [c.kind, c.cost, c.space, c.provenance] for c in (data or default_data()).costs.values()
    ]
    return _table(["kind", "build points", "track space (steps to 'ready')", "provenance"], rows)


def cards_markdown(data: ArmageddonData | None = None) -> str:
    """Strategy and special cards."""
    data = data or default_data()
    strategy = _table(
        ["card", "side", "first phase", "second phase", "provenance"],
        [[c.id, c.side, *c.phases, c.provenance] for c in data.strategy.values()],
    )
    special = _table(
        ["card", "side", "effect", "provenance"],
        [[c.name, c.side, c.text, c.provenance] for c in data.special.values()],
    )
    return strategy + "\n" + special


def setup_markdown(scenario: str = "campaign", data: ArmageddonData | None = None) -> str:
    """The Imperial set-up and the arrivals of a scenario."""
    data = data or default_data()
    setup = load_setup(scenario, data)
    rows = [
        [area, ", ".join(data.counters[c].name for c in cs)] for area, cs in setup.imperial.items()
    ]
    arrivals = "; ".join(
        f"turn {t}: " + ", ".join(data.counters[c].name for c in cs)
        for t, cs in setup.reinforcements.items()
    )
    return (
        _table(["area", "Imperial counters"], rows)
        + f"\nArriving: {arrivals or 'none'}. Ork deployment areas: "
        + ", ".join(setup.ork_areas)
        + f". Provenance: **{setup.provenance}**.\n"
    )


TABLES = {
    "sequence": sequence_markdown,
    "crt": crt_markdown,
    "terrain": terrain_markdown,
    "counters": counters_markdown,
    "costs": costs_markdown,
    "cards": cards_markdown,
    "setup": setup_markdown,
}
"""Every table by name, for ``<!-- armageddon:NAME -->`` markers in the docs."""
