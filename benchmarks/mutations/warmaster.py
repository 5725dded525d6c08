# ruff: noqa: E501  (engine snippets are quoted whole)
"""Planted bugs for The Warmaster's catalogue (WM-*), each read from the rule and the code that
implements it. See :mod:`mutations` for the fields."""

from __future__ import annotations

from mutations import Mutation as M

W = "wargames/warmaster/"
FLOW, MOVE, BATTLE, TELE, STATE = (W + f for f in ("flow.py", "movement.py", "battle.py",
                                                   "teleport.py", "state.py"))  # fmt: skip
RULES = W + "data/rules.toml"
BOARDING = W + "scenarios/boarding.toml"
DICE = "wargames/core/dice.py"
ODDS = "wargames/core/odds.py"

MOVED = """after = s.move_counter(unit, action.area, moved=s.moved | {unit})
            i = units.index(unit)
            after._memo[STILL_TO_MOVE] = (units[:i] + units[i + 1 :], each[:i] + each[i + 1 :])"""
MOVABLE = "tuple(filterfalse((s.moved | s.face_down).__contains__, s.aboard_units(side)))"
HERO = 'if "hero" in mine and not theirs:'
PHASE_CLEARS = "moved=frozenset(), retreated=frozenset(), fought=frozenset())"
ROOM = "return s.count(area, self.side) < limit"
ENTER = "return area not in s.destroyed and area not in blocked"
GROUPS = "bodies += list(s.groups)"
LOSERS = """result.attacker_loses, result.heroes_last),
        (b.defender, b.defenders, result.defender_loses, False),"""
MOVES = "return _moves(s.data, unit, s.location(unit), s.allowance[side], s.destroyed, enemies)"
ONLY_ROOM = (
    "return tuple(m for m in _moves(s.data, unit, s.location(unit), s.allowance[side], "
    "s.destroyed, enemies) if s.count(m.area, side) < s.data.stack_limit)"
)

