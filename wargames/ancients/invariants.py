"""Invariants every Commands & Colors: Ancients state keeps (checked by the conformance kit)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING, Any

from wargames.ancients.cards import DECK_SIZE
from wargames.ancients.state import BACK, DEAD, OFF, SIDES, other
from wargames.ancients.victory import objective_banners
from wargames.core.typecheck import unknown_names

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


def violations(s: S, cards: bool = True) -> list[str]:
    """What is wrong with ``s``, in words (empty when all is well); ``cards=False`` leaves the
    cards to a variant's own check (:mod:`wargames.ancients.variant.state`)."""
    out: list[str] = []
    sc = s.scenario
    n = len(sc.types)
    if len(s.where) != n or len(s.blocks) != n or len(s.moved) != n:
        return [f"per-piece tuples of the wrong length for {n} pieces"]
    out = _names(s)
    if out:
        return out  # the checks below look names up
    out += _pieces(s)
    if cards:
        out += _cards(s)
    dead = [sc.sides[p] for p, where in enumerate(s.where) if where == DEAD]
    for i, side in enumerate(SIDES):
        expected = dead.count(other(side)) + objective_banners(s, side)
        if s.banners[i] != expected:
            out.append(
                f"{side} holds {s.banners[i]} banners, not {dead.count(other(side))} enemy "
                "pieces destroyed "
                f"+ {objective_banners(s, side)} for objectives (CCB-VICTORY-01, -02)"
            )
    if s._index() != type(s._index()).of(s):
        out.append("the where-is-what index carried from earlier states is out of date")
    if any(s.side_of(p) != s.active for p in s.ordered) or len(set(s.ordered)) != len(s.ordered):
        out.append("ordered pieces must be the active side's, each once (CCB-ORDERS-02)")
    for used in s.last:
        if used and used.rstrip("!").split(":", 1)[0] not in s.scenario.cards:
            out.append(f"{used!r} is no card a side played (Counter Attack's record)")
    return out + _rolls_and_combats(s)


def _rolls_and_combats(s: S) -> list[str]:
    """A roll's flags are at most its dice (a flag is a face of a die, CCB-DICE-01, -06); a
    combat and a roll under way set a piece against an enemy one (CCB-CLOSE-01, ranged fire,
    battle back, evasion and a leader's escape alike)."""
    from wargames.ancients.combat import Flags

    out: list[str] = []
    side_of = s.side_of
    for k, task in enumerate(s.tasks):
        if isinstance(task, Flags) and not 1 <= task.flags <= task.strike.dice:
            out.append(
                f"tasks[{k}] has {task.flags!r} flags from {task.strike.dice} dice (CCB-DICE-06)"
            )
        combat = getattr(task, "combat", None)
        strike = getattr(task, "strike", None)
        pairs = (
            (getattr(combat, "attacker", None), getattr(combat, "target", None)),
            (getattr(strike, "roller", None), getattr(strike, "target", None)),
        )
        for by, at in pairs:
            if isinstance(by, int) and isinstance(at, int) and side_of(by) == side_of(at):
                out.append(f"tasks[{k}] sets piece {by} against its own side's {at} (CCB-CLOSE-01)")
        out += [f"tasks[{k}] {problem}" for problem in _reach(s, task, combat, strike)]
    return out


DECLARED = frozenset({"DefenderChoice", "ReactionOffer", "Strikes"})
"""The steps of a close combat before its first roll: nothing has moved since it was declared,
so both pieces still stand where it was declared (CCB-CLOSE-01 to -04)."""


