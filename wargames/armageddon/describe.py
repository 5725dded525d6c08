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


# -- the board and its codes, for the terminal (the narrator's ``map`` and ``legend``) ---------

BOXES = {
    "@unplaced": "Ork counters not yet deployed",
    "@pool": "Imperial counters set aside at the start (they may be built, BFA-SETUP-05)",
    "@dead": "destroyed counters",
    "@ready": "the production track's 'ready' box: built counters waiting to be placed",
    "@arriving": "Imperial reinforcements that have not arrived yet",
    "@track1": "space 1 of the production track (@track2, @track3: further spaces)",
}
"""The off-map boxes a counter can be in."""


def area_text(s: S, area: str) -> str:
    """``"Hades Hive (HAD)"``; an off-map box as it is written."""
    if area in s.data.board:
        return f"{s.data.board[area].name} ({area})"
    return area


def counter_text(s: S, counter: str) -> str:
    """``"Goff Nobz 1 (7-4-2)"``: a unit's name with attack-defence-movement; a hive, factory
    or fortification by name and defence."""
    spec = s.spec(counter)
    if spec.structure:
        return f"{spec.name} (defence {spec.defence})"
    return f"{spec.name} ({spec.attack}-{spec.defence}-{spec.movement})"


def _structures_text(s: S, area: str) -> str:
    parts = []
    for c in s.structures(area):
        spec = s.spec(c)
        state = "smoking ruins" if c in s.ruined else f"defence {spec.defence}"
        if c in s.rebuilding:
            state += ", being rebuilt"
        parts.append(f"{spec.name} ({state})")
    return ", ".join(parts)


def _cards_text(s: S, side: str, viewer: str | None) -> list[str]:
    i = 0 if side == ORKS else 1
    hand = s.hands[i]
    plan = s.plans[i]
    who = "Orks" if side == ORKS else "Imperium"
    lines = []
    if viewer in (None, side):
        # a view (the public one too) holds placeholders for the cards its viewer cannot see
        names = [s.data.special[c].name for c in hand if c in s.data.special]
        hidden = len(hand) - len(names)
        cards = ", ".join([*names, *([f"{hidden} face down"] if hidden else [])]) or "none"
        lines.append(f"{who} hand: {cards}")
    else:
        lines.append(f"{who} hand: {len(hand)} card(s), face down")
    seen = viewer in (None, side) or (side == ORKS and "astropath" in s.effects)
    if plan:
        lines.append(f"{who} strategy cards to come: " + (", ".join(plan) if seen else "hidden"))
    return lines


def board_text(s: S, viewer: str | None) -> str:
    """The board as ``viewer`` sees it (``None``: everything): where in the turn, the hives,
    the track and boxes, the cards, then area by area the structures and both stacks."""
    if s.result is not None:
        head = f"Battle for Armageddon, game over after turn {s.turn}: {s.result}"
    else:
        head = f"Battle for Armageddon — {where_we_are(s)}"
        if s.card:
            head += f"; strategy card {s.card}"
    lines = [head, f"build points {s.build_points}"]
    hives = []
    for h in s.hives():
        state = "captured" if s.hive_captured(h) else "ruined" if h in s.ruined else "intact"
        hives.append(f"{s.spec(h).name} ({s.location(h)}) {state}")
    lines.append("hives: " + "; ".join(hives))
    if s.effects:
        lines.append("in force: " + ", ".join(sorted(s.effects)))
    for side in (ORKS, IMPERIUM):
        lines += _cards_text(s, side, viewer)
    track = [c for c in s.manifest.ids if s.location(c).startswith("@track")]
    if track:
        lines.append(
            "production track: " + ", ".join(f"{s.spec(c).name} {s.location(c)}" for c in track)
        )
    ready = s.in_box("@ready")
    if ready:
        lines.append("ready to place: " + ", ".join(s.spec(c).name for c in ready))
    board = s.data.board
    for area in board.ids:
        structures = _structures_text(s, area)
        stacks = {side: s.units(area, side) for side in (ORKS, IMPERIUM)}
        if not structures and not any(stacks.values()):
            continue
        terrain = s.data.terrain[board[area].terrain].name
        lines.append(f"{area:4s} {board[area].name} [{terrain}]")
        if structures:
            lines.append(f"       {structures}")
        for side, units in stacks.items():
            if units:
                lines.append(f"       {side}: " + ", ".join(counter_text(s, c) for c in units))
    return "\n".join(lines)


def legend_entries(s: S) -> list[tuple[str, str]]:
    """Every code a player meets: notation, counters' numbers, result codes, plan codes,
    special cards, area ids, boxes, Ork tribes and counter ids."""
    data = s.data
    out: list[tuple[str, str]] = [
        ("7-4-2", "a unit's attack, defence and movement factors"),
        ("2-1, 1-2", "odds: attack total against defence total, rounded for the defender"),
        ("die +1", "a modifier added to the combat die (a modified roll stays within 1-6)"),
        ("attack T from A,B", "the stacks in areas A and B attack the enemy stack in area T"),
        ("plan X Y", "stack strategy cards X (played first) and Y face down"),
        ("end phase", "finish the movement or combat phase"),
        ("end card", "play no special card now"),
        ("end advance", "advance no more counters after the combat"),
        ("end buying", "buy no more: unspent build points are lost; the track advances"),
        ("end build", "finish the build phase (place no more ready counters, or return none)"),
        ("reroll / keep", "Ghazghkull: have the combat die rolled again, or keep it"),
    ]
    out += [(code, text) for code, text in data.crt.results.items()]
    for card in data.strategy.values():
        who = "Ork" if card.side == ORKS else "Imperial"
        first, second = card.phases
        out.append((card.id, f"{who} strategy card: a {first} phase, then a {second} phase"))
    out += [(c.id, f"{c.name}: {c.text}") for c in data.special.values()]
    for area in data.board.ids:
        terrain = data.terrain[data.board[area].terrain].name
        out.append((area, f"{data.board[area].name} ({terrain})"))
    out += list(BOXES.items())
    tribes = sorted({c.tribe for c in data.counters.values() if c.tribe is not None})
    out += [(t, f"an Ork tribe (the {t.replace('-', ' ').title()})") for t in tribes]
    out += [(c, counter_text(s, c)) for c in data.counters]
    return out
