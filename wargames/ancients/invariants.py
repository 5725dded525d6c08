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
            **dict.fromkeys(("hex", "at", "frm", "advanced_to", "hexes"), hexes),
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


__all__ = ["violations"]
