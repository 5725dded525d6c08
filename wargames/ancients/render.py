"""SVG drawing of a Commands & Colors: Ancients battlefield as one player sees it.

:func:`render_svg` draws ``state.view(player)``: the player's own hand by card name, the other
hand only as a count of backs and the draw pile as a count (CCB-HAND-01, CCB-TURN-02), so
nothing hidden from him reaches the drawing. The board is turned so that the player's own
baseline is at the bottom (the top player sees it upside down, as from his side of the table);
with no player the whole state is drawn from the bottom player's seat.

Drawn: every hex of the board (13x9, or 26x9 for the Epic and 'Armageddon' layouts) coloured
by its terrain, with ramparts on their hexsides; the section lines (CCB-BOARD-04 to -08) as
dashed lines with the section names from the viewer's seat; objectives; units as blocks in
their side's colour with the type code, the class symbol (green circle light, blue triangle
medium, red square heavy, CCB-UNITS-04 to -07) and the blocks left as pips; leaders as
discs with their initials (attached ones at the corner of their unit's block). A panel
below: the turn, the side to play, the card played, banners won against the target, each
hand.
"""

from __future__ import annotations

import math

from wargames.ancients.board import Board
from wargames.ancients.state import BACK, SIDES, AncientsState
from wargames.core.engine import GameState, Player
from wargames.core.grids import grid_coords, hex_doubled_x
from wargames.core.views import PUBLIC, viewer_of
from wargames.drawing.svg import Svg

R = 30.0
"""A hex's radius (centre to corner); the hexes are pointy-topped."""
W = math.sqrt(3) * R
MARGIN = 26.0
HEADER = 44.0
PANEL = 150.0

TERRAIN_FILL = {
    "clear": "#dfe8c0",
    "broken": "#c9b48a",
    "forest": "#5f9150",
    "hill": "#c6a86a",
    "seacoast": "#9cc9e0",
    "river": "#6aa8d8",
    "fordable-river": "#9cc5e6",
    "fortified-camp": "#b7a28f",
    "bridge": "#a08060",
    "scalable-wall": "#9a9a9a",
    "fortified-wall": "#6f6f6f",
    "marsh": "#8fb9a0",
}
SIDE_FILL = {"bottom": "#b8322f", "top": "#2f5fa8"}
SIDE_WORD = {"bottom": "bottom", "top": "top"}
CLASS_FILL = {"light": "#2e9a45", "medium": "#2f6fd0", "heavy": "#cc2a2a"}


def render(state: GameState, player: Player | None = None) -> str:
    """The registry hook: :func:`render_svg` for an Ancients state."""
    if not isinstance(state, AncientsState):
        raise TypeError(f"not a Commands & Colors: Ancients state: {type(state).__name__}")
    return render_svg(state, player)


def render_svg(state: AncientsState, player: Player | None = None) -> str:
    """The battlefield as an SVG string, as ``player`` sees it (``None``: the state as it is,
    everything, from the bottom player's seat; a player's view from his seat, the public
    view from the bottom)."""
    s = state if player is None else state.view(player)
    seen_by = player if player is not None else viewer_of(state)
    seat = "bottom" if seen_by in (None, PUBLIC) else str(seen_by).split("/", 1)[0]
    board = s.scenario.board
    layout = _Layout(board, flipped=seat == "top")
    svg = Svg(layout.width, layout.height + PANEL, title=_title(s, seen_by))
    svg.rect(0, 0, svg.width, svg.height, fill="#f4efe2")
    _header(svg, s, seen_by)
    _hexes(svg, s, layout)
    _sections(svg, board, layout, seat)
    _objectives(svg, s, layout)
    _pieces(svg, s, layout)
    _panel(svg, s, player, layout)
    return str(svg)


class _Layout:
    """Pixel centres of the hexes, turned for the viewer's seat."""

    def __init__(self, board: Board, flipped: bool) -> None:
        self.board = board
        self.flipped = flipped
        self.rows = board.layout.rows
        self.max_x = board.layout.max_x
        self.width = 2 * MARGIN + (self.max_x + 2) * W / 2
        self.height = HEADER + 2 * MARGIN + 2 * R + (self.rows - 1) * 1.5 * R

    def x_of(self, doubled: float) -> float:
        if self.flipped:
            doubled = self.max_x - doubled
        return MARGIN + (doubled + 1) * W / 2

    def centre(self, hex_id: str) -> tuple[float, float]:
        _, row = grid_coords(hex_id)
        if self.flipped:
            row = self.rows + 1 - row
        return self.x_of(hex_doubled_x(hex_id)), HEADER + MARGIN + R + (row - 1) * 1.5 * R

    def corners(self, hex_id: str, scale: float = 1.0) -> list[tuple[float, float]]:
        cx, cy = self.centre(hex_id)
        r = R * scale
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in (30, 90, 150, 210, 270, 330)
        ]


