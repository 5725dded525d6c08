"""The P-Scale battlefield: squares of 10 m, one horde per square, moving through allies but
not enemies, adjacency with diagonals, lines of sight."""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from horde.pscale import battle, legal, moved, play

import wargames
from wargames.core.errors import RuleViolation, ScenarioError
from wargames.horde import close_combat, visibility
from wargames.horde.battlefield import Battlefield
from wargames.horde.reach import destinations, reach
from wargames.horde.sight import Sightline


@pytest.mark.rule("HMC-SCALE-01")
def test_every_battle_is_hordes_against_hordes(tmp_path: Path) -> None:
    """Mass combat is a fight of hordes against hordes: every shipped scenario fields hordes on
    both sides, and a scenario with no horde on one side is refused."""
    for name in wargames.game("horde").scenarios():
        state = wargames.load("horde", name)
        for side in ("blue", "red"):
            assert any(u.is_horde for u in state.side_units(side))
    with pytest.raises(ScenarioError, match="at least one horde"):
        battle(tmp_path, [("A", "guard-infantry", "03-03")], [])


@pytest.mark.rule("HMC-SCALE-04", "HMC-ORDERS-07")
def test_distances_are_counted_in_ten_metre_squares(tmp_path: Path) -> None:
    """Moves in dm are counted in squares: a Tactical Advance of an Agility Bonus 3 horde
    reaches every square up to 3 squares away, diagonals counting one, and no farther."""
    state = battle(tmp_path, [("A", "guard-infantry", "05-04")], [("Z", "traitor-guard", "10-08")])
    state = play(state, "activate A", "A tactical advance")
    squares = [a.split()[-1] for a in legal(state)]
    field = state.field
    assert max(field.distance("05-04", sq) for sq in squares) == 3
    assert "08-07" in squares and "09-04" not in squares
    assert len(squares) == 7 * 7 - 1  # the 7x7 box around it, the start excluded


@pytest.mark.rule("HMC-ORDERS-08", "HMC-ORDERS-09")
def test_rapid_advance_and_forced_march_go_farther(tmp_path: Path) -> None:
    """Rapid Advance! goes up to the Full Move (1.5 x 3, rounded up: 5), Forced March! up to
    three times the Half Move (9); difficult ground costs two squares of movement."""
    state = battle(
        tmp_path,
        [("A", "guard-infantry", "02-04")],
        [("Z", "traitor-guard", "16-08")],
        width=16,
        terrain={"difficult": ["03-01:03-08"]},
    )
    a = state.unit("A")
    rapid = destinations(state, a, a.horde.full_move)
    assert max(state.field.coords(sq)[0] for sq in rapid) == 2 + 4  # the mud column cost 2
    march = destinations(state, a, a.horde.run_move)
    assert max(state.field.coords(sq)[0] for sq in march) == 2 + 8


@pytest.mark.rule("HMC-SPECIALIST-05")
def test_an_engineer_takes_his_horde_through_difficult_ground_at_full_speed(
    tmp_path: Path,
) -> None:
    """A heavy weapons team (Full Move 3) with its Engineer crosses a column of mud at one
    square a step; the same team with its Engineer out of wounds pays two for it."""
    state = battle(
        tmp_path,
        [("HW", "guard-heavy-weapons", "02-04")],
        [("Z", "traitor-guard", "10-08")],
        terrain={"difficult": ["03-01:03-08"]},
    )
    hw = state.unit("HW")
    assert hw.horde.full_move == 3
    ends = destinations(state, hw, hw.horde.full_move)
    assert max(state.field.coords(sq)[0] for sq in ends) == 2 + 3
    sapper, gunner = hw.horde.specialists
    hurt = attrs.evolve(hw.horde, specialists=(attrs.evolve(sapper, wounds=0), gunner))
    slowed = state.replace(attrs.evolve(hw, horde=hurt))
    ends = destinations(slowed, slowed.unit("HW"), hw.horde.full_move)
    assert max(state.field.coords(sq)[0] for sq in ends) == 2 + 2


