"""Commands & Colors: Ancients told in plain words: the
:class:`~wargames.core.narration.Narrator` of the game (:data:`NARRATOR`, on
:data:`wargames.ancients.game.GAME`), for the base game, the 'Armageddon' team variant and the
Epic command rules alike.

Every roll of battle dice is told with who rolls at whom, how many dice, each face and what it
scores in the circumstances of the roll (:func:`~wargames.ancients.combat.circumstances`, the
engine's own reading: a unit's symbol, swords, a helmet with a leader, flags), the hits and
flags in all (:func:`~wargames.ancients.dice.add_round`, as the engine totals them); then what
the roll did (:mod:`wargames.ancients.aftermath`: blocks lost, units eliminated, banners
won, leaders killed, retreats and evades) and who must now choose (ignore flags, the retreat
path, battle back, a momentum advance). Cards are told with their effect in a few words
(:func:`card_effect`), orders with the unit ordered.

Hidden information: a card drawn or placed face down is named only to a player who may see it
(the state's own :meth:`~wargames.ancients.state.AncientsState.redact` decides), a prompt never
lists a hand to another player, and :meth:`AncientsNarrator.board` shows the viewer's view
(:meth:`~wargames.ancients.state.AncientsState.view`): his own hand, the other as a count.

>>> import wargames
>>> state = wargames.load("ancients", "mirror-fields")
>>> card_effect(state, "order-two-left")
'order 2 units or leaders in the left section'
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from typing import TYPE_CHECKING

from wargames.ancients import actions as act
from wargames.ancients.aftermath import changes, piece, prompted
from wargames.ancients.close import DefenderChoice, attack_dice
from wargames.ancients.combat import Flags, RollDice, Strike, circumstances, full_strength
from wargames.ancients.describe import TERRAIN_MARK, board_text
from wargames.ancients.dice import EFFECTS, Face, Tally, add_round
from wargames.ancients.distribution import RollOdds, distribution
from wargames.ancients.ranged import fire_dice_at
from wargames.ancients.state import BACK, SIDES, AncientsState
from wargames.ancients.terrain import terrain_for
from wargames.ancients.units import default_units
from wargames.core.engine import Action, GameState, Player

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S

TACTICS = {
    "clash-of-shields": "every unit next to an enemy: no moving first, no fire, "
    "2 extra dice in close combat",
    "counter-attack": "the card your opponent played last turn, mirrored, as if you played it",
    "darken-the-sky": "every unit with missiles fires twice; none moves",
    "double-time": "up to 4 linked foot units move 2 hexes and may still battle; none fires",
    "first-strike": "in reaction to a close combat: your unit strikes first",
    "i-am-spartacus": "roll Command dice: each symbol orders a unit of that class, a helmet "
    "any; 1 extra close-combat die; then reshuffle",
    "line-command": "every foot unit of one linked line: move 1 hex, then fire or attack",
    "mounted-charge": "up to Command mounted units: 1 extra close-combat die; heavy mounted "
    "may move 3 and battle; none fires",
    "move-fire-move": "up to Command light units: move, fire, move again; no close combat",
    "rally": "roll Command dice: each symbol or helmet returns a block to a unit near a leader",
}
"""The tactic cards' effects in a few words (the rules: CCB-CARDS-13 to -23)."""

PASSES = {
    "orders": "gives no more orders",
    "moves": "ends its movement",
    "battles": "ends its battles",
    "advance": "does not advance",
    "extra": "takes no extra hex",
    "bonus": "makes no bonus close combat",
    "battle-back": "does not battle back",
    "counter-attack": "plays no Counter Attack",
    "first-strike": "plays no First Strike",
    "cards": "gives out no more cards",
}
KIND_WORDS = {
    "ranged": "fires at",
    "close": "attacks",
    "battle-back": "battles back at",
    "first-strike": "strikes first at",
    "evade": "rolls at the evading",
    "escape": "rolls an escape test at",
}


