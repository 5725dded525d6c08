"""The Warmaster's states as text for the terminal: areas and units by name, the board as a
player sees it, and the legend of every code (the narrator's ``map`` and ``legend``).

What a player may not identify is never named: a counter hidden from the viewer
(:meth:`~wargames.warmaster.state.WarmasterState.hidden_from`: face down, in the cup, drawn
and still teleporting, destroyed unseen) is told by its back only.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.engine import Player
from wargames.warmaster.data import IMPERIAL, SIDES, TRAITOR
from wargames.warmaster.state import UNKNOWN

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState as S

PHASE_NAMES = {
    "set-up": "set-up",
    "start-of-turn": "start of the turn",
    "imperial-reinforcements": "Imperial Reinforcements phase",
    "imperial-movement": "Imperial Movement phase",
    "imperial-battle": "Imperial Battle phase",
    "traitor-reinforcements": "Traitor Reinforcements phase",
    "traitor-movement": "Traitor Movement phase",
    "traitor-battle": "Traitor Battle phase",
}
"""The phases of a turn (WM-SEQ-01) as the rulebook names them."""

BOXES = {
    "@unplaced": "Traitor starting units not yet set up",
    "@cup": "the cup: Traitor reinforcements, drawn at random (WM-SETUP-03)",
    "@pool": "Imperial units not yet teleported aboard",
    "@warp": "a unit drawn from the cup, teleporting",
    "@reserve": "units sent back by a teleport mishap; they teleport again next phase",
    "@dead": "destroyed units",
}
"""The off-map boxes a counter can be in."""


def side_name(side: str) -> str:
    """``"the Imperial player"`` or ``"the Traitor"``."""
    return "the Imperial player" if side == IMPERIAL else "the Traitor"


def who(side: str) -> str:
    """``"Imperial player"`` or ``"Traitor"``: the decider's name at the head of a prompt."""
    return "Imperial player" if side == IMPERIAL else "Traitor"


def phase_name(phase: str) -> str:
    return PHASE_NAMES.get(phase, phase)


def area_text(s: S, area: str) -> str:
    """``"Lupercal's Sanctum (23)"``; an off-map box as it is written."""
    if area in s.data.board:
        return f"{s.data.board[area].name} ({area})"
    return area


def hidden(s: S, counter: str, viewer: Player | None) -> bool:
    """Whether ``viewer`` may not identify ``counter`` in ``s``."""
    return viewer is not None and counter in s.hidden_from(viewer)


def back_text(s: S, counter: str) -> str:
    """A counter told by its back: ``"a face-down counter"`` or ``"a counter from the cup"``
    (also what a view's unknown counter, ``?``, is)."""
    if counter == UNKNOWN:
        return "a counter from the cup"
    return "a face-down counter" if s.spec(counter).starts_face_down else "a counter from the cup"


def unit_text(s: S, counter: str, viewer: Player | None = None) -> str:
    """``"Adeptus Custodes (6-6)"``, with ``[re-roll]`` for a hero; its back if ``viewer`` may
    not identify it."""
    if counter == UNKNOWN or hidden(s, counter, viewer):
        return back_text(s, counter)
    spec = s.spec(counter)
    if not spec.fights:
        article = "an" if spec.name[:1] in "AEIOU" else "a"
        return f"{article} {spec.name} marker"  # a Trap or an Ambush: no factors, no number
    number = counter[len(spec.id) + 1 :] if counter != spec.id else ""
    name = f"{spec.name} {number}" if number else spec.name
    text = f"{name} ({spec.attack}-{spec.defence})"
    if spec.has_reroll:
        text += " [re-roll]"
    return text


def units_text(s: S, counters: tuple[str, ...] | list[str], viewer: Player | None = None) -> str:
    return ", ".join(unit_text(s, c, viewer) for c in counters) or "nobody"


def _area_line(s: S, area: str, viewer: Player | None) -> str | None:
    """One area of the board as ``viewer`` sees it, or ``None`` for an empty intact area."""
    parts = []
    for side in SIDES:
        shown = []
        for c in s.units(area, side):
            if hidden(s, c, viewer):
                shown.append("[face down]")
            elif c in s.face_down:
                shown.append(f"[face down: {unit_text(s, c)}]")
            else:
                shown.append(unit_text(s, c))
        if side == TRAITOR:
            shown += ["[face down]"] * s.backs.count(area)
        if shown:
            parts.append(f"{side}: " + ", ".join(shown))
    board = s.data.board
    if area in s.destroyed:
        parts.insert(0, "DESTROYED")
    if not parts:
        return None
    control = s.controller(area)
    held = f", {control} control" if control else ""
    section = s.data.sections[s.data.areas[area].section].name
    return f"{area} {board[area].name} [{section}{held}]: " + "; ".join(parts)


