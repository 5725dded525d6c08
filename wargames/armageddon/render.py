"""SVG drawing of the Armageddon Secundus map: areas by terrain, rivers, hives and factories
(intact or smoking ruins), and every stack with its counters' attack-defence-movement."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.describe import where_we_are
from wargames.core.engine import GameState
from wargames.core.views import PUBLIC, viewer_of
from wargames.drawing.svg import Svg

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

W, H = 132.0, 96.0  # one area's cell
MARGIN = 10.0
LEGEND = 46.0

TERRAIN_FILL = {
    "open": "#e8e0c8",
    "ash-waste": "#c9b79c",
    "jungle": "#9cc08a",
    "industrial": "#b8b8c8",
    "mountain": "#8a7f72",
    "sea": "#9cc3e0",
}
SIDE_FILL = {ORKS: "#4f8a3c", IMPERIUM: "#3d5fa8"}
TRIBE_BAND = {"goff": "#222222", "bad-moon": "#e0c020", "evil-sunz": "#c03020"}


def _cell(s: S, area: str) -> tuple[float, float]:
    x, y = s.data.board[area].pos
    return MARGIN + x * W, MARGIN + LEGEND + y * H


def render_svg(s: S, player: str | None = None) -> str:
    """The map as an SVG string (``player``: whose view; the map itself hides nothing)."""
    board = s.data.board
    cols = max(a.pos[0] for a in board.areas.values()) + 1
    rows = max(a.pos[1] for a in board.areas.values()) + 1
    svg = Svg(
        2 * MARGIN + cols * W,
        2 * MARGIN + LEGEND + rows * H,
        title=f"Battle for Armageddon — {where_we_are(s)}",
    )
    _legend(svg, s, player if player is not None else viewer_of(s))
    for area in board.ids:
        _area(svg, s, area)
    for a, b in board.graph.edges:
        if board.crosses(a, b, "river"):
            _river(svg, s, a, b)
    for area in board.ids:
        _stacks(svg, s, area)
    return str(svg)


def render(state: GameState, player: str | None = None) -> str:
    """The registry hook: :func:`render_svg` for a Battle for Armageddon state."""
    from wargames.armageddon.state import ArmageddonState

    if not isinstance(state, ArmageddonState):
        raise TypeError(f"not a Battle for Armageddon state: {type(state).__name__}")
    return render_svg(state, player)


def stage(state: GameState) -> str:
    """Where the campaign stands, for the one-line repr: ``"turn 2, second action segment
    (orks: movement)"``."""
    from wargames.armageddon.state import ArmageddonState

    if not isinstance(state, ArmageddonState):
        raise TypeError(f"not a Battle for Armageddon state: {type(state).__name__}")
    return where_we_are(state)


def _legend(svg: Svg, s: S, player: str | None) -> None:
    title = f"Battle for Armageddon — {where_we_are(s)} — build points {s.build_points}"
    if s.result is not None:
        title = f"Battle for Armageddon — {s.result}"
    svg.text(MARGIN, MARGIN + 16, title, font_size=15, font_weight="bold")
    cards = "  ".join(f"{side}: {len(s.hand(side))} special card(s)" for side in (ORKS, IMPERIUM))
    seen = "  (public view)" if player == PUBLIC else f"  (as {player} sees it)" if player else ""
    svg.text(MARGIN, MARGIN + 34, cards + seen, font_size=11)


def _area(svg: Svg, s: S, area: str) -> None:
    spec = s.data.board[area]
    x, y = _cell(s, area)
    dashed = "ork-territory" in spec.tags
    svg.rect(
        x + 1,
        y + 1,
        W - 2,
        H - 2,
        fill=TERRAIN_FILL.get(spec.terrain, "#dddddd"),
        stroke="#555555",
        stroke_width=1,
        stroke_dasharray="5,3" if dashed else "none",
    )
    svg.text(x + 4, y + 12, f"{spec.id} {spec.name}"[:26], font_size=9, fill="#222222")
    marks = []
    for c in s.structures(area):
        kind = s.spec(c).kind
        if kind in ("hive", "factory"):
            ruined = c in s.ruined
            marks.append(f"{kind}{' (ruins)' if ruined else ''} {s.spec(c).defence}")
    if "imperial-supply" in spec.tags or "ork-supply" in spec.tags:
        marks.append("supply")
    if marks:
        svg.text(x + 4, y + 23, ", ".join(marks), font_size=8, fill="#5a1010")


def _river(svg: Svg, s: S, a: str, b: str) -> None:
    (xa, ya), (xb, yb) = _cell(s, a), _cell(s, b)
    if ya == yb:
        xe = max(xa, xb)
        svg.line(xe, ya + 4, xe, ya + H - 4, stroke="#2060d0", stroke_width=5)
    else:
        top = max(ya, yb)
        left, right = max(xa, xb), min(xa, xb) + W
        svg.line(left + 4, top, right - 4, top, stroke="#2060d0", stroke_width=5)


def _stacks(svg: Svg, s: S, area: str) -> None:
    x, y = _cell(s, area)
    row = 0
    for side in (ORKS, IMPERIUM):
        units = s.units(area, side)
        extras = [c for c in s.stack(area, side) if s.spec(c).kind == "fortification"]
        for i, c in enumerate((*units, *extras)):
            cx = x + 4 + (i % 4) * 31
            cy = y + 28 + (row + i // 4) * 22
            _counter(svg, s, c, cx, cy)
        if units or extras:
            row += 1 + (len(units) + len(extras) - 1) // 4


def _counter(svg: Svg, s: S, counter: str, x: float, y: float) -> None:
    spec = s.spec(counter)
    svg.rect(x, y, 29, 20, fill=SIDE_FILL[spec.side], stroke="#111111", stroke_width=0.8, rx=2)
    if spec.tribe:
        svg.rect(x, y + 8, 29, 4, fill=TRIBE_BAND.get(spec.tribe, "#888888"))
    label = "".join(w[0] for w in spec.name.split()[:2]).upper()
    svg.text(x + 2, y + 7, label, font_size=6, fill="#ffffff")
    svg.text(
        x + 2, y + 19, f"{spec.attack}-{spec.defence}-{spec.movement}", font_size=7, fill="#ffffff"
    )
