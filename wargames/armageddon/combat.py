"""Combat phases: attacks by whole stacks, odds, the combat die, results, retreats and advances
(BFA-COMBAT-01..27, BFA-RETREAT-01..10, BFA-SURPRISE-02/03).

An attack is declared with :class:`~wargames.armageddon.actions.Attack` and resolved by a run
of tasks: card windows, the die roll (and Ghazghkull's re-roll), then the result: losses chosen
by their owner, retreats chosen by their owner counter by counter, ruined structures, and the
attacker's advance.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, combinations
from typing import TYPE_CHECKING, Any, ClassVar

import attrs

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, ArmageddonData
from wargames.armageddon.flow import DieRoll, Task
from wargames.armageddon.specials import phase_card_count, phase_card_plays, play_phase_card
from wargames.armageddon.stacking import fits
from wargames.armageddon.state import DEAD
from wargames.core.caches import PER_DATA
from wargames.core.codec import saved
from wargames.core.dice import clamp
from wargames.core.engine import Action, Player
from wargames.core.errors import RuleViolation
from wargames.core.odds import CombatResultsTable, Odds, odds_ratio
from wargames.core.retreat import RetreatRule

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S

RETREAT = RetreatRule(
    chooser="owner",
    distance=1,
    retreated_defend_at_zero=True,
    retreated_absorb_losses=False,
    second_retreat_eliminates=True,
)
"""Retreats in Battle for Armageddon: one area, the owner chooses; counters that already
retreated defend at 0, absorb no losses and die if forced again (BFA-RETREAT-01..09)."""

ADVANCE_AFTER = frozenset({"DE", "DR", "EX"})
"""Results after which an emptied area may be entered (BFA-COMBAT-19, BFA-GAP-18)."""
ADVANCE_MOVEMENT = 2


def other(side: str) -> str:
    return IMPERIUM if side == ORKS else ORKS


def eliminate(s: S, counters: Iterable[str], **changes: Any) -> S:
    """Remove counters from play (to the dead box), making the other ``changes`` in the same
    copy."""
    return s.move_counters([(c, DEAD) for c in counters], **changes)


# -- declaring attacks --------------------------------------------------------------------------


def attacking_stacks(s: S, side: str, target: str) -> tuple[str, ...]:
    """Adjacent areas whose stack may still attack ``target`` this phase (BFA-COMBAT-01/06)."""
    bits = s.bits
    return bits.names(bits.neighbours[bits.bit[target]] & ready_stacks(s, side)[1])


def ready_stacks(s: S, side: str) -> tuple[dict[str, str | None], int]:
    """``side``'s stacks that may still attack this phase (area -> the stack's tribe), and
    their areas as a bitset of the map: a stack attacks once, with all its units, and needs an
    attack total above 0 (BFA-COMBAT-01/02, BFA-GAP-14). Worked out once per state, in one pass
    over the stacks."""

    def found() -> tuple[dict[str, str | None], int]:
        used = s.used
        specs = s.data.counters
        attack = _attacks(s.data).__getitem__
        bit = s.bits.bit
        out: dict[str, str | None] = {}
        mask = 0
        for area, units in s.placement.units[side].items():
            if used.isdisjoint(units) and sum(map(attack, units)) > 0:  # attack_of
                out[area] = specs[units[0]].tribe
                mask |= bit[area]
        return out, mask

    return s.once(f"ready:{side}", found)


def attack_of(s: S, counters: Iterable[str]) -> int:
    """The counters' attack total (BFA-COMBAT-08)."""
    return sum(map(_attacks(s.data).__getitem__, counters))


@lru_cache(maxsize=PER_DATA)
def _attacks(data: ArmageddonData) -> dict[str, int]:
    """Counter id -> its attack value (read once per data set)."""
    return {c: spec.attack for c, spec in data.counters.items()}


def attack_options(s: S, side: str) -> tuple[act.Attack, ...]:
    """Every legal attack: each enemy area not yet attacked, by any non-empty set of adjacent
    eligible stacks, never mixing Ork tribes (BFA-COMBAT-05/06/07)."""
    return tuple(chain.from_iterable(_subsets(*group) for group in attack_groups(s, side)))