def card_effect(s: S, card: str) -> str:
    """What ``card`` orders, in a few words (from the card's data and the tactics' rules)."""
    spec = s.scenario.cards[card]
    if spec.id in TACTICS:
        return TACTICS[spec.id]
    if spec.group == "section":
        per = spec.section_orders
        counts = set(per.values())
        n = next(iter(counts))
        what = "units or leaders" if n > 1 else "unit or leader"
        if len(counts) == 1 and len(per) > 1:
            where = ", ".join(list(per)[:-1]) + f" and {list(per)[-1]}"
            return f"order {n} {what} in each of the {where} sections"
        return f"order {n} {what} in the {next(iter(per))} section"
    if spec.group == "troop":
        return f"order up to Command {spec.troops} units"
    if spec.group == "leadership":
        where = "any section" if spec.leader_section == "any" else f"the {spec.leader_section}"
        return f"order a leader in {where} and up to {spec.orders} units linked to him"
    return spec.name


def _card(s: S, card: str) -> str:
    return f"{s.scenario.cards[card].name} ({card_effect(s, card)})"


# -- rolls ----------------------------------------------------------------------------------


def _roll(s: S, task: RollDice, dice: act.Dice) -> list[str]:
    """A roll of battle dice: who, how many, each face and what it scores, the totals."""
    strike = task.strike
    roll = circumstances(s, strike)
    faces = [Face(f) for f in dice.faces]
    effects = [roll.effect(f) for f in faces]
    words = {"symbol": "hit", "sword": "hit", "hit": "hit", "flag": "flag", "none": "miss"}
    shown = ", ".join(f"{f} ({words[e]})" for f, e in zip(faces, effects, strict=True))
    counts = dict.fromkeys(EFFECTS, 0)
    for e in effects:
        counts[e] += 1
    if task.swords_left < 0:
        tally = Tally(swords_left=roll.sword_ignores, symbols_left=roll.symbol_ignores)
        head = (
            f"{piece(s, strike.roller)} {KIND_WORDS.get(strike.kind, 'rolls at')} "
            f"{piece(s, strike.target)}, {task.dice} {_dice(task.dice)}"
        )
    else:
        tally = Tally(task.hits, task.flags, task.swords_left, task.symbols_left)
        head = f"the elephant re-rolls {task.dice} sword{'s' * (task.dice > 1)}"
    total, again = add_round(
        tally,
        counts["symbol"],
        counts["sword"],
        counts["hit"],
        counts["flag"],
        roll.rerolls_swords,
    )
    ignored = total.ignored_swords + total.ignored_symbols
    ignored -= tally.ignored_swords + tally.ignored_symbols
    notes = f", {ignored} hit{'s' * (ignored > 1)} ignored" if ignored else ""
    if again:
        result = f"{again} sword{'s' * (again > 1)} to re-roll (CCB-ELEPHANT-05)"
    else:
        result = f"{_count(total.hits, 'hit')}, {_count(total.flags, 'flag')}"
    return [f"{head}: {shown or 'nothing'}{notes} => {result}"]


def _dice(n: int) -> str:
    return "die" if n == 1 else "dice"


def _count(n: int, what: str) -> str:
    return f"{n} {what}{'s' * (n != 1)}"


def _other_roll(s: S, task: object, dice: act.Dice) -> list[str]:
    """A die roll that is no battle roll: a leader check, a marsh, a rampage, Command dice."""
    faces = ", ".join(dice.faces) or "nothing"
    name = type(task).__name__
    what = {
        "LeaderCheck": "leader check",
        "MarshRoll": "marsh roll (CCB-TERRAIN-44)",
        "RampageRoll": "rampage dice (CCB-ELEPHANT-14)",
        "CommandDice": "Command dice (CCB-CARDS-19)",
    }.get(name, "dice")
    subject = ""
    for field in ("leader", "piece"):
        who = getattr(task, field, None)
        if isinstance(who, int):
            subject = f" for {piece(s, who)}"
    line = f"{what}{subject}: {faces}"
    if name == "LeaderCheck":
        two = getattr(task, "dice", 1) == 2
        need = "two helmets kill him" if two else "a helmet kills him"
        line += f" ({need}; CCB-LEADER-04, -07)"
    return [line]


# -- decisions ------------------------------------------------------------------------------


