"""Step 3 of the turn in the engine: movement (CCB-MOVE-*, CCB-ORDERS-11, -12)."""

from __future__ import annotations

import pytest
from ccb import legal, piece, position, refused, top

from wargames.ancients.movement import leader_reach, unit_reach


def reach(s, hex_id: str) -> set[str]:  # type: ignore[no-untyped-def]
    return set(unit_reach(s, piece(s, hex_id)))


def moving(units: dict[str, str], enemies: dict[str, str] | None = None, **kw) -> object:  # type: ignore[no-untyped-def]
    return position(units, enemies or {"07-01": "MI"}, ordered=list(units), step="moves", **kw)


@pytest.mark.rule("CCB-MOVE-01", "CCB-TURN-04")
def test_each_ordered_unit_moves_once_or_stays() -> None:
    s = moving({"05-07": "MI", "07-07": "MI"})
    s = s.apply("move 05-07 05-06")
    refused(s, "move 05-06 05-05", "CCB-MOVE-01")
    assert [a for a in legal(s) if a.startswith("move")] == [
        "move 07-07 06-06",
        "move 07-07 06-07",
        "move 07-07 06-08",
        "move 07-07 07-06",
        "move 07-07 07-08",
        "move 07-07 08-07",
    ]
    s = s.apply("end moves")
    assert top(s) == "DrawCard"  # nothing to battle; 07-07 stayed put
    assert s.where[piece(s, "07-07")] == "07-07"


@pytest.mark.rule("CCB-MOVE-02", "CCB-MOVE-05")
def test_no_unit_enters_or_passes_enemies_or_friends_nor_leaves_the_board() -> None:
    s = moving({"07-09": "LC", "06-08": "MI", "07-08": "MI"}, {"08-09": "MI"})
    hexes = reach(s, "07-09")
    assert {"06-09", "05-08", "06-07"} <= hexes
    assert not {"06-08", "07-08", "08-09", "08-08", "09-09"} & hexes  # the way out is 06-09
    refused(s, "move 07-09 08-09", "CCB-MOVE-02")
    refused(s, "move 07-09 07-08", "CCB-MOVE-02")
    refused(s, "move 07-09 07-10", "CCB-MOVE-05")
    s = moving({"07-09": "LC"}, leaders={"07-08": "top"})
    assert "07-08" not in reach(s, "07-09")  # a lone enemy leader bars the hex too
    refused(s, "move 07-09 07-08", "CCB-MOVE-02")


@pytest.mark.rule("CCB-MOVE-03", "CCB-CARDS-07")
def test_light_foot_pass_through_friends_under_order_light_troops() -> None:
    units = {
        "01-09": "LI",
        "01-08": "MI",
        "02-09": "MI",
        "13-09": "LC",
        "12-08": "MI",
        "12-09": "MI",
    }
    s = moving(units, card="order-light-troops")
    assert reach(s, "01-09") == {"01-07", "02-07", "02-08", "03-09"}  # via 01-08 and 02-09
    refused(s, "move 01-09 01-08", "CCB-MOVE-03")
    assert reach(s, "13-09") == set()  # mounted units never pass through
    s = moving(units, card="order-four-center")
    assert reach(s, "01-09") == set()


@pytest.mark.rule("CCB-MOVE-04", "CCB-MOVE-17")
def test_a_unit_stops_on_a_lone_friendly_leader_who_attaches() -> None:
    s = moving({"07-09": "LC"}, leaders={"07-08": "bottom"})
    hexes = unit_reach(s, piece(s, "07-09"))
    assert hexes["07-08"] == 1 and hexes["07-07"] == 2  # around the leader, not through him
    s = s.apply("move 07-09 07-08")
    assert s.attached(piece(s, "07-08")) == piece(s, "L07-08")
    s = moving({"07-09": "LC"}, leaders={"07-09": "bottom", "07-08": "bottom"})
    assert "07-08" not in reach(s, "07-09")  # one leader per hex (CCB-MOVE-16)


@pytest.mark.rule("CCB-MOVE-06", "CCB-MOVE-10", "CCB-MOVE-12", "CCB-MOVE-13", "CCB-MOVE-14")
def test_movement_allowances() -> None:
    lone = {"01-01": "MI"}
    for code, most in (
        ("LI", 2),
        ("LS", 2),
        ("LB", 2),
        ("MI", 1),
        ("HI", 1),
        ("LC", 4),
        ("MC", 3),
        ("CAM", 3),
        ("HC", 2),
        ("HCH", 2),
        ("EL", 2),
    ):
        s = position({"07-09": code}, lone, ordered=["07-09"], step="moves")
        hexes = unit_reach(s, piece(s, "07-09"))
        assert max(hexes.values()) == most, code
        assert "07-09" not in hexes