@pytest.mark.rule("HMC-SCALE-05")
def test_one_horde_per_square(tmp_path: Path) -> None:
    """A horde never ends a move on another horde's square; two hordes placed on one square
    are a scenario error; the invariants catch a doubled square."""
    state = battle(
        tmp_path,
        [("A", "guard-infantry", "03-03"), ("B", "guard-infantry", "04-03")],
        [("Z", "traitor-guard", "10-08")],
    )
    a = state.unit("A")
    assert "04-03" in reach(state, a).cost  # it may pass through its ally ...
    assert "04-03" not in destinations(state, a, 3)  # ... but not stop there
    with pytest.raises(RuleViolation) as info:
        play(state, "activate A", "A tactical advance", "A to 04-03")
    assert info.value.rule == "HMC-ORDERS-07"
    with pytest.raises(ScenarioError, match="two hordes on square 03-03"):
        battle(
            tmp_path,
            [("A", "guard-infantry", "03-03"), ("B", "guard-infantry", "03-03")],
            [("Z", "traitor-guard", "10-08")],
        )
    assert any("HMC-SCALE-05" in p for p in moved(state, B="03-03").invariant_violations())


@pytest.mark.rule("HMC-SCALE-06")
def test_through_allies_never_through_enemies(tmp_path: Path) -> None:
    """A corridor one square wide: a horde passes an ally standing in it, but an enemy there
    blocks the way."""
    walls = [f"{c:02d}-{r:02d}" for c in range(2, 9) for r in (3, 5)]
    kw = {"terrain": {"wall": walls}, "width": 10, "height": 7}
    friends = battle(
        tmp_path,
        [("A", "guard-infantry", "02-04"), ("B", "guard-infantry", "03-04")],
        [("Z", "traitor-guard", "10-07")],
        **kw,
    )
    assert "05-04" in destinations(friends, friends.unit("A"), 3)
    foes = battle(
        tmp_path,
        [("A", "guard-infantry", "02-04")],
        [("Z", "traitor-guard", "03-04"), ("Y", "traitor-guard", "10-07")],
        **kw,
    )
    ends = destinations(foes, foes.unit("A"), 9)
    beyond = [f"{c:02d}-04" for c in range(4, 9)]  # the corridor past the enemy
    assert not set(beyond) & set(ends)
    assert "03-04" not in reach(foes, foes.unit("A")).cost


@pytest.mark.rule("HMC-COMBAT-01", "HMC-GAP-16")
def test_adjacent_means_the_eight_squares_around(tmp_path: Path) -> None:
    """A horde diagonally next to an enemy is in close combat; two squares away it is not;
    a lone enemy Officer counts as an enemy unit."""
    state = battle(tmp_path, [("A", "guard-infantry", "04-04")], [("Z", "traitor-guard", "05-05")])
    assert close_combat.in_cqc(state, state.unit("A")) and close_combat.in_cqc(
        state, state.unit("Z")
    )
    far = moved(state, Z="06-06")
    assert not close_combat.in_cqc(far, far.unit("A"))
    field = state.field
    assert field.adjacent("04-04", "05-05") and field.adjacent("04-04", "04-05")
    assert not field.adjacent("04-04", "06-04") and not field.adjacent("04-04", "04-04")
    officer = battle(
        tmp_path,
        [("A", "guard-infantry", "04-04")],
        [("Z", "traitor-guard", "09-08")],
        officers=[
            {
                "side": "red",
                "id": "champ",
                "profile": "chaos-space-marines",
                "wounds": 15,
                "at": "05-04",
            }
        ],
    )
    assert close_combat.in_cqc(officer, officer.unit("A"))