def _decision(s: S, action: Action, viewer: Player | None) -> list[str]:
    side = s.current_player or ""
    if isinstance(action, act.PlayCard):
        if isinstance(s.top, DefenderChoice):
            name = s.scenario.cards[action.card].name
            return [f"{side} plays {name} in reaction ({card_effect(s, action.card)})"]
        return [f"{side} plays {_card(s, action.card)}"]
    if isinstance(action, act.Order):
        at = s.leader_at(action.hex) if action.leader else s.unit_at(action.hex)
        return [f"{side} orders {_own(s, at)}" if at is not None else f"{side}: {action}"]
    if isinstance(action, act.Move):
        p = s.leader_at(action.frm) if action.leader else s.unit_at(action.frm)
        return [f"{piece(s, p)} moves to {action.to}"] if p is not None else []
    if isinstance(action, act.Fire | act.Attack):
        return [_battle(s, action)]
    if isinstance(action, act.Ignore):
        task = s.top
        assert isinstance(task, Flags)
        rest = task.flags - action.flags
        then = f"retreats for {rest}" if rest else "holds its ground"
        return [
            f"{side} ignores {_count(action.flags, 'flag')} of {task.flags}: "
            f"{piece(s, task.strike.target)} {then} (CCB-FLAGS-09)"
        ]
    if isinstance(action, act.Evade):
        return [f"{side} evades (CCB-EVADE-01)"]
    if isinstance(action, act.Stand):
        return [f"{side} stands and takes the attack"]
    if isinstance(action, act.Pass):
        return [f"{side} {PASSES.get(action.what, 'ends ' + action.what)}"]
    if isinstance(action, act.Advance):
        return [f"{side} advances into the vacated hex (momentum, CCB-MOMENTUM-02)"]
    if isinstance(action, act.BattleBack):
        return [f"{side} battles back (CCB-BATTLEBACK-02)"]
    if isinstance(action, act.Rampage):
        return [
            f"{side} has the rampage dice rolled at {_at(s, action.hex)} next (CCB-ELEPHANT-18)"
        ]
    if isinstance(action, act.Rally):
        return [f"{side} places a Rally die: a block back to {_at(s, action.hex)} (CCB-CARDS-23)"]
    return _variant(s, action, viewer)


def _own(s: S, p: int) -> str:
    """A piece its own side names: ``the LI in 04-06``, ``leader Scipio in 05-07``."""
    told = piece(s, p).removeprefix(f"{s.side_of(p)}'s ")
    return told if told.startswith("leader") else f"the {told}"


def _at(s: S, hex_id: str) -> str:
    """The piece in ``hex_id`` (its unit, else its leader), or the hex."""
    found = s.unit_at(hex_id)
    found = s.leader_at(hex_id) if found is None else found
    return hex_id if found is None else piece(s, found)


def _variant(s: S, action: Action, viewer: Player | None) -> list[str]:
    from wargames.ancients.variant import actions as team

    side = s.current_player or ""
    if isinstance(action, team.Place):
        hidden = viewer is not None and BACK in s.redact(action, viewer)
        what = "a card" if hidden else s.scenario.cards[action.card].name
        return [f"{side} places {what} face down on the {action.flank} flank (CCA-SEQ-08)"]
    if isinstance(action, team.CounterAttack):
        return [f"{side} plays Counter Attack on the {action.flank} flank (CCA-CARDS-11)"]
    if isinstance(action, team.BattleNext):
        p = s.unit_at(action.hex)
        return [f"{side} has {piece(s, p) if p is not None else action.hex} battle next"]
    if isinstance(action, team.Credit):
        return [f"{side} credits the banner to the {action.flank} flank (CCA-BANNER-03)"]
    if isinstance(action, team.Centre | team.OutsideFlank):
        return [_flanks_chosen(side, action)]
    return _epic(s, action, viewer)


