"""CCB-GAP-39: the player reference card's wording is not available; where it would differ,
the rule book prevails. What can be checked: every shipped table states its values are the
rule book's and each card row rests on catalogue (rule book) ids or is marked inferred; none
rests on the reference card."""

from __future__ import annotations

from pathlib import Path

import pytest

import wargames.ancients.cards as cards_module
from wargames.ancients.cards import default_cards

DATA = Path(cards_module.__file__).parent / "data"


@pytest.mark.rule("CCB-GAP-39")
def test_tables_rest_on_the_rule_book() -> None:
    for name in ("cards.toml", "units.toml", "terrain.toml"):
        head = (DATA / name).read_text().split("\n\n", 1)[0].lower()
        assert "rule book" in head and "reference card" not in head, name
    specs = default_cards().values()
    assert sum(s.count for s in specs) == 60
    for spec in specs:
        assert spec.provenance in ("rulebook", "inferred"), spec.id
        assert any(r.startswith("CCB-") for r in spec.rules), spec.id
