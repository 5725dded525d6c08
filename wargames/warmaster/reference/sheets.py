"""The reference sheets as tables: the sequence of play, the rulebook's numbers, the ship, the
Teleportation Table, the Battle Results Table, the counter manifest and a scenario's set-up."""

from __future__ import annotations

from collections.abc import Mapping

import networkx as nx

from wargames.warmaster.data import (
    D66_RESULTS,
    HORUS,
    TeleportEffect,
    UnitSpec,
    WarmasterData,
)
from wargames.warmaster.game import DEFAULT_SCENARIO
from wargames.warmaster.reference.markdown import (
    _SIDE,
    SOURCES,
    _all_same,
    _data,
    _faces,
    _names,
    _notes,
    _shift,
    _table,
    _upto,
    provenance,
)
from wargames.warmaster.scenario import Setup, load_setup
from wargames.warmaster.sequence import SEQUENCE


def sequence_markdown() -> str:
    """The declared sequence of play (:data:`wargames.warmaster.sequence.SEQUENCE`)."""
    return SEQUENCE.markdown()


def rules_markdown(data: WarmasterData | None = None) -> str:
    """The numbers the rulebook states: stacking, movement and the Traitor reinforcement roll."""
    data, _ = _data(data)
    m = data.movement
    faces: dict[int, list[int]] = {}
    for face, units in data.traitor_reinforcements.items():
        faces.setdefault(units, []).append(face)
    roll = "; ".join(
        f"{_faces(fs)}: {units} unit{'s' if units != 1 else ''}"
        for units, fs in sorted(faces.items())
    )
    rows = [
        [
            "stacking",
            f"at most {data.stack_limit} of a side's own units per area, each side separately, "
            "checked at the end of each Movement phase",
            "WM-STACK-01 to -05",
            "rulebook",
        ],
        [
            "movement",
            f"{m.bridge_controller} areas for the side that controls the Bridge, {m.other} for "
            f"the other; {m.bridge_destroyed} for both once the Bridge is destroyed",
            "WM-BRIDGE-05 to -07",
            m.provenance,
        ],
        [
            "Traitor reinforcements",
            f"one D6 at the start of the Traitor Reinforcements phase: {roll}",
            "WM-REINF-06",
            "rulebook",
        ],
    ]
    return _table(["rule", "numbers", "rules", "provenance"], rows)


def map_markdown(data: WarmasterData | None = None) -> str:
    """The ship map: every area by section, with its neighbours, tags and D66 rolls."""
    data, shipped = _data(data)
    notes = _notes(shipped, "map.toml", "area", "id")
    rolls = data.teleport.area_rolls()
    rows = []
    for section in sorted(data.sections.values(), key=lambda s: s.id):
        first = True
        for area in data.areas.values():
            if area.section != section.id:
                continue
            rows.append(
                [
                    f"**{section.id} {section.name}**" if first else "",
                    f"**{area.id}**",
                    area.name,
                    ", ".join(sorted(data.board.neighbours(area.id))),
                    ", ".join(sorted(area.tags)) or "—",
                    ", ".join(str(r) for r in rolls.get(area.id, ())) or "—",
                    provenance(area.provenance, SOURCES["map"]),
                    notes.get(area.id, ""),
                ]
            )
            first = False
    head = ["section", "area", "name", "adjacent to", "tags", "D66", "provenance", "note"]
    table = _table(head, rows)
    m = data.movement
    s = data.specials
    horus = data.counters[HORUS].name
    tags = {
        "bridge": f"the Bridge: its controller moves {m.bridge_controller} areas a turn, the "
        f"other side {m.other}; once it is destroyed both move {m.bridge_destroyed}",
        "sanctum": f"{horus} defending here shifts the battle {_shift(s.sanctum.defence_shift)}",
        "defensive-screens": f"{_SIDE[s.fleet_lasers.side]} units alone here at the end of "
        "their Battle phase take the Defensive Screens: the fleet's lasers fire from their next "
        "turn",
        "reactor": f"{_SIDE[s.reactor_sabotage.side]} units alone here at the end of their "
        "Battle phase may detonate it",
        "hull": "while one is intact, the first laser hit of a turn destroys a hull area",
        "teleportarium": "the side that controls it may roll "
        f"{data.teleport.teleportarium.rolls} times for each teleport and keep one result",
    }
    legend = "\n".join(f"- `{tag}`: {text}." for tag, text in tags.items())
    prov = _all_same(a.provenance for a in data.areas.values()) or "mixed"
    return (
        table + f"\n{len(data.areas)} areas in {len(data.sections)} sections; any area is at most "
        f"{nx.diameter(data.board.graph)} moves from any other. Tags:\n\n{legend}\n\n"
        f"Provenance: **{provenance(prov, SOURCES['map'])}**. The rulebook gives only that the "
        "ship is divided into areas of different sizes and that one is the Bridge; the "
        "designer's notes name the Defensive Screens and the reactor room (WM-GAP-03).\n"
    )


