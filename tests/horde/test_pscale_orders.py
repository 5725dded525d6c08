"""The Commander's orders and the action economy of a P-Scale battle (HMC-ORDERS, HMC-COMBAT)."""

from __future__ import annotations

from pathlib import Path

import pytest
from horde.pscale import battle, changed, legal, moved, play, to_decision

from wargames.core.engine import CHANCE
from wargames.core.errors import RuleViolation
from wargames.horde import command
from wargames.horde.combat.strikes import AttackRoll, CounterChoice
from wargames.horde.reshape import SPLIT_MINIMUM
from wargames.horde.state import PScaleState
from wargames.horde.units import resized

GUARD = "guard-infantry"
TRAITORS = "traitor-guard"


def two(tmp_path: Path, a: str = "03-04", z: str = "09-04", **kw: object) -> PScaleState:
    return battle(tmp_path, [("A", GUARD, a)], [("Z", TRAITORS, z)], **kw)  # type: ignore[arg-type]


@pytest.mark.rule("HMC-ORDERS-01", "HMC-ORDERS-19", "HMC-GAP-04")
def test_one_full_or_two_half_orders_plus_free(tmp_path: Path) -> None:
    """A horde takes one Full order, or two Half orders, and any Free orders; a Full order
    after a Half one is refused and nothing changes. Each order costs the action type the
    rules show (HMC-ORDERS-01): Tactical Advance! a Half, Brace! a Full, Split! nothing."""
    state = play(two(tmp_path), "activate A")
    first = legal(state)
    assert {"A brace", "A get down", "A rapid advance", "A tactical advance", "A split"} <= set(
        first
    )
    half = play(state, "A tactical advance", "A to 04-04")
    after_half = legal(half)
    assert "A brace" not in after_half and "A tactical advance" in after_half
    with pytest.raises(RuleViolation) as info:
        half.apply("A brace")
    assert info.value.rule == "HMC-ORDERS-19"
    assert half.unit("A").square == "04-04"
    done = play(half, "A tactical advance", "A to 05-04")
    assert legal(done) == ["A split", "A done"]  # only Free orders remain
    full = play(state, "A brace")
    assert legal(full) == ["A split", "A done"]
    split = play(full, "A split", "A split 10", "A-1 at 04-05")
    assert split.unit("A").magnitude == 30 and split.current_player == "red"  # nothing left


@pytest.mark.rule("HMC-ORDERS-01", "HMC-GAP-04")
def test_sides_alternate_activations(tmp_path: Path) -> None:
    """Each side activates its own units, one at a time, alternately; the initiative
    alternates from round to round."""
    state = battle(
        tmp_path,
        [("A", GUARD, "03-03"), ("B", GUARD, "03-06")],
        [("Z", TRAITORS, "09-03"), ("Y", TRAITORS, "09-06")],
    )
    assert state.current_player == "blue" and state.initiative == "blue"
    with pytest.raises(RuleViolation) as info:
        state.apply("activate Z")
    assert info.value.rule == "HMC-ORDERS-01"
    state = play(state, "activate A", "A done")
    assert state.current_player == "red"
    state = play(state, "activate Z", "Z done")
    assert state.current_player == "blue" and legal(state) == ["activate B", "pass"]
    state = play(state, "pass")
    assert state.current_player == "red" and legal(state) == ["activate Y", "pass"]
    state = play(state, "activate Y", "Y done")
    assert state.round == 2 and state.initiative == "red" and state.current_player == "red"
    with pytest.raises(RuleViolation) as again:
        play(state, "activate Z", "Z done", "activate A", "A done", "activate Z")
    assert again.value.rule == "HMC-ORDERS-19"


