"""Stacking rules: limits, exempt pieces, groups that never mix, per-side limits, overflow."""

from __future__ import annotations

import attrs
from hypothesis import given
from hypothesis import strategies as st

from wargames.core.stacking import StackingRule


@attrs.frozen
class Piece:
    name: str
    tribe: str | None = None
    leader: bool = False


def tribe(p: Piece) -> str | None:
    return p.tribe


def is_leader(p: Piece) -> bool:
    return p.leader


RULE: StackingRule[Piece] = StackingRule(3, exempt=is_leader, group=tribe)


def pieces(*specs: str) -> list[Piece]:
    """``"g1:goff"`` is piece g1 of tribe goff; a leading ``*`` marks a leader."""
    out = []
    for spec in specs:
        name, _, group = spec.partition(":")
        out.append(Piece(name.lstrip("*"), group or None, name.startswith("*")))
    return out


def test_limit_counts_only_non_exempt_pieces() -> None:
    assert RULE.is_legal(pieces("a", "b", "c"))
    assert not RULE.is_legal(pieces("a", "b", "c", "d"))
    assert RULE.is_legal(pieces("a", "b", "c", "*boss", "*warboss"))
    assert RULE.counting(pieces("a", "*boss")) == 1
    assert RULE.can_join(pieces("a", "b"), Piece("*x", leader=True))
    assert RULE.can_join(pieces("a", "b", "*boss"), Piece("c"))
    assert not RULE.can_join(pieces("a", "b", "c"), Piece("d"))


def test_groups_never_mix_but_ungrouped_pieces_join_any() -> None:
    assert RULE.is_legal(pieces("a:goff", "b:goff", "c"))
    assert not RULE.is_legal(pieces("a:goff", "b:evil"))
    assert not RULE.can_join(pieces("a:goff"), Piece("b", "evil"))
    assert RULE.can_join(pieces("a:goff"), Piece("b"))
    # Even exempt pieces keep their group.
    assert not RULE.is_legal(pieces("a:goff", "*boss:evil"))


def test_per_side_limits() -> None:
    rule: StackingRule[Piece] = StackingRule(2, per_side={"marines": 4})
    four = pieces("a", "b", "c", "d")
    assert rule.is_legal(four, "marines")
    assert not rule.is_legal(four, "traitors")
    assert not rule.is_legal(four)
    assert rule.limit_for("marines") == 4 and rule.limit_for("traitors") == 2
    assert rule.problems(four, "traitors") == ["4 counting pieces where at most 2 may stack"]


def test_problems_in_words() -> None:
    assert RULE.problems(pieces("a", "b")) == []
    assert RULE.problems(pieces("a:goff", "b:evil", "c:goff", "d:bad")) == [
        "4 counting pieces where at most 3 may stack",
        "pieces of 3 groups that may not stack together: bad, evil, goff",
    ]


def test_removable_over_limit_gives_only_counting_pieces() -> None:
    stack = pieces("a", "*boss", "b", "c", "d")
    assert RULE.removable(stack) == pieces("a", "b", "c", "d")
    assert RULE.removable(pieces("a", "b")) == []


def test_removable_mixed_stack_gives_minority_group() -> None:
    stack = pieces("a:goff", "b:goff", "c:evil", "d")
    assert RULE.removable(stack) == pieces("c:evil")
    # A tie: any grouped piece may go, never the ungrouped one.
    assert RULE.removable(pieces("a:goff", "b:evil", "c")) == pieces("a:goff", "b:evil")


@st.composite
def stacks(draw: st.DrawFn) -> tuple[StackingRule[Piece], list[Piece], str | None]:
    limit = draw(st.integers(0, 4))
    per_side = draw(st.dictionaries(st.sampled_from(["x", "y"]), st.integers(0, 4)))
    rule: StackingRule[Piece] = StackingRule(
        limit, exempt=is_leader, group=tribe, per_side=per_side
    )
    specs = st.builds(
        Piece,
        st.text("pqr", min_size=1, max_size=2),
        st.one_of(st.none(), st.sampled_from(["goff", "evil", "bad"])),
        st.booleans(),
    )
    return rule, draw(st.lists(specs, max_size=9)), draw(st.sampled_from([None, "x", "y"]))


@given(stacks(), st.data())
def test_removing_removable_pieces_always_reaches_a_legal_stack(
    case: tuple[StackingRule[Piece], list[Piece], str | None], data: st.DataObject
) -> None:
    rule, stack, side = case
    for _ in range(len(stack) + 1):
        choices = rule.removable(stack, side)
        if not choices:
            break
        assert all(c in stack for c in choices)
        victim = data.draw(st.sampled_from(choices))
        stack = [p for p in stack if p is not victim]
    assert rule.is_legal(stack, side)
    assert rule.problems(stack, side) == []