def _effect_text(effect: TeleportEffect, data: WarmasterData) -> str:
    parts = []
    if effect.loss_on:
        loss = f"each unit rolls a D6 and is destroyed on {_upto(effect.loss_on)}"
        if effect.hero_loss_on is not None and effect.hero_loss_on != effect.loss_on:
            loss += f" (a unit with a re-roll ability only on {_upto(effect.hero_loss_on)})"
        parts.append(loss)
    body = "the survivors" if effect.loss_on else "the units"
    if effect.outcome == "reserve":
        parts.append(
            f"{body} go back to reserve and teleport again at their side's next "
            "Reinforcements phase"
        )
    elif effect.outcome == "scatter":
        text = "roll again separately for every unit; a further x6 result is rolled again"
        if effect.scatter_keeps:
            text += f", except {', '.join(str(r) for r in sorted(effect.scatter_keeps))}"
        parts.append(text)
    else:
        chooser = "the teleporting side" if effect.chooser == "owner" else "the opponent"
        text = f"{body} arrive together in an area chosen by {chooser}: not destroyed"
        if effect.sections:
            names = ", ".join(f"{n} ({data.sections[n].name})" for n in sorted(effect.sections))
            text += f", in section {names}"
        if effect.not_with_own_units:
            text += ", holding none of the arriving side's units"
        parts.append(text)
    return "; ".join(parts)


def teleport_markdown(data: WarmasterData | None = None) -> str:
    """The Teleportation Table: the 36 D66 results (first die down, second die across), the
    special results and the table's rules."""
    data, _ = _data(data)
    table = data.teleport
    grid = []
    for tens in range(1, 7):
        row: list[object] = [f"**{tens}**"]
        for units in range(1, 7):
            result = table.roll(tens, units)
            if result.area is not None:
                row.append(f"**{result.roll}** {data.board[result.area].name}")
            else:
                assert result.effect is not None
                row.append(f"**{result.roll}** *{result.effect.name}*")
        grid.append(row)
    head = ["first die", *(f"second die {u}" for u in range(1, 7))]
    specials = [
        [
            r.roll,
            f"*{r.effect.name}*",
            _effect_text(r.effect, data),
            provenance(r.effect.provenance, SOURCES["teleport"]),
        ]
        for r in table.results.values()
        if r.effect is not None
    ]
    landing = sum(1 for r in table.results.values() if r.area is not None)
    port = table.teleportarium
    sides = " or ".join(f"the {_SIDE[s]} player" for s in sorted(port.sides)) or "nobody"
    arrival = (
        "; he may also bring units from reserve straight into it instead of rolling"
        if port.direct_arrival
        else ""
    )
    destroyed = (
        "a result naming a destroyed area is rolled again (the catalogue's reading, WM-GAP-01)"
        if table.on_destroyed_area == "reroll"
        else "a result naming a destroyed area: the opponent shifts the arrivals to an adjacent "
        "area (Lost in the Warp if there is none)"
    )
    reserve = (
        "a Traitor unit sent back to reserve teleports again at the next Traitor "
        "Reinforcements phase, besides that phase's draw"
        if table.traitor_reserve == "next-phase"
        else "a Traitor unit sent back to reserve goes back into the cup"
    )
    prov = _all_same(r.provenance for r in table.results.values()) or "mixed"
    rules_from = provenance(table.provenance, SOURCES["teleport"])
    return (
        _table(head, grid)
        + f"\n{landing} of the {len(D66_RESULTS)} results land in the area of that number; each "
        "special result has a chance of 1 in 36:\n\n"
        + _table(["D66", "result", "what happens", "provenance"], specials)
        + f"\n- {destroyed[0].upper()}{destroyed[1:]}: *{rules_from}*.\n"
        f"- {reserve[0].upper()}{reserve[1:]}: *{rules_from}*.\n"
        f"- The Teleportarium (area {data.teleportarium}): {sides}, controlling it at the start "
        f"of his Reinforcements phase, rolls {port.rolls} times for every teleport and keeps "
        f"one of the results{arrival}: "
        f"*{provenance(port.provenance, SOURCES['teleport'] + ' rule 4')}*.\n"
        f"\nProvenance of every result: **{provenance(prov, SOURCES['teleport'])}**. The "
        "rulebook gives only the table's title and that every teleport is one D66 roll on it, "
        "the first die the tens, the second the units (WM-TELEPORT-02, -03).\n"
    )