def board_text(s: S, viewer: Player | None) -> str:
    """The ship as ``viewer`` sees it (``None``: everything): the turn and phase, the Bridge
    and movement allowances, the cup and reserve, then area by area the units on it."""
    shown = s if viewer is None else s.view(viewer)
    if s.result is not None:
        head = f"The Warmaster, game over on turn {s.turn}: {s.result.reason}"
    else:
        head = f"The Warmaster — turn {s.turn}, {phase_name(s.phase)}"
    bridge = "destroyed" if s.bridge is None else f"held by the {s.bridge} side"
    allowance = ", ".join(f"{side} {n}" for side, n in s.allowance.items())
    lines = [head, f"the Bridge: {bridge}; movement this turn: {allowance} area(s)"]
    lines.append(f"the cup: {len(s.cup)} counter(s)")
    for box, word in (("@reserve", "in reserve"), ("@pool", "still to teleport aboard")):
        waiting = [c for c in shown.in_box(box) if not hidden(shown, c, viewer)]
        if waiting:
            lines.append(f"{word}: {units_text(shown, waiting)}")
    if s.destroyed:
        lines.append("destroyed areas: " + ", ".join(sorted(s.destroyed)))
    for area in s.data.board.ids:
        line = _area_line(shown, area, viewer)
        if line is not None:
            lines.append("  " + line)
    return "\n".join(lines)


def legend_entries(s: S) -> list[tuple[str, str]]:
    """Every code a player meets: notation, factors, result codes, teleport mishaps, area ids,
    boxes and counter ids."""
    data = s.data
    out: list[tuple[str, str]] = [
        ("6-6", "a unit's attack and defence factors"),
        ("[re-roll]", "a hero: may have the battle die rolled again once (WM-REROLL-01)"),
        ("[face down]", "a Traitor counter not yet revealed (Eye of Horus back)"),
        ("2-1, 1-2", "battle ratio: attack total against defence total, rounded down"),
        ("D66", "two dice read as tens then units (11 to 66): the Teleportation Table"),
        ("place U A", "set-up: the Traitor puts starting unit U face down in area A"),
        ("group U V W", "set-up: the Imperial player forms a teleport group"),
        ("move U A", "move unit U to area A"),
        ("battle A", "fight the battle in contested area A next"),
        ("reroll / keep", "have the battle die rolled again (the new roll stands) or keep it"),
        ("lose U", "U is the unit lost (its owner chooses)"),
        ("retreat U A", "move the retreating unit U to area A (the opponent chooses)"),
        ("arrive A", "the teleporting units arrive in area A"),
        ("pick N", "keep the D66 result N of those rolled (the Teleportarium)"),
        ("teleport", "units from reserve roll on the Teleportation Table"),
        ("detonate A", "blow up the reactor in area A"),
        ("fire A", "the fleet's laser hit destroys hull area A"),
        ("displace U A", "move U, a survivor of a destroyed area, to area A"),
        ("end phase", "finish the phase"),
    ]
    out += [(r.code, f"{r.name}: {r.description}") for r in data.results.values()]
    out += [(e.id, f"teleport mishap {e.name}") for e in data.teleport.effects.values()]
    for area in data.board.ids:
        section = data.sections[data.areas[area].section].name
        out.append((area, f"{data.board[area].name} ({section})"))
    out += list(BOXES.items())
    for spec in data.counters.values():
        hero = {"hero": ", re-roll", "supreme": ", re-roll (supreme)"}.get(spec.reroll, "")
        text = f"{spec.name}, {spec.side}, {spec.attack}-{spec.defence}{hero}"
        if spec.count > 1:
            text += f"; counters {spec.id}-1 to {spec.id}-{spec.count}"
        out.append((spec.id, text))
    return out


__all__ = [
    "BOXES",
    "PHASE_NAMES",
    "area_text",
    "board_text",
    "hidden",
    "legend_entries",
    "phase_name",
    "side_name",
    "unit_text",
    "units_text",
    "who",
]
