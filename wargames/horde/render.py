"""SVG drawing of a P-Scale battle as one player sees it.

:func:`render_svg` draws ``state.view(player)``: enemy hordes in stealth have no square in a
player's view (HMC-TALENT-02), so they are not drawn at all; the player's own hordes in stealth
are drawn with a dashed edge and an ``S``. With no player the whole state is drawn (every
horde in stealth dashed).

The grid: each square coloured by its terrain (open, cover, difficult, rubble, ruins, woods,
wall), the HQ areas tinted in their side's colour with the command post marked ``HQ``, the
squares of control objectives edged in gold with their name and points. Each horde is a
counter in its side's colour with its id, its Magnitude (current/starting) and a bar, and
badges for its state: ``C`` confused, ``F`` fleeing, ``R`` routing, ``!`` frenzied, ``B``
Brace!, ``G`` Get Down!, ``M`` Forced March!, ``S`` stealth. Officers joined to a horde are
gold pips on its counter; a lone Officer is a small gold disc with his wounds. Above the grid:
the round, the initiative and who is to act; below it: the objectives, the units off the
board or gone, and a key.
"""

from __future__ import annotations

from wargames.core.engine import CHANCE, GameState, Player
from wargames.core.views import PUBLIC, viewer_of
from wargames.drawing.svg import Svg
from wargames.horde.state import PScaleState
from wargames.horde.units import Unit

CELL = 62.0
MARGIN = 20.0
HEADER = 50.0
ROW = 18.0

TERRAIN_FILL = {
    "open": "#e9e4cf",
    "cover": "#c9d6a3",
    "difficult": "#d8c49a",
    "rubble": "#b9ad96",
    "ruins": "#9c8f84",
    "woods": "#6f9a5a",
    "wall": "#4a4a4a",
}
SIDE_FILL = {"blue": "#2f5fa8", "red": "#b0362f"}
SIDE_LIGHT = {"blue": "#cddcf3", "red": "#f3d0cd"}
GOLD = "#d4a017"
BADGES = (
    ("confused", "C"),
    ("fleeing", "F"),
    ("routing", "R"),
    ("frenzied", "!"),
)


def render(state: GameState, player: Player | None = None) -> str:
    """The registry hook: :func:`render_svg` for a P-Scale battle state."""
    if not isinstance(state, PScaleState):
        raise TypeError(f"not a P-Scale battle state: {type(state).__name__}")
    return render_svg(state, player)


def render_svg(state: PScaleState, player: Player | None = None) -> str:
    """The battlefield as an SVG string, as ``player`` sees it (``None``: the state as it is,
    everything; a view, such as the public view, is labelled as its viewer's)."""
    acting = state.current_player
    s = state if player is None else state.view(player)
    seen_by = player if player is not None else viewer_of(state)
    field = s.field
    width = 2 * MARGIN + field.width * CELL
    gone = _gone_lines(s, int((width - 2 * MARGIN) / 6.2))
    panel = ROW * (3 + len(s.setup.objectives) + len(gone)) + 10
    top = MARGIN + HEADER
    svg = Svg(width, top + field.height * CELL + panel + MARGIN, title=_title(s, seen_by))
    svg.rect(0, 0, width, svg.height, fill="#f7f4ec")
    who = "nobody (the battle is over)" if s.is_terminal else str(acting)
    if acting == CHANCE:
        who = "the dice"
    svg.text(MARGIN, MARGIN + 16, s.setup.title, font_size=18, font_weight="bold")
    line = f"round {s.round}/{s.rounds}, initiative {s.initiative}, to act: {who}"
    line += "; everything shown" if seen_by is None else f"; {_seen(seen_by)}"
    svg.text(MARGIN, MARGIN + 38, line, font_size=13)
    objective_squares = {
        sq: o for o in s.setup.objectives if o.kind == "control" for sq in o.squares
    }
    for sq in field.squares:
        x, y = _xy(s, sq, top)
        kind = field.kind(sq).name
        svg.rect(x, y, CELL, CELL, fill=TERRAIN_FILL.get(kind, "#e9e4cf"), stroke="#8a8474")
        for side in ("blue", "red"):
            if field.in_hq(side, sq):
                svg.rect(x, y, CELL, CELL, fill=SIDE_LIGHT[side], fill_opacity=0.55)
            if field.command_posts.get(side) == sq:
                svg.text(x + 3, y + CELL - 4, "HQ", font_size=10, fill=SIDE_FILL[side])
        if sq in objective_squares:
            svg.rect(x + 2, y + 2, CELL - 4, CELL - 4, fill="none", stroke=GOLD, stroke_width=3)
        svg.text(x + CELL - 3, y + 10, sq, font_size=8, fill="#5a5648", text_anchor="end")
    for u in s.units:
        if u.is_horde and u.on_board:
            _horde(svg, s, u, top)
    for u in s.units:
        if u.lone and u.square is not None:
            _officer(svg, s, u, top)
    _panel(svg, s, gone, top + field.height * CELL + 18)
    return str(svg)


def _title(s: PScaleState, player: Player | None) -> str:
    seen = f", {_seen(player)}" if player == PUBLIC else f" as {player} sees it" if player else ""
    return f"{s.setup.title}: round {s.round}{seen}"


def _seen(viewer: Player) -> str:
    """Whose view is drawn: a side's, or the public view (no side's hordes in stealth)."""
    return "public view (hordes in stealth not shown)" if viewer == PUBLIC else f"seen by {viewer}"