@pytest.mark.rule("HMC-ORDERS-02", "HMC-GAP-28")
def test_commander_away_from_his_post_orders_what_he_sees(tmp_path: Path) -> None:
    """Away from the command post the Commander orders only the units he can see (a clear line
    of sight); at the post he orders all of them. A lone Officer acts on his own."""
    officers = [{"id": "lt", "profile": "guard-command", "wounds": 12, "at": "05-04"}]
    state = battle(
        tmp_path,
        [("A", GUARD, "05-06"), ("B", GUARD, "02-07")],
        [("Z", TRAITORS, "09-02")],
        officers=officers,
        commanders={"blue": "lt"},
        terrain={"wall": ["03-06", "04-06", "03-05", "04-07", "02-06"]},
    )
    assert not command.at_post(state, "blue")
    assert legal(state) == ["activate A", "activate lt", "pass"]
    with pytest.raises(RuleViolation) as info:
        state.apply("activate B")
    assert info.value.rule == "HMC-ORDERS-02"
    at_post = moved(state, lt="01-01")
    assert command.at_post(at_post, "blue")
    assert legal(at_post) == ["activate A", "activate B", "activate lt", "pass"]


@pytest.mark.rule("HMC-ORDERS-03", "HMC-COMBAT-05", "HMC-COMBAT-06")
def test_attack_target_needs_sight_and_no_shooting_in_close_combat(tmp_path: Path) -> None:
    """Attack Target! at range needs a line of sight that no horde blocks; a horde in close
    combat attacks only the enemies next to it, and only in melee."""
    state = battle(
        tmp_path,
        [("A", GUARD, "02-04"), ("B", GUARD, "04-04")],
        [("Z", TRAITORS, "07-04"), ("Y", TRAITORS, "07-07")],
    )
    a = legal(play(state, "activate A"))
    assert "A attack Z ranged" not in a and "A attack Y ranged" in a
    b = legal(play(state, "activate B"))
    assert "B attack Z ranged" in b
    screened = moved(state, A="02-02", Y="06-04")  # an enemy horde in the way blocks too
    b = legal(play(screened, "activate B"))
    assert "B attack Z ranged" not in b and "B attack Y ranged" in b
    close = moved(state, Z="05-04")
    b = legal(play(close, "activate B"))
    assert [x for x in b if "attack" in x] == ["B attack Z melee"]
    with pytest.raises(RuleViolation) as info:
        play(close, "activate B", "B attack Y ranged")
    assert info.value.rule == "HMC-COMBAT-05"


@pytest.mark.rule("HMC-ORDERS-04", "HMC-COMBAT-02", "HMC-GAP-31", "HMC-ORDERS-08")
def test_charge_moves_up_to_the_full_move_and_ends_next_to_the_target(tmp_path: Path) -> None:
    """Charge! moves up to the Full Move (5 squares at Agility Bonus 3) to a square next to
    the target, then attacks in melee at +2."""
    state = play(two(tmp_path, "03-04", "08-04"), "activate A", "A charge Z")
    ends = [x.split()[-1] for x in legal(state)]
    assert ends and all(state.field.adjacent(sq, "08-04") for sq in ends)
    assert all(state.field.distance("03-04", sq) <= 5 for sq in ends)
    assert "07-04" in ends and "09-04" not in ends  # 09-04 is 6 squares away
    state = play(state, "A to 07-04")
    assert isinstance(state.top, AttackRoll) and state.top.strike.charge
    terms = state.numbers(state.top.strike).attack_terms
    assert ("HMC-COMBAT-02", 2) in [(t.rule, t.value) for t in terms]
    far = play(two(tmp_path, "02-04", "09-04"), "activate A")
    assert "A charge Z" not in legal(far)  # 6 squares to get next to it
    rapid = play(far, "A rapid advance")  # Rapid Advance!: the same Full Move, 5 squares
    assert max(rapid.field.distance("02-04", x.split()[-1]) for x in legal(rapid)) == 5