def _reach(s: S, task: Any, combat: Any, strike: Any) -> list[str]:
    """A combat and a roll under way reach their target: a roll is one of the kinds a unit
    makes (:data:`~wargames.ancients.combat.STRIKES`); a close combat (and its rolls: the
    attack, a First Strike, the battle back, the roll at an evading unit) is fought across
    two adjacent hexes (CCB-CLOSE-01); ranged fire reaches past the adjacent hexes to the
    firer's range (CCB-RANGED-03 to -08); a leader's escape test is rolled in the one hex he
    passes through (CCB-LEADER-16). Before a close combat's first roll, both pieces stand in
    its two hexes."""
    from wargames.ancients.close import Combat
    from wargames.ancients.combat import CLOSE, STRIKES, Strike

    geometry = s.scenario.geometry
    out: list[str] = []
    if isinstance(combat, Combat):
        if combat.at not in geometry.adjacent[combat.frm]:
            out.append(
                f"has a close combat from {combat.frm} at {combat.at}, not adjacent (CCB-CLOSE-01)"
            )
        elif type(task).__name__ in DECLARED and (
            s.where[combat.attacker] != combat.frm or s.where[combat.target] != combat.at
        ):
            out.append(
                f"has a close combat from {combat.frm} at {combat.at} that its pieces "
                f"{combat.attacker} and {combat.target} do not stand in (CCB-CLOSE-01)"
            )
    if isinstance(strike, Strike) and isinstance(strike.roller, int):
        frm, at = strike.frm, strike.at
        if strike.kind not in STRIKES:
            out.append(f"rolls {strike.kind!r}, no kind of roll a unit makes (CCB-DICE-03)")
        elif strike.kind in CLOSE or strike.kind == "evade":
            if at not in geometry.adjacent[frm]:
                out.append(f"rolls a close combat from {frm} at {at}, not adjacent (CCB-CLOSE-01)")
        elif strike.kind == "ranged":
            reach = s.kind(strike.roller).range
            if not 2 <= geometry.distance(frm, at) <= reach:
                out.append(
                    f"fires from {frm} at {at}, not 2 to {reach} hexes away (CCB-RANGED-03 to -08)"
                )
        elif strike.kind == "escape" and frm != at:
            out.append(
                f"rolls an escape test across {frm} and {at}, not in one hex (CCB-LEADER-16)"
            )
    return out


DICE_LIMIT = 12
"""The most dice one roll may take: no rule builds a larger roll (a unit's dice with every
bonus, or a side's Command, stay well under it); a saved state asking for more is refused."""

BOTTOM = frozenset({"BeginTurn", "EndTurn", "BeginTeamTurn", "EndTeamTurn"})
"""The task at the bottom of the stack while the game goes on: the turn (a team turn in the
'Armageddon' variant), which hands over to the next one (CCB-TURN-01)."""

DRAWS = frozenset({"DrawStep", "EpicDraw", "Refill"})
"""The steps that discard the card played this turn and draw anew (base game, Epic rules,
'Armageddon' variant)."""


def _names(s: S) -> list[str]:
    """Every name the state holds is one the game knows (a saved state read back may hold
    anything): pieces by their number, hexes of the board, cards of the deck, sides, flanks,
    sections and die faces, in the state's fields and in its pending tasks; a roll takes at
    most :data:`DICE_LIMIT` dice; while the game goes on a turn is pending below its steps."""
    from wargames.ancients.cards import SECTIONS
    from wargames.ancients.dice import FACES
    from wargames.ancients.variant.seats import FLANKS

    sc, out = s.scenario, []
    pieces, hexes = range(len(sc.types)), frozenset(sc.geometry.terrain)
    cards = frozenset(sc.cards) | {BACK}
    if len(s.held) != len(sc.objectives) or not set(s.held) <= {*SIDES, ""}:
        out.append(f"the objectives' holders {list(s.held)} are not one side or nobody each")
    if not set(s.owed) <= set(SIDES) or s.card not in (*cards, None):
        out.append("a replacement card owed to no side, or an unknown card in play")
    if not set(s.ordered) | s.stuck | s.battled <= set(pieces):
        out.append("an ordered, stuck or battled piece that is not in the battle")
    if s.result is None and (not s.tasks or type(s.tasks[0]).__name__ not in BOTTOM):
        out.append("the game goes on but no turn is pending below its steps (CCB-TURN-01)")
    steps = {type(t).__name__ for t in s.tasks}
    if "Deal" in steps and s.turn != 0:
        out.append("opening hands are dealt after a turn has begun (CCB-HAND-04)")
    if any(not 0 <= m <= len(hexes) for m in s.moved):
        out.append("a piece moved a negative number of hexes, or more than the board holds")
    if s.result is None and s.card is not None and not steps & DRAWS:
        out.append(f"{s.card} is in play but no draw is pending to discard it (CCB-TURN-06)")
    if hasattr(s, "given"):
        out += _epic(s, cards, frozenset(pieces))
    return out + unknown_names(
        s.tasks,
        {
            "side": SIDES,
            "flank": FLANKS,
            "section": SECTIONS,
            **dict.fromkeys(("at", "frm", "advanced_to", "hexes"), hexes),
            "hex": hexes | {OFF},  # an evading leader arrives off the board (CCB-LEADER-14)
            **dict.fromkeys(
                ("unit", "leader", "elephant", "piece", "attacker", "target", "roller"), pieces
            ),
            **dict.fromkeys(("done", "fired"), pieces),
            "card": cards,
            "symbols": frozenset(str(f) for f in FACES),
            "dice": range(DICE_LIMIT + 1),
        },
        "tasks",
    )


