"""Step 2 of the turn in the engine: what each card orders, one decision per piece
(CCB-ORDERS-*, CCB-CARDS-02 to -12, CCB-UNITS-10)."""

from __future__ import annotations

import pytest
from ccb import legal, piece, position, refused, top

from wargames.ancients.commands import RULES, OneUnitOfChoice, register


def orders(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a for a in legal(s) if a.startswith("order")]


@pytest.mark.rule("CCB-ORDERS-01", "CCB-ORDERS-02")
def test_only_ordered_pieces_act_and_each_takes_one_order() -> None:
    s = position(
        {"06-07": "MI", "07-07": "MI", "08-07": "MI"},
        {"07-03": "MI"},
        card="order-two-center",
        step="orders",
    )
    s = s.apply("order 06-07")
    refused(s, "order 06-07", "CCB-ORDERS-02")
    s = s.apply("order 07-07")
    assert top(s) == "MoveStep"
    refused(s, "move 08-07 08-06", "CCB-ORDERS-01")
    s = s.apply("move 06-07 06-06")
    refused(s, "order 08-07", "CCB-TURN-01")


@pytest.mark.rule("CCB-ORDERS-03")
def test_orders_beyond_the_eligible_pieces_are_lost() -> None:
    s = position(
        {"06-07": "MI", "07-07": "MI"}, {"07-03": "MI"}, card="order-four-center", step="orders"
    )
    s = s.apply("order 06-07").apply("order 07-07")
    assert top(s) == "MoveStep"  # two of the four orders are lost
    s = position(
        {"06-07": "MI", "07-07": "MI", "08-07": "MI"},
        {"07-03": "MI"},
        card="order-two-center",
        step="orders",
    )
    s = s.apply("order 06-07").apply("order 07-07")
    assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-ORDERS-04", "CCB-CARDS-02", "CCB-CARDS-05", "CCB-BOARD-05")
def test_section_cards_order_in_their_sections_shared_hexes_in_either() -> None:
    units = {"02-07": "MI", "05-07": "MI", "07-07": "MI", "11-07": "MI"}
    s = position(units, {"07-03": "MI"}, card="order-two-left", step="orders")
    assert orders(s) == ["order 02-07", "order 05-07"]
    refused(s, "order 07-07", "CCB-ORDERS-04")
    s = position(units, {"07-03": "MI"}, card="order-two-center", step="orders")
    assert orders(s) == ["order 05-07", "order 07-07"]  # 05-07 for the center card as well
    refused(s, "order 02-07", "CCB-ORDERS-04")
    s = position(units, {"07-03": "MI"}, card="coordinated-attack", step="orders")
    s = s.apply("order 05-07").apply("order 07-07")  # 05-07 now counts for the left flank
    assert orders(s) == ["order 11-07"]
    refused(s, "order 02-07", "CCB-ORDERS-04")


@pytest.mark.rule("CCB-ORDERS-06", "CCB-ORDERS-05")
def test_an_attached_leader_goes_with_his_unit_out_of_its_section() -> None:
    s = position(
        {"04-07": "LI"},
        {"07-03": "MI"},
        leaders={"04-07": "bottom"},
        card="order-two-left",
        step="orders",
    )
    s = s.apply("order 04-07").apply("end orders")
    assert top(s) == "MoveStep" and s.ordered == (piece(s, "04-07"),)
    leader = piece(s, "L04-07")
    s = s.apply("move 04-07 05-06")  # 05-06 lies in the center only
    assert s.where[leader] == "05-06" and s.attached(piece(s, "05-06")) == leader


@pytest.mark.rule("CCB-ORDERS-07", "CCB-MOVE-15", "CCB-MOVE-17")
def test_a_lone_leader_moves_only_if_ordered_and_attaches_where_he_ends() -> None:
    start = position(
        {"07-07": "MI"},
        {"07-03": "MI"},
        leaders={"06-08": "bottom"},
        card="order-two-center",
        step="orders",
    )
    assert "order leader 06-08" in legal(start)
    s = start.apply("order 07-07").apply("end orders")
    refused(s, "move leader 06-08 06-07", "CCB-ORDERS-01")
    s = start.apply("order leader 06-08").apply("end orders")
    moves = [a for a in legal(s) if a.startswith("move leader")]
    assert "move leader 06-08 06-05" in moves  # 3 hexes
    assert "move leader 06-08 06-04" not in moves
    s = s.apply("move leader 06-08 07-07")  # through nothing, into a friendly unit
    assert s.attached(piece(s, "07-07")) == piece(s, "L07-07")


