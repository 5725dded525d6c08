"""The command cards as data: the 60-card deck, its groups and counts, names, helmet icons,
fallbacks and mirrors; and the box the game comes in."""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

import wargames.ancients.cards as cards_module
from wargames.ancients.cards import (
    DECK_SIZE,
    CardTable,
    deck,
    default_cards,
    group_counts,
    load_cards,
    new_deck,
)
from wargames.ancients.components import BASE_BOX
from wargames.core.errors import ScenarioError

DATA = Path(cards_module.__file__).parent / "data"


@pytest.fixture(scope="module")
def cards() -> CardTable:
    return default_cards()


def count(cards: CardTable, *ids: str) -> int:
    return sum(cards[i].count for i in ids)


@pytest.mark.rule("CCB-CARDS-01", "CCB-CARDS-24-EX", "CCB-COMP-01")
def test_sixty_cards_in_four_groups(cards: CardTable) -> None:
    assert len(deck(cards)) == DECK_SIZE == 60 == BASE_BOX.command_cards
    assert group_counts(cards) == {"section": 27, "troop": 10, "leadership": 6, "tactic": 17}
    two = [f"order-two-{s}" for s in ("left", "center", "right")]
    three = [f"order-three-{s}" for s in ("left", "center", "right")]
    four = [f"order-four-{s}" for s in ("left", "center", "right")]
    assert (count(cards, *two), count(cards, *three), count(cards, *four)) == (10, 10, 3)
    assert (cards["coordinated-attack"].count, cards["out-flanked"].count) == (2, 2)
    assert 10 + 10 + 3 + 2 + 2 == 27
    troops = [
        "order-light-troops",
        "order-medium-troops",
        "order-heavy-troops",
        "order-mounted-troops",
    ]
    assert [cards[i].count for i in troops] == [4, 3, 2, 1]
    assert [cards[i].count for i in ("leadership-any-section", "inspired-left-leadership")] == [
        3,
        1,
    ]
    tactics = [
        "clash-of-shields",
        "counter-attack",
        "darken-the-sky",
        "double-time",
        "first-strike",
        "i-am-spartacus",
        "line-command",
        "mounted-charge",
        "move-fire-move",
        "rally",
    ]
    assert [cards[i].count for i in tactics] == [1, 2, 1, 2, 1, 1, 4, 2, 2, 1]
    assert {c.id for c in cards.values() if c.group == "tactic"} == set(tactics)
    assert Counter(deck(cards))["line-command"] == 4
    assert len(new_deck(cards).draw) == 60


@pytest.mark.rule("CCB-CARDS-25-EX", "CCB-CARDS-02", "CCB-CARDS-03", "CCB-CARDS-04")
@pytest.mark.rule("CCB-CARDS-05", "CCB-CARDS-06")
def test_section_cards_by_section(cards: CardTable) -> None:
    for kind, split in (("two", (3, 4, 3)), ("three", (3, 4, 3)), ("four", (1, 1, 1))):
        ids = [f"order-{kind}-{s}" for s in ("left", "center", "right")]
        assert tuple(cards[i].count for i in ids) == split, kind
    named: Counter[str] = Counter()
    for card in cards.values():
        if card.group == "section" and len(card.sections) == 1:
            named[card.sections[0][0]] += card.count
    assert named == {"center": 9, "left": 7, "right": 7}
    assert cards["order-two-center"].section_orders == {"center": 2}
    assert cards["order-three-left"].section_orders == {"left": 3}
    assert cards["order-four-right"].section_orders == {"right": 4}
    assert cards["coordinated-attack"].section_orders == {"left": 1, "center": 1, "right": 1}
    assert cards["out-flanked"].section_orders == {"left": 2, "right": 2}


@pytest.mark.rule("CCB-CARDS-07", "CCB-CARDS-08", "CCB-CARDS-09", "CCB-CARDS-10", "CCB-CARDS-11")
@pytest.mark.rule("CCB-CARDS-12", "CCB-CARDS-13", "CCB-CARDS-15", "CCB-CARDS-16", "CCB-CARDS-20")
@pytest.mark.rule("CCB-CARDS-21", "CCB-CARDS-22", "CCB-CARDS-18")
def test_what_the_cards_order(cards: CardTable) -> None:
    for cid, troops in (
        ("order-light-troops", "light"),
        ("order-medium-troops", "medium"),
        ("order-heavy-troops", "heavy"),
        ("order-mounted-troops", "mounted"),
        ("mounted-charge", "mounted"),
        ("move-fire-move", "light"),
    ):
        assert (cards[cid].orders, cards[cid].troops) == ("command", troops)
    assert (
        cards["leadership-any-section"].orders,
        cards["leadership-any-section"].leader_section,
    ) == (3, "any")
    for s in ("left", "center", "right"):
        card = cards[f"inspired-{s}-leadership"]
        assert (card.orders, card.leader_section, card.count) == (4, s, 1)
    assert (cards["double-time"].orders, cards["double-time"].troops) == (4, "foot")
    assert (cards["line-command"].orders, cards["line-command"].troops) == ("all", "foot")
    assert cards["clash-of-shields"].troops == "adjacent-to-enemy"
    assert cards["darken-the-sky"].troops == "missile"
    assert (cards["first-strike"].orders, cards["first-strike"].count) == ("reaction", 1)
    bonus = {c.id: c.bonus_dice for c in cards.values() if c.bonus_dice}
    assert bonus == {"clash-of-shields": 2, "mounted-charge": 1, "i-am-spartacus": 1}


