"""The Warmaster's reference sheet as Markdown tables, generated from the data the engine loads
(for the docs page and notebooks), every row with its provenance.

The rulebook's board, Teleportation Table, Battle Results Table, counter manifest and special
rules are missing (WM-GAP-01 to WM-GAP-05); ``wargames/warmaster/data/`` reconstructs them from
the project's research notes (``shared/research/warmaster-horde-data.md``, section 3). A
reconstructed value is shown as ``reconstructed (research 3.n)``, naming the section of the
notes it comes from; values the rulebook states are shown as ``rulebook``. Each function takes
an optional :class:`~wargames.warmaster.data.WarmasterData` (the shipped data by default); the
notes of the shipped files (their ``note`` fields) are shown only for the shipped data.

>>> "| 6-1 |" in battle_markdown()
True
"""

from __future__ import annotations

import tomllib
from collections.abc import Callable, Iterable, Mapping, Sequence
from importlib import resources
from typing import Any

import networkx as nx

from wargames.warmaster.data import (
    D66_RESULTS,
    HORUS,
    IMPERIAL,
    PACKAGE,
    TRAITOR,
    TeleportEffect,
    UnitSpec,
    WarmasterData,
    default_data,
)
from wargames.warmaster.game import DEFAULT_SCENARIO
from wargames.warmaster.scenario import Setup, load_setup
from wargames.warmaster.sequence import SEQUENCE

SOURCES: Mapping[str, str] = {
    "map": "research 3.1",
    "teleport": "research 3.2",
    "battle": "research 3.3",
    "counters": "research 3.4",
    "trap": "research 3.4",
    "horror": "research 3.3, 3.4",
    "ambush": "research 3.3, 3.4",
    "sanctum": "research 3.3",
    "control": "research 3.1",
    "area_destruction": "research 3.5.1",
    "reactor_sabotage": "research 3.5.1",
    "fleet_lasers": "research 3.5.2",
    "ship_breakup": "research 3.5.2",
    "warp_instability": "research 3.5.3",
    "setup": "research 3.4, 3.5.3",
}
"""Where each reconstructed table comes from: the section of the research notes."""

_SIDE = {IMPERIAL: "Imperial", TRAITOR: "Traitor", "draw": "draw"}


# -- helpers ------------------------------------------------------------------------------------


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def provenance(value: str, source: str) -> str:
    """A provenance cell: ``reconstructed (research 3.1)``, or the value as it is."""
    return f"{value} ({source})" if value == "reconstructed" else value


def _data(data: WarmasterData | None) -> tuple[WarmasterData, bool]:
    """The data to show and whether it is the shipped data (whose notes may be shown)."""
    shipped = default_data()
    return (data or shipped), data is None or data is shipped


def _notes(shipped: bool, file: str, key: str, id_key: str) -> dict[str, str]:
    """The ``note`` of every record under ``key`` of a shipped data file, by ``id_key``."""
    if not shipped:
        return {}
    text = resources.files(PACKAGE).joinpath("data", file).read_text(encoding="utf-8")
    records: list[dict[str, Any]] = tomllib.loads(text).get(key, [])
    return {str(r[id_key]): str(r["note"]) for r in records if "note" in r}


def _upto(n: int) -> str:
    """A D6 roll of ``n`` or less, in words."""
    return "a 1" if n == 1 else f"1–{n}"


def _names(data: WarmasterData, ids: Iterable[str]) -> str:
    return ", ".join(f"{data.board[a].name} ({a})" for a in ids)


def _faces(faces: Sequence[int]) -> str:
    """Die faces as a range (``3-4``) when they run on, else listed."""
    if len(faces) > 1 and list(faces) == list(range(faces[0], faces[-1] + 1)):
        return f"{faces[0]}-{faces[-1]}"
    return ", ".join(str(f) for f in faces)


def _all_same(values: Iterable[str]) -> str | None:
    found = set(values)
    return found.pop() if len(found) == 1 else None