def attack_groups(s: S, side: str) -> list[tuple[str, tuple[str, ...]]]:
    """The attacks of :func:`attack_options` in groups, in their order: each target with the
    ready stacks of one tribe next to it (every non-empty subset of them is an attack)."""
    bits = s.bits
    ready, ready_bits = ready_stacks(s, side)
    # the enemy areas not attacked yet, next to a ready stack
    targets = s.placement.masks[other(side)] & bits.around(ready_bits) & ~bits.mask(s.attacked)
    out: list[tuple[str, tuple[str, ...]]] = []
    for target in bits.names(targets):
        near = bits.neighbours[bits.bit[target]] & ready_bits
        groups: dict[str | None, list[str]] = {}
        for area in bits.names(near):
            groups.setdefault(ready[area], []).append(area)
        for _tribe, areas in sorted(groups.items(), key=lambda kv: str(kv[0])):
            out.append((target, tuple(areas)))
    return out


END_COMBAT = act.Pass("phase")
END_ADVANCE = act.Pass("advance")
REROLL_OR_KEEP = (act.Reroll(True), act.Reroll(False))  # listed as these objects (BFA-COMBAT-20)

SUBSETS_CACHE = 1 << 10
"""Attack lists :func:`_subsets` remembers (target, attacking areas): 480 distinct in 100
random games, hit rate 95 % from 1,024 entries on."""


@lru_cache(maxsize=SUBSETS_CACHE)
def _subsets(target: str, areas: tuple[str, ...]) -> tuple[act.Attack, ...]:
    return tuple(
        act.Attack(target, combo)
        for n in range(1, len(areas) + 1)
        for combo in combinations(areas, n)
    )


def attackers(s: S, side: str, stacks: Iterable[str]) -> tuple[str, ...]:
    """The attacking unit counters: every unit of every attacking stack (BFA-COMBAT-02)."""
    return tuple([c for a in stacks for c in s.units(a, side)])


# -- the numbers of an attack -------------------------------------------------------------------


@attrs.frozen
class AttackNumbers:
    """Totals, odds column and die modifier of one attack, with the reasons for the modifier."""

    attack: int
    defence: int
    odds: Odds
    column: Odds
    modifier: int
    reasons: tuple[str, ...]


def defence_of(s: S, target: str, defender: str) -> int:
    """Defence total of the stack in ``target``: counters that already retreated count 0
    (BFA-RETREAT-07), intact structures add theirs (BFA-GAP-10), Tunnel Rats drop a hive's."""
    total = 0
    for c in s.stack(target, defender):
        spec = s.spec(c)
        if not RETREAT.defends(c in s.retreated):
            continue
        if spec.kind == "hive" and "tunnel-rats" in s.effects:
            continue
        total += spec.defence
    return total


def numbers(s: S, side: str, target: str, stacks: tuple[str, ...]) -> AttackNumbers:
    """Steps 1-3 of the combat procedure and the die modifiers (BFA-COMBAT-08..15)."""
    attack = attack_of(s, attackers(s, side, stacks))
    defence = defence_of(s, target, other(side))
    odds = odds_ratio(attack, defence)
    mod, reasons = modifiers(s, side, target, stacks)
    column = s.data.crt.columns[_column(s.data.crt, odds)]
    return AttackNumbers(attack, defence, odds, column, mod, reasons)


ODDS_CACHE = 256
"""Odds whose column :func:`_column` remembers: the totals are small, a few dozen odds."""


@lru_cache(maxsize=ODDS_CACHE)
def _column(crt: CombatResultsTable, odds: Odds) -> int:
    """:meth:`CombatResultsTable.column`, looked up once per table and odds."""
    return crt.column(odds)


def modifiers(s: S, side: str, target: str, stacks: tuple[str, ...]) -> tuple[int, tuple[str, ...]]:
    """The die modifiers: river (only if every stack crosses), terrain, turn-1 surprise, cards."""
    board = s.data.board
    found: list[tuple[int, str]] = []
    if all(board.crosses(a, target, "river") for a in stacks):
        found.append((-1, "every attacking stack crosses a river (BFA-COMBAT-15)"))
    terrain = s.data.terrain[board[target].terrain]
    if terrain.defender_modifier:
        found.append((terrain.defender_modifier, f"defender in {terrain.name} (terrain chart)"))
    if side == ORKS and s.turn == 1:
        found.append((+1, "First Turn Surprise (BFA-SURPRISE-02)"))
    if side == ORKS and "waaagh" in s.effects:
        found.append((+1, "WAAAGH! card"))
    if side == ORKS and "thunderbolt" in s.effects:
        found.append((-1, "Thunderbolt Wing card"))
    if not found:
        return 0, ()
    return sum([m for m, _ in found]), tuple([r for _, r in found])


# -- the combat phase ---------------------------------------------------------------------------


