"""Tables for the docs page of Commands & Colors: Ancients, generated from the shipped data.

``docs/ancients.md`` holds markers ``<!-- ancients:NAME -->`` that the MkDocs hook
(``docs/hooks.py``) replaces with ``TABLES[NAME]()``, so the page shows the unit, terrain and
card tables, the sequence of play and the scenarios the code uses.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from wargames.ancients.cards import CardTable, default_cards
from wargames.ancients.scenario import load_scenario, scenario_names
from wargames.ancients.sequence import SEQUENCE
from wargames.ancients.terrain import TerrainTable, TerrainType, default_terrain
from wargames.ancients.units import UnitTable, default_units


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _cap(value: int | None) -> str:
    return "–" if value is None else str(value)


def sequence_markdown() -> str:
    """The declared sequence of play (:data:`wargames.ancients.sequence.SEQUENCE`)."""
    return SEQUENCE.markdown()


def units_markdown(units: UnitTable | None = None) -> str:
    """The unit table: class, kind, blocks, move, close and fire dice, evasion."""
    units = units or default_units()
    rows = []
    for u in units.values():
        fire = "–"
        if u.range and u.fire_dice:
            fire = f"{'/'.join(str(d) for d in u.fire_dice)} at range {u.range}"
        close = str(u.close_dice)
        if u.dice_by_target:
            close = "as target's"
        elif u.full_strength_bonus:
            close += f" (+{u.full_strength_bonus} at full strength)"
        move = str(u.move) + ("" if u.move_rule == "normal" else f" ({u.move_rule})")
        rows.append(
            (
                u.code,
                u.name + (" (white border)" if u.white_border else ""),
                u.unit_class,
                u.kind,
                u.blocks,
                move,
                close,
                fire,
                ", ".join(u.evade) or "–",
            )
        )
    return _table(
        ("code", "unit", "class", "kind", "blocks", "move", "close dice", "fire dice", "evades"),
        rows,
    )


def _movement(t: TerrainType) -> str:
    parts = []
    if t.impassable:
        parts.append("impassable")
    if t.no_entry:
        parts.append("no " + ", ".join(sorted(t.no_entry)))
    if t.stops:
        parts.append("stop: " + ", ".join(sorted(t.stops)))
    if t.entry_from_adjacent:
        parts.append("enter only from next to it")
    if t.entry_roll:
        parts.append("roll to enter")
    return "; ".join(parts) or "–"


def terrain_markdown(terrain: TerrainTable | None = None) -> str:
    """The terrain table: movement, dice caps and modifier, ignores, line of sight."""
    terrain = terrain or default_terrain()
    rows = []
    for t in terrain.values():
        if t.expansion:
            continue
        ignores = []
        if t.sword_ignores:
            ignores.append(f"{t.sword_ignores} sword")
        if t.flag_ignores_close or t.flag_ignores_ranged:
            ignores.append(f"{max(t.flag_ignores_close, t.flag_ignores_ranged)} flag")
        rows.append(
            (
                t.name + (" (hexside)" if t.hexside else ""),
                _movement(t),
                f"{_cap(t.close_cap_in)} / {_cap(t.close_cap_out)}",
                f"{t.dice_modifier:+d}" if t.dice_modifier else "–",
                ", ".join(ignores) or "–",
                "blocks" if t.blocks_los else "–",
                t.provenance,
            )
        )
    return _table(
        (
            "terrain",
            "movement",
            "close dice cap in / out",
            "dice",
            "defender ignores",
            "sight",
            "provenance",
        ),
        rows,
    )


def cards_markdown(cards: CardTable | None = None) -> str:
    """The 60 command cards: group, count, what each orders, bonus dice."""
    cards = cards or default_cards()
    rows = []
    for c in cards.values():
        if c.sections:
            orders = ", ".join(f"{n} {section}" for section, n in c.sections)
        elif c.orders is not None:
            orders = str(c.orders) + (f" {c.troops}" if c.troops else "")
        else:
            orders = c.troops or "–"
        rows.append(
            (
                c.name,
                c.group,
                c.count,
                orders,
                f"+{c.bonus_dice}" if c.bonus_dice else "–",
                "yes" if c.helmet else "–",
            )
        )
    total = sum(c.count for c in cards.values())
    return _table(("card", "group", "copies", "orders", "bonus dice", "helmet"), rows) + (
        f"\n{total} cards in all.\n"
    )


def scenarios_markdown() -> str:
    """The shipped scenarios: title, board, armies, Command, banners, units and leaders."""
    rows = []
    for name in scenario_names():
        sc = load_scenario(name)
        forces = []
        for i, side in enumerate(("bottom", "top")):
            units = sum(1 for p, s in enumerate(sc.sides) if s == side and sc.types[p])
            leaders = sum(1 for p, s in enumerate(sc.sides) if s == side and not sc.types[p])
            forces.append(
                f"{sc.army[i]} ({side}): {units} units, {leaders} leaders, "
                f"Command {sc.command[i]}, {sc.target[i]} banners"
            )
        rows.append(
            (f"`{name}`", sc.title, sc.board.layout.id, sc.first, "; ".join(forces), sc.provenance)
        )
    return _table(("name", "title", "board", "first", "forces", "provenance"), rows)


def armageddon_sequence_markdown() -> str:
    """The 'Armageddon' variant's sequence of play
    (:data:`wargames.ancients.variant.sequence.SEQUENCE`); with the Epic one below, the only
    place besides :mod:`wargames.ancients.game` where the base game reads a sub-package."""
    from wargames.ancients.variant.sequence import SEQUENCE as ARMAGEDDON

    return ARMAGEDDON.markdown()


def epic_sequence_markdown() -> str:
    """The turn under the Epic command rules (:data:`wargames.ancients.epic.sequence.EPIC`)."""
    from wargames.ancients.epic.sequence import EPIC

    return EPIC.markdown()


TABLES: dict[str, Callable[[], str]] = {
    "sequence": sequence_markdown,
    "epic_sequence": epic_sequence_markdown,
    "armageddon_sequence": armageddon_sequence_markdown,
    "units": units_markdown,
    "terrain": terrain_markdown,
    "cards": cards_markdown,
    "scenarios": scenarios_markdown,
}
"""Every table by name, for ``<!-- ancients:NAME -->`` markers in the docs."""

__all__ = [
    "TABLES",
    "armageddon_sequence_markdown",
    "cards_markdown",
    "epic_sequence_markdown",
    "scenarios_markdown",
    "sequence_markdown",
    "terrain_markdown",
    "units_markdown",
]