def _shift(n: int) -> str:
    """A column shift in words: ``-1 column (towards the defender)``."""
    side = "attacker" if n > 0 else "defender"
    return f"{n:+d} column{'' if abs(n) == 1 else 's'} (towards the {side})"


# -- the tables ---------------------------------------------------------------------------------


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


def specials_markdown(data: WarmasterData | None = None, scenario: str = DEFAULT_SCENARIO) -> str:
    """The special rules with their numbers, and whether ``scenario`` uses them."""
    data, _ = _data(data)
    setup = load_setup(scenario, data)
    s = data.specials
    counters = data.counters
    kinds = {
        kind: sum(n for c, n in setup.face_down.items() if counters[c].kind == kind)
        for kind in ("trap", "horror", "ambush")
    }
    horror = next((c for c in counters.values() if c.kind == "horror"), None)
    factors = f" ({horror.attack}-{horror.defence})" if horror else ""
    negated = " or ".join(counters[u].name for u in sorted(s.horror.negated_by)) or "nobody"
    sab, las, brk, warp = s.reactor_sabotage, s.fleet_lasers, s.ship_breakup, s.warp_instability
    thresholds = []
    for turn in range(warp.from_turn, warp.from_turn + 12):
        if warp.threshold(turn) >= 6:
            thresholds.append(f"every turn from turn {turn}")
            break
        if warp.threshold(turn) > 0:
            thresholds.append(f"turn {turn}: {_upto(warp.threshold(turn))}")
    on = {True: "on", False: "off"}
    failed = "a draw" if brk.failed_escape == "draw" else f"a {_SIDE[brk.failed_escape]} win"

    def row(name: str, key: str, text: str, used: str, prov: str) -> list[object]:
        return [name, text, used, provenance(prov, SOURCES[key])]

    rows = [
        row(
            "Trap",
            "trap",
            "when revealed, each Imperial unit in the area rolls a D6 and is destroyed on "
            f"{_upto(s.trap.loss_on)} (no re-roll: WM-REROLL-07)"
            + ("; then the Trap is removed" if s.trap.removed else ""),
            f"{kinds['trap']} face down",
            s.trap.provenance,
        ),
        row(
            "Horror",
            "horror",
            f"fights with its own factors{factors}; while it is in the area, Imperial attacks "
            f"there shift {_shift(s.horror.imperial_attack_shift)} unless {negated} is among "
            "the attackers"
            + (
                "; it leaves the game after its first battle"
                if s.horror.removed_after_battle
                else ""
            ),
            f"{kinds['horror']} face down",
            s.horror.provenance,
        ),
        row(
            "Ambush",
            "ambush",
            f"when revealed, {s.ambush.draw} units are drawn at random from the cup into the "
            f"area (never above the stacking limit of {data.stack_limit}; the marker does not "
            "count) and attack at once, out of sequence, with a shift of "
            f"{_shift(s.ambush.attack_shift)}"
            + ("; then the marker is removed" if s.ambush.removed else ""),
            f"{kinds['ambush']} face down",
            s.ambush.provenance,
        ),
        row(
            "Lupercal's Sanctum",
            "sanctum",
            f"{counters[s.sanctum.unit].name} defending in {_names(data, [data.sanctum])} "
            f"shifts the battle {_shift(s.sanctum.defence_shift)}",
            "always",
            s.sanctum.provenance,
        ),
        row(
            "Area control",
            "control",
            "a side takes control of an area when it alone has units there at the end of a "
            "Battle phase and keeps it until an enemy unit is alone there; the "
            f"{_SIDE[s.control.initial]} player controls every area at the start. Used by the "
            "Teleportarium; not the Bridge control of WM-BRIDGE-02",
            "always",
            s.control.provenance,
        ),
        row(
            "Destroyed areas",
            "area_destruction",
            "every unit in an area when it is destroyed rolls a D6 and is destroyed on "
            f"{_upto(s.area_destruction.loss_on)}; the "
            f"{'opponent' if s.area_destruction.survivors_moved_by == 'opponent' else 'owner'} "
            "moves each survivor to an adjacent area that is not destroyed (none: it is "
            "destroyed). Nothing ever enters, crosses or retreats into a destroyed area "
            "(WM-MOVE-03, WM-RETREAT-03)",
            "always",
            s.area_destruction.provenance,
        ),
        row(
            "Reactor sabotage",
            "reactor_sabotage",
            f"{_SIDE[sab.side]} units alone in a reactor area ({_names(data, data.reactors)}) "
            "at the end of their Battle phase may detonate it: the reactor is destroyed, and "
            f"each adjacent area on a D6 of {sab.adjacent_destroyed_from}+. Once every reactor "
            "is destroyed"
            + (", nobody has the Bridge's movement bonus" if sab.all_reactors_lost_bridge else "")
            + (
                " and the Defensive Screens count as captured"
                if sab.all_reactors_capture_screens
                else ""
            ),
            f"{on[setup.reactor_sabotage]} (option `reactor_sabotage`)",
            sab.provenance,
        ),
        row(
            "Fleet lasers",
            "fleet_lasers",
            f"from the {_SIDE[las.side]} turn after the {_SIDE[las.side]} player captures the "
            f"Defensive Screens (area {data.defensive_screens}: alone there at the "
            f"end of his Battle phase), each of his Reinforcements phases fires {las.shots} "
            "shots, a D66 each"
            + (
                f" (a second die of {', '.join(str(u) for u in sorted(las.reroll_units))} "
                "rolled again)"
                if las.reroll_units
                else ""
            )
            + "; each hit destroys the area rolled"
            + (
                f"; while a hull area ({', '.join(data.hull)}) is intact, the first hit of a "
                "turn destroys a hull area instead, picked by the firing player"
                if las.hull_first
                else ""
            ),
            f"{on[setup.fleet_lasers]} (option `fleet_lasers`)",
            las.provenance,
        ),
        row(
            "Ship break-up",
            "ship_breakup",
            f"after {brk.laser_hits} laser hits"
            + (
                ", or once the Bridge and any reactor are destroyed"
                if brk.bridge_and_reactor
                else ""
            )
            + f", the ship breaks up: the {_SIDE[brk.winner]} player wins, unless the Emperor is "
            f"aboard and fails to roll {brk.emperor_escape_from}+ on a D6 to teleport clear, "
            f"which gives {failed}",
            "always (needs destroyed areas)",
            brk.provenance,
        ),
        row(
            "Warp instability",
            "warp_instability",
            f"from turn {warp.from_turn}, at the start of each turn roll a D6; on (turn − "
            f"{warp.turn_offset}) or less one area rolled on a D66"
            + (
                f" (a second die of {', '.join(str(u) for u in sorted(warp.reroll_units))} "
                "rolled again)"
                if warp.reroll_units
                else ""
            )
            + f" is destroyed ({', '.join(thresholds)})",
            f"{on[setup.warp_instability]} (option `warp_instability`)",
            warp.provenance,
        ),
    ]
    return _table(["rule", "what it does", f"{setup.name}", "provenance"], rows) + (
        "\nAll of these stand in for the rulebook's missing special rules (WM-GAP-05); the "
        "loss and destruction dice they call for are never re-rolled by heroes (WM-REROLL-07); "
        "an Ambush's attack is a battle, whose die may be (WM-REROLL-02).\n"
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


TABLES: dict[str, Callable[[], str]] = {
    "sequence": sequence_markdown,
    "rules": rules_markdown,
    "map": map_markdown,
    "teleport": teleport_markdown,
    "battle": battle_markdown,
    "counters": counters_markdown,
    "specials": specials_markdown,
    "setup": setup_markdown,
}
"""Every table by name, for ``<!-- warmaster:NAME -->`` markers in the docs."""

__all__ = ["SOURCES", "TABLES", "provenance"]