def _epic(s: Any, cards: frozenset[str], pieces: frozenset[int]) -> list[str]:
    """The Epic rules' fields name known cards, sections (or the whole army) and pieces, the
    card being played is one of this turn's given out, and a side has 1 to 4 players
    (CCB-EPIC-07 to -09)."""
    from wargames.ancients.cards import SECTIONS
    from wargames.ancients.epic.sections import ARMY

    places = {ARMY, *SECTIONS}
    wheres = [w for _, w in s.given] + ([s.section] if s.section else [])
    if (
        not 1 <= s.team <= 4
        or any(c not in cards for c, _ in s.given)
        or any(c not in cards for c in s.finished)
        or any(part not in places for w in wheres for part in w.split("+"))
        or not set(s.reached) <= set(SECTIONS)
        or not s.used <= pieces
        or (s.card is not None and s.card not in s.cards_in_play())
    ):
        return ["the Epic turn names unknown cards, sections or pieces, or a team of 0 or 5+"]
    return []


def _pieces(s: S) -> list[str]:
    out: list[str] = []
    sc = s.scenario
    board = sc.geometry.terrain
    units: list[str] = []
    leaders: list[str] = []
    for p, (where, blocks, kind) in enumerate(zip(s.where, s.blocks, sc.types, strict=True)):
        if where in (DEAD, OFF):
            if blocks:
                out.append(f"{sc.names[p]} is off the board with {blocks} blocks")
            continue
        if where not in board:
            out.append(f"{sc.names[p]} is in unknown place {where!r}")
            continue
        full = 1 if kind is None else kind.blocks
        if not 1 <= blocks <= full:
            out.append(f"{sc.names[p]} has {blocks} blocks (1 to {full}, CCB-UNITS-16)")
        (leaders if kind is None else units).append(where)
    if len(set(units)) != len(units):
        for hex_id, count in Counter(units).items():
            if count > 1:
                out.append(f"{count} units in {hex_id} (CCB-UNITS-02)")
    if len(set(leaders)) != len(leaders):
        for hex_id, count in Counter(leaders).items():
            if count > 1:
                out.append(f"{count} leaders in {hex_id} (CCB-MOVE-16)")
    for p in s.leaders_of("bottom") + s.leaders_of("top"):
        unit = s.unit_at(s.where[p])
        if unit is not None and sc.sides[unit] != sc.sides[p]:
            out.append(f"leader {sc.names[p]} stands on an enemy unit in {s.where[p]}")
    return out


def _piles_in_order(s: S) -> list[str]:
    """Every pile of cards is kept sorted (:class:`~wargames.core.cards.Pile`): equal piles
    compare equal, and a card is drawn by its place in the pile
    (:meth:`~wargames.ancients.flow.DrawCard.pick`)."""
    piles = {
        "the bottom hand": s.hands[0],
        "the top hand": s.hands[1],
        "the draw pile": s.deck.draw,
        "the discards": s.deck.discards,
    }
    return [
        f"the cards of {name} are not in order (a pile is kept sorted)"
        for name, pile in piles.items()
        if list(pile.cards) != sorted(pile.cards)
    ]


def _cards(s: S) -> list[str]:
    out: list[str] = []
    in_play = s.cards_in_play()
    every = [*s.hands[0].cards, *s.hands[1].cards, *s.deck.draw.cards, *s.deck.discards.cards]
    every.extend(in_play)
    if len(every) != DECK_SIZE:
        out.append(f"{len(every)} cards in hands, deck, discards and play, not {DECK_SIZE}")
    elif BACK not in every:
        every.sort()
        if tuple(every) != s.scenario.deck:
            out.append("the cards are not the 60 of the deck")
    for i, side in enumerate(SIDES):
        if len(s.hands[i]) > s.command(side):
            out.append(f"{side} holds {len(s.hands[i])} cards, more than his Command")
    return out


STEPS = ("BattleStep", "MoveStep", "OrderStep", "PlayStep")
"""The steps of a turn between its card and its draw, from the bottom of the stack up: a step
still to come waits below the one being carried out (CCB-TURN-01 to -05)."""