def battle_markdown(data: WarmasterData | None = None) -> str:
    """The Battle Results Table (one column per ratio, one row per die roll), its codes and the
    column shifts."""
    data, shipped = _data(data)
    crt = data.battle
    notes = _notes(shipped, "battle.toml", "result", "code")
    head = ["D6", *(str(c) for c in crt.columns)]
    grid = [[roll, *(col[roll - 1] for col in crt.cells)] for roll in range(1, crt.die_sides + 1)]
    codes = _table(
        ["code", "result", "what it does", "provenance", "note"],
        [
            [
                f"**{r.code}**",
                r.name,
                r.description,
                provenance(r.provenance, SOURCES["battle"]),
                notes.get(r.code, ""),
            ]
            for r in data.results.values()
        ],
    )
    s = data.specials
    horus = data.counters[HORUS].name
    negated = " or ".join(data.counters[u].name for u in sorted(s.horror.negated_by))
    shifts = _table(
        ["shift", "when", "columns", "provenance"],
        [
            [
                "Lupercal's Sanctum",
                f"{horus} defends in {_names(data, [data.sanctum])}",
                _shift(s.sanctum.defence_shift),
                provenance(s.sanctum.provenance, SOURCES["sanctum"]),
            ],
            [
                "Horror",
                "an Imperial attack on an area holding a Horror, unless "
                f"{negated or 'nobody'} is among the attackers",
                _shift(s.horror.imperial_attack_shift),
                provenance(s.horror.provenance, SOURCES["horror"]),
            ],
            [
                "Ambush",
                "the units a revealed Ambush draws from the cup attack at once",
                _shift(s.ambush.attack_shift),
                provenance(s.ambush.provenance, SOURCES["ambush"]),
            ],
        ],
    )
    first, last = crt.columns[0], crt.columns[-1]
    return (
        _table(head, grid)
        + f"\nThe attack total against the defence total, rounded down, picks the column "
        f"(10 against 5 is 2-1, 9 against 5 is 1-1); worse than 1-1 the ratio is 1-N, N the "
        f"defence divided by the attack rounded up; ratios beyond {first} or {last} use that "
        f"column, and a defence of 0 uses {last} (WM-COMBAT-08, WM-GAP-02, WM-GAP-12). "
        f"Provenance: **{provenance(crt.provenance, SOURCES['battle'])}**; the procedure is the "
        "rulebook's (WM-COMBAT-06 to -12).\n\n"
        + codes
        + "\nColumn shifts are added after the ratio has been placed on the table and never go "
        "beyond its end columns:\n\n" + shifts
    )


def _where(spec: UnitSpec, setup: Setup) -> tuple[str, int]:
    """Where a counter type starts in a scenario, and how many of it are used."""
    if spec.id in setup.face_down:
        return "face down on the ship", setup.face_down[spec.id]
    if spec.id in setup.cup:
        return "in the cup", setup.cup[spec.id]
    for wave in setup.imperial:
        if spec.id in wave.units:
            how = "in a group" if wave.teleport == "groups" else "alone"
            return f"teleports on turn {wave.turn}, {how}", wave.units[spec.id]
    return "not used", 0


def _reroll(spec: UnitSpec) -> str:
    if spec.reroll == "supreme":
        return "**supreme**"
    return "hero" if spec.reroll == "hero" else "—"


