# ruff: noqa: E501  (engine snippets are quoted whole)
"""Planted bugs for the base game of Commands & Colors: Ancients (CCB-*): its worked examples
(-EX) so far. See :mod:`mutations` for the fields."""

from __future__ import annotations

from mutations import Mutation as M

A = "wargames/ancients/"
EVADE_OR_RAMPAGE = 'if self.kind in ("evade", "rampage"):'

MUTATIONS: list[M] = [
    M(
        "CCB-BOARD-03-EX",
        A + "board.py",
        "longs = (self.rows + 1) // 2",
        "longs = self.rows // 2",
        "the long rows counted one short (112 hexes)",
    ),
    M(
        "CCB-BOARD-09-EX",
        A + "data/boards.toml",
        'name = "center"\nmirror = "center"\nx_min = 8\nx_max = 16',
        'name = "center"\nmirror = "center"\nx_min = 9\nx_max = 15',
        "the centre section's dotted lines drawn one hex in (no shared hexes)",
    ),
    M(
        "CCB-DICE-02-EX",
        A + "dice.py",
        "FACE_PROBABILITY = Fraction(1, 6)",
        "FACE_PROBABILITY = Fraction(1, 5)",
        "a face's chance read as 1/5",
    ),
    M(
        "CCB-DICE-10-EX",
        A + "dice.py",
        'return "sword" if self.swords_score else "none"',
        'return "sword"',
        "swords score for every unit, light cavalry included",
    ),
    M(
        "CCB-DICE-11-EX",
        A + "dice.py",
        'return self.settings.helmet_hits(self.leader == "attached", self.leader == "adjacent")',
        'return self.settings.helmet_hits(self.leader == "attached", False)',
        "an adjacent leader never makes helmets score",
    ),
    M(
        "CCB-DICE-12-EX",
        A + "units.py",
        "return base + (unit.full_strength_bonus if full_strength else 0)",
        "return base + (unit.full_strength_bonus if full_strength else 0) - (base == 5)",
        "a five-dice unit rolls one die less",
    ),
    M(
        "CCB-RANGED-16-EX",
        A + "units.py",
        "return unit.fire_dice[min(hexes_moved, len(unit.fire_dice) - 1)]",
        "return unit.fire_dice[min(hexes_moved + 1, len(unit.fire_dice) - 1)]",
        "a unit that has not moved fires as if it had moved",
    ),
    M(
        "CCB-LOS-07-EX",
        A + "board.py",
        "            if hex_id in occupied:\n                return True\n",
        "",
        "units between the firer and the target never block the line of sight",
    ),
    M(
        "CCB-CLOSE-26-EX",
        A + "units.py",
        "return base + (unit.full_strength_bonus if full_strength else 0)",
        "return base + unit.full_strength_bonus",
        "the full-strength die is kept after losing a block",
    ),
    M(
        "CCB-RETREAT-16-EX",
        A + "units.py",
        "return flags * retreat_per_flag(unit, roller, close)",
        "return flags + retreat_per_flag(unit, roller, close) - 1",
        "each flag after the first adds one hex, not a full retreat",
    ),
    M(
        "CCB-RETREAT-17-EX",
        A + "units.py",
        "return unit.retreat + (1 if extra else 0)",
        "return unit.retreat",
        "no extra hex per flag from an elephant or a camel",
    ),
    M(
        "CCB-FLAGS-12-EX",
        A + "terrain.py",
        '    if leader_attached and leader_survived and unit.leader_benefits:\n        reasons.append("leader")\n',
        "",
        "an attached leader lets no flag be ignored",
    ),
    M(
        "CCB-EVADE-19-EX",
        A + "dice.py",
        EVADE_OR_RAMPAGE,
        'if self.kind == "rampage":',
        "against an evader flags, swords and helmets score too",
    ),
    M(
        "CCB-LEADER-19-EX",
        A + "leaders.py",
        "if faces.count(Face.HELMET) == self.dice:",
        "if faces.count(Face.HELMET) >= 1:",
        "one helmet of the two check dice kills the leader",
    ),
    M(
        "CCB-LEADER-20-EX",
        A + "combat.py",
        "s = s.push(LeaderCheck(leader, 1))",
        "s = s.push(LeaderCheck(leader, 2))",
        "the check after the unit is eliminated rolls 2 dice (two helmets to kill)",
    ),
    M(
        "CCB-LEADER-21-EX",
        A + "odds.py",
        "return 1 - MISS**dice",
        "return Fraction(dice, 6)",
        "a lone leader's chance of death added die by die (n/6)",
    ),
    M(
        "CCB-LEADER-22-EX",
        A + "odds.py",
        "return MISS ** sum(dice)",
        "return MISS ** max(dice)",
        "only the strongest escape test counts",
    ),
    M(
        "CCB-LEADER-23-EX",
        A + "units.py",
        "if target is None:\n            return LONE_LEADER_DICE",
        "if target is None:\n            return LONE_LEADER_DICE + 1",
        "an elephant rolls 2 dice at a lone leader",
    ),
    M(
        "CCB-ELEPHANT-04-EX",
        A + "units.py",
        "        return target.close_dice\n",
        "        return target.close_dice + 1\n",
        "an elephant rolls one die more than its target would",
    ),
    M(
        "CCB-ELEPHANT-24-EX",
        A + "dice.py",
        "+ scoring_swords + hits,",
        "+ (0 if rerolls else scoring_swords) + hits,",
        "a re-rolled sword scores nothing (only the re-roll counts)",
    ),
    M(
        "CCB-ELEPHANT-26-EX",
        A + "dice.py",
        "return new, scoring_swords if rerolls else 0",
        "return new, swords if rerolls else 0",
        "an ignored sword is re-rolled too",
    ),
    M(
        "CCB-ELEPHANT-27-EX",
        A + "dice.py",
        "return EVERY_SWORD if self.target.ignores_all_swords else self.target.sword_ignores",
        "return self.target.sword_ignores",
        "an elephant target no longer ignores every sword",
    ),
    M(
        "CCB-ELEPHANT-28-EX",
        A + "dice.py",
        EVADE_OR_RAMPAGE,
        'if self.kind == "evade":',
        "rampage dice score flags, swords and helmets too",
    ),
    M(
        "CCB-TERRAIN-51-EX",
        A + "terrain.py",
        "return max(0, capped + self.modifier) + self.bonus",
        "return max(0, min(self.base + self.bonus, self.cap if self.cap is not None else 99) + self.modifier)",
        "the card's bonus dice are capped by the terrain too",
    ),
    M(
        "CCB-TERRAIN-52-EX",
        A + "terrain.py",
        "capped = self.base if self.cap is None else min(self.base, self.cap)",
        "capped = self.base",
        "terrain caps ignored",
    ),
    M(
        "CCB-CARDS-24-EX",
        A + "data/cards.toml",
        'name = "Order Two Units Left"\ngroup = "section"\ncount = 3',
        'name = "Order Two Units Left"\ngroup = "section"\ncount = 2',
        "one Order Two Units Left card short (59 cards)",
    ),
    M(
        "CCB-CARDS-25-EX",
        A + "data/cards.toml",
        "count = 4\nsections = { center = 2 }",
        "count = 4\nsections = { left = 2 }",
        "Order Two Units Center names the left flank",
    ),
]

SKIPPED: dict[str, str] = {
    "CCB-COMP-03-EX": "arithmetic of the component list (block counts): data, no engine code",
    "CCB-BATTLEBACK-13-EX": "not planted by the deadline",
    "CCB-RETREAT-18-EX": "not planted by the deadline",
    "CCB-RETREAT-19-EX": "not planted by the deadline",
    "CCB-RETREAT-20-EX": "not planted by the deadline",
    "CCB-MOMENTUM-13-EX": "not planted by the deadline",
    "CCB-ELEPHANT-25-EX": "not planted by the deadline",
    "CCB-CARDS-42-EX": "not planted by the deadline",
}