@pytest.mark.rule("HMC-ORDERS-05", "HMC-COUNTER-04")
def test_braced_horde_counter_attacks_first_when_charged(tmp_path: Path) -> None:
    state = changed(two(tmp_path, "03-04", "08-04"), "Z", brace=True, orders_round=1)
    state = play(state, "activate A", "A charge Z", "A to 07-04")
    assert isinstance(state.top, CounterChoice) and state.top.first
    assert state.current_player == "red"
    state = play(state, "counter")
    assert isinstance(state.top, AttackRoll) and state.top.strike.striker == "Z"
    labels = [t.label for t in state.numbers(state.top.strike).attack_terms]
    assert "braced counter-attack (no -2)" in labels


@pytest.mark.rule("HMC-ORDERS-06")
def test_get_down_doubles_cover_and_costs_counter_attacks(tmp_path: Path) -> None:
    state = two(tmp_path, "06-04", "08-04", terrain={"cover": ["08-04"]})
    down = changed(state, "Z", get_down=True, orders_round=1)
    state = play(down, "activate A", "A charge Z", "A to 07-04")
    defence = {t.label: t.value for t in state.numbers(state.top.strike).defence_terms}
    assert defence["cover"] == 2 and defence["Get Down! doubles cover"] == 2
    state = to_decision(state, 5, 5, 1)
    assert isinstance(state.top, CounterChoice)
    counter = state.top.attack.countered()
    labels = [t.label for t in state.numbers(counter).attack_terms]
    assert "Get Down! counter-attack" in labels and "counter-attack" in labels


@pytest.mark.rule("HMC-ORDERS-09", "HMC-GAP-30")
def test_forced_march_goes_far_at_a_price_until_the_next_activation(tmp_path: Path) -> None:
    wide = play(two(tmp_path, "02-04", "14-08", width=14), "activate A", "A forced march")
    reach = [wide.field.distance("02-04", x.split()[-1]) for x in legal(wide)]
    assert max(reach) == 9  # three times the Half Move of 3, on a board wide enough
    state = play(two(tmp_path, "02-04", "10-08"), "activate A", "A forced march")
    state = play(state, "A to 09-04")
    a = state.unit("A")
    assert a.forced_march and a.square == "09-04"
    state = play(state, "A done") if state.current_player == "blue" else state
    state = play(state, "activate Z", "Z attack A ranged")
    terms = state.numbers(state.top.strike).defence_terms  # type: ignore[attr-defined]
    assert ("HMC-ORDERS-09", -2) in [(t.rule, t.value) for t in terms]
    state = to_decision(state, 5, 5, 3)
    state = play(state, *(["Z done"] if state.current_player == "red" else []))
    assert state.round == 2
    state = play(state, "activate Z", "Z done", "activate A")
    assert not state.unit("A").forced_march  # new orders: the penalty is over


@pytest.mark.rule("HMC-ORDERS-10", "HMC-COMBAT-07")
def test_pull_back_leaves_close_combat(tmp_path: Path) -> None:
    """In close combat a horde moves only by Pull Back!, Tactical Retreat! or Full Retreat!;
    Pull Back! goes up to its Half Move and ends touching no enemy."""
    state = play(two(tmp_path, "05-04", "06-04"), "activate A")
    orders = legal(state)
    assert "A pull back" in orders and "A tactical retreat" in orders and "A full retreat" in orders
    assert not {"A tactical advance", "A rapid advance", "A forced march"} & set(orders)
    assert not [x for x in orders if "charge" in x]
    with pytest.raises(RuleViolation) as info:
        state.apply("A rapid advance")
    assert info.value.rule == "HMC-COMBAT-07"
    back = play(state, "A pull back")
    ends = [x.split()[-1] for x in legal(back)]
    assert ends and all(back.field.distance("06-04", sq) >= 2 for sq in ends)
    assert max(back.field.distance("05-04", sq) for sq in ends) == 3  # the Half Move
    assert "05-05" not in ends and "04-04" in ends  # next to Z it may not stop
    with pytest.raises(RuleViolation):
        back.apply("A to 05-05")


