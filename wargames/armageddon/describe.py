"""Readable summaries of Battle for Armageddon states, for logs, the CLI and notebooks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon.data import IMPERIUM, ORKS

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

SEGMENTS = ("strategy", "first action", "second action", "third action", "fourth action", "victory")


def where_we_are(s: S) -> str:
    """``"turn 2, second action segment (imperium: movement)"``."""
    seg = SEGMENTS[s.segment] + " segment"
    if s.turn == 1 and s.segment == 0 and s.tasks and type(s.top).__name__ == "DeployOrks":
        return "set-up: Ork deployment"
    extra = f" ({s.acting}: {s.phase})" if s.acting and s.phase else ""
    return f"turn {s.turn}, {seg}{extra}"


def stack_text(s: S, area: str, side: str) -> str:
    names = []
    for c in s.stack(area, side):
        spec = s.spec(c)
        names.append(f"{spec.name} {spec.attack}-{spec.defence}-{spec.movement}")
    return ", ".join(names)


def summary(s: S) -> str:
    """A few lines: where in the sequence, the hives, the stacks, whose decision."""
    if s.result is not None:
        return f"Battle for Armageddon, game over after turn {s.turn}: {s.result}"
    lines = [f"Battle for Armageddon — {where_we_are(s)}; build points {s.build_points}"]
    hives = []
    for h in s.hives():
        state = "captured" if s.hive_captured(h) else "ruined" if h in s.ruined else "intact"
        hives.append(f"{s.spec(h).name.replace(' Hive', '')}: {state}")
    lines.append("hives: " + "; ".join(hives))
    for area in s.data.board.ids:
        for side in (ORKS, IMPERIUM):
            units = s.units(area, side)
            if units:
                lines.append(f"  {area:4s} {side:8s} {stack_text(s, area, side)}")
    if s.tasks:
        lines.append(f"to decide: {s.current_player} — {s.top.describe(s)}")
    return "\n".join(lines)
