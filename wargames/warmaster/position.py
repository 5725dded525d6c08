"""What-if positions of The Warmaster: counters face up and face down where you say, the cup,
from the start of a chosen phase of a chosen turn; then the game plays on by the rules.

>>> from wargames.warmaster.position import position
>>> s = position(
...     face_up={"21": ["emperor", "custodes-1"], "33": ["angron"]},
...     face_down={"65": "horus", "44": "trap-1"},
...     turn=3,
...     phase="imperial-movement",
...     bridge="imperial",
... )
>>> s.turn, s.phase, s.bridge, s.location("horus"), "horus" in s.face_down, len(s.cup)
(3, 'imperial-movement', 'imperial', '65', True, 21)

A position starts where a turn starts (``phase="start-of-turn"``: Bridge control passes to
the side alone on the Bridge, then the optional warp instability, WM-SEQ-01, WM-BRIDGE-02) or
where one of its six phases starts (WM-SEQ-02), with the rest of the turn and the next turns
to come. Counters not named are where the game would have them: the Imperial units of a wave
still to teleport aboard in the pool (a group wave forms its groups first, WM-SETUP-05), the
Traitor's reinforcements in the cup (WM-SETUP-03; ``cup`` says which instead, the others then
destroyed), every other counter destroyed. The Imperial player's view hides what the rules
hide: face-down counters and the cup (WM-HIDDEN-01, WM-REINF-07). ``screens`` says the turn
the Imperial player took the Defensive Screens, so the fleet's lasers fire from his next
Reinforcements phase, and ``laser_hits`` how many of the destroyed areas they hit (the ship
breaks up at the scenario's last hit; specials ``fleet_lasers``, ``ship_breakup``, WM-GAP-05).
A position that breaks a rule of the game (two face-down units in an area, over-stacking,
Horus or the Emperor dead, counters in a destroyed area, more laser hits than the lasers can
have fired) is a :class:`~wargames.core.errors.ScenarioError` naming the key and the problem.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from wargames.core.cards import Pile
from wargames.core.errors import ScenarioError
from wargames.core.scenario_value import ScenarioValue
from wargames.warmaster.data import EMPEROR, HORUS, SIDES
from wargames.warmaster.flow import PHASES, BeginTurn, FormGroups, Phase, Task, phase_tasks
from wargames.warmaster.game import new_game
from wargames.warmaster.scenario_value import BoardingScenario
from wargames.warmaster.specials import START, control_after_battle
from wargames.warmaster.state import CUP, DEAD, OUT, POOL, RESERVE, WarmasterState

WHERE = "(what-if position)"
"""What a position's errors name as their file."""

STARTS = (START, *PHASES)
"""Where a position may start: the start of the turn or of one of its six phases."""