@pytest.mark.rule("CCB-ORDERS-08", "CCB-ORDERS-09", "CCB-CARDS-10")
def test_only_a_helmet_card_detaches_a_leader_at_the_cost_of_an_order() -> None:
    units = {"06-07": "LI"}
    s = position(
        units,
        {"07-03": "MI"},
        leaders={"06-07": "bottom"},
        card="order-light-troops",
        step="orders",
    )
    refused(s, "order leader 06-07", "CCB-UNITS-10")
    s = position(
        units, {"07-03": "MI"}, leaders={"06-07": "bottom"}, card="order-two-center", step="orders"
    )
    s = s.apply("order leader 06-07")
    assert s.ordered == (piece(s, "L06-07"),)  # his unit is not ordered by it
    s = s.apply("end orders")
    refused(s, "move 06-07 06-06", "CCB-ORDERS-01")
    s = s.apply("move leader 06-07 07-06")
    assert s.lone(piece(s, "L07-06"))
    s = position(
        {"06-07": "HC"},
        {"07-03": "MI"},
        leaders={"06-07": "bottom"},
        card="order-mounted-troops",
        step="orders",
    )
    assert orders(s) == ["order 06-07", "order leader 06-07"]


@pytest.mark.rule("CCB-ORDERS-10", "CCB-CARDS-11", "CCB-GAP-30")
def test_leadership_orders_the_leader_his_unit_and_linked_units() -> None:
    units = {
        "06-07": "MI",
        "07-07": "MI",
        "08-07": "MI",
        "09-07": "MI",
        "10-07": "MI",
        "12-07": "MI",
    }
    s = position(
        units,
        {"07-03": "MI"},
        leaders={"06-07": "bottom"},
        card="leadership-any-section",
        step="orders",
    )
    refused(s, "order leader 06-07", "CCB-ORDERS-10")
    s = s.apply("order 06-07")
    assert orders(s) == ["order 07-07"]  # linked to the leader's hex
    s = s.apply("order 07-07").apply("order 08-07").apply("order 09-07")
    assert top(s) == "MoveStep"  # his unit and 3 more
    assert len(s.ordered) == 4 and piece(s, "10-07") not in s.ordered
    # the chain crosses sections: from his unit on the left into the center
    row = {f"{c:02d}-07": "MI" for c in range(2, 8)}
    s = position(
        row,
        {"07-03": "MI"},
        leaders={"03-07": "bottom"},
        card="leadership-any-section",
        step="orders",
    )
    s = s.apply("order 03-07").apply("order 04-07").apply("order 05-07")
    assert orders(s) == ["order 02-07", "order 06-07"]  # 06-07 lies in the center only
    s = s.apply("order 06-07")
    assert top(s) == "MoveStep" and piece(s, "07-07") not in s.ordered


@pytest.mark.rule("CCB-CARDS-11", "CCB-GAP-30", "CCB-ORDERS-13")
def test_a_lone_leader_orders_the_units_linked_to_him_or_one_unit_instead() -> None:
    units = {"05-08": "MI", "06-07": "MI", "07-07": "MI", "08-07": "MI", "12-07": "MI"}
    s = position(
        units,
        {"07-03": "MI"},
        leaders={"06-08": "bottom"},
        card="leadership-any-section",
        step="orders",
    )
    s = s.apply("order leader 06-08")
    assert orders(s) == ["order 05-08", "order 06-07", "order 07-07"]
    s = s.apply("order 07-07").apply("order 08-07").apply("order 05-08")
    assert top(s) == "MoveStep" and len(s.ordered) == 4  # the unused 'his unit' order is lost
    s = position(
        units,
        {"07-03": "MI"},
        leaders={"06-08": "bottom"},
        card="leadership-any-section",
        step="orders",
    )
    s = s.apply("order 12-07")  # one unit of his choice instead
    assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-CARDS-12")
def test_inspired_leadership_needs_its_leader_in_the_named_section() -> None:
    units = {"03-07": "MI", "04-07": "MI", "09-07": "MI", "10-07": "MI"}
    leaders = {"03-07": "bottom", "10-07": "bottom"}
    s = position(
        units, {"07-03": "MI"}, leaders=leaders, card="inspired-right-leadership", step="orders"
    )
    s = s.apply("order 10-07")
    assert orders(s) == ["order 09-07"]
    s = position(
        units, {"07-03": "MI"}, leaders=leaders, card="inspired-right-leadership", step="orders"
    )
    s = s.apply("order 03-07")  # his leader is on the left: one unit of choice
    assert top(s) == "MoveStep"
    row = {f"{c:02d}-07": "MI" for c in range(8, 14)}
    s = position(
        row,
        {"07-03": "MI"},
        leaders={"10-07": "bottom"},
        card="inspired-right-leadership",
        step="orders",
    )
    for h in ("10-07", "11-07", "12-07", "13-07", "09-07"):
        s = s.apply(f"order {h}")
    assert top(s) == "MoveStep" and len(s.ordered) == 5  # his unit and 4 more, not 08-07


@pytest.mark.rule("CCB-ORDERS-13", "CCB-CARDS-09", "CCB-UNITS-10")
def test_troop_cards_order_their_class_or_one_unit_when_there_is_none() -> None:
    units = {"03-07": "HI", "05-07": "EL", "07-07": "MI", "09-07": "HC"}
    s = position(units, {"07-03": "MI"}, card="order-heavy-troops", step="orders")
    assert orders(s) == ["order 03-07", "order 05-07", "order 09-07"]
    s = position(
        {"07-07": "MI", "08-07": "LI"}, {"07-03": "MI"}, card="order-heavy-troops", step="orders"
    )
    assert orders(s) == ["order 07-07", "order 08-07"]
    s = s.apply("order 08-07")
    assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-CARDS-07", "CCB-CARDS-08", "CCB-CARDS-10", "CCB-UNITS-10")