@saved("armageddon/combat-phase")
@attrs.frozen
class CombatPhase(Task):
    """Each stack may attack once; each enemy area may be attacked once (BFA-COMBAT-01..07)."""

    side: str
    rule: ClassVar[str] = "BFA-COMBAT-01"

    def actor(self, s: S) -> Player | None:
        return self.side

    def legal(self, s: S) -> tuple[Action, ...]:
        return (
            *attack_options(s, self.side),
            *phase_card_plays(s, self.side, "combat"),
            END_COMBAT,
        )

    def draw(self, s: S, chance: float) -> Action:
        """The action at index ``int(chance * len(legal))`` of :meth:`legal`, found by counting
        each group's attacks (``2 ** k - 1`` for ``k`` stacks) without making the others."""
        groups = attack_groups(s, self.side)
        counts = [(1 << len(areas)) - 1 for _, areas in groups]
        cards = phase_card_count(s, self.side, "combat")
        i = int(chance * (sum(counts) + cards + 1))
        for (target, areas), n in zip(groups, counts, strict=True):
            if i < n:
                return _subsets(target, areas)[i]
            i -= n
        if i < cards:
            return phase_card_plays(s, self.side, "combat")[i]
        return END_COMBAT

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Attack):
            return declare(s, self.side, action)
        if isinstance(action, act.PlayCard):
            return play_phase_card(s, self.side, action)
        return s.evolve(
            used=frozenset(),
            attacked=frozenset(),
            retreated=frozenset(),
            phase=None,
            tasks=s.popped(),
        )

    def explain(self, s: S, action: Action) -> RuleViolation:
        from wargames.armageddon.refused_attacks import explain_attack

        return explain_attack(s, self.side, action) or super().explain(s, action)


def declare(s: S, side: str, attack: act.Attack) -> S:
    """Declare an attack and queue its resolution."""
    units = attackers(s, side, attack.stacks)
    battle = Battle(side, attack.target, attack.stacks, units)
    return s.evolve(
        attacked=s.attacked | {attack.target},
        used=s.used | set(units),
        tasks=(  # pushed: the card windows, the roll, the end of the battle, in that order
            *s.tasks,
            EndBattle(),
            CombatRoll(battle, False),
            DefenceCards(battle),
            AttackCards(battle),
        ),
    )


@saved("armageddon/battle")
@attrs.frozen
class Battle:
    """One attack: who attacks, where, from which stacks, with which counters."""

    side: str
    target: str
    stacks: tuple[str, ...]
    attackers: tuple[str, ...]

    @property
    def defender(self) -> str:
        return other(self.side)


@saved("armageddon/attack-cards")
@attrs.frozen
class AttackCards(Task):
    """Before the roll the Ork attacker may play Tunnel Rats against a hive."""

    battle: Battle
    rule: ClassVar[str] = "BFA-CARDS-03"

    def actor(self, s: S) -> Player | None:
        b = self.battle
        hive = any(s.spec(c).kind == "hive" for c in s.stack(b.target, b.defender))
        return b.side if b.side == ORKS and hive and s.may_play(ORKS, "tunnel-rats") else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return act.PLAY_OR_PASS["tunnel-rats"]

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.PlayCard):
            s = s.spend_card(ORKS, action.card, "tunnel-rats")
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/defence-cards")
@attrs.frozen
class DefenceCards(Task):
    """Before the roll the Imperial defender may play Thunderbolt Wing against an Ork attack."""

    battle: Battle
    rule: ClassVar[str] = "BFA-CARDS-03"

    def actor(self, s: S) -> Player | None:
        ok = self.battle.side == ORKS and s.may_play(IMPERIUM, "thunderbolt-wing")
        return IMPERIUM if ok else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return act.PLAY_OR_PASS["thunderbolt-wing"]

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.PlayCard):
            s = s.spend_card(IMPERIUM, action.card, "thunderbolt")
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/combat-roll")
@attrs.frozen
class CombatRoll(DieRoll):
    """Step 4: the attacker rolls a D6, modified and kept within 1-6 (BFA-COMBAT-13/14)."""

    battle: Battle
    rerolled: bool

    def rolled(self, s: S, value: int) -> S:
        b = self.battle
        if not self.rerolled and "ghazghkull" in b.attackers:
            return s.pop(RerollChoice(b, value))
        return s.pop(*result_tasks(s, b, combat_result(s, b, value)))

    def describe(self, s: S) -> str:
        return f"combat die for the attack on {self.battle.target}"


def combat_result(s: S, b: Battle, roll: int) -> str:
    """Step 5: cross-reference the modified roll with the odds column (BFA-COMBAT-16)."""
    n = numbers(s, b.side, b.target, b.stacks)
    crt = s.data.crt  # its result(), the column looked up once per odds
    return crt.cells[_column(crt, n.odds)][clamp(roll + n.modifier, 1, crt.die_sides) - 1]