def _title(s: AncientsState, player: Player | None) -> str:
    if player == PUBLIC:
        return f"{s.scenario.title}: turn {s.turn}, public view"
    who = "umpire" if player is None else player
    return f"{s.scenario.title}: turn {s.turn}, as {who} sees it"


def stage(state: GameState) -> str:
    """Where the battle stands, for the one-line repr: ``"turn 4, top: Battle"``."""
    if not isinstance(state, AncientsState):
        raise TypeError(f"not a Commands & Colors: Ancients state: {type(state).__name__}")
    from wargames.ancients.variant.sequence import sequence_of

    step = sequence_of(state).step_name(state) if state.tasks else None
    if state.turn == 0 or step is None:
        return f"turn {state.turn}" + (f", {step}" if step else "")
    return f"turn {state.turn}, {state.active}: {step}"


def _header(svg: Svg, s: AncientsState, player: Player | None) -> None:
    sc = s.scenario
    svg.rect(0, 0, svg.width, HEADER, fill="#3b3025")
    svg.text(MARGIN, 28, sc.title, fill="#f4efe2", font_size="19", font_weight="bold")
    who = "all" if player is None else "public view" if player == PUBLIC else f"{player}'s view"
    status = f"turn {s.turn} · {s.active} to play · {who}"
    if s.result is not None:
        status = f"game over: {s.result} · {who}"
    svg.text(svg.width - MARGIN, 28, status, fill="#f4efe2", font_size="13", text_anchor="end")


def _hexes(svg: Svg, s: AncientsState, layout: _Layout) -> None:
    board = layout.board
    for hex_id in board.ids:
        t = board.terrain(hex_id)
        svg.polygon(
            layout.corners(hex_id),
            fill=TERRAIN_FILL.get(t.id, "#dddddd"),
            stroke="#8a8570",
            stroke_width="1",
        )
        cx, cy = layout.centre(hex_id)
        svg.text(cx, cy - R * 0.62, hex_id, font_size="7", fill="#6b6650", text_anchor="middle")
        if t.id != "clear":
            svg.text(cx, cy + R * 0.72, t.name, font_size="6", fill="#3b3025", text_anchor="middle")
    for a in board.ids:
        for b in board.neighbours(a):
            if a < b and board.hexside(a, b):
                _hexside(svg, layout, a, b, "#5a3a1a")


def _hexside(svg: Svg, layout: _Layout, a: str, b: str, colour: str) -> None:
    """A thick line along the edge between two adjacent hexes (a rampart)."""
    ax, ay = layout.centre(a)
    bx, by = layout.centre(b)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    dx, dy = bx - ax, by - ay
    length = math.hypot(dx, dy)
    px, py = -dy / length * R / 2, dx / length * R / 2
    svg.line(mx - px, my - py, mx + px, my + py, stroke=colour, stroke_width="5")


def _sections(svg: Svg, board: Board, layout: _Layout, seat: str) -> None:
    top = HEADER + MARGIN - 6
    bottom = layout.height - MARGIN + 6
    zones = board.layout.sections
    for zone in zones:
        if zone.x_min is not None:
            x = layout.x_of(zone.x_min)
            svg.line(x, top, x, bottom, stroke="#7a1f1f", stroke_width="2", stroke_dasharray="7 5")
    for zone in zones:
        lo = 0 if zone.x_min is None else zone.x_min
        hi = layout.max_x if zone.x_max is None else zone.x_max
        name = zone.name if seat == "bottom" else zone.mirror
        svg.text(
            layout.x_of((lo + hi) / 2),
            bottom + 12,
            name,
            font_size="11",
            fill="#7a1f1f",
            text_anchor="middle",
            font_style="italic",
        )


def _objectives(svg: Svg, s: AncientsState, layout: _Layout) -> None:
    for i, objective in enumerate(s.scenario.objectives):
        cx, cy = layout.centre(objective.hex)
        holder = s.held[i] if i < len(s.held) else ""
        svg.add(
            "circle",
            cx=f"{cx:.1f}",
            cy=f"{cy:.1f}",
            r=f"{R * 0.8:.1f}",
            fill="none",
            stroke=SIDE_FILL.get(holder, "#e0b000"),
            stroke_width="3",
            stroke_dasharray="4 3",
        )