@pytest.mark.rule("HMC-ORDERS-03", "HMC-GAP-28")
def test_lines_of_sight(tmp_path: Path) -> None:
    """Hordes, allied or enemy, and blocking terrain between two squares block the line; the
    end squares never do; a line through a corner is blocked only if both squares beside it
    block."""
    state = battle(
        tmp_path,
        [("A", "guard-infantry", "02-04"), ("B", "guard-infantry", "04-04")],
        [("Z", "traitor-guard", "07-04"), ("Y", "traitor-guard", "09-08")],
        terrain={"ruins": ["05-06"], "wall": ["04-07"]},
    )
    assert not visibility.sees(state, "blue", "02-04", "07-04")  # B stands in the way
    assert visibility.sees(state, "blue", "04-04", "07-04")
    assert visibility.sees(
        state, "blue", "02-04", "04-04"
    )  # the target's own square does not block
    assert not visibility.sees(state, "blue", "05-04", "05-08")  # ruins at 05-06
    # 04-06 -> 06-08 runs through the corners between (04,07)/(05,06) and (05,08)/(06,07)
    assert Sightline.of(2, 2).corners
    assert not visibility.sees(state, "blue", "04-06", "06-08")  # the wall and the ruins both block
    field = Battlefield.build(
        8,
        8,
        {"05-06": "ruins"},
        {"blue": ("01-01",), "red": ("08-08",)},
        {"blue": "01-01", "red": "08-08"},
    )
    assert field.clear("04-06", "06-08", field.blocks_sight)  # one side of the gap is clear


def test_sightlines_are_symmetric_and_exact() -> None:
    """Lines of sight enter the same squares both ways (checked for every offset up to 6)."""
    for dc in range(-6, 7):
        for dr in range(-6, 7):
            if (dc, dr) == (0, 0):
                continue
            there = Sightline.of(dc, dr)
            back = Sightline.of(-dc, -dr)
            assert sorted(there.entered) == sorted((x + dc, y + dr) for x, y in back.entered)


def test_the_row_patterns_remembered_are_bounded() -> None:
    from wargames.horde import battlefield

    field = wargames.load("horde", "mirror").setup.field
    everything = field.everywhere
    field._row_squares.clear()
    for mask in range(1, battlefield.ROW_PATTERNS + 100):
        assert field.squares_in(mask & everything) == [
            a for a in field.squares if field.bit[a] & mask & everything
        ]
    assert 0 < len(field._row_squares) <= battlefield.ROW_PATTERNS


def test_the_lines_of_sight_remembered_are_one_per_offset() -> None:
    field = wargames.load("horde", "mirror").setup.field
    field._line_masks.clear()
    squares = field.squares
    blocked = set(squares[30:60:3])
    mask = field.mask_of(blocked)
    seen = set()
    for a in squares[:10]:
        for b in squares:
            clear = field.clear_of(a, b, mask)
            assert clear == field.clear(a, b, blocked.__contains__)
            seen.add(clear)
    assert seen == {True, False}
    offsets = {
        (field._coords[b][0] - field._coords[a][0], field._coords[b][1] - field._coords[a][1])
        for a in squares[:10]
        for b in squares
    }
    assert len(field._line_masks) == len(offsets) < 10 * len(squares)


@pytest.mark.rule("HMC-ORDERS-03")
def test_a_battlefield_too_wide_for_its_offset_codes_is_refused(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Lines of sight are looked up by the offset between two squares, one integer counting rows
    in steps of ``SPAN`` (``battlefield.SPAN``): a battlefield as wide as half of it would give
    two offsets one code, so it is refused; one narrower sees as the square-by-square trace
    does."""
    from wargames.horde import battlefield

    monkeypatch.setattr(battlefield, "SPAN", 8)
    hq, posts = {"blue": ("01-01",), "red": ("03-03",)}, {"blue": "01-01", "red": "03-03"}
    with pytest.raises(ValueError, match="at most 3 squares wide"):
        Battlefield.build(4, 3, {}, hq, posts)
    field = Battlefield.build(3, 3, {"02-02": "ruins"}, hq, posts)
    blocked = field.sight_blocker_mask
    for a in field.squares:
        for b in field.squares:
            assert field.clear_of(a, b, blocked) == field.clear(a, b, field.blocks_sight)
    offsets = {
        (field.coords(b)[0] - field.coords(a)[0], field.coords(b)[1] - field.coords(a)[1])
        for a in field.squares
        for b in field.squares
    }
    assert len(field._line_masks) == len(offsets)  # one line each, none shared