@pytest.mark.rule("HMC-ORDERS-11")
def test_tactical_retreat_heads_for_the_hq(tmp_path: Path) -> None:
    state = play(two(tmp_path, "07-04", "08-04"), "activate A", "A tactical retreat")
    ends = [x.split()[-1] for x in legal(state)]
    assert ends == [f"01-{r:02d}" for r in range(1, 9)]
    state = play(state, "A to 01-04")
    assert state.unit("A").square == "01-04"  # nine squares at most: it made it home
    # 12 squares from home it goes 9 of them toward the HQ, leaving close combat
    far = play(two(tmp_path, "13-04", "14-04", width=14), "activate A", "A tactical retreat")
    ends = [x.split()[-1] for x in legal(far)]
    assert ends and all(far.field.distance("13-04", sq) == 9 for sq in ends)
    assert {far.field.coords(sq)[0] for sq in ends} == {4}


@pytest.mark.rule("HMC-ORDERS-12", "HMC-ORDERS-14")
def test_full_retreat_comes_back_at_hq_next_round_or_leaves_from_there(tmp_path: Path) -> None:
    state = play(two(tmp_path, "05-04", "10-08"), "activate A", "A full retreat")
    a = state.unit("A")
    assert a.status == "off-board" and a.square is None
    state = play(state, "activate Z", "Z done")
    assert state.round == 2 and state.current_player == "blue"
    assert legal(state) == [f"A return 01-{r:02d}" for r in range(1, 9)]
    state = play(state, "A return 01-04")
    assert state.unit("A").square == "01-04" and state.unit("A").fighting
    leave = play(state, "activate Z", "Z done", "activate A", "A full retreat")
    assert leave.unit("A").status == "withdrawn"
    assert leave.outcome is not None and leave.outcome.winner == "red"  # blue has no horde left


@pytest.mark.rule("HMC-ORDERS-12", "HMC-SCALE-05", "HMC-SCALE-06", "HMC-TALENT-02")
def test_a_horde_comes_back_where_no_unit_its_side_sees_stands(tmp_path: Path) -> None:
    """A horde back from a Full Retreat! comes back to a square of its HQ area free of the
    hordes its side sees (its own Y) and of lone enemy Officers (lt); a square where an enemy
    horde lurks in stealth looks free, and coming back there finds it (the horde still waits
    to come back, and that square is no longer offered)."""
    state = battle(
        tmp_path,
        [("VET", "guard-veterans", "10-05", {"stealthed": True}), ("A", GUARD, "02-04")],
        [("Z", TRAITORS, "07-04"), ("Y", TRAITORS, "10-02")],
        officers=[{"id": "lt", "profile": "guard-command", "wounds": 12, "at": "10-03"}],
        terrain={"cover": ["10-05"]},
    )
    state = play(state, 100, "pass", "activate Z", "Z full retreat", "pass")  # 100: Awareness
    assert state.round == 2 and state.current_player == "red"
    assert legal(state) == [f"Z return 10-{r:02d}" for r in (1, 4, 5, 6, 7, 8)]
    found = play(state, "Z return 10-05")
    assert not found.unit("VET").stealthed and found.unit("Z").status == "off-board"
    assert legal(found) == [f"Z return 10-{r:02d}" for r in (1, 4, 6, 7, 8)]


@pytest.mark.rule("HMC-ORDERS-13", "HMC-GAP-25")
def test_full_retreat_with_every_path_blocked_costs_d5_magnitude(tmp_path: Path) -> None:
    walls = [f"04-{r:02d}" for r in range(1, 9) if r != 4]
    state = battle(
        tmp_path,
        [("A", GUARD, "05-04")],
        [("Z", TRAITORS, "04-04"), ("Y", TRAITORS, "10-08")],
        terrain={"wall": walls},
    )
    state = play(state, "activate A", "A full retreat")
    assert state.current_player == CHANCE
    assert [p for _, p in state.chance_outcomes()] == [0.2] * 5
    state = play(state, 3)
    assert state.unit("A").magnitude == 37 and state.unit("A").status == "off-board"