def _flanks_chosen(seat: str, action: Action) -> str:
    """The set-up choice told with the seats it concerns (CCA-ROLE-04, -05)."""
    from wargames.ancients.variant import actions as team
    from wargames.ancients.variant.seats import GENERAL, side_of

    side, flank = side_of(seat), getattr(action, "flank", "")
    others = " and ".join(f for f in ("left", "center", "right") if f != flank)
    if isinstance(action, team.Centre):
        return (
            f"{seat} gives the center flank to {side}/{flank}, who runs the {flank} and center "
            "flanks (CCA-ROLE-04)"
        )
    return (
        f"{seat} runs the {flank} flank himself; {side}/{GENERAL} runs the {others} flanks "
        "(CCA-ROLE-05)"
    )


def _epic(s: S, action: Action, viewer: Player | None) -> list[str]:
    from wargames.ancients.epic.actions import Give

    side = s.current_player or ""
    if isinstance(action, Give):
        hidden = viewer is not None and BACK in s.redact(action, viewer)
        what = "a card" if hidden else _card(s, action.card)
        where = "the whole army" if action.section == "army" else f"the {action.section} section"
        return [f"{side} gives {what} to {where} (CCB-EPIC-07)"]
    return []


def _battle(s: S, action: act.Fire | act.Attack) -> str:
    unit, target = s.unit_at(action.frm), s.enemy_piece_at(action.at, s.active)
    if unit is None or target is None:
        return str(action)
    if isinstance(action, act.Fire):
        dice = fire_dice_at(s, unit, target)
        return f"{piece(s, unit)} fires at {piece(s, target)} ({dice} {_dice(dice)})"
    bonus = s.mods.close_bonus if unit in s.ordered else 0
    extra = f", {bonus} from the card" if bonus else ""
    dice = attack_dice(s, unit, target, _bonus_combat(s))
    return (
        f"{piece(s, unit)} attacks {piece(s, target)} in close combat "
        f"({dice} {_dice(dice)}{extra}; CCB-CLOSE-01)"
    )


def _bonus_combat(s: S) -> bool:
    return s.tasks != () and type(s.top).__name__ == "BonusChoice"


# -- the narrator ---------------------------------------------------------------------------


class AncientsNarrator:
    """The narration of Commands & Colors: Ancients (see the module docstring)."""

    def happened(
        self, before: GameState, action: Action, after: GameState, viewer: Player | None
    ) -> Sequence[str]:
        s, t = _state(before), _state(after)
        lines: list[str]
        if isinstance(action, act.Draw):
            lines = _draw(s, action, viewer)
        elif isinstance(action, act.Dice) and isinstance(s.top, RollDice):
            lines = _roll(s, s.top, action)
        elif isinstance(action, act.Dice):
            lines = _other_roll(s, s.top, action)
        else:
            lines = _decision(s, action, viewer)
        lines += [f"  {line}" for line in changes(s, action, t, viewer)]
        if t.outcome is not None:
            lines.append(f"The battle is over: {t.outcome}")
        elif prompted(t):
            lines.append(f"  now {self.deciding(t, viewer)}")
        return lines

    def deciding(self, state: GameState, viewer: Player | None) -> str:
        from wargames.ancients.prompts import deciding

        return deciding(_state(state), viewer)

    def note(self, state: GameState, action: Action) -> str:
        """A fire's or an attack's exact odds, a card's effect, an ordered unit's type."""
        s = _state(state)
        if isinstance(action, act.Fire | act.Attack):
            odds = battle_odds(s, action)
            return "" if odds is None else odds_words(odds)
        if isinstance(action, act.PlayCard):
            return card_effect(s, action.card)
        if isinstance(action, act.Order) and not action.leader:
            p = s.unit_at(action.hex)
            if p is not None:
                kind = s.kind(p)
                return f"{kind.name}, {s.blocks[p]} of {s.scenario.full(p)} blocks"
        return ""

    def board(self, state: GameState, viewer: Player | None) -> str:
        s = _state(state)
        return board_text(s if viewer is None else s.view(viewer), viewer)

    def legend(self, state: GameState) -> Sequence[tuple[str, str]]:
        s = _state(state)
        return legend(s)


def _draw(s: S, action: act.Draw, viewer: Player | None) -> list[str]:
    from wargames.ancients.flow import drawing_side

    side = drawing_side(s) or "a player"
    if viewer is not None and BACK in s.redact(action, viewer):
        return [f"{side} draws a card"]
    return [f"{side} draws {s.scenario.cards[action.card].name}"]


