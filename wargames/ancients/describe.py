"""Commands & Colors: Ancients states as text, for logs and the terminal."""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.ancients.board import SEATS as SIDES

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState


def describe(s: AncientsState) -> str:
    """The position in a few lines: the turn, the banners and hands, each side's pieces (a
    unit's code and blocks, its attached leader), and the result once the game is over."""
    sc = s.scenario
    lines = [
        f"Commands & Colors: Ancients, {sc.title}: turn {s.turn}, {s.active} to play"
        + (f" ({s.card})" if s.card else ""),
        "  banners: "
        + ", ".join(
            f"{side} ({sc.army[i]}) {s.banners[i]}/{sc.target[i]} banners, {len(s.hands[i])} cards"
            for i, side in enumerate(SIDES)
        ),
    ]
    for side in SIDES:
        pieces = []
        for p in s.units_of(side):
            leader = s.attached(p)
            text = f"{s.where[p]} {s.kind(p).code}{s.blocks[p]}"
            pieces.append(text + (f"+{sc.names[leader]}" if leader is not None else ""))
        for p in s.leaders_of(side):
            if s.lone(p):
                pieces.append(f"{s.where[p]} {sc.names[p]}")
        lines.append(f"  {side}: " + " ".join(sorted(pieces)))
    if s.result is not None:
        lines.append(f"  {s.result}")
    return "\n".join(lines)


TERRAIN_MARK = {
    "clear": ".",
    "broken": ";",
    "forest": "%",
    "hill": "^",
    "seacoast": "~",
    "river": "=",
    "fordable-river": "-",
    "fortified-camp": "#",
    "bridge": "+",
    "scalable-wall": "|",
    "fortified-wall": "!",
    "marsh": ",",
}
"""The mark of each terrain in an empty hex of :func:`board_text`'s map."""

WIDEST_MAP = 13
"""Boards up to this many hexes a row get a map; wider ones (Epic, 'Armageddon') only the
lists by section."""


def _cell(s: AncientsState, hex_id: str) -> str:
    """A hex on the map: ``HI4`` a bottom unit (lower case: top), ``*`` a leader with it,
    ``L``/``l`` a lone leader, else the terrain's mark."""
    unit, leader = s.unit_at(hex_id), s.leader_at(hex_id)
    if unit is not None:
        text = f"{s.kind(unit).code}{s.blocks[unit]}" + ("*" if leader is not None else "")
        return text if s.side_of(unit) == "bottom" else text.lower()
    if leader is not None:
        return "L" if s.side_of(leader) == "bottom" else "l"
    return TERRAIN_MARK.get(s.scenario.geometry.terrain[hex_id].id, "?")


def board_map(s: AncientsState) -> list[str]:
    """The board as a map of hexes, one line per row, short rows set in by half a hex."""
    rows: dict[int, list[str]] = {}
    for hex_id in s.scenario.geometry.ids:
        rows.setdefault(int(hex_id.split("-")[1]), []).append(hex_id)
    width = 6
    out = []
    for row in sorted(rows):
        ids = sorted(rows[row], key=lambda h: int(h.split("-")[0]))
        indent = " " * (width // 2) if len(ids) < max(map(len, rows.values())) else ""
        out.append(f"{row:2d} {indent}" + "".join(_cell(s, h).ljust(width) for h in ids).rstrip())
    return out


def board_text(s: AncientsState, viewer: str | None = None) -> str:
    """The battlefield as ``viewer`` sees it (``s`` is already his view): the banners, a map
    (boards up to :data:`WIDEST_MAP` hexes a row), every piece and the terrain by section
    (named from the bottom player's seat), the hands he may see; in the team variant the
    cards face down on the flanks he may see and the seat running each flank."""
    sc = s.scenario
    geometry = sc.geometry
    lines = describe(s).splitlines()[:2]
    if max(int(h.split("-")[0]) for h in geometry.ids) <= WIDEST_MAP:
        lines.append("  map: row 1 is top's baseline; hexes 01 to 13 from left to right")
        lines += board_map(s)
    for section in ("left", "center", "right"):
        hexes = sorted(geometry.board.hexes_of(section, "bottom"))
        pieces = []
        for hex_id in hexes:
            cell = _cell(s, hex_id)
            terrain = geometry.terrain[hex_id]
            if s.unit_at(hex_id) is None and s.leader_at(hex_id) is None:
                if terrain.id != "clear":
                    pieces.append(f"{hex_id} {terrain.name}")
                continue
            where = "" if terrain.id == "clear" else f" in {terrain.name}"
            leader = s.leader_at(hex_id)
            named = f" with {sc.names[leader]}" if leader is not None else ""
            if s.unit_at(hex_id) is None and leader is not None:
                cell, named = f"{s.side_of(leader)} leader {sc.names[leader]}", ""
            pieces.append(f"{hex_id} {cell}{named}{where}")
        lines.append(f"  {section} section (bottom's view): " + ("; ".join(pieces) or "empty"))
    for i, side in enumerate(SIDES):
        cards = s.hands[i].cards
        if cards and "?" not in cards:
            lines.append(f"  {side}'s hand: " + ", ".join(sc.cards[c].name for c in cards))
    lines += _placed(s)
    lines += _flanks_run(s)
    return "\n".join(lines)


def _flanks_run(s: AncientsState) -> list[str]:
    """'Armageddon' variant: on a side of two or more players, the seat running each flank
    (named from that side's seat) after its Commander's set-up choice (CCA-ROLE-02 to -05)."""
    team = getattr(s, "team", ())
    if not isinstance(team, tuple):
        return []  # the Epic rules' team is one number, and their seats run sections
    out = []
    for side, players in zip(SIDES, team, strict=False):
        if players > 1:
            run = [f"{flank} {s.seat(side, flank)}" for flank in ("left", "center", "right")]
            out.append(f"  {side}'s flanks (from its own baseline) run by: " + "; ".join(run))
    return out


def _placed(s: AncientsState) -> list[str]:
    """'Armageddon' variant: the cards lying face down on each side's flanks (named from that
    side's seat), a back where the viewer may not see it (CCA-SEQ-08)."""
    placed: tuple[tuple[str, ...], ...] = getattr(s, "placed", ())
    out = []
    for side, row in zip(SIDES, placed, strict=False):
        cells = [
            f"{flank} {'a card' if card == '?' else s.scenario.cards[card].name}"
            for flank, card in zip(("left", "center", "right"), row, strict=True)
            if card
        ]
        if cells:
            out.append(f"  {side}'s cards face down: " + "; ".join(cells))
    return out


__all__ = ["TERRAIN_MARK", "board_map", "board_text", "describe"]