def stage(state: GameState) -> str:
    """Where the battle stands, for the one-line repr: ``"round 2 of 10, Activations"``."""
    if not isinstance(state, PScaleState):
        raise TypeError(f"not a P-Scale battle state: {type(state).__name__}")
    from wargames.horde.sequence import SEQUENCE

    step = SEQUENCE.step_name(state) if state.tasks else None
    return f"round {state.round} of {state.rounds}" + (f", {step}" if step else "")


def _xy(s: PScaleState, square: str, top: float) -> tuple[float, float]:
    col, row = s.field.coords(square)
    return MARGIN + (col - 1) * CELL, top + (row - 1) * CELL


def _badges(u: Unit) -> str:
    marks = [b for state, b in BADGES if u.morale == state]
    marks += ["B"] * u.brace + ["G"] * u.get_down + ["M"] * u.forced_march
    marks += ["S"] * u.stealthed
    return "".join(marks)


def _horde(svg: Svg, s: PScaleState, u: Unit, top: float) -> None:
    assert u.square is not None
    x, y = _xy(s, u.square, top)
    pad = 7.0
    w = CELL - 2 * pad
    fill = SIDE_FILL[u.side]
    svg.parts.append(f'<g class="horde {u.side}" data-unit="{u.id}">')
    dash = {"stroke_dasharray": "4 3"} if u.stealthed else {}
    svg.rect(x + pad, y + pad + 4, w, w - 6, rx=6, fill=fill, stroke="#111", **dash)
    svg.text(x + CELL / 2, y + pad + 19, u.id, font_size=12, fill="#fff", font_weight="bold",
             text_anchor="middle")  # fmt: skip
    size = f"{u.magnitude}/{u.horde.starting_magnitude}"
    svg.text(x + CELL / 2, y + pad + 32, size, font_size=10, fill="#fff", text_anchor="middle")
    share = u.magnitude / max(1, u.horde.starting_magnitude)
    svg.rect(x + pad + 4, y + pad + 37, w - 8, 4, fill="#222")
    colour = "#5cc85c" if share > 0.5 else "#e0b030" if share > 0.25 else "#e04a3a"
    svg.rect(x + pad + 4, y + pad + 37, (w - 8) * share, 4, fill=colour)
    badges = _badges(u)
    if badges:
        svg.text(x + pad + 2, y + pad + 2, badges, font_size=10, font_weight="bold",
                 fill="#111", class_="badges")  # fmt: skip
    for i, officer in enumerate(s.attached(u.id)):
        svg.add("circle", cx=f"{x + CELL - pad - 4 - 9 * i:.1f}", cy=f"{y + pad + 8:.1f}",
                r="4", fill=GOLD, stroke="#111", class_="officer")  # fmt: skip
        svg.parts[-1] = svg.parts[-1].replace("/>", f"><title>{officer.label()}</title></circle>")
    svg.parts.append("</g>")


def _officer(svg: Svg, s: PScaleState, u: Unit, top: float) -> None:
    assert u.square is not None
    x, y = _xy(s, u.square, top)
    taken = s.horde_at(u.square) is not None
    cx, cy = (x + 12, y + CELL - 12) if taken else (x + CELL / 2, y + CELL / 2)
    svg.parts.append(f'<g class="officer {u.side}" data-unit="{u.id}">')
    svg.add("circle", cx=f"{cx:.1f}", cy=f"{cy:.1f}", r="10", fill=GOLD,
            stroke=SIDE_FILL[u.side], stroke_width="3")  # fmt: skip
    svg.text(cx, cy + 4, str(u.magnitude), font_size=10, text_anchor="middle")
    svg.text(cx, cy + 21, u.id.split("-")[-1][:10], font_size=8, text_anchor="middle")
    svg.parts.append("</g>")


def _gone_lines(s: PScaleState, chars: int) -> list[str]:
    """The units off the board or gone, wrapped to lines of about ``chars`` characters."""
    items = [
        f"{u.id} ({'in stealth, unseen' if u.id in s.hidden else u.status})"
        for u in s.units
        if not u.on_board and u.attached_to is None
    ]
    lines: list[str] = []
    line = "not on the board:"
    for item in items:
        if len(line) + len(item) + 2 > chars:
            lines.append(line + ",")
            line = "  "
        line += ("" if line.endswith(":") or line == "  " else ",") + " " + item
    return [*lines, line] if items else []


def _panel(svg: Svg, s: PScaleState, gone: list[str], y: float) -> None:
    for o in s.setup.objectives:
        text = f"{o.name} ({o.kind}): {o.points} Turning Point{'s' * (o.points != 1)}"
        if o.side:
            text += f" ({o.side} only)"
        svg.text(MARGIN, y, text, font_size=11, fill="#6b5200" if o.kind == "control" else "#222")
        y += ROW
    for line in gone:
        svg.text(MARGIN, y, line, font_size=11)
        y += ROW
    key = "badges: C confused, F fleeing, R routing, ! frenzied, B Brace!, G Get Down!, "
    svg.text(MARGIN, y, key + "M Forced March!, S stealth", font_size=10, fill="#444")
    y += ROW
    terrain = ", ".join(TERRAIN_FILL)
    svg.text(MARGIN, y, f"terrain (light to dark): {terrain}; gold pips: Officers joined",
             font_size=10, fill="#444")  # fmt: skip


__all__ = ["render", "render_svg", "stage"]