@saved("armageddon/reroll-choice")
@attrs.frozen
class RerollChoice(Task):
    """Ghazghkull's special ability: the Ork player may re-roll the combat die once and must
    take the new roll (BFA-COMBAT-20, BFA-GAP-09)."""

    battle: Battle
    roll: int
    rule: ClassVar[str] = "BFA-COMBAT-20"

    def actor(self, s: S) -> Player | None:
        return ORKS

    def legal(self, s: S) -> tuple[Action, ...]:
        return REROLL_OR_KEEP

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Reroll)
        if action.reroll:
            return s.pop(CombatRoll(self.battle, True))
        return s.pop(*result_tasks(s, self.battle, combat_result(s, self.battle, self.roll)))

    def describe(self, s: S) -> str:
        code = combat_result(s, self.battle, self.roll)
        return f"Ghazghkull may re-roll the {self.roll} ({code})"


def result_tasks(s: S, b: Battle, code: str) -> tuple[Task, ...]:
    """The steps of a Combat Results Table result (BFA-COMBAT-18/19, research 5.1)."""
    defenders = s.units(b.target, b.defender)
    steps: list[Task] = [Announce(b, code)]
    if code == "AE":
        steps.append(Eliminated(b.attackers))
    elif code == "AR":
        steps.append(Retreat(b.side, b.attackers))
    elif code == "EX":
        steps.append(TakeLoss(b.defender, b.target, defenders))
        steps += [
            TakeLoss(b.side, a, tuple(c for c in b.attackers if s.location(c) == a))
            for a in b.stacks
        ]
        steps += [Retreat(b.defender, defenders), Ruin(b)]
    elif code == "DR":
        steps += [HeroicStand(b), Retreat(b.defender, defenders), Ruin(b)]
    elif code == "DE":
        steps += [Eliminated(defenders), Ruin(b)]
    if code in ADVANCE_AFTER:
        steps.append(AdvanceChoice(b))
    return tuple(steps)


@saved("armageddon/announce")
@attrs.frozen
class Announce(Task):
    """Records the result of the attack for logs (no decision)."""

    battle: Battle
    code: str

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/eliminated")
@attrs.frozen
class Eliminated(Task):
    """Counters eliminated by a result (still in play when it is applied)."""

    counters: tuple[str, ...]

    def run(self, s: S) -> S:
        board = s.data.board
        gone = [c for c in self.counters if s.location(c) in board]
        return eliminate(s, gone, tasks=s.popped())


@saved("armageddon/take-loss")
@attrs.frozen
class TakeLoss(Task):
    """One counter of a stack is lost, chosen by its owner among the counters that have not
    retreated this phase (BFA-COMBAT-17, BFA-RETREAT-08); none eligible: no loss (BFA-GAP-17)."""

    side: str
    area: str
    candidates: tuple[str, ...]
    rule: ClassVar[str] = "BFA-COMBAT-17"

    def eligible(self, s: S) -> tuple[str, ...]:
        here = [c for c in self.candidates if s.location(c) == self.area]
        return tuple([c for c in here if RETREAT.may_absorb(c in s.retreated)])

    def actor(self, s: S) -> Player | None:
        return self.side if self.eligible(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return tuple(act.made(act.Lose, c) for c in self.eligible(s))

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.Lose)
        return eliminate(s, (action.counter,), tasks=s.popped())

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/retreat")
@attrs.frozen
class Retreat(Task):
    """Each retreating counter moves one area, chosen by its owner; with nowhere to go, or if it
    already retreated this phase, it is eliminated (BFA-RETREAT-01..09, BFA-GAP-16)."""

    side: str
    counters: tuple[str, ...]
    rule: ClassVar[str] = "BFA-RETREAT-02"

    def _next(self, s: S) -> str | None:
        """The next counter still to retreat (eliminated ones are skipped)."""
        return self.counters[0] if self.counters else None

    def options(self, s: S, counter: str) -> tuple[str, ...]:
        if counter in s.retreated:
            return ()  # BFA-RETREAT-09
        data = s.data
        here = s.location(counter)
        blocked = s.occupied(other(self.side))

        def can_enter(area: str) -> bool:
            return data.terrain[data.board[area].terrain].enterable and area not in blocked

        def room(area: str) -> bool:
            return fits(data, s.stack(area, self.side), counter)

        return RETREAT.destinations(data.board, here, can_enter, room, s.spec(counter).movement)

    def actor(self, s: S) -> Player | None:
        c = self._next(s)
        if c is None or s.location(c) not in s.data.board:
            return None
        return self.side if s.once("retreat", lambda: self.options(s, c)) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        c = self._next(s)
        assert c is not None
        areas = s.once("retreat", lambda: self.options(s, c))  # asked by actor() first
        return tuple([act.RetreatTo(c, a) for a in areas])  # not made: rare, and many values

    def act(self, s: S, action: Action) -> S:
        assert isinstance(action, act.RetreatTo)
        return s.move_counters(
            [(action.counter, action.area)],
            retreated=s.retreated | {action.counter},
            tasks=s.popped(Retreat(self.side, self.counters[1:])),
        )

    def run(self, s: S) -> S:
        c = self._next(s)
        if c is None:
            return s.pop()
        rest = s.popped(Retreat(self.side, self.counters[1:]))
        if s.location(c) in s.data.board:
            return eliminate(s, (c,), tasks=rest)  # BFA-RETREAT-05/06/09
        return s.evolve(tasks=rest)


