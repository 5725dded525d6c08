"""The numbering of actions (wargames.core.actionspace): every domain numbers its values
0 .. size - 1 one to one, and a space of templates encodes and decodes actions."""

from __future__ import annotations

import math
from typing import Any

import attrs
import pytest
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.actionspace import (
    STATE,
    ActionCodec,
    ActionIdError,
    ActionSpace,
    Choice,
    Dependent,
    Integers,
    Multiset,
    Sequences,
    Subset,
    Template,
    state_of,
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


# -- domains that number by the state ----------------------------------------------------------


@attrs.frozen
class Board:
    """A stand-in state whose pieces are made during play (as Split! makes hordes)."""

    pieces: tuple[str, ...]
    is_chance: bool = False

    def legal_actions(self) -> tuple[Move, ...]:
        return tuple(Move(p, a) for p in self.pieces for a in ("A", "B"))

    def _legal_tuple(self) -> tuple[Move, ...]:  # as a GameState keeps its legal actions
        return self.legal_actions()

    def is_legal(self, action: object) -> bool:
        return action in self.legal_actions()


@attrs.frozen
class Move:
    piece: str
    area: str


@attrs.frozen
class Ranked:
    """The scenario's pieces by name, then ``slots`` made ones by their rank in the state."""

    named: tuple[str, ...]
    slots: int

    @property
    def size(self) -> int:
        return len(self.named) + self.slots

    def made(self, fields):  # type: ignore[no-untyped-def]
        return sorted(p for p in state_of(fields, "a piece").pieces if p not in self.named)

    def index(self, value, fields):  # type: ignore[no-untyped-def]
        if value in self.named:
            return self.named.index(value)
        rank = self.made(fields).index(value)
        if rank >= self.slots:
            raise ValueError(f"{value} is beyond the slots")
        return len(self.named) + rank

    def value(self, index, fields):  # type: ignore[no-untyped-def]
        if index < len(self.named):
            return self.named[index]
        return self.made(fields)[index - len(self.named)]

    def describe(self) -> str:
        return "a piece"


def ranked_codec() -> ActionCodec:
    move = Template(Move, (("piece", Ranked(("P", "Q"), 2)), ("area", Choice(("A", "B")))))
    return ActionCodec(
        ActionSpace([move]), ActionSpace([Template(Roll, (("value", Integers(1, 6)),))])
    )


def test_a_domain_may_number_by_the_state() -> None:
    """A made piece is numbered by its rank among those the state holds: "the second made
    piece moves to B" has one id, whatever the piece is called."""
    codec = ranked_codec()
    early, late = Board(("P", "Q", "P-1")), Board(("P", "Q", "P-1", "Q-1"))
    assert codec.action_id(early, Move("P-1", "B")) == 2 * 2 + 1
    assert codec.action_id(late, Move("Q-1", "B")) == 3 * 2 + 1
    assert codec.action_from_id(late, 3 * 2 + 1) == Move("Q-1", "B")
    assert codec.action_from_id(Board(("P", "Q", "Q-1", "Q-2")), 3 * 2 + 1) == Move("Q-2", "B")
    for board in (early, late):
        ids = codec.legal_ids(board)
        assert len(set(ids)) == len(board.legal_actions())
        assert [codec.action_from_id(board, i) for i in ids] == sorted(
            board.legal_actions(), key=lambda a: codec.action_id(board, a)
        )
        assert codec.legal_mask(board).nonzero()[0].tolist() == ids
    with pytest.raises(ActionIdError, match="outside"):  # a third made piece has no slot
        codec.action_id(Board(("P", "Q", "P-1", "P-2", "P-3")), Move("P-3", "A"))
    with pytest.raises(ActionIdError, match="unused"):  # no second made piece in the state
        codec.decisions.decode(3 * 2 + 1, early)


def test_without_the_state_a_state_free_space_works_and_a_ranked_domain_refuses() -> None:
    codec = ranked_codec()
    space = codec.decisions
    assert space.encode(Move("Q", "A")) == 2 and space.decode(2) == Move("Q", "A")
    with pytest.raises(ActionIdError, match="needs the state"):
        space.encode(Move("P-1", "A"))
    with pytest.raises(ActionIdError, match="needs the state"):
        space.decode(5)
    seen = {}
    Template(Roll, (("value", Seen(seen)),)).encode(Roll(3), Board(()))  # type: ignore[arg-type]
    assert isinstance(seen[STATE], Board) and seen["value"] == 3
    seen.clear()
    assert Template(Roll, (("value", Seen(seen)),)).decode(0) == Roll(1) and not seen


@attrs.frozen
class Seen:
    """A domain that records the ``fields`` it is given."""

    into: dict[str, object]
    size: int = 6

    def index(self, value, fields):  # type: ignore[no-untyped-def]
        self.into.update(fields)
        return value - 1

    def value(self, index, fields):  # type: ignore[no-untyped-def]
        self.into.update(fields)
        return index + 1

    def describe(self) -> str:
        return "a face"


def test_ids_are_encode_remembered_and_number_by_the_state_in_each_state() -> None:
    """``ids`` numbers a list of actions as ``encode`` does one by one: the same object and a
    fresh equal one alike, a made piece by its rank in each state (never remembered), an
    action outside the space as ``missing`` or an ActionIdError; pickled, it forgets."""
    import pickle

    space = ranked_codec().decisions
    early, late = Board(("P", "Q", "P-1")), Board(("P", "Q", "Q-1", "P-1"))
    for board in (early, late, early):
        actions = board.legal_actions()
        assert space.ids(actions, board) == [space.encode(a, board) for a in actions]
        assert space.ids(actions, board) == space.ids(board.legal_actions(), board)
    assert space.ids([Move("P-1", "A")], early) == [4]
    second = Board(("P", "Q", "O-1", "P-1"))
    assert space.ids([Move("P-1", "A")], second) == [6]  # the second made piece there
    beyond = Board(("P", "Q", "P-1", "P-2", "P-3"))
    assert space.ids([Move("Q", "B"), Move("P-3", "A")], beyond, missing=-1) == [3, -1]
    with pytest.raises(ActionIdError, match="outside"):
        space.ids([Move("P-3", "A")], beyond)
    with pytest.raises(ActionIdError, match="no actions template"):
        space.ids([Roll(1)], early)
    again = pickle.loads(pickle.dumps(space))
    assert not again._known[Move] and again.ids([Move("Q", "B")]) == [3]


# -- legal lists in parts ----------------------------------------------------------------------


@attrs.frozen
class Parted:
    """A stand-in state whose legal actions begin with ``parts`` (tuples that recur from state
    to state, as a movement phase carries each counter's moves) and end with ``tail``."""

    parts: tuple[tuple[Move, ...], ...]
    tail: tuple[Move, ...] = ()
    pieces: tuple[str, ...] = ("P", "Q", "P-1", "Q-1")
    is_chance: bool = False

    def _legal_tuple(self) -> tuple[Move, ...]:
        return (*(m for part in self.parts for m in part), *self.tail)

    def legal_actions(self) -> list[Move]:
        return list(self._legal_tuple())

    def is_legal(self, action: object) -> bool:
        return action in self._legal_tuple()


def test_a_space_numbers_recurring_parts_of_legal_lists_once() -> None:
    """``legal_ids`` gives the ids of ``ids`` in the legal order; a part met before (the same
    tuple) is not numbered again, a part with an action numbered by the state is numbered in
    each state, and the actions after the parts one by one."""
    space = ActionSpace(ranked_codec().decisions.templates, parts=lambda s: s.parts)
    p, q = (Move("P", "A"), Move("P", "B")), (Move("Q", "B"),)
    made = (Move("Q-1", "A"),)  # the first or the second made piece, by the state
    numbered: list[int] = []
    plain = space.ids
    space.ids = lambda actions, *rest: numbered.append(len(actions)) or plain(actions, *rest)  # type: ignore[method-assign]
    first = Parted((p, q, made), tail=(Move("P", "B"),))
    assert space.legal_ids(first) == [space.encode(a, first) for a in first._legal_tuple()]
    assert space.legal_ids(first) == [0, 1, 3, 6, 1]  # Q-1 ranked second among P-1, Q-1
    numbered.clear()
    later = Parted((q, made), pieces=("P", "Q", "Q-1"))  # p gone; Q-1 now the first made
    assert space.legal_ids(later) == [3, 4]
    assert numbered == [1, 1]  # q remembered; made numbered again, by this state
    assert space.legal_ids(Parted(())) == [] and space.legal_ids(Parted((), (q[0],))) == [3]
    assert ActionSpace(space.templates).legal_ids(first) == [0, 1, 3, 6, 1]  # one by one


@attrs.frozen
class Entries(Parted):
    """A stand-in state whose parts are entries ``(piece, area, area...)`` standing for the
    piece's moves to those areas (as a movement phase's reach entries stand for a counter's
    moves)."""

    def _legal_tuple(self) -> tuple[Move, ...]:
        return (*(m for part in self.parts for m in moves_of(self, part)), *self.tail)


def moves_of(state: object, part: Any) -> tuple[Move, ...]:
    return tuple(Move(part[0], area) for area in part[1:])


def test_a_part_equal_to_one_met_before_is_found_by_its_value() -> None:
    """A part that is a new object but equal to one numbered before (a counter's entry in
    the next movement phase) is found by its value: its actions are not listed again. A part
    standing for its actions (``part_actions``) is listed only when not found."""
    listed: list[object] = []

    def actions_of(state: object, part: Any) -> tuple[Move, ...]:
        listed.append(part)
        return moves_of(state, part)

    space = ActionSpace(
        ranked_codec().decisions.templates, parts=lambda s: s.parts, part_actions=actions_of
    )
    entry: Any = ("P", "A", "B")
    q: Any = ("Q", "B")
    assert space.legal_ids(Entries((entry,))) == [0, 1]
    assert space.legal_ids(Entries((entry, q))) == [0, 1, 3]
    assert listed == [entry, q]
    again: Any = tuple(["P", "A", "B"])  # equal, another object
    assert again is not entry
    assert space.legal_ids(Entries((again,), tail=(Move("Q", "B"),))) == [0, 1, 3]
    assert listed == [entry, q]  # found by value: not listed again


def test_parts_the_game_numbers_are_asked_of_it_in_every_state() -> None:
    """A space with ``part_ids`` asks the game for the ids of all the parts of every state
    at once (keeping nothing of its own for them: a game keeps them where its listing looks);
    where the game cannot number them (``None``) the space numbers them part by part from
    their actions and remembers them, as it does without the hook."""
    listed: list[object] = []
    asked: list[object] = []

    def actions_of(state: object, part: Any) -> tuple[Move, ...]:
        listed.append(part)
        return moves_of(state, part)

    def ids_of(state: object, parts: Any) -> list[int] | None:
        asked.append(parts)
        if any(part[0] == "Q" for part in parts):
            return None
        return [space.encode(m) for part in parts for m in moves_of(state, part)]

    space = ActionSpace(
        ranked_codec().decisions.templates,
        parts=lambda s: s.parts,
        part_actions=actions_of,
        part_ids=ids_of,
    )
    entry: Any = ("P", "A", "B")
    q: Any = ("Q", "B")
    by_game = Entries((entry,), tail=(Move("Q", "B"),))
    assert space.legal_ids(by_game) == [space.encode(a) for a in by_game._legal_tuple()]
    assert space.legal_ids(by_game) == [0, 1, 3]
    assert asked == [(entry,), (entry,)] and not listed  # asked in every state
    assert not space._part_ids  # nothing kept by the space
    by_space = Entries((entry, q), tail=(Move("P", "B"),))
    assert space.legal_ids(by_space) == [0, 1, 3, 1]
    assert listed == [entry, q]  # the game could not: part by part, from their actions
    assert id(entry) in space._part_ids and id(q) in space._part_ids
