"""The numbering of actions (wargames.core.actionspace): every domain numbers its values
0 .. size - 1 one to one, and a space of templates encodes and decodes actions."""

from __future__ import annotations

import math

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.actionspace import (
    ActionIdError,
    ActionSpace,
    Choice,
    Dependent,
    Integers,
    Multiset,
    Sequences,
    Subset,
    Template,
)

AREAS = ("A", "B", "C", "D", "E")


def round_trip(domain, fields=None):  # type: ignore[no-untyped-def]
    fields = fields or {}
    values = [domain.value(i, fields) for i in range(domain.size)]
    assert len(set(values)) == domain.size
    assert [domain.index(v, fields) for v in values] == list(range(domain.size))
    return values


@pytest.mark.parametrize(
    ("domain", "size"),
    [
        (Choice(AREAS), 5),
        (Choice((None, "x")), 2),
        (Integers(1, 12), 12),
        (Subset(AREAS), 32),
        (Subset(AREAS, max_size=2), 1 + 5 + 10),
        (Subset(AREAS, max_size=3, min_size=1), 5 + 10 + 10),
        (Multiset(("a", "b", "c"), max_size=2, min_size=1), 3 + 6),
        (Sequences(AREAS, max_len=2, min_len=1), 5 + 25),
    ],
)
def test_domains_number_their_values_one_to_one(domain, size) -> None:  # type: ignore[no-untyped-def]
    assert domain.size == size
    round_trip(domain)


def test_subsets_come_in_the_domains_order() -> None:
    values = round_trip(Subset(AREAS, max_size=2))
    assert values[:7] == [(), ("A",), ("B",), ("C",), ("D",), ("E",), ("A", "B")]
    with pytest.raises(ValueError):
        Subset(AREAS).index(("B", "A"), {})


@given(st.integers(1, 9), st.integers(0, 9))
def test_subset_ranks_are_the_combinatorial_number_system(n: int, k: int) -> None:
    domain = Subset(tuple(range(n)), max_size=k, min_size=min(k, n))
    assert domain.size == math.comb(n, min(k, n))
    round_trip(domain)


def test_multisets_are_sorted_dice() -> None:
    values = round_trip(Multiset(("hit", "miss"), max_size=2, min_size=2))
    assert values == [("hit", "hit"), ("hit", "miss"), ("miss", "miss")]


@attrs.frozen
class Attack:
    target: str
    stacks: tuple[str, ...]


@attrs.frozen
class Roll:
    value: int


NEIGHBOURS = {"A": ("B", "C"), "B": ("A",), "C": ("A", "D", "E")}


def space() -> ActionSpace:
    attack = Template(
        Attack,
        (
            ("target", Choice(tuple(NEIGHBOURS))),
            (
                "stacks",
                Dependent("target", {a: Subset(n, min_size=1) for a, n in NEIGHBOURS.items()}),
            ),
        ),
    )
    return ActionSpace([Template(Roll, (("value", Integers(1, 6)),)), attack])


def test_a_space_numbers_templates_one_after_another() -> None:
    s = space()
    assert s.size == 6 + 3 * 7
    assert s.encode(Roll(1)) == 0
    assert s.encode(Attack("A", ("B",))) == 6
    assert s.decode(6) == Attack("A", ("B",))
    assert s.layout()[1] == {
        "kind": "Attack",
        "first": 6,
        "count": 21,
        "fields": "Attack(target: one of 3, stacks: depends on target (up to 7))",
    }
    seen = {}
    for i in range(s.size):
        try:
            action = s.decode(i)
        except ActionIdError:  # an unused number of a smaller dependent domain
            continue
        assert s.encode(action) == i
        seen[action] = i
    assert len(seen) == 6 + 3 + 1 + 7


def test_what_a_space_cannot_number_is_an_action_id_error() -> None:
    s = space()
    for bad in (-1, s.size, True, "3", 2.0):
        with pytest.raises(ActionIdError):
            s.decode(bad)  # type: ignore[arg-type]
    with pytest.raises(ActionIdError, match="no actions template"):
        s.encode(object())  # type: ignore[arg-type]
    with pytest.raises(ActionIdError, match="outside"):
        s.encode(Attack("B", ("C",)))
    with pytest.raises(ActionIdError, match="outside"):
        s.encode(Roll(7))


@attrs.frozen
class Order:
    unit: str
    order: str
    target: str | None = None


def test_one_action_class_may_have_several_disjoint_templates() -> None:
    """A charge names a target, the other orders none: two templates of Order, tried in
    their order, instead of one product with every order times every target."""
    units, targets = Choice(("U1", "U2")), Choice(("E1", "E2", "E3"))
    plain = Template(
        Order,
        (("unit", units), ("order", Choice(("brace", "hide"))), ("target", Choice((None,)))),
    )
    charge = Template(Order, (("unit", units), ("order", Choice(("charge",))), ("target", targets)))
    s = ActionSpace([plain, charge])
    assert s.size == 2 * 2 + 2 * 3
    assert s.encode(Order("U2", "hide")) == 3
    assert s.encode(Order("U1", "charge", "E1")) == 4
    assert [s.encode(s.decode(i)) for i in range(s.size)] == list(range(s.size))
    with pytest.raises(ActionIdError, match="outside"):
        s.encode(Order("U1", "charge"))
    with pytest.raises(ActionIdError, match="outside"):
        s.encode(Order("U1", "brace", "E1"))


def test_a_dependent_domain_measures_its_domains_once() -> None:
    """Encoding reads a field's size for every action: a dependent domain over a board's worth
    of domains keeps the largest instead of measuring them all again."""
    measured = []

    @attrs.frozen
    class Counted:
        values: tuple[str, ...]

        @property
        def size(self) -> int:
            measured.append(self)
            return len(self.values)

    domains = {a: Counted(tuple(AREAS[: i + 1])) for i, a in enumerate(AREAS)}
    dependent = Dependent("area", domains)  # type: ignore[arg-type]
    calls = len(measured)
    assert dependent.size == len(AREAS) and dependent.size == len(AREAS)
    assert len(measured) == calls == len(AREAS)