@saved("armageddon/heroic-stand")
@attrs.frozen
class HeroicStand(Task):
    """The Imperial player may cancel a DR against his stack with Heroic Stand."""

    battle: Battle
    rule: ClassVar[str] = "BFA-CARDS-03"

    def actor(self, s: S) -> Player | None:
        ok = self.battle.defender == IMPERIUM and s.may_play(IMPERIUM, "heroic-stand")
        return IMPERIUM if ok else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return act.PLAY_OR_PASS["heroic-stand"]

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.PlayCard):
            s = s.spend_card(IMPERIUM, action.card)
            while s.tasks and not isinstance(s.top, EndBattle):
                s = s.pop()  # the DR has no effect: no retreat, no ruin, no advance
            return s
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/ruin")
@attrs.frozen
class Ruin(Task):
    """When a result drives out or destroys the Imperial defenders, a hive or factory there
    turns to smoking ruins (the build track drops by its value) and a fortification is removed
    (BFA-GAP-10, BFA-BUILD-03)."""

    battle: Battle

    def run(self, s: S) -> S:
        area = self.battle.target
        if self.battle.defender != IMPERIUM or s.units(area, IMPERIUM):
            return s.pop()
        return ruin_area(s, area).pop()


def ruin_area(s: S, area: str) -> S:
    """Flip the intact hives and factories of ``area`` and remove its fortifications."""
    flipped = [
        c for c in s.structures(area) if s.spec(c).kind in ("hive", "factory") and c not in s.ruined
    ]
    forts = [c for c in s.structures(area) if s.spec(c).kind == "fortification"]
    drop = sum(s.spec(c).defence for c in flipped)
    s = eliminate(s, forts)
    if not flipped:
        return s
    before = s.placement
    ruined = s.evolve(ruined=s.ruined | set(flipped), build_points=s.build_points - drop)
    ruined._memo["index"] = before.ruined_out(flipped, s.where)  # carried, not rebuilt
    return ruined


@saved("armageddon/advance-choice")
@attrs.frozen
class AdvanceChoice(Task):
    """After a result that empties the defender's area the attacker may move attacking counters
    of movement 2 or more into it, one area, obeying stacking (BFA-COMBAT-19, BFA-GAP-18)."""

    battle: Battle
    rule: ClassVar[str] = "BFA-COMBAT-19"

    def candidates(self, s: S) -> tuple[str, ...]:
        b = self.battle
        if b.target in s.occupied(b.defender):
            return ()
        stack = s.stack(b.target, b.side)
        return tuple(
            c
            for c in b.attackers
            if s.location(c) in b.stacks
            and c not in s.retreated
            and s.spec(c).movement >= ADVANCE_MOVEMENT
            and fits(s.data, stack, c)
        )

    def actor(self, s: S) -> Player | None:
        return self.battle.side if self.candidates(s) else None

    def legal(self, s: S) -> tuple[Action, ...]:
        return (*(act.made(act.Advance, c) for c in self.candidates(s)), END_ADVANCE)

    def act(self, s: S, action: Action) -> S:
        if isinstance(action, act.Advance):
            return s.move_counters([(action.counter, self.battle.target)])
        return s.pop()

    def run(self, s: S) -> S:
        return s.pop()


@saved("armageddon/end-battle")
@attrs.frozen
class EndBattle(Task):
    """The attack is fully resolved; its card effects lapse (BFA-COMBAT-04)."""

    def run(self, s: S) -> S:
        return s.evolve(effects=s.effects - {"tunnel-rats", "thunderbolt"}, tasks=s.popped())
