"""The special rules as a table: what each does with its numbers, and whether a scenario uses it."""

from __future__ import annotations

from wargames.warmaster.data import (
    WarmasterData,
)
from wargames.warmaster.game import DEFAULT_SCENARIO
from wargames.warmaster.reference.markdown import (
    _SIDE,
    SOURCES,
    _data,
    _names,
    _shift,
    _table,
    _upto,
    provenance,
)
from wargames.warmaster.scenario import load_setup


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