def sequence_violations(s: S) -> list[str]:
    """What a saved state read back must also keep while the game goes on (checked when it is
    read, :meth:`~wargames.ancients.state.AncientsState.saved_state_violations`; the tests'
    positions are fragments of a turn): the pending steps in the order of the turn
    (:func:`_turn_order`) and, in the base game, hands that add up (:func:`hand_violations`);
    and, the game over or not, every pile of cards in order (:func:`_piles_in_order`)."""
    piles = _piles_in_order(s)
    if s.result is not None:
        return piles
    out = _turn_order([type(t).__name__ for t in s.tasks]) + _deal_order(s.tasks)
    if type(s).__name__ == "AncientsState":  # the variant and the Epic rules hold hands apart
        out += _backs(s) or hand_violations(s)
    return out + piles


def _backs(s: S) -> list[str]:
    """A card's back stands only for a whole pile its viewer cannot see: the draw pile and the
    other side's hand (:meth:`~wargames.ancients.state.AncientsState.view`); the discards and
    the card in play are public, and a full state shows every card."""
    hidden = [pile.cards for pile in (s.deck.draw, *s.hands) if BACK in pile.cards]
    hands = sum(BACK in hand.cards for hand in s.hands)
    if (
        any(set(cards) != {BACK} for cards in hidden)
        or hands > 1
        or BACK in s.deck.discards.cards
        or s.card == BACK
    ):
        return ["a card's back where a view hides no whole pile (the draw pile, a hand)"]
    return []


def _deal_order(tasks: tuple[Any, ...]) -> list[str]:
    """While the opening hands are dealt (CCB-HAND-04), the deals wait right above the first
    turn at the bottom, one for each side, with nothing above them but the card being dealt,
    drawn for the side of the deal under it (:func:`~wargames.ancients.flow.deal_tasks`,
    :class:`~wargames.ancients.flow.Deal`)."""
    deals = [k for k, t in enumerate(tasks) if type(t).__name__ == "Deal"]
    if not deals:
        return []
    sides = [tasks[k].side for k in deals]
    last = deals[-1]
    above = tasks[last + 1 :]
    if (
        deals != list(range(1, len(deals) + 1))
        or len(set(sides)) != len(sides)
        or len(above) > 1
        or any(type(t).__name__ != "DrawCard" or t.side != sides[-1] for t in above)
    ):
        return ["the opening hands are dealt out of order or twice (CCB-HAND-04)"]
    return []


def _turn_order(names: list[str]) -> list[str]:
    """One turn is pending, at the bottom (CCB-TURN-01, -07); the turn's steps wait in their
    order, each once: play, order, move, battle, then the draw below them all (CCB-TURN-01 to
    -06)."""
    out: list[str] = []
    if any(name in BOTTOM for name in names[1:]):
        out.append("a turn is pending above the steps of another (CCB-TURN-01)")
    at = [(i, STEPS.index(name)) for i, name in enumerate(names) if name in STEPS]
    ranks = [rank for _, rank in at]
    if ranks != sorted(set(ranks)):
        out.append("the steps of the turn are pending out of order or twice (CCB-TURN-01)")
    if at and not DRAWS & set(names[: at[0][0]]):
        out.append(f"{STEPS[ranks[0]]} is pending with no draw below it (CCB-TURN-06)")
    return out


def hand_violations(s: S) -> list[str]:
    """Each side's hand, with the cards it is still to draw this turn and less the card it is
    still to play, makes its Command (CCB-HAND-01, CCB-TURN-02, -06): the active side holds one
    card fewer from playing his card until the draw step, a side that played First Strike one
    fewer until he draws its replacement (CCB-CARDS-34); while the opening hands are dealt, a
    side holds at most his Command (CCB-HAND-04). (The deck of 60 cannot run out of cards to
    draw: CCB-HAND-05.)"""
    from wargames.ancients.flow import Deal, DrawCard

    names = {type(t).__name__ for t in s.tasks}
    draws = [t.side for t in s.tasks if isinstance(t, DrawCard)]
    deals = {t.side for t in s.tasks if isinstance(t, Deal)}
    out = []
    for i, side in enumerate(SIDES):
        due = draws.count(side)
        if "DrawStep" in names:
            due += (side == s.active) + s.owed.count(side)
        if "PlayStep" in names and side == s.active:
            due -= 1
        dealing = side in deals
        held, command = len(s.hands[i]) + due, s.command(side)
        if held > command or (held != command and not dealing):
            out.append(
                f"{side} holds {len(s.hands[i])} cards, {held} once the pending draws and "
                f"play are done: not his Command of {command} (CCB-HAND-01)"
            )
    return out


__all__ = ["hand_violations", "sequence_violations", "violations"]