@pytest.mark.rule("CCB-MOVE-07", "CCB-RANGED-10")
def test_auxilia_move_1_and_battle_or_2_and_not() -> None:
    s = moving({"06-07": "AX", "09-07": "AX"}, {"06-05": "MI", "10-05": "MI"})
    s = s.apply("move 06-07 06-06").apply("move 09-07 09-05")
    assert legal(s) == ["attack 06-06 06-05", "end battles"]  # not 09-05 against 10-05


@pytest.mark.rule("CCB-MOVE-08", "CCB-MOVE-09", "CCB-BATTLE-02")
def test_warriors_move_1_or_charge_2_and_then_must_close_combat() -> None:
    s = moving({"06-07": "WA", "11-07": "WA"}, {"06-05": "MI"})
    assert reach(s, "11-07") == {"10-06", "11-06", "10-07", "12-07", "10-08", "11-08"}
    hexes = unit_reach(s, piece(s, "06-07"))
    assert {h for h, n in hexes.items() if n == 2} == {"05-05", "07-05"}  # charges only
    refused(s, "move 11-07 11-05", "CCB-MOVE-09")
    s = s.apply("move 06-07 06-06").apply("end moves")  # 1 hex: may battle
    assert legal(s) == ["attack 06-06 06-05", "end battles"]
    s = moving({"06-07": "WA"}, {"06-05": "MI"})
    s = s.apply("move 06-07 07-05")  # a charge of 2 hexes
    assert top(s) == "BattleStep" and "end battles" not in legal(s)
    refused(s, "end battles", "CCB-BATTLE-02")


@pytest.mark.rule("CCB-MOVE-15", "CCB-MOVE-16", "CCB-MOVE-18", "CCB-GAP-23")
def test_a_lone_leader_moves_3_through_friends_never_onto_a_leader_or_an_enemy() -> None:
    s = position(
        {"06-07": "MI", "07-07": "MI", "06-06": "MI"},
        {"07-05": "MI"},
        leaders={"07-08": "bottom", "06-07": "bottom"},
        ordered=["L07-08"],
        step="moves",
    )
    hexes = leader_reach(s, piece(s, "L07-08"))
    assert "06-07" not in hexes and "07-07" in hexes and "06-06" in hexes
    assert "06-05" in hexes and hexes["06-05"] == 3
    assert "07-05" not in hexes  # an enemy unit (CCB-GAP-23)
    refused(s, "move leader 07-08 06-07", "CCB-MOVE-16")
    refused(s, "move leader 07-08 07-05", "CCB-MOVE-02")


@pytest.mark.rule("CCB-ORDERS-11", "CCB-ORDERS-09")
def test_a_leader_leaves_his_unit_only_before_it_moves() -> None:
    s = position(
        {"06-07": "MI", "08-07": "MI"},
        {"07-01": "MI"},
        leaders={"06-07": "bottom"},
        card="order-three-center",
        step="orders",
    )
    s = s.apply("order 06-07").apply("order leader 06-07").apply("order 08-07")
    s = s.apply("move 06-07 06-06")
    assert s.where[piece(s, "L06-06")] == "06-06"  # carried along
    refused(s, "move leader 06-06 06-05", "CCB-ORDERS-11")
    s = position(
        {"06-07": "MI"},
        {"07-01": "MI"},
        leaders={"06-07": "bottom"},
        card="order-two-center",
        step="orders",
    )
    s = s.apply("order 06-07").apply("order leader 06-07")
    s = s.apply("move leader 06-07 07-06").apply("move 06-07 06-06")
    assert s.lone(piece(s, "L07-06"))


@pytest.mark.rule("CCB-ORDERS-12")
def test_a_unit_a_leader_joins_may_not_move_but_may_battle() -> None:
    s = position(
        {"07-07": "MI"},
        {"07-06": "MI"},
        leaders={"08-08": "bottom"},
        ordered=["07-07", "L08-08"],
        step="moves",
    )
    s = s.apply("move leader 08-08 07-07")
    assert top(s) == "BattleStep"  # 07-07 may not move any more: nothing is left to move
    assert "attack 07-07 07-06" in legal(s)
    s = position(
        {"07-07": "MI", "09-07": "MI"},
        {"07-05": "MI"},
        leaders={"08-08": "bottom"},
        ordered=["07-07", "L08-08", "09-07"],
        step="moves",
    )
    s = s.apply("move leader 08-08 07-07")
    refused(s, "move 07-07 06-07", "CCB-ORDERS-12")