MUTATIONS: list[M] = [
    # -- components and set-up
    M(
        "WM-COMP-04",
        W + "scenario.py",
        "if back is not None and spec.back != back:",
        "if back is None and spec.back != back:",
        "a counter's back is never checked: skull-backed units may start face down",
    ),
    M(
        "WM-COMP-05",
        BOARDING,
        "units = { imperial-guard = 3 }",
        "units = { imperial-guard = 2 }",
        "the Imperial force has two Imperial Guard units (14 units)",
    ),
    M(
        "WM-SETUP-01",
        FLOW,
        "return (PlaceFaceDown(), FormGroups(), BeginTurn())",
        "return (FormGroups(), PlaceFaceDown(), BeginTurn())",
        "the Imperial player forms his groups before the Traitor sets up",
    ),
    M(
        "WM-SETUP-02",
        FLOW,
        "barred = s.destroyed.union(map(s.location, s.face_down))",
        "barred = s.destroyed",
        "two starting units may be set up in one area",
    ),
    M(
        "WM-SETUP-03",
        W + "game.py",
        "cupped = setup.cup_units(data)",
        "cupped = setup.cup_units(data)[1:]",
        "the first reinforcement never goes into the cup",
    ),
    M(
        "WM-SETUP-04",
        BOARDING,
        'turn = 2\nteleport = "alone"',
        'turn = 3\nteleport = "alone"',
        "the Imperial Guard are put aside until turn 3",
    ),
    M(
        "WM-SETUP-05",
        FLOW,
        "return _groups(s.data, left, size, must)",
        "return _groups(s.data, left, size - 1, must)",
        "groups of two units are offered",
    ),
    M(
        "WM-SETUP-06",
        TELE,
        GROUPS,
        GROUPS + "[:-1]",
        "the last group never teleports aboard on turn 1",
    ),
    # -- victory
    M(
        "WM-VICTORY-01",
        STATE,
        'return s.end(TRAITOR, "the Emperor is dead")',
        'return s.end(IMPERIAL, "the Emperor is dead")',
        "the Emperor's death is scored an Imperial win",
    ),
    M(
        "WM-VICTORY-02",
        STATE,
        'return s.end(IMPERIAL, "Horus is dead")',
        'return s.end(TRAITOR, "Horus is dead")',
        "Horus's death is scored a Traitor win",
    ),
    M(
        "WM-VICTORY-03",
        "wargames/core/tasks.py",
        "return self.evolve(result=Outcome(winner, reason, turn), tasks=())",
        "return self.evolve(result=Outcome(winner, reason, turn))",
        "the pending steps are still resolved after the game is decided",
    ),
    M(
        "WM-VICTORY-04",
        STATE,
        'return s.end(None, "the Emperor and Horus fell together")',
        'return s.end(TRAITOR, "the Emperor and Horus fell together")',
        "the Emperor and Horus falling together is a Traitor win, not a draw",
    ),
    M(
        "WM-VICTORY-05",
        FLOW,
        "if s.turn_cap is not None and turn > s.turn_cap:",
        "if turn > (s.turn_cap or 20):",
        "a 20-turn limit when no cap is asked for",
    ),
    # -- sequence of play
    M(
        "WM-SEQ-01",
        FLOW,
        "teleport.ImperialReinforcements(),\n        Phase(PHASES[1]),\n        movement.MovementPhase(IMPERIAL),",
        "movement.MovementPhase(IMPERIAL),\n        Phase(PHASES[1]),\n        teleport.ImperialReinforcements(),",
        "Imperial Movement comes before Imperial Reinforcements",
    ),
    M(
        "WM-SEQ-02",
        FLOW,
        "return s.pop(phase=self.name, moved=",
        "return s.pop(moved=",
        "a new phase does not begin: the phase stays the previous one",
    ),
    M(
        "WM-SEQ-03",
        TELE,
        "wave = s.setup.wave(s.turn)",
        "wave = s.setup.wave(s.turn + 1)",
        "the reinforcement schedule read one turn early",
    ),
    M(
        "WM-SEQ-04",
        FLOW,
        "MovementPhase(IMPERIAL),",
        "MovementPhase(TRAITOR),",
        "the Imperial Movement phase moves the Traitor's units",
    ),
    M(
        "WM-SEQ-05",
        FLOW,
        "BattlePhase(IMPERIAL),",
        "BattlePhase(TRAITOR),",
        "the Traitor attacks in the Imperial Battle phase",
    ),
    M(
        "WM-SEQ-06",
        FLOW,
        "        teleport.TraitorReinforcements(),\n",
        "",
        "the Traitor Reinforcements phase is skipped",
    ),
    M(
        "WM-SEQ-07",
        MOVE,
        "return " + MOVABLE,
        "return " + MOVABLE + "[: 1 if side == TRAITOR else None]",
        'the Traitor may move only "any one of" his units',
    ),
    M(
        "WM-SEQ-08",
        MOVE,
        "(s.moved | s.face_down).__contains__",
        "s.moved.__contains__",
        "face-down Traitor units may move",
    ),
    M(
        "WM-SEQ-09",
        FLOW,
        "BattlePhase(TRAITOR),",
        "BattlePhase(IMPERIAL),",
        "the Imperial player attacks in the Traitor Battle phase",
    ),
    # -- teleports and reinforcements
    M(
        "WM-TELEPORT-01",
        TELE,
        "bodies += [(u,) for u in s.setup.wave_units(wave, s.data)]",
        "s = s.move_counters([(u, s.data.bridge) for u in s.setup.wave_units(wave, s.data)])",
        "the Imperial Guard are placed on the Bridge instead of teleporting",
    ),
    M(
        "WM-TELEPORT-02",
        TELE,
        "roll = d66(self.tens, value)",
        "roll = d66(self.tens, self.tens)",
        "the teleport's second die is ignored (the first read twice)",
    ),
    M(
        "WM-TELEPORT-03",
        TELE,
        "roll = d66(self.tens, value)",
        "roll = d66(value, self.tens)",
        "the first teleport die read as the units digit",
    ),
    M(
        "WM-TELEPORT-04-EX",
        DICE,
        "return 10 * tens + units",
        "return 10 * units + tens",
        "D66 read units die first (5 then 3 gives 35)",
    ),
    M(
        "WM-TELEPORT-05-EX",
        TELE,
        "roll = d66(self.tens, value)",
        "roll = d66(self.tens, min(value, 5))",
        "the teleport's second die read as a D5 (1 then 6 gives 15)",
    ),
    M(
        "WM-TELEPORT-06",
        TELE,
        "return result.area not in s.destroyed",
        "return result.area not in s.destroyed | s.occupied(TRAITOR)",
        "a teleport result naming a Traitor-held area is rolled again",
    ),
    M("WM-REINF-01", TELE, GROUPS, GROUPS + "[:-1]", "only three of the four groups teleport"),
    M(
        "WM-REINF-02",
        FLOW,
        "must = first if not s.groups and first is not None else None",
        "must = None",
        "the first group need not hold the Emperor",
    ),
    M(
        "WM-REINF-03",
        TELE,
        GROUPS,
        "bodies += [(u,) for g in s.groups for u in g]",
        "each unit of a group teleports alone",
    ),
    M(
        "WM-REINF-04",
        TELE,
        "bodies += [(u,) for u in s.setup.wave_units(wave, s.data)]",
        "bodies += [tuple(s.setup.wave_units(wave, s.data))]",
        "the Imperial Guard teleport together on one roll",
    ),
    M(
        "WM-REINF-05",
        TELE,
        "wave = s.setup.wave(s.turn)",
        "wave = s.setup.wave(min(s.turn, 2))",
        "the turn-2 wave comes again every later turn",
    ),
    M(
        "WM-REINF-06",
        TELE,
        "s.data.traitor_reinforcements[value]",
        "s.data.traitor_reinforcements[min(value + 1, 6)]",
        "the reinforcement die read one higher (a 2 gives two units)",
    ),
    M(
        "WM-REINF-07",
        "wargames/core/cards.py",
        "return tuple([(c, k / n) for c, k in counts.items()])",
        "return tuple([(c, 1 / len(counts)) for c in counts])",
        "every counter type in the cup equally likely, however many of it are left",
    ),
    M(
        "WM-REINF-07",
        STATE,
        "| frozenset(self.in_box(CUP))\n",
        "\n",
        "the Imperial player may identify the counters in the cup",
    ),
    M(
        "WM-REINF-08",
        TELE,
        "then = (Teleport(TRAITOR, (unit,), rolls=self.rolls), CupDraw(self.left - 1, self.rolls))",
        "then = (CupDraw(self.left - 1, self.rolls),) if self.left > 1 and len(s.cup) > 1 "
        "else (Teleport(TRAITOR, (*s.in_box(WARP), unit), rolls=self.rolls),)",
        "the Traitor's reinforcements of a turn teleport together on one roll",
    ),
    M(
        "WM-REINF-09",
        TELE,
        "return s.move_counter(unit, WARP, cup=s.cup.remove(action.kind),",
        "return s.move_counter(unit, WARP, face_down=s.face_down | {unit}, cup=s.cup.remove(action.kind),",
        "Traitor reinforcements arrive face down",
    ),
    M(
        "WM-REINF-10",
        TELE,
        "return CHANCE if self.left > 0 and len(s.cup) else None",
        "return CHANCE if self.left > 0 and len(s.cup) >= self.left else None",
        "a cup holding fewer units than rolled gives none",
    ),
    # -- movement
    M(
        "WM-MOVE-01",
        MOVE,
        "return (*chain.from_iterable(each), END_PHASE)",
        "return tuple(chain.from_iterable(each)) or (END_PHASE,)",
        "a player must move while a unit can (moving none is not allowed)",
    ),
    M(
        "WM-MOVE-02",
        MOVE,
        "frontier = further",
        "frontier = further[:1]",
        "only the first route out is explored",
    ),
    M(
        "WM-MOVE-03",
        MOVE,
        "if area in seen or area in destroyed:",
        "if area in seen:",
        "units may enter destroyed areas",
    ),
    M(
        "WM-MOVE-04",
        MOVE,
        "if area not in enemies:\n                    further.append(area)",
        "further.append(area)",
        "units need not stop on entering an enemy-held area",
    ),
    M(
        "WM-MOVE-05",
        MOVE,
        "moved=s.moved | {unit})",
        "moved=s.moved)",
        "the units that moved are not recorded (only the cached move list forgets them)",
    ),
    M(
        "WM-MOVE-06",
        MOVE,
        MOVED,
        "after = s.move_counter(unit, action.area, moved=s.moved)",
        "a unit may move again in the same phase",
    ),
    M(
        "WM-MOVE-07",
        MOVE,
        "s.aboard_units(side)))",
        "(u for u in s.aboard_units(side) if s.location(u) not in s.contested())))",
        "units in an area shared with enemies cannot move out",
    ),
    M(
        "WM-MOVE-08",
        MOVE,
        "if area not in enemies:",
        "if area not in enemies or start in enemies:",
        "a unit leaving a contested area ignores enemies on its way",
    ),
    M(
        "WM-MOVE-09",
        MOVE,
        "s.aboard_units(side)))",
        "(u for u in s.aboard_units(side) if s.location(u) not in s.contested())))",
        "units that start in an area shared with enemies cannot leave it",
    ),
    # -- Bridge control
    M(
        "WM-BRIDGE-01",
        BOARDING,
        'bridge_control = "traitor"',
        'bridge_control = "imperial"',
        "the Bridge starts under Imperial control",
    ),
    M(
        "WM-BRIDGE-02",
        FLOW,
        "return IMPERIAL\n    if traitor and not imperial:",
        "return s.bridge\n    if traitor and not imperial:",
        "an Imperial unit alone on the Bridge does not take control",
    ),
    M(
        "WM-BRIDGE-03",
        STATE,
        "rule.allowance(self.bridge == side, gone)",
        "rule.allowance(self.data.bridge in self.occupied(side), gone)",
        "the allowance follows who stands on the Bridge now, not who controls it",
    ),
    M(
        "WM-BRIDGE-04",
        FLOW,
        "return TRAITOR\n    return s.bridge",
        "return TRAITOR\n    return None",
        "an empty or shared Bridge is controlled by nobody",
    ),
    M(
        "WM-BRIDGE-05",
        RULES,
        "bridge_controller = 3",
        "bridge_controller = 2",
        "the Bridge's controller moves two areas",
    ),
    M("WM-BRIDGE-06", RULES, "other = 1", "other = 2", "the other side moves two areas"),
    M(
        "WM-BRIDGE-07",
        W + "tables.py",
        "\n        if bridge_destroyed:\n            return self.bridge_destroyed",
        "",
        "the Bridge's destruction slows nobody",
    ),
    # -- stacking
    M("WM-STACK-01", RULES, "limit = 3", "limit = 4", "four units of a side per area"),
    M(
        "WM-STACK-02",
        MOVE,
        "if len(units) > limit]",
        "if len(units) + s.count(area, TRAITOR if self.side == IMPERIAL else IMPERIAL) > limit]",
        "both sides' units counted together against the limit",
    ),
    M("WM-STACK-03", MOVE, MOVES, ONLY_ROOM, "the limit is enforced during moves"),
    M(
        "WM-STACK-04-EX",
        MOVE,
        MOVES,
        ONLY_ROOM,
        "no move may end in an area already holding three friendly units",
    ),
    M(
        "WM-STACK-05",
        MOVE,
        "return self.side if self.area(s) is not None else None",
        "return (TRAITOR if self.side == IMPERIAL else IMPERIAL) if self.area(s) is not None else None",
        "the opponent chooses the over-stacked units destroyed",
    ),
    M(
        "WM-STACK-06",
        MOVE,
        "return s.kill((action.unit,))",
        "return s.kill((action.unit,)).pop()",
        "only one unit is destroyed however far over the limit",
    ),
    # -- battle
    M(
        "WM-COMBAT-01",
        BATTLE,
        "        if areas:\n            return start_battle(s, self.side, areas[0])\n",
        "",
        "the last contested area of a phase is never fought",
    ),
    M(
        "WM-COMBAT-02",
        BATTLE,
        "b = Battle(side, area, s.fighters(area, side),",
        "b = Battle(side, area, s.fighters(area, side)[:1],",
        "only one unit of the area attacks",
    ),
    M(
        "WM-COMBAT-03",
        BATTLE,
        "return self.side if len(battle_areas(s)) > 1 else None",
        "return self.side if len(battle_areas(s)) > 2 else None",
        "with two contested areas the engine picks the order",
    ),
    M(
        "WM-COMBAT-04",
        BATTLE,
        "b = Battle(side, area, s.fighters(area, side), s.fighters(area, other(side)))",
        "b = Battle(other(side), area, s.fighters(area, other(side)), s.fighters(area, side))",
        "the defending side attacks",
    ),
    M(
        "WM-COMBAT-05",
        FLOW,
        PHASE_CLEARS,
        "moved=frozenset(), retreated=frozenset())",
        "an area fought in the Imperial Battle phase is not fought again in the Traitor's",
    ),
    M(
        "WM-COMBAT-06",
        BATTLE,
        "attack = sum([s.spec(u).attack",
        "attack = max([s.spec(u).attack",
        "the best attack factor instead of the attack total",
    ),
    M(
        "WM-COMBAT-07",
        BATTLE,
        "defence = sum([s.spec(u).defence",
        "defence = sum([s.spec(u).attack",
        "the defence total adds the defenders' attack factors",
    ),
    M(
        "WM-COMBAT-08",
        ODDS,
        "return Odds(attack // defence, 1)",
        "return Odds(-(-attack // defence), 1)",
        "the ratio is rounded up",
    ),
    M(
        "WM-COMBAT-09",
        BATTLE,
        "return s.data.battle.cells[_reading(s, b)[3]][roll - 1]",
        "return s.data.battle.cells[_reading(s, b)[3]][roll % 6]",
        "the battle die read one row down",
    ),
    M(
        "WM-COMBAT-10",
        BATTLE,
        LOSERS,
        LOSERS.replace("attacker_loses", "X")
        .replace("defender_loses", "attacker_loses")
        .replace("X", "defender_loses"),
        "the attacker takes the defender's losses and vice versa",
    ),
    M(
        "WM-COMBAT-11-EX",
        ODDS,
        "return Odds(attack // defence, 1)",
        "return Odds(attack // (defence + 1), 1)",
        "off by one in the divisor (10 against 5 reads 1-1)",
    ),
    M(
        "WM-COMBAT-12-EX",
        ODDS,
        "return Odds(attack // defence, 1)",
        "return Odds(round(attack / defence), 1)",
        "the ratio rounded to nearest (9:5 reads 2-1)",
    ),
    # -- destroyed units
    M(
        "WM-DESTROY-01",
        STATE,
        "[(c, DEAD) for c in counters],",
        "[(c, CUP if self.side_of(c) == TRAITOR and c != HORUS else DEAD) for c in counters],",
        "destroyed Traitor units go back into the cup",
    ),
    M(
        "WM-DESTROY-02",
        BATTLE,
        "return self.side if self.eligible(s) else None",
        "return other(self.side) if self.eligible(s) else None",
        "the opponent picks the losses of a battle",
    ),
    # -- retreat
    M(
        "WM-RETREAT-01",
        BATTLE,
        "return other(self.side)\n\n    def legal",
        "return self.side\n\n    def legal",
        "the owner moves his retreating units",
    ),
    M("WM-RETREAT-02", BATTLE, "distance=1,", "distance=2,", "retreats go two areas"),
    M(
        "WM-RETREAT-03",
        BATTLE,
        ENTER,
        "return area not in s.destroyed",
        "units may retreat into enemy-held areas",
    ),
    M(
        "WM-RETREAT-03",
        BATTLE,
        ROOM,
        ROOM.replace("<", "<="),
        "units may retreat into an area already holding three of their side",
    ),
    M(
        "WM-RETREAT-04",
        BATTLE,
        "return s.pop(rest).kill((unit,))",
        "return s.pop(rest)",
        "a unit with nowhere to retreat stays where it is",
    ),
    M(
        "WM-RETREAT-05",
        BATTLE,
        "tasks=s.popped(Retreat(self.side, self.area, self.units[1:])),",
        "tasks=s.popped(Retreat(self.side, self.area, ())),",
        "only the first unit of a battle retreats; the others stay",
    ),
    M(
        "WM-RETREAT-06",
        BATTLE,
        "retreated_defend_at_zero=True,",
        "retreated_defend_at_zero=False,",
        "units that already retreated defend at full value",
    ),
    M(
        "WM-RETREAT-07",
        BATTLE,
        "second_retreat_eliminates=True,",
        "second_retreat_eliminates=False,",
        "a second retreat in the phase does not destroy",
    ),
    M(
        "WM-RETREAT-08",
        BATTLE,
        "retreated_absorb_losses=True,",
        "retreated_absorb_losses=False,",
        "units that already retreated cannot be taken as losses",
    ),
    M(
        "WM-RETREAT-09",
        FLOW,
        PHASE_CLEARS,
        "moved=frozenset(), fought=frozenset())",
        "the 'already retreated' status outlives its Battle phase",
    ),
    # -- hidden units
    M(
        "WM-HIDDEN-01",
        STATE,
        "self.face_down\n                | self.secret_dead",
        "self.secret_dead",
        "the Imperial player may identify face-down counters",
    ),
    M(
        "WM-HIDDEN-02",
        BATTLE,
        "return reveal(s)",
        "return reveal(s) if self.side == IMPERIAL else s",
        "no reveal at the start of the Traitor Battle phase",
    ),
    M(
        "WM-HIDDEN-03",
        BATTLE,
        "if s.location(c) in imperial]",
        "if s.location(c) in imperial and s.location(c) == min(imperial & s.occupied(TRAITOR))]",
        "only the first contested area's counters are revealed before the battles",
    ),
    M(
        "WM-HIDDEN-04",
        BATTLE,
        "LossRoll(u, specials.trap.loss_on)",
        "LossRoll(u, specials.trap.loss_on - 1)",
        "a revealed Trap's loss roll is one short",
    ),
    M(
        "WM-HIDDEN-06",
        STATE,
        "found = index.occupied[side]\n",
        "found = frozenset(a for a in index.occupied[side] if any(c not in self.face_down "
        "for c in self.units(a, side)))\n",
        "an area holding only face-down units does not count as enemy-held",
    ),
    M(
        "WM-HIDDEN-08",
        MOVE,
        "after = s.move_counter(unit, action.area, moved=s.moved | {unit})",
        "after = s.move_counter(unit, action.area, moved=s.moved | {unit}, "
        "face_down=s.face_down - set(s.units(action.area, TRAITOR)))",
        "a face-down unit flips as soon as an enemy enters its area",
    ),
    # -- re-rolls
    M(
        "WM-REROLL-01",
        W + "data/counters.toml",
        'attack = 9\ndefence = 7\nreroll = "hero"',
        'attack = 9\ndefence = 7\nreroll = "none"',
        "Sanguinius has no re-roll",
    ),
    M(
        "WM-REROLL-02",
        BATTLE,
        "for side in (b.side, b.defender):",
        "for side in (b.side,):",
        "only the attacker may re-roll",
    ),
    M(
        "WM-REROLL-03",
        BATTLE,
        "return s.pop(BattleRoll(self.battle, True))",
        "return s.pop(BattleRoll(self.battle, False))",
        "after a re-roll the side may re-roll again",
    ),
    M(
        "WM-REROLL-04",
        BATTLE,
        HERO,
        'if "hero" in mine and "hero" not in theirs:',
        "two opposing heroes do not cancel: the attacker's re-roll survives",
    ),
    M(
        "WM-REROLL-05",
        BATTLE,
        'if "supreme" in mine and "supreme" not in theirs:',
        'if "supreme" in mine and not theirs:',
        "a lesser hero cancels the Emperor's (or Horus's) re-roll",
    ),
    M(
        "WM-REROLL-06",
        BATTLE,
        HERO,
        'if "hero" in mine and "supreme" not in theirs:',
        "only the Emperor or Horus cancels a hero's re-roll",
    ),
    M(
        "WM-REROLL-07",
        TELE,
        "threshold = effect.loss_threshold(s.spec(u).has_reroll)",
        "threshold = effect.loss_threshold(s.spec(u).has_reroll) - s.spec(u).has_reroll",
        "a re-roll hero's teleport loss roll is eased (re-rolls used off the battle die)",
    ),
]

SKIPPED: dict[str, str] = {
    "WM-COMP-01": "a definition (the two players): no code to mutate",
    "WM-COMP-02": "a definition (the board is areas): data, no code to mutate",
    "WM-COMP-03": "a definition (counter faces): data fields, no code to mutate",
    "WM-HIDDEN-05": "a prohibition the engine keeps by offering no reveal action: no code",
    "WM-HIDDEN-07": "no code turns a counter face down again: nothing to mutate",
}
