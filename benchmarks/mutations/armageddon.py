# ruff: noqa: E501  (engine snippets are quoted whole)
"""Planted bugs for Battle for Armageddon's catalogue (BFA-*): its worked examples (-EX) so
far. See :mod:`mutations` for the fields."""

from __future__ import annotations

from mutations import Mutation as M

A = "wargames/armageddon/"
ODDS = "wargames/core/odds.py"
FULL = "bits.mask(a for a, st in s.placement.stacks[side].items() if len(st) >= 3)"

MUTATIONS: list[M] = [
    M(
        "BFA-MOVE-13-EX",
        A + "movement.py",
        "        found |= rail_mask(s, start)\n    return found",
        "        found |= rail_mask(s, start)\n    return found & ~" + FULL,
        "a move may not end in an area already holding three friendly counters",
    ),
    M(
        "BFA-MOVE-14-EX",
        A + "movement.py",
        "return spec.movement + bonus if spec.movement > 0 else 0",
        "return spec.movement + bonus + 1 if spec.movement > 0 else 0",
        "every counter moves one area more than its movement value",
    ),
    M(
        "BFA-MOVE-15-EX",
        A + "movement.py",
        "start, steps, s.placement.masks[enemy]",
        "start, steps - 1, s.placement.masks[enemy]",
        "the reach falls one area short",
    ),
    M(
        "BFA-MOVE-16-EX",
        A + "movement.py",
        "0 if ignore_stop else bits.stops[side]",
        "0",
        "ash wastes never stop a move",
    ),
    M(
        "BFA-COMBAT-21-EX",
        ODDS,
        "return Odds(attack // defence, 1)",
        "return Odds(attack // (defence + 1), 1)",
        "off by one in the divisor (12 against 4 reads 2-1)",
    ),
    M(
        "BFA-COMBAT-22-EX",
        ODDS,
        "return Odds(1, -(-defence // attack))",
        "return Odds(1, defence // attack + 1)",
        "worse-than-even odds one column too bad (4 against 12 reads 1-4)",
    ),
    M(
        "BFA-COMBAT-23-EX",
        ODDS,
        "return Odds(attack // defence, 1)",
        "return Odds(round(attack / defence), 1)",
        "the odds rounded to nearest (11 against 4 reads 3-1)",
    ),
    M(
        "BFA-COMBAT-24-EX",
        A + "combat.py",
        "for c in s.stack(target, defender):",
        "for c in s.stack(target, defender)[:-1]:",
        "the defence total leaves out the last defending counter",
    ),
    M(
        "BFA-COMBAT-25-EX",
        A + "combat.py",
        "groups.setdefault(ready[area], []).append(area)",
        "groups.setdefault(None, []).append(area)",
        "stacks of different Ork tribes attack together",
    ),
    M(
        "BFA-COMBAT-26-EX",
        A + "combat.py",
        'if all(board.crosses(a, target, "river") for a in stacks):',
        'if any(board.crosses(a, target, "river") for a in stacks):',
        "the river modifier applies when any attacking stack crosses",
    ),
    M(
        "BFA-COMBAT-27-EX",
        A + "combat.py",
        "return s.pop(CombatRoll(self.battle, True))",
        "return s.pop(*result_tasks(s, self.battle, combat_result(s, self.battle, self.roll)))",
        "Ghazghkull's re-roll is ignored: the first roll stands",
    ),
    M(
        "BFA-BUILD-07-EX",
        A + "data/costs.toml",
        '[[cost]]\nkind = "guard-army"',
        '[[cost]]\nkind = "chapter"\ncost = 6\nspace = 2\nprovenance = "reconstructed"\n\n[[cost]]\nkind = "guard-army"',
        "Space Marine Chapters get a build cost",
    ),
    M(
        "BFA-BUILD-10-EX",
        A + "build.py",
        "c: costs[spec.kind].cost\n",
        "c: costs[spec.kind].cost + (spec.attack > 3)\n",
        "a stronger army of the same type costs one more",
    ),
    M(
        "BFA-BUILD-14-EX",
        A + "build.py",
        'f"@track{cost.space}"',
        'f"@track{cost.space + 1}"',
        "a counter bought goes one space further from the 'ready' box",
    ),
    M(
        "BFA-BUILD-19-EX",
        A + "build.py",
        "return len(held_ruins(s)) // 2",
        "return -(-len(held_ruins(s)) // 2)",
        "an odd smoking ruin earns a counter (pairs rounded up)",
    ),
    M(
        "BFA-SUPPLY-12-EX",
        A + "supply.py",
        "passable = bits.supply_passable & ~s.placement.masks[other(side)]",
        "passable = bits.supply_passable",
        "areas held by the enemy do not cut supply",
    ),
]

SKIPPED: dict[str, str] = {}