def counters_markdown(data: WarmasterData | None = None, scenario: str = DEFAULT_SCENARIO) -> str:
    """The counter manifest: factors, re-rolls, backs, and where and how many start in
    ``scenario``."""
    data, shipped = _data(data)
    setup = load_setup(scenario, data)
    notes = _notes(shipped, "counters.toml", "counter", "id")
    rows = []
    totals: dict[str, int] = {}
    for spec in data.counters.values():
        where, used = _where(spec, setup)
        totals[where] = totals.get(where, 0) + used
        rows.append(
            [
                _SIDE[spec.side],
                spec.name,
                f"`{spec.id}`",
                spec.kind,
                spec.attack,
                spec.defence,
                _reroll(spec),
                spec.back or "—",
                spec.count,
                where,
                used,
                provenance(spec.provenance, SOURCES["counters"]),
                notes.get(spec.id, ""),
            ]
        )
    head = [
        "side", "counter", "id", "kind", "attack", "defence", "re-roll", "back", "manifest",
        f"{setup.name}: starts", f"{setup.name}: count", "provenance", "note",
    ]  # fmt: skip
    counted = "; ".join(f"{where}: {n}" for where, n in totals.items() if n)
    return (
        _table(head, rows)
        + f"\n{sum(s.count for s in data.counters.values())} counters in the manifest; in the "
        f"{setup.name} scenario: {counted}. Re-roll: a **supreme** unit (the Emperor, Horus) "
        "loses its re-roll only against the other supreme unit, a hero against any opposing "
        "re-roll unit (WM-REROLL-04 to -06). Backs: the Eye of Horus on the Traitor's starting "
        "units, the skull on his reinforcements (WM-COMP-04). Traps and Ambushes never fight "
        "(factors 0).\n"
    )


def setup_markdown(data: WarmasterData | None = None, scenario: str = DEFAULT_SCENARIO) -> str:
    """A scenario's set-up and options."""
    data, _ = _data(data)
    setup = load_setup(scenario, data)

    def counts(units: Mapping[str, int]) -> str:
        return ", ".join(
            f"{data.counters[u].name}" + (f" ×{n}" if n > 1 else "") for u, n in units.items()
        )

    rows: list[list[object]] = [
        ["Bridge control at the start", _SIDE[setup.bridge_control], "WM-BRIDGE-01"],
        [
            f"Traitor, face down ({sum(setup.face_down.values())}, at most one per area)",
            counts(setup.face_down),
            "WM-SETUP-02, WM-GAP-13",
        ],
        [f"Traitor, the cup ({sum(setup.cup.values())})", counts(setup.cup), "WM-SETUP-03"],
    ]
    for wave in setup.imperial:
        if wave.teleport == "groups":
            first = data.counters[wave.first].name if wave.first else "any"
            text = (
                f"{counts(wave.units)}: {wave.groups} groups of {wave.group_size}, made up by "
                f"the Imperial player, {first}'s group first, one D66 per group"
            )
            if wave.suggested_groups:
                text += "; suggested: " + "; ".join(
                    " + ".join(data.counters[u].name for u in g) for g in wave.suggested_groups
                )
            rules = "WM-SETUP-05, WM-REINF-01 to -03"
        else:
            text = f"{counts(wave.units)}, each teleporting alone"
            rules = "WM-REINF-04"
        rows.append([f"Imperial, turn {wave.turn}", text, rules])
    cap = setup.turn_cap
    rows += [
        ["`turn_cap`", f"{cap} turns" if cap else "none (the rulebook's game)", "WM-GAP-20"],
        [
            "`bot_turn_cap`",
            f"{setup.bot_turn_cap} turns" if setup.bot_turn_cap else "none",
            "WM-GAP-20",
        ],
        [
            "`cap_winner`",
            "a draw" if setup.cap_winner == "draw" else f"the {_SIDE[setup.cap_winner]} player",
            "WM-GAP-20",
        ],
        ["`reactor_sabotage`", "on" if setup.reactor_sabotage else "off", "WM-GAP-05"],
        ["`fleet_lasers`", "on" if setup.fleet_lasers else "off", "WM-GAP-05"],
        ["`warp_instability`", "on" if setup.warp_instability else "off", "WM-GAP-05, -20"],
    ]
    return _table([setup.name, "set-up", "rules"], rows) + (
        f"\nProvenance: **{provenance(setup.provenance, SOURCES['setup'])}**: the set-up "
        "procedure, the four groups of three with the Emperor's first, the three Imperial "
        "Guard on turn 2 and Traitor control of the Bridge are the rulebook's; the counters and "
        "the options are reconstructed.\n"
    )