def position(
    scenario: str | BoardingScenario | None = None,
    face_up: Mapping[str, Iterable[str]] | None = None,
    face_down: Mapping[str, str] | None = None,
    cup: Mapping[str, int] | None = None,
    turn: int = 1,
    phase: str = START,
    bridge: str | None = None,
    reserve: Iterable[Iterable[str]] = (),
    destroyed: Iterable[str] = (),
    control: Iterable[str] | None = None,
    warp_instability: bool | None = None,
    screens: int | None = None,
    laser_hits: int = 0,
) -> WarmasterState:
    """The game of ``scenario`` (a shipped id, a file's path or a scenario value; default the
    boarding) at the start of ``phase`` of ``turn``.

    ``face_up``: area -> the counters face up there (either side); ``face_down``: area -> the
    Traitor starting unit face down there (one an area, WM-SETUP-02); ``cup``: counter type ->
    how many in the cup (default: every reinforcement not on the ship); ``bridge``: who
    controls the Bridge (default the scenario's; nobody once it is destroyed); ``reserve``:
    bodies of units sent back to reserve by a teleport mishap, teleporting again at their
    side's next Reinforcements phase; ``destroyed``: destroyed areas; ``control``: the areas
    the Imperial player controls (default: each side holds the areas it alone occupies, the
    rest as at the start, research 3.1); ``warp_instability``: the option on or off (default
    the scenario's); ``screens``: the turn the Imperial player took the Defensive Screens
    (default: not taken), so the fleet's lasers fire from his next turn; ``laser_hits``: the
    laser hits so far, each an area among ``destroyed`` (specials ``fleet_lasers``,
    ``ship_breakup``, WM-GAP-05)."""
    source = (  # a shipped id stays an id, so the position compares equal to a loaded start
        BoardingScenario.of(scenario, WHERE).source()
        if isinstance(scenario, ScenarioValue)
        else scenario
    )
    if phase not in STARTS:
        raise ScenarioError(WHERE, "phase", f"expected one of {list(STARTS)}, got {phase!r}")
    options = {} if warp_instability is None else {"warp_instability": warp_instability}
    start = new_game(source, options)
    cap = start.turn_cap
    if not 1 <= turn <= (cap or turn):
        raise ScenarioError(WHERE, "turn", f"expected 1 to {cap}, got {turn}")
    ruined = _areas(start, destroyed, "destroyed")
    arriving = _arriving(start, turn, phase)
    placed = _placed(start, dict(face_up or {}), dict(face_down or {}), arriving, ruined)
    bodies = _reserve(start, [tuple(b) for b in reserve], arriving, placed)
    where, cupped = _where(start, placed, bodies, arriving, cup)
    state = start.evolve(
        where=where,
        face_down=frozenset(dict(face_down or {}).values()),
        cup=cupped,
        reserve=bodies,
        destroyed=ruined,
        turn=turn - 1 if phase == START else turn,
        phase=phase,
        bridge=_bridge(start, bridge, ruined),
        tasks=_tasks(start, turn, phase),
        **_lasers(start, screens, laser_hits, (turn, phase), ruined),
    )
    state = state.evolve(control=_control(state, control))
    problems = state.invariant_violations() + state.saved_state_violations()
    if problems:
        raise ScenarioError(WHERE, "position", "; ".join(problems))
    return state.settle()


def _areas(s: WarmasterState, areas: Iterable[str], key: str) -> frozenset[str]:
    """``areas`` checked to be areas of the ship."""
    found = frozenset(areas)
    for area in sorted(found):
        if area not in s.data.board:
            raise ScenarioError(WHERE, f"{key}.{area}", f"{area!r} is no area of the ship")
    return found


def _arriving(s: WarmasterState, turn: int, phase: str) -> dict[str, int]:
    """Imperial unit -> the turn it teleports aboard, for the waves still to come: a wave
    teleports in the Imperial Reinforcements phase of its turn (WM-REINF-01, -04)."""
    early = phase in (START, PHASES[0])
    return {
        u: wave.turn
        for wave in s.setup.imperial
        if wave.turn > turn or (wave.turn == turn and early)
        for u in s.setup.wave_units(wave, s.data)
    }


def _counter(s: WarmasterState, counter: str, key: str, arriving: Mapping[str, int]) -> str:
    """``counter`` checked to be one the scenario uses and not still to teleport aboard."""
    if counter not in s.manifest.index or s.location(counter) == OUT:
        raise ScenarioError(WHERE, key, f"no counter {counter!r} in the scenario")
    if counter in arriving:
        raise ScenarioError(
            WHERE, key, f"{counter} teleports aboard on turn {arriving[counter]} (WM-REINF-01)"
        )
    return counter


def _placed(
    s: WarmasterState,
    face_up: dict[str, Iterable[str]],
    face_down: dict[str, str],
    arriving: Mapping[str, int],
    ruined: frozenset[str],
) -> dict[str, str]:
    """Counter -> its area, each counter named once, face-down ones Traitor starting units
    (WM-SETUP-02, WM-HIDDEN-01), face-up ones counters that stay on the ship when seen (a Trap
    or an Ambush takes effect when revealed and is removed)."""
    placed: dict[str, str] = {}
    named = [(f"face_up.{a}", a, c, False) for a, cs in face_up.items() for c in cs]
    named += [(f"face_down.{a}", a, c, True) for a, c in face_down.items()]
    for key, area, counter, down in named:
        _areas(s, (area,), key.split(".")[0])
        if area in ruined:
            raise ScenarioError(WHERE, key, f"area {area} is destroyed (WM-DESTROY-01)")
        _counter(s, counter, key, arriving)
        if counter in placed:
            raise ScenarioError(WHERE, key, f"{counter} is named twice")
        spec = s.spec(counter)
        if down and not spec.starts_face_down:
            raise ScenarioError(WHERE, key, f"{counter} is no Traitor starting unit (WM-SETUP-02)")
        if not down and spec.kind in ("trap", "ambush"):
            raise ScenarioError(WHERE, key, f"{counter} is removed once revealed: set it face down")
        placed[counter] = area
    return placed