def _initials(name: str) -> str:
    return name[:3]


def _pieces(svg: Svg, s: AncientsState, layout: _Layout) -> None:
    sc = s.scenario
    for side in SIDES:
        for unit in s.units_of(side):
            hex_id = s.where[unit]
            cx, cy = layout.centre(hex_id)
            kind = s.kind(unit)
            w, h = R * 1.15, R * 0.95
            x0, y0 = cx - w / 2, cy - h / 2
            svg.add(
                "rect",
                x=f"{x0:.1f}",
                y=f"{y0:.1f}",
                width=f"{w:.1f}",
                height=f"{h:.1f}",
                rx="3",
                fill=SIDE_FILL[side],
                stroke="#ffffff" if kind.white_border else "#1c1c1c",
                stroke_width="2",
                class_="unit",
            )
            _class_symbol(svg, kind.unit_class, x0 + 7, y0 + 7)
            svg.text(
                cx + 3,
                cy + 2,
                kind.code,
                font_size="11",
                font_weight="bold",
                fill="#ffffff",
                text_anchor="middle",
            )
            blocks, full = s.blocks[unit], sc.full(unit)
            pip = 5.0
            start = cx - (full * (pip + 2) - 2) / 2
            for k in range(full):
                svg.rect(
                    start + k * (pip + 2),
                    y0 + h - pip - 3,
                    pip,
                    pip,
                    fill="#ffffff" if k < blocks else "none",
                    stroke="#ffffff",
                    stroke_width="0.8",
                )
            if s.card is not None and unit in s.ordered:
                svg.polygon(
                    [(x0 + w - 9, y0), (x0 + w, y0), (x0 + w, y0 + 9)],
                    fill="#ffd34d",
                )
        for leader in s.leaders_of(side):
            cx, cy = layout.centre(s.where[leader])
            if not s.lone(leader):
                cx, cy = cx + R * 0.55, cy - R * 0.45
            svg.add(
                "circle",
                cx=f"{cx:.1f}",
                cy=f"{cy:.1f}",
                r="10.5",
                fill="#f2d36b",
                stroke=SIDE_FILL[side],
                stroke_width="3",
                class_="leader",
            )
            svg.text(
                cx,
                cy + 3.5,
                _initials(sc.names[leader]),
                font_size="7.5",
                font_weight="bold",
                fill="#1c1c1c",
                text_anchor="middle",
            )


def _class_symbol(svg: Svg, unit_class: str, x: float, y: float) -> None:
    fill = CLASS_FILL.get(unit_class, "#888888")
    if unit_class == "light":
        svg.add("circle", cx=f"{x:.1f}", cy=f"{y:.1f}", r="4", fill=fill, stroke="#ffffff")
    elif unit_class == "medium":
        svg.polygon([(x, y - 4.5), (x + 4.5, y + 3.5), (x - 4.5, y + 3.5)], fill=fill)
    else:
        svg.rect(x - 4, y - 4, 8, 8, fill=fill, stroke="#ffffff", stroke_width="0.8")


def _panel(svg: Svg, s: AncientsState, player: Player | None, layout: _Layout) -> None:
    sc = s.scenario
    top = layout.height + 8
    svg.rect(MARGIN / 2, top, svg.width - MARGIN, PANEL - 16, fill="#ebe3cf", stroke="#8a8570")
    played = "none" if s.card is None else sc.cards[s.card].name
    svg.text(MARGIN, top + 20, f"Card played: {played}", font_size="13", font_weight="bold")
    mine = None if player is None else player.split("/", 1)[0]
    y = top + 40
    for i, side in enumerate(SIDES):
        hand = s.hands[i]
        if (mine is None or side == mine) and BACK not in hand.cards:  # a seat may not see it
            cards = ", ".join(sc.cards[c].name for c in hand.cards) or "no cards"
        else:
            cards = f"{len(hand)} cards (hidden)"
        svg.rect(MARGIN, y - 10, 12, 12, fill=SIDE_FILL[side])
        svg.text(
            MARGIN + 18,
            y,
            f"{side} ({sc.army[i]}): banners {s.banners[i]}/{sc.target[i]}",
            font_size="11.5",
            font_weight="bold",
        )
        svg.text(MARGIN + 18, y + 14, f"hand: {cards}", font_size="10")
        y += 32
    svg.text(
        MARGIN,
        y,
        f"draw pile: {len(s.deck.draw)} cards · discards: {len(s.deck.discards)}",
        font_size="10",
        fill="#555555",
    )


__all__ = ["render", "render_svg", "stage"]
