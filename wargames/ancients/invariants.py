"""Invariants every Commands & Colors: Ancients state keeps (checked by the conformance kit)."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from wargames.ancients.cards import DECK_SIZE
from wargames.ancients.state import BACK, DEAD, OFF, SIDES, other
from wargames.ancients.victory import objective_banners

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