@pytest.mark.rule("HMC-ORDERS-15")
def test_rally_is_a_free_willpower_test(tmp_path: Path) -> None:
    state = changed(two(tmp_path), "A", morale="confused", morale_round=1)
    state = play(state, "activate A")
    assert "A rally" in legal(state)
    tested = play(state, "A rally")
    assert tested.current_player == CHANCE and len(tested.chance_outcomes()) == 100
    calm = play(tested, 5)
    assert calm.unit("A").morale == "" and "A rally" not in legal(calm)
    assert "A brace" in legal(calm)  # Rally! is free: the Full order is still to give


@pytest.mark.rule("HMC-ORDERS-16", "HMC-GAP-26", "HMC-SPECIALIST-01")
def test_split_shares_the_magnitude_as_the_commander_chooses(tmp_path: Path) -> None:
    state = play(two(tmp_path), "activate A", "A split")
    sizes = [int(x.split()[-1]) for x in legal(state)]
    assert sizes == list(range(SPLIT_MINIMUM, 40 - SPLIT_MINIMUM + 1))
    with pytest.raises(RuleViolation) as info:
        state.apply("A split 35")
    assert info.value.rule == "HMC-GAP-26"
    state = play(state, "A split 15")
    assert all(x.startswith("A-1 at ") for x in legal(state))
    state = play(state, "A-1 at 03-05")
    a, new = state.unit("A"), state.unit("A-1")
    assert (a.magnitude, new.magnitude) == (25, 15)
    assert a.horde.starting_magnitude + new.horde.starting_magnitude == 40
    assert a.horde.specialists and not new.horde.specialists  # the Medic stays with A
    assert "A-1" in state.activated and "A split" not in legal(state)


@pytest.mark.rule("HMC-ORDERS-17", "HMC-ORDERS-18", "HMC-GAP-26")
def test_merge_joins_adjacent_hordes_of_one_type_up_to_100(tmp_path: Path) -> None:
    state = battle(
        tmp_path,
        [
            ("A", TRAITORS, "03-04"),
            ("B", TRAITORS, "04-04"),
            ("C", TRAITORS, "03-05"),
            ("D", GUARD, "02-04"),
        ],
        [("Z", TRAITORS, "10-08")],
    )
    state = play(state, "activate A")
    merges = [x for x in legal(state) if "merge" in x]
    assert merges == ["A merge C", "A merge B"]  # D is of another type
    state = play(state, "A merge B")
    assert state.unit("A").magnitude == 80 and state.unit("B").status == "merged"
    assert state.unit("B").into == "A"
    assert not [x for x in legal(state) if "merge" in x]  # 80 + 40 > 100
    # the cap is 100 itself: 80 + 20 may merge, 80 + 21 may not
    at_cap = changed(state, "C", horde=resized(state.unit("C").horde, 20))
    assert [x for x in legal(at_cap) if "merge" in x] == ["A merge C"]
    assert play(at_cap, "A merge C").unit("A").magnitude == 100
    over = changed(state, "C", horde=resized(state.unit("C").horde, 21))
    assert not [x for x in legal(over) if "merge" in x]
    teams = battle(
        tmp_path,
        [
            (x, "traitor-heavy-weapons", sq)
            for x, sq in (("A", "03-04"), ("B", "04-04"), ("C", "03-05"))
        ],
        [("Z", TRAITORS, "10-08")],
    )
    teams = play(teams, "activate A", "A merge B", "A merge C")  # two or more units
    assert teams.unit("A").magnitude == 60


def test_illegal_orders_leave_the_state_unchanged(tmp_path: Path) -> None:
    state = play(two(tmp_path), "activate A")
    before = state.to_json()
    for bad in ("A pull back", "A attack Z melee", "A to 05-05", "Z brace", "A merge Z"):
        with pytest.raises(RuleViolation):
            state.apply(bad)
    assert state.to_json() == before
