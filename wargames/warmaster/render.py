"""SVG drawing of the *Vengeful Spirit* as one player sees it.

:func:`render_svg` draws ``state.view(player)``: the Imperial player sees face-down Traitor
counters only as Eye backs and the cup only as a count (WM-HIDDEN-01, WM-REINF-07), so nothing
hidden from him reaches the drawing; the Traitor sees everything, his face-down counters drawn
with a dashed edge and an eye. With no player the whole state is drawn (face-down counters
marked the same way).

The ship: every area of ``data/map.toml`` as a box at its ``pos`` (stern left, prow right, port
side up), its section's colour on its header, the corridors between adjacent areas, the
Bridge, Lupercal's Sanctum, the Defensive Screens, the reactors, the Teleportarium and the
hull areas marked, destroyed areas hatched. Below the ship: the turn and phase, who is to act,
Bridge control, the Defensive Screens and laser hits, the cup, the counters waiting to
teleport, in reserve, in the warp and dead, and a key to the counters drawn.
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import combinations

from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.errors import WargamesError
from wargames.core.views import PUBLIC, viewer_of
from wargames.drawing.svg import Svg, escape
from wargames.warmaster.data import IMPERIAL, SIDES, TRAITOR, UnitSpec
from wargames.warmaster.state import (
    DEAD,
    POOL,
    RESERVE,
    UNPLACED,
    WARP,
    WarmasterState,
)

BOX_W, BOX_H = 156.0, 98.0  # one area
GAP = 14.0  # at least this much between two areas' boxes
MARGIN = 24.0
HEADER = 58.0  # the title band above the ship
CHIP_W, CHIP_H = 44.0, 27.0  # one counter
PANEL_ROW = 34.0

HULL_FILL = "#1e2330"
CORRIDOR = "#7d8699"
AREA_FILL = "#ece6d6"
SECTION_FILL = {
    1: "#7fa7d6",
    2: "#d8ad55",
    3: "#86c08a",
    4: "#b795d3",
    5: "#d98383",
    6: "#74c4c0",
}
SIDE_FILL = {IMPERIAL: "#d9a91a", TRAITOR: "#2e6d5b"}
SIDE_TEXT = {IMPERIAL: "#231a00", TRAITOR: "#ffffff"}
SIDE_WORD = {IMPERIAL: "Imperial", TRAITOR: "Traitor"}
SIDE_LIGHT = {IMPERIAL: "#f2c94c", TRAITOR: "#6fd3b3"}  # on the dark header
BACK_FILL = "#3a2a2a"
EYE = "#f0a030"
# Special areas: (tag, badge, edge colour), the first tag found wins.
SPECIAL = (
    ("bridge", "BRIDGE", "#f2c230"),
    ("sanctum", "SANCTUM", "#c03a3a"),
    ("defensive-screens", "SCREENS", "#38b6e8"),
    ("reactor", "REACTOR", "#ff7a1a"),
    ("teleportarium", "TELEPORT", "#b36ef0"),
    ("hull", "HULL", "#8c93a3"),
)


def render(state: GameState, player: Player | None = None) -> str:
    """The registry hook: :func:`render_svg` for a Warmaster state."""
    if not isinstance(state, WarmasterState):
        raise TypeError(f"not a Warmaster state: {type(state).__name__}")
    return render_svg(state, player)


def render_svg(state: WarmasterState, player: Player | None = None) -> str:
    """The ship as an SVG string, as ``player`` sees it (``None``: the state as it is,
    everything; a view, such as the public view, is labelled as its viewer's)."""
    acting = _acting(state)
    s = state if player is None else state.view(player)
    seen_by = player if player is not None else viewer_of(state)
    layout = _Layout.of(s)
    panel = _panel_height(s, layout.width)
    svg = Svg(layout.width, layout.map_bottom + panel + MARGIN, title=_title(s, seen_by))
    svg.parts.append(_DEFS)
    svg.rect(0, 0, layout.width, svg.height, fill="#f7f4ec")
    _header(svg, s, seen_by, acting, layout.width)
    _hull(svg, layout)
    _corridors(svg, s, layout)
    for area in s.data.board.ids:
        _area(svg, s, area, layout, player)
    shown = _panel(svg, s, layout, player)
    _key(svg, s, shown | _on_ship(s), layout.width, svg.height - MARGIN)
    return str(svg)


# -- layout ------------------------------------------------------------------------------------


class _Layout:
    """Where each area's box goes: the map's ``pos`` scaled so that no two boxes overlap."""

    def __init__(self, corners: dict[str, tuple[float, float]], width: float, bottom: float):
        self.corners = corners
        self.width = width
        self.map_bottom = bottom

    def centre(self, area: str) -> tuple[float, float]:
        x, y = self.corners[area]
        return x + BOX_W / 2, y + BOX_H / 2

    @classmethod
    def of(cls, s: WarmasterState) -> _Layout:
        pos = {a: s.data.areas[a].pos for a in s.data.board.ids}
        sx, sy = _scales(list(pos.values()))
        x0 = min(x for x, _ in pos.values())
        y0 = min(y for _, y in pos.values())
        left, top = MARGIN + 18.0, HEADER + MARGIN + 10.0
        corners = {a: (left + (x - x0) * sx, top + (y - y0) * sy) for a, (x, y) in pos.items()}
        right = max(x for x, _ in corners.values()) + BOX_W + 56.0  # room for the prow
        bottom = max(y for _, y in corners.values()) + BOX_H + 20.0
        return cls(corners, max(right + MARGIN, 980.0), bottom)


def _scales(points: list[tuple[float, float]]) -> tuple[float, float]:
    """Pixels per map unit across and down, as small as they can be with every pair of boxes
    apart by ``GAP`` across or down (each clash widens the axis that costs least)."""
    sx = sy = 40.0
    for _ in range(len(points) ** 2):
        clash = next(
            (
                (abs(xa - xb), abs(ya - yb))
                for (xa, ya), (xb, yb) in combinations(points, 2)
                if (xa, ya) != (xb, yb)
                and abs(xa - xb) * sx < BOX_W + GAP - 1e-9
                and abs(ya - yb) * sy < BOX_H + GAP - 1e-9
            ),
            None,
        )
        if clash is None:
            break
        dx, dy = clash
        need_x = (BOX_W + GAP) / dx if dx else float("inf")
        need_y = (BOX_H + GAP) / dy if dy else float("inf")
        if need_x / sx <= need_y / sy:
            sx = need_x
        else:
            sy = need_y
    return sx, sy


# -- the ship ----------------------------------------------------------------------------------

_DEFS = (
    "<defs>"
    '<pattern id="destroyed" width="10" height="10" patternUnits="userSpaceOnUse" '
    'patternTransform="rotate(45)">'
    '<rect width="10" height="10" fill="#4a4a4a"/>'
    '<line x1="0" y1="0" x2="0" y2="10" stroke="#8a8a8a" stroke-width="4"/>'
    "</pattern>"
    "</defs>"
)


HIDDEN_STEP = "?"
"""Who acts, for a view whose next step waits on what it hides (a player's view of the
Traitor's set-up): nobody the view can name."""


def _acting(state: WarmasterState) -> Player | None:
    try:
        return state.current_player
    except WargamesError:  # a view whose next step waits on what it hides
        return HIDDEN_STEP


def _title(s: WarmasterState, player: Player | None) -> str:
    return f"The Warmaster, turn {s.turn}, {s.phase} ({_seen(player, 'everything')})"


def _seen(player: Player | None, everything: str) -> str:
    """Whose view is drawn, in words."""
    if player is None:
        return everything
    if player == PUBLIC:
        return "public view: face-down counters as backs"
    return f"as the {SIDE_WORD.get(player, player)} player sees it"


def stage(state: GameState) -> str:
    """Where the game stands, for the one-line repr: ``"turn 2, traitor battle"``."""
    if not isinstance(state, WarmasterState):
        raise TypeError(f"not a Warmaster state: {type(state).__name__}")
    from wargames.warmaster.sequence import SEQUENCE

    names = {step.name.lower().replace(" ", "-"): step.name for step in SEQUENCE.walk()}
    phase = names.get(state.phase, state.phase)
    return phase if state.turn == 0 else f"turn {state.turn}, {phase}"


def _header(
    svg: Svg, s: WarmasterState, player: Player | None, acting: Player | None, width: float
) -> None:
    svg.rect(0, 0, width, HEADER, fill=HULL_FILL)
    svg.text(
        MARGIN,
        26,
        "The Warmaster: the Vengeful Spirit",
        font_size=18,
        font_weight="bold",
        fill="#f2e6c4",
    )
    turn = "" if s.turn == 0 else f"turn {s.turn}, "
    if s.result is not None:
        status = str(s.result)
    elif acting == CHANCE:
        status = "dice to roll"
    elif acting is None:
        status = "nobody to act"
    elif acting == HIDDEN_STEP:
        status = "a step this view hides"
    else:
        status = f"{SIDE_WORD.get(acting, acting)} player to act"
    svg.text(MARGIN, 46, f"{turn}{s.phase}: {status}", font_size=12, fill="#f2e6c4")
    seen = _seen(player, "umpire's view: everything")
    svg.text(width - MARGIN, 26, seen, font_size=12, fill="#f2e6c4", text_anchor="end")
    bridge = "destroyed" if s.data.bridge in s.destroyed else None
    holder = s.bridge
    text = f"Bridge: {bridge or (SIDE_WORD[holder] + ' control' if holder else 'nobody')}"
    svg.text(
        width - MARGIN,
        46,
        text,
        font_size=12,
        text_anchor="end",
        fill=SIDE_LIGHT[holder] if holder in SIDE_LIGHT and not bridge else "#f2e6c4",
        font_weight="bold",
    )


def _hull(svg: Svg, layout: _Layout) -> None:
    xs = [x for x, _ in layout.corners.values()]
    ys = [y for _, y in layout.corners.values()]
    left, right = min(xs) - 18, max(xs) + BOX_W + 14
    top, bottom = min(ys) - 14, max(ys) + BOX_H + 14
    mid = (top + bottom) / 2
    svg.polygon(
        [
            (left, top + 30),
            (left + 30, top),
            (right - 40, top),
            (right + 40, mid),
            (right - 40, bottom),
            (left + 30, bottom),
            (left, bottom - 30),
        ],
        fill=HULL_FILL,
        stroke="#0c0f16",
        stroke_width=3,
    )
    svg.text(
        left + 8,
        mid,
        "stern",
        font_size=10,
        fill="#6c7488",
        transform=f"rotate(-90 {left + 12:.1f} {mid:.1f})",
    )
    svg.text(right + 2, mid + 4, "prow", font_size=10, fill="#6c7488")


def _corridors(svg: Svg, s: WarmasterState, layout: _Layout) -> None:
    board = s.data.board
    for a, b in sorted(tuple(sorted(e)) for e in board.graph.edges):
        (xa, ya), (xb, yb) = layout.centre(a), layout.centre(b)
        gone = a in s.destroyed or b in s.destroyed
        svg.line(
            xa,
            ya,
            xb,
            yb,
            stroke="#4b5163" if gone else CORRIDOR,
            stroke_width=4,
            stroke_dasharray="6,5" if gone else "none",
            stroke_linecap="round",
        )


def _area(svg: Svg, s: WarmasterState, area: str, layout: _Layout, player: Player | None) -> None:
    spec = s.data.areas[area]
    x, y = layout.corners[area]
    tags = s.data.board[area].tags
    special = next(((badge, edge) for tag, badge, edge in SPECIAL if tag in tags), None)
    destroyed = area in s.destroyed
    css = "area destroyed" if destroyed else "area"
    _open(
        svg,
        f"{area} {spec.name}" + (" (destroyed)" if destroyed else ""),
        class_=css,
        data_area=area,
    )
    edge, width = ("#0c0f16", 1.5) if special is None else (special[1], 3.5)
    svg.rect(
        x,
        y,
        BOX_W,
        BOX_H,
        rx=6,
        fill="url(#destroyed)" if destroyed else AREA_FILL,
        stroke=edge,
        stroke_width=width,
    )
    band = SECTION_FILL.get(spec.section, "#bbbbbb")
    svg.rect(x + 1.5, y + 1.5, BOX_W - 3, 17, rx=5, fill=band)
    svg.text(x + 6, y + 14, area, font_size=11, font_weight="bold", fill="#111111")
    svg.text(x + 24, y + 14, _fit(spec.name, 21), font_size=10, fill="#111111")
    if special is not None:
        badge, colour = special
        ink = "#111111"
        if badge == "BRIDGE" and s.bridge in SIDE_FILL and not destroyed:
            colour, ink = SIDE_FILL[s.bridge], SIDE_TEXT[s.bridge]
            badge = f"BRIDGE: {SIDE_WORD[s.bridge].upper()}"
        w = 7.0 + 5.6 * len(badge)
        svg.rect(x + BOX_W - w - 4, y + BOX_H - 15, w, 12, rx=3, fill=colour)
        svg.text(
            x + BOX_W - w / 2 - 4,
            y + BOX_H - 6,
            badge,
            font_size=8,
            font_weight="bold",
            fill=ink,
            text_anchor="middle",
        )
    if destroyed:
        svg.text(
            x + BOX_W / 2,
            y + 56,
            "DESTROYED",
            font_size=15,
            font_weight="bold",
            fill="#f0f0f0",
            text_anchor="middle",
            letter_spacing="2",
        )
    rows = (
        (IMPERIAL, [(c, False) for c in s.units(area, IMPERIAL)]),
        (TRAITOR, [(c, c in s.face_down) for c in s.units(area, TRAITOR)]),
    )
    for row, (side, counters) in enumerate(rows):
        backs = s.backs.count(area) if side == TRAITOR else 0
        n = len(counters) + backs
        if not n:
            continue
        w = min(CHIP_W, (BOX_W - 10 - 3 * (n - 1)) / n)
        cy = y + 22 + row * (CHIP_H + 4)
        for i, (c, down) in enumerate(counters):
            _chip(svg, s, c, x + 5 + i * (w + 3), cy, w, face_down=down)
        for i in range(len(counters), n):
            _back(svg, x + 5 + i * (w + 3), cy, w)
    _close(svg)


def _fit(text: str, n: int) -> str:
    return text if len(text) <= n else text[: n - 1].rstrip() + "…"


def label(spec: UnitSpec) -> str:
    """A counter's short label: one word up to 7 letters, else the words' initials."""
    words = [w for w in spec.name.split() if w.lower() not in ("the", "of", "and")]
    if len(words) == 1:
        return words[0][:7]
    return "".join(w[0] for w in words).upper()


def _chip(
    svg: Svg,
    s: WarmasterState,
    counter: str,
    x: float,
    y: float,
    w: float = CHIP_W,
    face_down: bool = False,
) -> None:
    spec = s.spec(counter)
    tip = f"{spec} [{counter}]" + (", face down" if face_down else "")
    if spec.has_reroll:
        tip += ", re-roll"
    css = "counter face-down" if face_down else "counter"
    _open(svg, tip, class_=css, data_counter=counter)
    fill, ink = SIDE_FILL[spec.side], SIDE_TEXT[spec.side]
    edge = "#c01010" if spec.reroll == "supreme" else "#f0e0a0" if spec.has_reroll else "#111111"
    svg.rect(
        x,
        y,
        w,
        CHIP_H,
        rx=3,
        fill=fill,
        stroke=edge,
        stroke_width=2.2 if spec.has_reroll else 0.8,
        opacity=0.8 if face_down else 1,
    )
    if face_down:
        svg.rect(
            x + 2,
            y + 2,
            w - 4,
            CHIP_H - 4,
            rx=2,
            fill="none",
            stroke="#ffffff",
            stroke_width=1,
            stroke_dasharray="3,2",
        )
        _eye(svg, x + w - 8, y + CHIP_H - 8, 0.5)
    size = 8 if w >= 40 else 6.5
    svg.text(
        x + 3,
        y + 11,
        _fit(label(spec), max(2, int(w / 5.6))),
        font_size=size,
        font_weight="bold",
        fill=ink,
    )
    if spec.fights:
        svg.text(x + 3, y + 23, f"{spec.attack}-{spec.defence}", font_size=size, fill=ink)
    _close(svg)


def _back(svg: Svg, x: float, y: float, w: float = CHIP_W) -> None:
    """An unidentified face-down Traitor counter: its Eye back."""
    _open(svg, "face-down Traitor counter", class_="counter back")
    svg.rect(x, y, w, CHIP_H, rx=3, fill=BACK_FILL, stroke="#111111", stroke_width=0.8)
    _eye(svg, x + w / 2, y + CHIP_H / 2, 1.0)
    _close(svg)


def _eye(svg: Svg, cx: float, cy: float, k: float) -> None:
    svg.add(
        "ellipse",
        cx=f"{cx:.1f}",
        cy=f"{cy:.1f}",
        rx=f"{11 * k:.1f}",
        ry=f"{6 * k:.1f}",
        fill="#f6e7c0",
        stroke=EYE,
        stroke_width=f"{1.5 * k:.1f}",
    )
    svg.add("circle", cx=f"{cx:.1f}", cy=f"{cy:.1f}", r=f"{3.6 * k:.1f}", fill=EYE)
    svg.add("circle", cx=f"{cx:.1f}", cy=f"{cy:.1f}", r=f"{1.6 * k:.1f}", fill="#111111")


def _open(svg: Svg, title: str, **attrs: object) -> None:
    attr = " ".join(f'{k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    svg.parts.append(f"<g {attr}><title>{escape(title)}</title>")


def _close(svg: Svg) -> None:
    svg.parts.append("</g>")


# -- the boxes off the ship --------------------------------------------------------------------


def _boxes(s: WarmasterState) -> list[tuple[str, list[str]]]:
    """The off-ship boxes with counters to draw, in order."""
    pool = list(s.in_box(POOL))
    grouped = [c for g in s.groups for c in g if c in pool]
    pool = grouped + [c for c in pool if c not in grouped]
    dead = s.in_box(DEAD)
    return [
        (label, list(counters))
        for label, counters in (
            ("To teleport", pool),
            ("In the warp", s.in_box(WARP)),
            ("Reserve", s.in_box(RESERVE)),
            ("Dead, Imperial", [c for c in dead if s.spec(c).side == IMPERIAL]),
            ("Dead, Traitor", [c for c in dead if s.spec(c).side == TRAITOR]),
        )
        if counters
    ]


def _per_row(width: float) -> int:
    return max(1, int((width - 2 * MARGIN - 120) // (CHIP_W + 3)))


def _panel_height(s: WarmasterState, width: float) -> float:
    rows = sum(-(-len(c) // _per_row(width)) for _, c in _boxes(s))
    kinds = len(
        _types(
            s,
            set(s.in_box(POOL))
            | set(s.in_box(WARP))
            | set(s.in_box(RESERVE))
            | set(s.in_box(DEAD))
            | _on_ship(s),
        )
    )
    key_rows = -(-kinds // 4) if kinds else 0
    return 40 + rows * PANEL_ROW + 26 + key_rows * 16


def _panel(svg: Svg, s: WarmasterState, layout: _Layout, player: Player | None) -> set[str]:
    """Status lines and the off-ship boxes; returns the counters drawn."""
    y = layout.map_bottom + 8
    hidden_cup = len(s.cup)
    facts = [f"Cup: {hidden_cup} counter{'s' if hidden_cup != 1 else ''} (skull backs)"]
    unplaced = s.backs.count(UNPLACED) + len(s.in_box(UNPLACED))
    if unplaced:
        facts.append(f"not yet set up: {unplaced} eye-backed counter{'s' if unplaced != 1 else ''}")
    down = len([a for a in s.backs if a in s.data.board]) + len(
        [c for c in s.face_down if s.aboard(c)]
    )
    facts.append(f"face down on the ship: {down}")
    facts.append(f"Imperial units aboard: {len(s.aboard_units(IMPERIAL))}")
    if s.screens is not None:
        facts.append(f"Defensive Screens taken on turn {s.screens}")
    if s.laser_hits:
        facts.append(f"laser hits: {s.laser_hits}")
    if s.destroyed:
        facts.append(f"destroyed: {', '.join(sorted(s.destroyed))}")
    svg.text(MARGIN, y + 14, ";   ".join(facts), font_size=12, fill="#222222")
    y += 28
    shown: set[str] = set()
    per_row = _per_row(layout.width)
    for title, counters in _boxes(s):
        svg.text(MARGIN, y + 18, title, font_size=11, font_weight="bold", fill="#333333")
        for i, c in enumerate(counters):
            row, col = divmod(i, per_row)
            _chip(svg, s, c, MARGIN + 120 + col * (CHIP_W + 3), y + 2 + row * PANEL_ROW)
            shown.add(c)
        y += PANEL_ROW * -(-len(counters) // per_row)
    return shown


def _on_ship(s: WarmasterState) -> set[str]:
    return {c for side in SIDES for c in s.aboard_units(side)}


def _types(s: WarmasterState, counters: Iterable[str]) -> list[UnitSpec]:
    found: dict[str, UnitSpec] = {}
    for c in counters:
        spec = s.spec(c)
        found.setdefault(spec.id, spec)
    order = list(s.data.counters)
    return sorted(found.values(), key=lambda u: order.index(u.id))


def _key(svg: Svg, s: WarmasterState, counters: set[str], width: float, bottom: float) -> None:
    """A key to the counter labels drawn (only counters the viewer may see are listed)."""
    kinds = _types(s, counters)
    if not kinds:
        return
    rows = -(-len(kinds) // 4)
    y = bottom - rows * 16 - 6
    svg.text(
        MARGIN,
        y,
        "Key (attack-defence; red edge: re-roll, cancelled only by the other "
        "supreme leader; pale edge: re-roll):",
        font_size=10,
        fill="#444444",
    )
    col_w = (width - 2 * MARGIN) / 4
    for i, spec in enumerate(kinds):
        row, col = divmod(i, 4)
        x, yy = MARGIN + col * col_w, y + 16 + row * 16
        svg.rect(x, yy - 10, 10, 10, fill=SIDE_FILL[spec.side], stroke="#111111", stroke_width=0.6)
        factors = f" {spec.attack}-{spec.defence}" if spec.fights else ""
        short = "" if label(spec) == spec.name else f"{label(spec)}: "
        svg.text(x + 14, yy - 1, f"{short}{spec.name}{factors}", font_size=10, fill="#222222")


__all__ = ["label", "render", "render_svg", "stage"]