def battle_strike(s: S, action: act.Fire | act.Attack) -> Strike | None:
    """The roll a legal fire or attack makes, as the engine would make it."""
    unit, target = s.unit_at(action.frm), s.enemy_piece_at(action.at, s.active)
    if unit is None or target is None:
        return None
    lone = s.is_leader(target)
    full = True if lone else full_strength(s, target)
    if isinstance(action, act.Fire):
        dice = fire_dice_at(s, unit, target)
        return Strike("ranged", unit, target, dice, action.frm, action.at, full)
    dice = attack_dice(s, unit, target, _bonus_combat(s))
    return Strike("close", unit, target, dice, action.frm, action.at, full)


def battle_odds(s: S, action: act.Fire | act.Attack) -> RollOdds | None:
    """The exact odds of a fire or an attack: the game's own distribution of the roll
    (:func:`~wargames.ancients.distribution.distribution`) in the roll's circumstances, at the
    target's blocks."""
    strike = battle_strike(s, action)
    if strike is None or strike.dice <= 0:
        return None
    blocks = None if s.is_leader(strike.target) else s.blocks[strike.target]
    return distribution(circumstances(s, strike), strike.dice, blocks)


def _pct(p: Fraction) -> str:
    return f"{100 * float(p):.0f}%"


def odds_words(odds: RollOdds) -> str:
    """``3 dice: 1+ hit 70%, expected 1.2 blocks, eliminates 4%``."""
    if odds.roll.target is None:
        return (
            f"{odds.dice} {_dice(odds.dice)} at a lone leader: kills him {_pct(odds.eliminated())}"
        )
    return (
        f"{odds.dice} {_dice(odds.dice)}: 1+ hit {_pct(odds.at_least(1))}, expected "
        f"{float(odds.mean_blocks_lost()):.2f} blocks, eliminates {_pct(odds.eliminated())}"
    )


def legend(s: S) -> list[tuple[str, str]]:
    """Every code: unit types, terrain marks, leaders, cards, hexes."""
    units = default_units()
    out = [
        ("05-07", "a hex: column 5, row 7 (row 1 is the top player's baseline)"),
        ("HI4", "on the map: a bottom unit, its type and blocks (lower case hi4: a top unit)"),
        ("HI4*", "a unit with a leader attached"),
        ("L / l", "a lone leader (bottom / top)"),
    ]
    out += [
        (code, f"unit type: {u.name} ({u.unit_class}, {u.blocks} blocks)")
        for code, u in units.items()
    ]
    table = terrain_for(s.scenario.settings)
    out += [
        (TERRAIN_MARK.get(tid, "?"), f"terrain: {t.name}")
        for tid, t in table.items()
        if not t.hexside
    ]
    out += [
        ("light / medium / heavy", "die faces hitting that class of unit (CCB-DICE-03)"),
        ("helmet", "a die face: hits heavy units, and others with a leader near in close combat"),
        ("swords", "a die face: a hit in close combat, a miss in ranged combat"),
        ("flag", "a die face: the unit retreats for each flag it does not ignore"),
        ("banner", "won for each enemy unit eliminated or leader killed; the target wins"),
    ]
    out += [
        (cid, f"card: {spec.name}: {card_effect(s, cid)}") for cid, spec in s.scenario.cards.items()
    ]
    sc = s.scenario
    out += [
        (sc.names[p], f"{s.side_of(p)}'s leader ({sc.army[SIDES.index(s.side_of(p))]})")
        for p in range(len(sc.types))
        if s.is_leader(p)
    ]
    return out


def _state(state: GameState) -> S:
    assert isinstance(state, AncientsState), f"not an Ancients state: {type(state).__name__}"
    return state


NARRATOR = AncientsNarrator()
"""The game's narrator (on :data:`wargames.ancients.game.GAME`)."""

__all__ = [
    "NARRATOR",
    "TACTICS",
    "AncientsNarrator",
    "battle_odds",
    "battle_strike",
    "card_effect",
    "legend",
    "odds_words",
]
