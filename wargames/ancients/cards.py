"""The command cards of Commands & Colors: Ancients as data: the 60-card deck.

Each distinct card is a :class:`CardSpec` of ``data/cards.toml``: its group (section, troop,
leadership, tactic: CCB-CARDS-01), how many copies the deck holds (CCB-CARDS-02 to -23), whom
it orders and how many, its bonus dice, the helmet icon that lets a leader leave his unit
(CCB-ORDERS-08), what it does when it finds no eligible unit (CCB-ORDERS-13, CCB-GAP-33), and
the card a Counter Attack copying it becomes (left and right swapped, CCB-CARDS-26). Names
and aliases are both accepted (Coordinated Attack / Advance, Out Flanked / Outflanked,
CCB-GAP-05). Effects are the engine's business.

>>> cards = default_cards()
>>> len(deck(cards)), cards.find("Outflanked").id
(60, 'out-flanked')
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from functools import cache, lru_cache
from typing import Literal

import attrs

from wargames.ancients.settings import DEFAULT, AncientsSettings
from wargames.ancients.units import rule_ids
from wargames.core.caches import PER_DATA
from wargames.core.cards import Deck, Pile
from wargames.core.scenario import Node, data_reader

Group = Literal["section", "troop", "leadership", "tactic"]
Fallback = Literal["one-unit", "none", "own", "dice"]
GROUPS: tuple[Group, ...] = ("section", "troop", "leadership", "tactic")
FALLBACKS: tuple[Fallback, ...] = ("one-unit", "none", "own", "dice")
ORDER_WORDS = ("command", "all", "dice", "copy", "reaction")
TROOPS = ("light", "medium", "heavy", "mounted", "foot", "missile", "adjacent-to-enemy")
SECTIONS = ("left", "center", "right")
DECK_SIZE = 60


@attrs.frozen
class CardSpec:
    """One distinct command card and its ``count`` copies (see ``data/cards.toml``)."""

    id: str
    name: str
    group: Group
    count: int
    aliases: tuple[str, ...] = ()
    sections: tuple[tuple[str, int], ...] = ()
    orders: int | str | None = None
    troops: str | None = None
    leader_section: str | None = None
    bonus_dice: int = 0
    helmet: bool = False
    fallback: Fallback = "none"
    mirror: str | None = None
    provenance: str = "rulebook"
    rules: tuple[str, ...] = ()
    note: str = ""

    def __str__(self) -> str:
        return self.name

    @property
    def section_orders(self) -> dict[str, int]:
        """Section cards: units or leaders ordered per section (seen from the player)."""
        return dict(self.sections)


@attrs.frozen(eq=False)
class CardTable(Mapping[str, CardSpec]):
    """Every distinct card by id, with lookup by name or alias (:meth:`find`)."""

    cards: Mapping[str, CardSpec]
    file: str = ""

    def __getitem__(self, key: str) -> CardSpec:
        return self.cards[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self.cards)

    def __len__(self) -> int:
        return len(self.cards)

    def find(self, name: str) -> CardSpec:
        """The card called ``name``: its id, name or an alias, in any case (CCB-GAP-05)."""
        key = _key(name)
        for card in self.cards.values():
            if key in (card.id, _key(card.name), *(_key(a) for a in card.aliases)):
                return card
        raise KeyError(f"unknown card {name!r}")


def _key(name: str) -> str:
    return "-".join(name.strip().lower().replace("_", " ").replace("-", " ").split())


def deck(cards: Mapping[str, CardSpec]) -> tuple[str, ...]:
    """The card ids of the whole deck, one per copy (sorted: a deck is a multiset)."""
    return tuple(sorted(c.id for c in cards.values() for _ in range(c.count)))


def new_deck(cards: Mapping[str, CardSpec]) -> Deck:
    """A full draw pile of :mod:`wargames.core.cards` (draws are explicit chance)."""
    return Deck(Pile.of(deck(cards)))


def group_counts(cards: Mapping[str, CardSpec]) -> dict[str, int]:
    """Copies per group: 27 section, 10 troop, 6 leadership, 17 tactic (CCB-CARDS-01)."""
    out: dict[str, int] = dict.fromkeys(GROUPS, 0)
    for card in cards.values():
        out[card.group] += card.count
    return out


# -- loading ----------------------------------------------------------------------------------

_KEYS = (
    "id",
    "name",
    "aliases",
    "group",
    "count",
    "sections",
    "orders",
    "troops",
    "leader_section",
    "bonus_dice",
    "helmet",
    "fallback",
    "mirror",
    "provenance",
    "rules",
)


def _orders(node: Node) -> int | str | None:
    if not node.has("orders"):
        return None
    value = node.child("orders").value
    if isinstance(value, str):
        return node.choice("orders", ORDER_WORDS, what="order count")
    return node.number("orders", 1, 12)


def _card(node: Node, seen: dict[str, str]) -> CardSpec:
    node.only(_KEYS)
    cid = node.unique(seen, "card id", "id")
    group = node.choice("group", GROUPS, what="group")
    sections: list[tuple[str, int]] = []
    if node.has("sections"):
        table = node.child("sections")
        listed = table.keys()
        for key in listed:
            if key not in SECTIONS:
                raise table.error(f"unknown section {key!r}; expected one of {list(SECTIONS)}", key)
            sections.append((key, table.number(key, 1, 12)))
    orders = _orders(node)
    if (group == "section") != bool(sections):
        raise node.error("section cards, and only they, order by sections", "sections")
    if group != "section" and orders is None:
        raise node.error("the card must say what it orders", "orders")
    leader = (
        node.choice("leader_section", (*SECTIONS, "any"), "any", "section")
        if group == "leadership"
        else None
    )
    troops = node.choice("troops", TROOPS, what="troops") if node.has("troops") else None
    return CardSpec(
        id=cid,
        name=node.get("name", str),
        group=group,  # type: ignore[arg-type]
        count=node.number("count", 1, DECK_SIZE),
        aliases=node.strings("aliases"),
        sections=tuple(sections),
        orders=orders,
        troops=troops,
        leader_section=leader,
        bonus_dice=node.number("bonus_dice", 0, 6, default=0),
        helmet=node.get("helmet", bool),
        fallback=node.choice("fallback", FALLBACKS, what="fallback"),  # type: ignore[arg-type]
        mirror=node.get("mirror", str) if node.has("mirror") else None,
        provenance=node.provenance(),
        rules=rule_ids(node),
        note=node.get("note", str, ""),
    )


def load_cards(folder: str | None = None) -> CardTable:
    """The cards of ``data/cards.toml`` (or ``folder/cards.toml``): names unique, mirrors
    known and mutual."""
    root = data_reader("wargames.ancients", folder)("cards.toml")
    seen: dict[str, str] = {}
    cards = {c.id: c for c in (_card(n, seen) for n in root.list("card"))}
    names: dict[str, str] = {}
    for i, card in enumerate(cards.values()):
        for name in (card.id, _key(card.name), *(_key(a) for a in card.aliases)):
            if names.get(name, card.id) != card.id:
                raise root.error(
                    f"name {name!r} is used by {names[name]} and {card.id}", f"card[{i}]"
                )
            names[name] = card.id
        if card.mirror is not None:
            twin = cards.get(card.mirror)
            if twin is None or twin.mirror != card.id:
                raise root.error(
                    f"mirror {card.mirror!r} is not a card mirroring it back", f"card[{i}].mirror"
                )
    return CardTable(cards, root.file)


@cache
def default_cards() -> CardTable:
    """The shipped deck (read once)."""
    return load_cards()


def cards_for(settings: AncientsSettings = DEFAULT) -> CardTable:
    """The cards the ``settings`` name (their ``data`` folder, else the shipped ones)."""
    return default_cards() if settings.data is None else _cards_in(settings.data)


@lru_cache(maxsize=PER_DATA)
def _cards_in(folder: str) -> CardTable:
    return load_cards(folder)


__all__ = [
    "DECK_SIZE",
    "FALLBACKS",
    "GROUPS",
    "SECTIONS",
    "TROOPS",
    "CardSpec",
    "CardTable",
    "Fallback",
    "Group",
    "cards_for",
    "deck",
    "default_cards",
    "group_counts",
    "load_cards",
    "new_deck",
]