@pytest.mark.rule("CCB-ORDERS-08", "CCB-ORDERS-10")
def test_helmet_icons(cards: CardTable) -> None:
    helmets = {c.id for c in cards.values() if c.helmet}
    assert helmets == {c.id for c in cards.values() if c.group == "section"} | {
        "order-mounted-troops",
        "i-am-spartacus",
    }
    assert not any(c.helmet for c in cards.values() if c.group == "leadership")


@pytest.mark.rule("CCB-ORDERS-13", "CCB-GAP-33", "CCB-CARDS-41", "CCB-GAP-32")
def test_fallbacks(cards: CardTable) -> None:
    by = {
        f: {c.id for c in cards.values() if c.fallback == f}
        for f in ("one-unit", "none", "own", "dice")
    }
    assert {c.id for c in cards.values() if c.group == "troop"} <= by["one-unit"]
    assert {
        "clash-of-shields",
        "darken-the-sky",
        "double-time",
        "line-command",
        "mounted-charge",
        "move-fire-move",
    } <= by["one-unit"]
    assert by["own"] == {"rally", "counter-attack"} and by["dice"] == {"i-am-spartacus"}
    assert "first-strike" in by["none"]
    assert {c.id for c in cards.values() if c.group == "section"} <= by["none"]


@pytest.mark.rule("CCB-CARDS-26", "CCB-CARDS-14")
def test_counter_attack_mirrors(cards: CardTable) -> None:
    assert cards["order-two-left"].mirror == "order-two-right"
    assert cards["order-three-center"].mirror == "order-three-center"
    assert cards["inspired-right-leadership"].mirror == "inspired-left-leadership"
    assert cards["coordinated-attack"].mirror is None  # symmetric already
    assert cards["counter-attack"].orders == "copy"


@pytest.mark.rule("CCB-GAP-05")
def test_names_and_aliases(cards: CardTable) -> None:
    assert (
        cards.find("Coordinated Advance")
        is cards.find("coordinated attack")
        is cards["coordinated-attack"]
    )
    assert cards.find("Outflanked") is cards.find("Out Flanked") is cards["out-flanked"]
    assert cards.find("ORDER TWO UNITS LEFT").id == "order-two-left"
    with pytest.raises(KeyError):
        cards.find("Charge!")


@pytest.mark.rule("CCB-COMP-01", "CCB-COMP-02", "CCB-COMP-03-EX", "CCB-COMP-04")
def test_the_base_box() -> None:
    assert [n for _, n in BASE_BOX.blocks] == [220, 81, 12, 16, 16]
    assert BASE_BOX.total_blocks == 220 + 81 + 12 + 16 + 16 == 345
    assert (BASE_BOX.battle_dice, BASE_BOX.terrain_tiles, BASE_BOX.scenarios) == (7, 45, 15)
    assert BASE_BOX.armies == ("Rome", "Carthage") and BASE_BOX.block_count("banner") == 16


def test_a_copy_loads_the_same(tmp_path: Path) -> None:
    shutil.copy(DATA / "cards.toml", tmp_path / "cards.toml")
    assert dict(load_cards(str(tmp_path))) == dict(default_cards())


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        ('mirror = "order-two-right"', 'mirror = "order-two-center"', "mirroring it back"),
        ('group = "section"', 'group = "stratagem"', "unknown group"),
        ("sections = { left = 2 }", "sections = { west = 2 }", "unknown section"),
        ('orders = "command"', 'orders = "many"', "unknown order count"),
        ('fallback = "one-unit"', 'fallback = "maybe"', "unknown fallback"),
        ('aliases = ["Outflanked"]', 'aliases = ["Order Two Units Left"]', "is used by"),
    ],
)
def test_bad_card_files(tmp_path: Path, old: str, new: str, problem: str) -> None:
    text = (DATA / "cards.toml").read_text()
    assert old in text
    (tmp_path / "cards.toml").write_text(text.replace(old, new, 1))
    with pytest.raises(ScenarioError, match=problem):
        load_cards(str(tmp_path))