def _reserve(
    s: WarmasterState,
    bodies: list[tuple[str, ...]],
    arriving: Mapping[str, int],
    placed: Mapping[str, str],
) -> tuple[tuple[str, ...], ...]:
    """The bodies in reserve, checked: one side's units a body, not on the ship."""
    seen: set[str] = set()
    for i, body in enumerate(bodies):
        key = f"reserve.{i}"
        if not body:
            raise ScenarioError(WHERE, key, "an empty body")
        for counter in body:
            _counter(s, counter, key, arriving)
            if counter in placed or counter in seen:
                raise ScenarioError(WHERE, key, f"{counter} is named twice")
            if s.spec(counter).kind in ("trap", "ambush"):
                raise ScenarioError(WHERE, key, f"{counter} never teleports")
            seen.add(counter)
        if len({s.side_of(c) for c in body}) > 1:
            raise ScenarioError(WHERE, key, "a body holds one side's units")
    return tuple(bodies)


def _where(
    s: WarmasterState,
    placed: Mapping[str, str],
    bodies: tuple[tuple[str, ...], ...],
    arriving: Mapping[str, int],
    cup: Mapping[str, int] | None,
) -> tuple[tuple[str, ...], Pile]:
    """Where every counter is, and the cup: those named where named, the waves to come in the
    pool, the reinforcements not named in the cup (or those of ``cup``), the rest dead."""
    in_reserve = {c for body in bodies for c in body}
    free = [
        c
        for c in s.manifest.ids
        if s.location(c) == CUP and c not in placed and c not in in_reserve
    ]
    cupped = set(free) if cup is None else _cupped(s, free, cup)
    where = []
    for c, old in zip(s.manifest.ids, s.where, strict=True):
        if c in placed:
            where.append(placed[c])
        elif c in in_reserve:
            where.append(RESERVE)
        elif c in arriving:
            where.append(POOL)
        elif c in cupped:
            where.append(CUP)
        else:
            where.append(OUT if old == OUT else DEAD)
    for leader, rule in ((EMPEROR, "WM-VICTORY-01"), (HORUS, "WM-VICTORY-02")):
        if s.location(leader) != OUT and where[s.manifest.index[leader]] == DEAD:
            raise ScenarioError(
                WHERE, "face_up", f"{leader} is not named: his death ends the game ({rule})"
            )
    return tuple(where), Pile.of(s.spec(c).id for c in s.manifest.ids if c in cupped)


def _cupped(s: WarmasterState, free: list[str], cup: Mapping[str, int]) -> set[str]:
    """The counters of ``free`` (reinforcements not named elsewhere) that ``cup`` puts in the
    cup (WM-SETUP-03), the first of each type."""
    out: set[str] = set()
    for kind, n in cup.items():
        key = f"cup.{kind}"
        left = [c for c in free if s.spec(c).id == kind]
        if not isinstance(n, int) or not 0 <= n <= len(left):
            raise ScenarioError(
                WHERE, key, f"expected 0 to {len(left)} (the {kind} not named elsewhere)"
            )
        out.update(left[:n])
    return out


def _bridge(s: WarmasterState, bridge: str | None, ruined: frozenset[str]) -> str | None:
    """Who controls the Bridge: nobody once it is destroyed (WM-BRIDGE-07), else a side."""
    if s.data.bridge in ruined:
        return None
    found = bridge or s.bridge
    if found not in SIDES:
        raise ScenarioError(WHERE, "bridge", f"expected one of {list(SIDES)}, got {found!r}")
    return found


def _control(s: WarmasterState, control: Iterable[str] | None) -> frozenset[str]:
    """The areas the Imperial player controls (research 3.1), never a destroyed one."""
    if control is None:
        return control_after_battle(s) - s.destroyed
    found = _areas(s, control, "control")
    for area in sorted(found & s.destroyed):
        raise ScenarioError(WHERE, f"control.{area}", f"area {area} is destroyed")
    return found