def test_light_medium_and_mounted_cards() -> None:
    units = {
        "02-07": "LC",
        "04-07": "AX",
        "05-07": "WA",
        "07-07": "MC",
        "09-07": "EL",
        "11-07": "LI",
    }
    s = position(units, {"07-03": "MI"}, card="order-light-troops", step="orders")
    assert orders(s) == ["order 02-07", "order 04-07", "order 11-07"]
    s = position(units, {"07-03": "MI"}, card="order-medium-troops", step="orders")
    assert orders(s) == ["order 05-07", "order 07-07"]
    s = position(units, {"07-03": "MI"}, card="order-mounted-troops", step="orders")
    assert orders(s) == ["order 02-07", "order 07-07", "order 09-07"]


@pytest.mark.rule("CCB-CARDS-03", "CCB-CARDS-04", "CCB-CARDS-06", "CCB-GAP-37")
def test_order_three_four_and_out_flanked() -> None:
    centre = {f"{c:02d}-07": "MI" for c in range(5, 10)}
    s = position(centre, {"07-03": "MI"}, card="order-three-center", step="orders")
    s = s.apply("order 05-07").apply("order 06-07").apply("order 07-07")
    assert top(s) == "MoveStep"
    s = position(centre, {"07-03": "MI"}, card="order-four-center", step="orders")
    for h in ("05-07", "06-07", "07-07", "08-07"):
        s = s.apply(f"order {h}")
    assert top(s) == "MoveStep"
    flanks = {
        "01-07": "MI",
        "02-07": "MI",
        "03-07": "MI",
        "07-07": "MI",
        "11-07": "MI",
        "12-07": "MI",
    }
    s = position(
        flanks, {"07-03": "MI"}, leaders={"04-08": "bottom"}, card="out-flanked", step="orders"
    )
    assert "order 07-07" not in orders(s) and "order leader 04-08" in orders(s)
    s = s.apply("order leader 04-08").apply("order 01-07")
    assert [a for a in orders(s) if a < "order 04"] == []  # the left flank is done
    s = s.apply("order 11-07").apply("order 12-07")
    assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-GAP-33", "CCB-ORDERS-13")
def test_a_tactic_card_that_finds_no_unit_of_its_kind_orders_one_unit_of_choice() -> None:
    hands = (("mounted-charge", "order-two-left", "order-two-center", "order-two-right"), ())
    s = position(
        {"02-07": "MI", "11-07": "HI"},
        {"07-03": "MI"},
        leaders={"02-07": "bottom"},
        card=None,
        step="play",
        hands=(hands[0], ("order-three-right",) * 1),
    )
    s = s.apply("play mounted-charge")
    assert s.last[0] == "mounted-charge!"
    assert orders(s) == ["order 02-07", "order 11-07"]
    refused(s, "order leader 02-07", "CCB-ORDERS-13")
    s = s.apply("order 11-07")
    assert top(s) == "MoveStep"


def test_a_card_rule_can_be_replaced() -> None:
    old = RULES["line-command"]
    try:
        replaced = register(OneUnitOfChoice(old.spec))
        assert replaced is old and RULES["line-command"] is not old
    finally:
        register(old)
    assert RULES["line-command"] is old


def test_a_reaction_card_is_offered_to_the_defender_before_the_roll() -> None:
    """The hook First Strike will use: a card whose rule reacts to a close combat is offered
    to the defender; played, it is discarded, it changes the combat (here: the defender strikes
    first) and its player draws its replacement before the active player."""
    import attrs
    from ccb import draw, roll

    from wargames.ancients.close import Combat

    class Reacts(OneUnitOfChoice):
        def reaction(self, s, combat: Combat) -> bool:  # type: ignore[no-untyped-def]
            return not combat.bonus

        def react(self, s, combat: Combat) -> Combat:  # type: ignore[no-untyped-def]
            return attrs.evolve(combat, first_strike=True)

    old = register(Reacts(RULES["first-strike"].spec))
    try:
        hands = (("order-two-left",) * 2 + ("rally", "order-two-right"), ("first-strike",) * 1)
        s = position(
            {"06-05": "MI"}, {"06-04": "MI"}, ordered=["06-05"], hands=hands, command=(5, 5)
        )
        s = s.apply("attack 06-05 06-04")
        assert top(s) == "DefenderChoice" and legal(s) == ["stand", "play first-strike"]
        s = s.apply("play first-strike")
        assert "first-strike" in s.deck.discards and s.owed == ("top",)
        assert s.top.strike.kind == "first-strike" and s.top.dice == 4
        s = roll(s, "light", "light", "light", "light")
        s = roll(s, "light", "light", "light", "light")  # then the attacker's roll
        assert top(s) == "DrawCard" and s.top.side == "top"  # no battle back; top draws first
        s = draw(s, "order-three-left")
        assert top(s) == "DrawCard" and s.top.side == "bottom"
        assert len(s.hand("top")) == 1
    finally:
        register(old)
