"""How a task-driven state copies itself: caches kept in the memo and in fields of their own,
and the decider a settled state remembers."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import pytest

from wargames.core.engine import Action, Player
from wargames.core.notation import Roll
from wargames.core.tasks import Task, TaskState, own_dict, quick_evolve


@attrs.frozen
class Ask(Task["Toy"]):
    """A decision of ``who``; any action ends it."""

    who: str

    def actor(self, s: Toy) -> Player | None:
        return self.who

    def legal(self, s: Toy) -> tuple[Action, ...]:
        return (Roll(1),)

    def act(self, s: Toy, action: Action) -> Toy:
        return s.pop()


@attrs.frozen
class Skip(Task["Toy"]):
    """An automatic step that counts how often it was run."""

    def run(self, s: Toy) -> Toy:
        return s.evolve(b=s.b + 1).pop()


@attrs.frozen(slots=False)
class Toy(TaskState):
    game: ClassVar[str] = "toy"
    players: ClassVar[tuple[Player, ...]] = ("me",)
    kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {"by_b": frozenset({"b"})}
    kept_fields: ClassVar[Mapping[str, frozenset[str]]] = {"_by_a": frozenset({"a"})}

    a: int = 0
    b: int = 0
    _by_a: dict[str, Any] | None = attrs.field(init=False, default=None, eq=False, repr=False)

    def view(self, player: Player) -> Toy:
        return self

    def parse_action(self, text: str) -> Action:
        raise NotImplementedError

    def to_json(self) -> dict[str, Any]:
        raise NotImplementedError

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Toy:
        raise NotImplementedError


def cached(s: Toy) -> Toy:
    """``s`` with a cache in its memo and one in its kept field."""
    s._memo["by_b"] = {"b": s.b}
    object.__setattr__(s, "_by_a", {"a": s.a})
    return s


def test_a_step_of_play_keeps_both_kinds_of_cache() -> None:
    s = cached(Toy(tasks=(Ask("me"),)))
    after = s.push(Ask("me"))
    assert after._by_a is s._by_a
    assert after._memo["by_b"] is s._memo["by_b"]
    assert after.pop()._by_a is s._by_a


def test_a_change_resets_only_the_caches_that_depend_on_it() -> None:
    s = cached(Toy())
    changed_a = s.evolve(a=1)
    assert changed_a._by_a is None
    assert changed_a._memo["by_b"] is s._memo["by_b"]
    changed_b = s.evolve(b=1)
    assert changed_b._by_a is s._by_a
    assert "by_b" not in changed_b._memo
    assert s._by_a == {"a": 0} and s._memo["by_b"] == {"b": 0}  # the original keeps its own


def test_a_kept_field_may_not_depend_on_the_tasks() -> None:
    @attrs.frozen(slots=False)
    class Bad(Toy):
        kept_fields: ClassVar[Mapping[str, frozenset[str]]] = {"_by_a": frozenset({"tasks"})}

    with pytest.raises(TypeError, match="tasks"):
        Bad().push(Ask("me"))


def test_a_settled_state_remembers_who_decides() -> None:
    s = Toy(tasks=(Ask("me"), Skip(), Skip()))
    settled = s.settle()
    assert settled.b == 2 and settled.tasks == (Ask("me"),)
    assert settled._memo["player"] == "me"
    assert settled.current_player == "me"
    done = settled.apply(Roll(1))
    assert done.tasks == () and done.current_player is None


@attrs.frozen(cache_hash=True, slots=False)
class Piece:
    """A small value with a cached hash that gets its own dictionary, as the horde's units."""

    name: str
    square: str | None = None

    def __attrs_post_init__(self) -> None:
        own_dict(self, cached_hash=True)


def test_a_value_with_its_own_dictionary_keeps_its_fields_and_its_hash() -> None:
    """``own_dict`` replaces the dictionary ``__init__`` filled: the fields are the same, the
    cached hash's slot is there (attrs writes it into the dictionary it began with, after the
    post-init) and works, for the value and for its quick copies."""
    p = Piece("a", "01-01")
    assert (p.name, p.square) == ("a", "01-01")
    assert p.__dict__["_attrs_cached_hash"] is None
    assert hash(p) == hash(Piece("a", "01-01")) and p.__dict__["_attrs_cached_hash"] is not None
    moved = quick_evolve(p, square="01-02")
    assert moved == Piece("a", "01-02") and hash(moved) == hash(Piece("a", "01-02"))
    assert moved.__dict__ is not p.__dict__ and p.square == "01-01"


def test_a_quick_copy_refuses_a_name_that_is_no_field_and_leaves_the_value_alone() -> None:
    """``quick_evolve`` with a misspelt field name raises ``TypeError`` naming it, rather than
    giving the copy an attribute no field has; the original is unchanged."""
    p = Piece("a", "01-01")
    with pytest.raises(TypeError, match=r"Piece has no field \['sqaure'\]"):
        quick_evolve(p, sqaure="01-02")
    assert p == Piece("a", "01-01") and "sqaure" not in p.__dict__


def test_a_state_made_by_its_init_and_its_copies_hold_their_own_fields() -> None:
    """A state from ``__init__`` has its own dictionary (``TaskState.__attrs_post_init__``);
    its copies change theirs alone."""
    s = Toy(a=1, b=2)
    copy = s.evolve(b=3)
    assert (s.a, s.b, copy.a, copy.b) == (1, 2, 1, 3)
    assert copy.__dict__ is not s.__dict__ and copy._memo is not s._memo
    assert Toy(a=1, b=2) == s