def _lasers(
    s: WarmasterState,
    screens: int | None,
    hits: int,
    when: tuple[int, str],
    ruined: frozenset[str],
) -> dict[str, int | None]:
    """The turn the Defensive Screens were taken and the laser hits so far, checked against
    the scenario's specials (WM-GAP-05): the Screens are taken at the end of the lasers'
    side's Battle phase, the lasers fire ``shots`` shots in each Imperial Reinforcements phase
    from the next turn on, the first hit of a turn destroys a hull area while one is left, each
    hit destroys an area, and the ship breaks up at the last hit."""
    if screens is None and not hits:
        return {}
    lasers = s.data.specials.fleet_lasers
    if not s.setup.fleet_lasers:
        key = "screens" if screens is not None else "laser_hits"
        raise ScenarioError(WHERE, key, "the scenario's option fleet_lasers is off")
    if screens is not None:
        last = _last_battle(lasers.side, when)
        if isinstance(screens, bool) or not isinstance(screens, int) or not 1 <= screens <= last:
            taken = f"1 to {last}" if last else "none yet"
            raise ScenarioError(
                WHERE,
                "screens",
                f"expected a turn whose {lasers.side} Battle phase is over ({taken}): the "
                f"Screens are taken at its end, got {screens!r}",
            )
    if isinstance(hits, bool) or not isinstance(hits, int) or hits < 0:
        raise ScenarioError(WHERE, "laser_hits", f"expected a number of hits, got {hits!r}")
    for most, why in _hit_limits(s, screens, when, ruined):
        if hits > most:
            raise ScenarioError(WHERE, "laser_hits", f"at most {most}: {why}, got {hits}")
    return {"screens": screens, "laser_hits": hits}


def _hit_limits(
    s: WarmasterState, screens: int | None, when: tuple[int, str], ruined: frozenset[str]
) -> list[tuple[int, str]]:
    """The most laser hits there can have been, and why."""
    if screens is None:
        return [(0, "the lasers fire once the Defensive Screens are taken (screens)")]
    lasers, last = s.data.specials.fleet_lasers, s.data.specials.ship_breakup.laser_hits
    shots, fired = lasers.shots, max(0, _last_reinforcements(when) - screens)
    hull = len(ruined & set(s.data.hull))
    first = f"the first hit of a turn goes to a hull area while one is left: {hull} destroyed"
    return [
        *([(shots * hull, first)] if lasers.hull_first and hull < len(s.data.hull) else []),
        (shots * fired, f"{shots} shots a turn, fired in {fired} turns so far"),
        (len(ruined), f"each hit destroys an area, and {len(ruined)} are destroyed"),
        (last - 1, f"the ship breaks up at {last} hits"),
    ]


def _last_battle(side: str, when: tuple[int, str]) -> int:
    """The last turn whose Battle phase of ``side`` is over when the position starts."""
    turn, phase = when
    over = phase != START and PHASES.index(phase) > PHASES.index(f"{side}-battle")
    return turn if over else turn - 1


def _last_reinforcements(when: tuple[int, str]) -> int:
    """The last turn whose Imperial Reinforcements phase (when the lasers fire) is over."""
    turn, phase = when
    return turn if phase not in (START, PHASES[0]) else turn - 1


def _tasks(s: WarmasterState, turn: int, phase: str) -> tuple[Task, ...]:
    """The steps still to do, top last: the groups of a group wave still to come
    (WM-SETUP-05), the rest of the turn from ``phase`` (WM-SEQ-01, -02), the next turn."""
    steps: list[Task] = []
    waves = [w for w in s.setup.imperial if w.teleport == "groups"]
    if waves and any(u in _arriving(s, turn, phase) for u in s.setup.wave_units(waves[0], s.data)):
        steps.append(FormGroups())
    if phase != START:
        rest = phase_tasks()
        steps += rest[rest.index(Phase(phase)) :]
    steps.append(BeginTurn())
    return tuple(reversed(steps))


__all__ = ["STARTS", "WHERE", "position"]
