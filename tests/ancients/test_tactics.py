"""The ten tactic cards through the engine (CCB-CARDS-13 to -23, -26 to -42-EX, CCB-GAP-30 to
-37, CCB-TERRAIN-51-EX): each card is played from the hand, its orders, moves and battles
taken as decisions, its dice forced."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import pytest
from ccb import OTHER, draw, legal, piece, position, refused, roll, top

from wargames.ancients.movement import reach
from wargames.ancients.state import AncientsState as State

FILL = ("order-two-left", "order-two-center", "order-two-right", "order-three-center")


def play(
    card: str,
    bottom: Mapping[str, str],
    top_units: Mapping[str, str],
    *,
    last: tuple[str, str] = ("", ""),
    other: Sequence[str] = OTHER[:5],
    command: tuple[int, int] = (5, 5),
    **kw: Any,
) -> State:
    """Bottom plays ``card`` from his hand (the rest of his hand: ``FILL``)."""
    hands = ((card, *FILL[: command[0] - 1]), tuple(other))
    s = position(bottom, top_units, card=None, step="play", hands=hands, command=command, **kw)
    return s.evolve(last=last).apply(f"play {card}")


def orders(s: State) -> list[str]:
    return [a for a in legal(s) if a.startswith("order")]


# -- Clash of Shields ---------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-13")
def test_clash_of_shields_orders_units_next_to_an_enemy_no_move_no_fire_two_dice() -> None:
    s = play(
        "clash-of-shields",
        {"06-05": "MI", "09-07": "MI", "04-06": "LB"},
        {"06-04": "MI", "04-05": "LI", "05-02": "MI"},
    )
    assert sorted(orders(s)) == ["order 04-06", "order 06-05"]
    refused(s, "order 09-07", "CCB-CARDS-13")
    s = s.apply("order 06-05").apply("order 04-06")
    assert top(s) == "BattleStep"  # no movement step
    assert sorted(legal(s)) == ["attack 04-06 04-05", "attack 06-05 06-04", "end battles"]
    s = s.apply("attack 06-05 06-04")
    assert s.top.strike.kind == "close" and s.top.dice == 4 + 2


@pytest.mark.rule("CCB-CARDS-13")
def test_clash_of_shields_momentum_advance_but_normal_dice_in_the_bonus_combat() -> None:
    s = play(
        "clash-of-shields",
        {"06-05": "MI"},
        {"06-04": "MI", "07-03": "MI"},
        leaders={"06-05": "bottom"},
    )
    s = s.apply("order 06-05").apply("attack 06-05 06-04")
    s = roll(s, *["medium"] * 4, "light", "light")
    while top(s) != "Advance":
        s = s.apply(legal(s)[0])
    s = s.apply("advance").apply("attack 06-04 07-03")
    assert s.top.dice == 4  # the bonus close combat rolls the normal dice


@pytest.mark.rule("CCB-TERRAIN-51-EX")
def test_clash_of_shields_heavy_infantry_into_a_forest_rolls_four() -> None:
    s = play("clash-of-shields", {"06-05": "HI"}, {"06-04": "MI"}, terrain={"06-04": "forest"})
    s = s.apply("order 06-05").apply("attack 06-05 06-04")
    assert s.top.dice == 2 + 2


@pytest.mark.rule("CCB-GAP-33", "CCB-ORDERS-13")
def test_clash_of_shields_with_no_unit_next_to_an_enemy_orders_one_unit() -> None:
    s = play("clash-of-shields", {"06-07": "MI", "08-07": "MI"}, {"06-02": "MI"})
    assert s.last[0] == "clash-of-shields!"
    assert orders(s) == ["order 06-07", "order 08-07"]
    s = s.apply("order 06-07")
    assert top(s) == "MoveStep"
    s = s.apply("move 06-07 06-06")  # the unit of choice moves as usual
    assert s.where[piece(s, "06-06")] == "06-06"


# -- Counter Attack ------------------------------------------------------------------------------


def _finish_turn(s: State) -> State:
    while top(s) != "DrawCard":
        s = s.apply(legal(s)[-1])
    return draw(s, legal(s)[0].split()[1])


@pytest.mark.rule("CCB-CARDS-14", "CCB-CARDS-26", "CCB-GAP-32")
def test_counter_attack_copies_the_opponents_section_card_mirrored() -> None:
    hands = (("counter-attack", *FILL), ("order-two-left", *OTHER[:4]))
    s = position(
        {"02-07": "MI", "11-07": "MI", "12-07": "MI"},
        {"02-03": "MI", "11-03": "MI"},
        card=None,
        step="play",
        active="top",
        hands=hands,
    )
    s = s.apply("play order-two-left")  # top's left: columns 9 to 13
    assert orders(s) == ["order 11-03"]
    s = _finish_turn(s.apply("order 11-03"))
    assert top(s) == "PlayStep" and s.active == "bottom" and s.last == ("", "order-two-left")
    s = s.apply("play counter-attack")
    assert s.last[0] == "order-two-right"
    assert orders(s) == ["order 11-07", "order 12-07"]  # bottom's right: the same stretch
    refused(s, "order 02-07", "CCB-ORDERS-04")


@pytest.mark.rule("CCB-CARDS-29", "CCB-GAP-32")
def test_a_copied_counter_attack_is_the_card_it_copied_mirrored_again() -> None:
    units = {"02-07": "MI", "11-07": "MI"}
    # top's Counter Attack copied bottom's Order Two Units Left: top used his right
    s = play("counter-attack", units, {"07-03": "MI"}, last=("", "order-two-right"))
    assert s.last[0] == "order-two-left" and orders(s) == ["order 02-07"]


@pytest.mark.rule("CCB-CARDS-26")
def test_counter_attack_keeps_the_center_and_mirrors_inspired_leadership() -> None:
    units = {"02-07": "MI", "07-07": "MI", "11-07": "MI"}
    s = play("counter-attack", units, {"07-03": "MI"}, last=("", "order-three-center"))
    assert s.last[0] == "order-three-center" and orders(s) == ["order 07-07"]
    s = play(
        "counter-attack",
        units,
        {"07-03": "MI"},
        leaders={"11-07": "bottom", "02-07": "bottom"},
        last=("", "inspired-left-leadership"),
    )
    assert s.last[0] == "inspired-right-leadership"


@pytest.mark.rule("CCB-CARDS-27", "CCB-GAP-32")
def test_a_copied_leadership_any_section_is_used_where_the_opponent_used_it() -> None:
    hands = (("counter-attack", *FILL), ("leadership-any-section", *OTHER[:4]))
    s = position(
        {"02-07": "MI", "03-07": "MI", "11-07": "MI", "12-07": "MI"},
        {"11-03": "MI", "12-03": "MI"},
        leaders={"11-03": "top", "02-07": "bottom", "11-07": "bottom"},
        card=None,
        step="play",
        active="top",
        hands=hands,
    )
    s = s.apply("play leadership-any-section").apply("order 11-03")
    assert s.last[1] == "leadership-any-section:left"  # top's left flank
    s = _finish_turn(s).apply("play counter-attack")
    assert s.last[0] == "leadership-any-section:right"  # the same stretch, from bottom's seat
    s1 = s.apply("order 11-07")
    assert orders(s1) == ["order 12-07"]  # the chain from the leader in the right flank
    s2 = s.apply("order 02-07")  # a leader outside the stretch: 1 unit of choice only
    assert top(s2) == "MoveStep"


@pytest.mark.rule("CCB-CARDS-28", "CCB-GAP-32")
def test_counter_attack_never_copies_first_strike_and_with_nothing_orders_one_unit() -> None:
    units = {"02-07": "MI", "11-07": "MI"}
    for last in ("first-strike", ""):
        s = play("counter-attack", units, {"07-03": "MI"}, last=("", last))
        assert s.last[0] == "counter-attack!"
        assert orders(s) == ["order 02-07", "order 11-07"]
        s = s.apply("order 11-07")
        assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-CARDS-30")
def test_counter_attack_copying_spartacus_rolls_the_players_own_command() -> None:
    s = play(
        "counter-attack",
        {"06-07": "MI"},
        {"06-03": "MI"},
        command=(4, 6),
        other=OTHER[:6],
        last=("", "i-am-spartacus"),
    )
    assert top(s) == "CommandDice" and s.top.dice == 4


@pytest.mark.rule("CCB-CARDS-31")
def test_counter_attack_copying_a_troop_card_orders_up_to_own_command() -> None:
    units = {f"{c:02d}-07": "MI" for c in range(2, 9)}
    s = play(
        "counter-attack", units, {"07-03": "MI"}, command=(3, 5), last=("", "order-medium-troops")
    )
    for _ in range(3):
        s = s.apply(orders(s)[0])
    assert top(s) == "MoveStep"  # 3 orders: the counter-attacker's own Command
    s = play(
        "counter-attack",
        {"06-07": "HI", "08-07": "HI"},
        {"07-03": "MI"},
        last=("", "order-light-troops"),
    )
    s = s.apply("order 06-07")
    assert top(s) == "MoveStep"  # no light unit: 1 unit of choice


# -- Darken the Sky ------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-15")
def test_darken_the_sky_every_missile_unit_fires_twice_and_none_moves() -> None:
    s = play(
        "darken-the-sky",
        {"06-07": "LB", "08-07": "MI"},
        {"06-04": "HI"},
    )
    assert orders(s) == ["order 06-07"]
    refused(s, "order 08-07", "CCB-CARDS-15")
    s = s.apply("order 06-07")
    assert top(s) == "Volleys"  # no movement step, no close combat
    assert legal(s) == ["fire 06-07 at 06-04", "end battles"]
    s = roll(s.apply("fire 06-07 at 06-04"), "swords", "light")
    assert legal(s) == ["fire 06-07 at 06-04", "end battles"]  # its second shot
    s = roll(s.apply("fire 06-07 at 06-04"), "heavy", "light")
    assert s.blocks[piece(s, "06-04")] == 3
    assert top(s) == "DrawCard"  # each unit fires no more than twice
    s = play("darken-the-sky", {"06-07": "MI"}, {"06-04": "HI"})
    assert s.last[0] == "darken-the-sky!" and orders(s) == ["order 06-07"]


@pytest.mark.rule("CCB-CARDS-37")
def test_darken_the_sky_a_unit_whose_adjacent_enemy_was_driven_off_fires() -> None:
    s = play("darken-the-sky", {"06-06": "LB", "04-07": "LB"}, {"06-05": "MI"})
    s = s.apply("order 06-06").apply("order 04-07")
    assert legal(s) == ["fire 04-07 at 06-05", "end battles"]  # 06-06 has an enemy adjacent
    s = roll(s.apply("fire 04-07 at 06-05"), "flag", "light")
    if top(s) == "Flags":
        s = s.apply("ignore 0")
    if top(s) == "Retreat":
        s = s.apply(legal(s)[0])
    assert s.where[piece(s, "06-06")] == "06-06" and "fire 06-06 at" in " ".join(legal(s))


# -- Double Time ---------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-16", "CCB-GAP-30")
def test_double_time_four_linked_foot_units_move_two_and_close_combat_no_fire() -> None:
    units = {f"{c:02d}-07": "MI" for c in range(4, 10)}
    units["06-08"] = "LB"
    units["12-07"] = "HC"
    s = play("double-time", units, {"06-04": "MI", "08-03": "MI"})
    assert orders(s) == [f"order {c:02d}-07" for c in range(4, 10)] + ["order 06-08"]
    s = s.apply("order 06-07")
    assert sorted(orders(s)) == ["order 05-07", "order 06-08", "order 07-07"]  # linked
    refused(s, "order 09-07", "CCB-CARDS-16")
    refused(s, "order 12-07", "CCB-CARDS-16")
    s = s.apply("order 07-07").apply("order 06-08").apply("order 08-07")
    assert top(s) == "MoveStep"  # 4 units at most
    s = s.apply("move 06-07 06-05").apply("end moves")
    assert "attack 06-05 06-04" in legal(s)
    assert not any(a.startswith("fire") for a in legal(s))  # the LB may not fire


@pytest.mark.rule("CCB-CARDS-17")
def test_double_time_a_warrior_moving_two_or_three_must_close_combat() -> None:
    s = play("double-time", {"06-07": "WA"}, {"06-03": "MI"})
    s = s.apply("order 06-07").apply("move 06-07 06-04")  # 3 hexes, next to 06-03
    assert legal(s) == ["attack 06-04 06-03"]  # no end battles
    refused(s, "end battles", "CCB-BATTLE-02")


@pytest.mark.rule("CCB-GAP-36")
def test_double_time_war_machines_keep_their_limits_auxilia_close_after_two() -> None:
    s = play("double-time", {"06-07": "AX", "07-07": "HWM", "08-07": "LI"}, {"06-04": "MI"})
    s = s.apply("order 06-07").apply("order 07-07").apply("order 08-07")
    assert max(reach(s, piece(s, "08-07")).values()) == 2  # light foot: still 2
    assert max(reach(s, piece(s, "07-07")).values()) == 1  # war machine: 1
    s = s.apply("move 07-07 07-06").apply("move 06-07 06-05").apply("end moves")
    assert legal(s) == ["attack 06-05 06-04", "end battles"]  # not the HWM that moved


# -- First Strike --------------------------------------------------------------------------------

STRIKER = (("order-two-left", "order-two-center", "rally", "order-two-right"), ("first-strike",))


@pytest.mark.rule("CCB-CARDS-18", "CCB-CARDS-32", "CCB-CARDS-34", "CCB-CARDS-33")
def test_first_strike_the_defender_rolls_first_and_draws_first() -> None:
    s = position({"06-05": "MI"}, {"06-04": "MI"}, ordered=["06-05"], hands=STRIKER)
    s = s.apply("attack 06-05 06-04")
    assert legal(s) == ["stand", "play first-strike"]
    s = s.apply("play first-strike")
    assert s.top.strike.kind == "first-strike" and s.top.dice == 4
    assert s.owed == ("top",) and "first-strike" in s.deck.discards
    s = roll(s, "light", "light", "light", "light")  # the attacker is still there
    assert s.top.strike.kind == "close" and s.top.dice == 4
    s = roll(s, "light", "light", "light", "light")
    assert top(s) == "DrawCard" and s.top.side == "top"  # the striker does not battle back


@pytest.mark.rule("CCB-GAP-35", "CCB-CARDS-34")
def test_the_first_strike_player_draws_at_the_end_of_the_turn_just_before_the_active_one() -> None:
    s = position(
        {"06-05": "MI", "09-05": "MI"},
        {"06-04": "MI", "09-04": "MI"},
        ordered=["06-05", "09-05"],
        hands=STRIKER,
    )
    s = s.apply("attack 06-05 06-04").apply("play first-strike")
    s = roll(roll(s, *["light"] * 4), *["light"] * 4)
    assert top(s) == "BattleStep" and s.owed == ("top",)  # no draw yet: the turn goes on
    s = roll(s.apply("attack 09-05 09-04"), *["light"] * 4).apply("end battle-back")
    assert top(s) == "DrawCard" and s.top.side == "top"
    s = draw(s, legal(s)[0].split()[1])
    assert top(s) == "DrawCard" and s.top.side == "bottom" and len(s.hands[1]) == 1


@pytest.mark.rule("CCB-CARDS-32", "CCB-CARDS-33")
def test_first_strike_that_eliminates_the_attacker_ends_the_combat() -> None:
    s = position(
        {"06-05": "MI"}, {"06-04": "MI"}, ordered=["06-05"], hands=STRIKER, blocks={"06-05": 1}
    )
    s = roll(s.apply("attack 06-05 06-04").apply("play first-strike"), "medium", *["light"] * 3)
    assert s.where[0] == "x"  # the attacker is eliminated
    while top(s) not in ("DrawCard", "BattleStep"):
        assert top(s) not in ("Advance", "BattleBackChoice", "RollDice")
        s = s.apply(legal(s)[0])
    assert s.where[piece(s, "06-04")] == "06-04"  # the striker never advances


@pytest.mark.rule("CCB-CARDS-35")
def test_first_strike_played_for_ones_own_turn_has_no_effect() -> None:
    s = play("first-strike", {"06-07": "MI"}, {"06-03": "MI"})
    assert top(s) == "DrawCard" and s.ordered == ()


@pytest.mark.rule("CCB-CARDS-36", "CCB-GAP-35")
def test_first_strike_against_a_bonus_close_combat_by_the_setting() -> None:
    for allowed in (True, False):
        s = position(
            {"06-05": "MI"},
            {"06-04": "MI", "07-03": "MI"},
            leaders={"06-05": "bottom"},
            ordered=["06-05"],
            hands=STRIKER,
            readings={"first_strike_vs_bonus": allowed},
        )
        s = s.apply("attack 06-05 06-04").apply("stand")
        s = roll(s, *["medium"] * 4)
        while top(s) != "Advance":
            s = s.apply(legal(s)[0])
        s = s.apply("advance").apply("attack 06-04 07-03")
        assert ("play first-strike" in legal(s)) is allowed


# -- I Am Spartacus ------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-19", "CCB-GAP-37", "CCB-ORDERS-08")
def test_spartacus_dice_order_units_of_their_class_helmets_anything() -> None:
    units = {"02-07": "MI", "06-07": "MI", "08-07": "MI", "11-07": "HI", "06-05": "LI"}
    s = play("i-am-spartacus", units, {"06-04": "MI"}, leaders={"11-07": "bottom"})
    assert top(s) == "CommandDice" and s.top.dice == 5
    s = roll(s, "medium", "helmet", "light", "flag", "swords")
    expected = ["order 02-07", "order 06-05", "order 06-07", "order 08-07", "order 11-07"]
    assert sorted(orders(s)) == sorted([*expected, "order leader 11-07"])
    s = s.apply("order 02-07").apply("order 11-07")  # medium, then the helmet
    assert orders(s) == ["order 06-05"]  # the light symbol is left
    refused(s, "order 06-07", "CCB-CARDS-19")
    s = s.apply("order 06-05").apply("end moves").apply("attack 06-05 06-04")
    assert s.top.dice == 2 + 1


@pytest.mark.rule("CCB-GAP-37", "CCB-CARDS-19")
def test_spartacus_extra_die_also_in_the_bonus_close_combat() -> None:
    s = play(
        "i-am-spartacus",
        {"06-05": "MI"},
        {"06-04": "MI", "07-03": "MI"},
        leaders={"06-05": "bottom"},
        blocks={"06-04": 1},
    )
    s = roll(s, "medium", "flag", "flag", "flag", "flag").apply("order 06-05")
    s = s.apply("end moves").apply("attack 06-05 06-04")
    assert s.top.dice == 4 + 1
    s = roll(s, "medium", "light", "light", "light", "light").apply("advance")
    s = s.apply("attack 06-04 07-03")
    assert s.top.dice == 4 + 1  # unlike Clash of Shields, whose bonus combat rolls 4


@pytest.mark.rule("CCB-CARDS-38")
def test_spartacus_reshuffles_deck_discards_and_card_hands_untouched() -> None:
    s = play("i-am-spartacus", {"06-07": "MI"}, {"06-03": "MI"})
    s = s.evolve(deck=s.deck.take("order-four-right").discard("order-four-right"))
    hands = s.hands
    s = roll(s, "flag", "flag", "flag", "flag", "flag")
    while top(s) != "DrawCard":
        s = s.apply(legal(s)[-1])
    assert s.hands == hands and len(s.deck.discards) == 0 and s.card is None
    assert len(s.deck.draw) == 60 - 4 - 5  # every card but the hands
    assert "i-am-spartacus" in s.deck.draw and "order-four-right" in s.deck.draw


# -- Line Command --------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-20", "CCB-GAP-30")
def test_line_command_a_linked_foot_group_moves_one_then_battles() -> None:
    units = {f"{c:02d}-07": "MI" for c in range(2, 13)}
    units["07-08"] = "LB"
    units["07-09"] = "HC"
    s = play("line-command", units, {"06-05": "MI"})
    refused(s.apply("order 02-07"), "order 12-07", "CCB-CARDS-20")
    for c in range(2, 13):
        s = s.apply(f"order {c:02d}-07")  # across all three sections
    s = s.apply("order 07-08")
    assert top(s) == "MoveStep"  # the HC is no foot unit
    assert max(reach(s, piece(s, "07-08")).values()) == 1
    s = s.apply("move 06-07 06-06").apply("end moves")
    assert "attack 06-06 06-05" in legal(s)


@pytest.mark.rule("CCB-CARDS-20")
def test_line_command_allows_momentum_and_bonus_close_combat_as_usual() -> None:
    s = play("line-command", {"06-07": "WA"}, {"06-05": "MI", "06-04": "MI"}, blocks={"06-05": 1})
    s = s.apply("order 06-07").apply("move 06-07 06-06").apply("attack 06-06 06-05")
    s = roll(s, "medium", "light", "light", "light")
    assert legal(s) == ["advance", "end advance"]
    s = s.apply("advance")
    assert legal(s) == ["attack 06-05 06-04", "end bonus"]
    assert s.apply("attack 06-05 06-04").top.dice == 4


# -- Mounted Charge ------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-21")
def test_mounted_charge_heavy_cavalry_moves_three_and_battles_with_an_extra_die() -> None:
    units = {"06-07": "HC", "08-07": "LC", "10-07": "MI", "02-07": "MC", "04-07": "EL"}
    s = play("mounted-charge", units, {"06-03": "MI", "08-05": "LI"}, command=(3, 5))
    assert sorted(orders(s)) == ["order 02-07", "order 04-07", "order 06-07", "order 08-07"]
    refused(s, "order 10-07", "CCB-CARDS-21")
    s = s.apply("order 06-07").apply("order 08-07").apply("order 02-07")
    assert top(s) == "MoveStep"  # up to Command
    assert max(reach(s, piece(s, "06-07")).values()) == 3
    assert max(reach(s, piece(s, "02-07")).values()) == 3  # MC: its own 3
    s = s.apply("move 06-07 06-04").apply("end moves")
    assert not any(a.startswith("fire") for a in legal(s))  # the LC may not fire
    s = s.apply("attack 06-04 06-03")
    assert s.top.dice == 4 + 1


@pytest.mark.rule("CCB-CARDS-21")
def test_mounted_charge_extra_die_in_the_bonus_close_combat_too() -> None:
    s = play("mounted-charge", {"06-07": "HC"}, {"06-05": "MI", "06-04": "MI"}, blocks={"06-05": 1})
    s = s.apply("order 06-07").apply("move 06-07 06-06").apply("attack 06-06 06-05")
    assert s.top.dice == 4 + 1
    s = roll(s, "medium", "light", "light", "light", "light")
    s = s.apply("advance").apply("end extra").apply("attack 06-05 06-04")
    assert s.top.strike.kind == "close" and s.top.dice == 4 + 1  # unlike Clash of Shields


# -- Move-Fire-Move ------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-22", "CCB-GAP-31")
def test_move_fire_move_light_units_move_fire_and_move_again() -> None:
    units = {"06-07": "LI", "07-07": "MI", "08-07": "LC", "04-07": "LB"}
    s = play("move-fire-move", units, {"07-04": "MI"}, command=(2, 5))
    assert sorted(orders(s)) == ["order 04-07", "order 06-07", "order 08-07"]
    refused(s, "order 07-07", "CCB-CARDS-22")
    s = s.apply("order 06-07").apply("order 04-07")
    assert top(s) == "MoveStep"  # up to Command
    assert "07-07" not in reach(s, piece(s, "06-07"))  # may not end on a friend...
    s = s.apply("move 06-07 07-06")  # ...but passes through the MI in 07-07
    s = s.apply("end moves")
    assert "fire 07-06 at 07-04" in legal(s)
    assert not any(a.startswith("attack") for a in legal(s))
    s = s.apply("fire 07-06 at 07-04")
    assert s.top.dice == 1  # it moved in the first move
    s = roll(s, "swords")
    if top(s) == "BattleStep":
        s = s.apply("end battles")
    assert top(s) == "MoveAgain" and max(reach(s, piece(s, "07-06")).values()) == 2
    s = s.apply("move 07-06 07-05").apply("end moves")
    assert top(s) == "DrawCard"  # no close combat


@pytest.mark.rule("CCB-GAP-31", "CCB-CARDS-22")
def test_move_fire_move_fire_dice_by_the_first_move() -> None:
    units = {"06-07": "LB", "09-07": "AX", "11-07": "AX"}
    s = play("move-fire-move", units, {"06-04": "MI", "09-04": "MI", "11-03": "MI"})
    s = s.apply("order 06-07").apply("order 09-07").apply("order 11-07")
    s = s.apply("move 09-07 09-06").apply("move 11-07 11-05").apply("end moves")
    assert legal(s) == ["fire 06-07 at 06-04", "fire 09-06 at 09-04", "end battles"]
    assert s.scenario.geometry.distance("11-05", "11-03") == 2  # in range, yet
    refused(s, "fire 11-05 at 11-03")  # the AX that moved 2 hexes may not fire
    assert s.apply("fire 06-07 at 06-04").top.dice == 2  # did not move
    assert s.apply("fire 09-06 at 09-04").top.dice == 1  # moved 1


@pytest.mark.rule("CCB-GAP-31")
def test_move_fire_move_split_shares_one_allowance_between_the_moves() -> None:
    s = play(
        "move-fire-move",
        {"06-07": "LI", "10-07": "LI"},
        {"07-02": "MI"},
        readings={"move_fire_move": "split"},
    )
    s = s.apply("order 06-07").apply("order 10-07")
    s = s.apply("move 06-07 06-06").apply("move 10-07 10-05")
    assert top(s) == "MoveAgain"  # nothing to fire at
    assert max(reach(s, piece(s, "06-06")).values()) == 1
    assert reach(s, piece(s, "10-05")) == {}


# -- Rally ---------------------------------------------------------------------------------------


@pytest.mark.rule("CCB-CARDS-23", "CCB-CARDS-39", "CCB-GAP-34", "CCB-UNITS-16")
def test_rally_returns_blocks_near_a_friendly_leader_and_orders_those_units() -> None:
    units = {"06-07": "MI", "07-07": "MI", "09-07": "MI", "02-07": "MI", "05-07": "HI"}
    s = play(
        "rally",
        units,
        {"06-02": "MI"},
        leaders={"06-07": "bottom", "02-07": "bottom"},
        blocks={"06-07": 2, "07-07": 3, "09-07": 1, "02-07": 1, "05-07": 2},
    )
    assert top(s) == "CommandDice" and s.top.dice == 5
    s = roll(s, "medium", "medium", "helmet", "heavy", "flag")
    # 09-07 is near no leader; 05-07 (heavy) and the MIs next to a leader are
    assert sorted(legal(s)) == ["rally 02-07", "rally 05-07", "rally 06-07", "rally 07-07"]
    s = s.apply("rally 07-07")  # a medium symbol: 07-07 is back to 4 blocks
    assert s.blocks[piece(s, "07-07")] == 4
    refused(s, "rally 07-07", "CCB-CARDS-39")
    refused(s, "rally 09-07", "CCB-CARDS-23")
    s = s.apply("rally 06-07").apply("rally 06-07")  # a unit may take several blocks
    s = s.apply("rally 05-07")  # the heavy symbol: nothing is left for 02-07
    assert top(s) == "MoveStep"
    assert [s.where[p] for p in s.ordered] == ["07-07", "06-07", "05-07"]
    assert s.blocks[piece(s, "06-07")] == 4 and s.blocks[piece(s, "02-07")] == 1


@pytest.mark.rule("CCB-GAP-34", "CCB-CARDS-23")
def test_rally_by_a_lone_friendly_leader_never_an_enemy_one_up_to_starting_strength() -> None:
    s = play(
        "rally",
        {"02-07": "MI", "11-07": "MI", "07-07": "MI"},
        {"06-02": "MI"},
        leaders={"02-06": "bottom", "11-06": "top", "07-07": "bottom"},
        blocks={"02-07": 2, "11-07": 2},
    )
    s = roll(s, "medium", "medium", "medium", "flag", "flag")
    assert legal(s) == ["rally 02-07"]  # a lone friendly leader; 11-07 has only an enemy one
    refused(s, "rally 11-07")
    s = s.apply("rally 02-07").apply("rally 02-07")  # the third symbol has no use: lost
    assert s.blocks[piece(s, "02-07")] == 4 and s.blocks[piece(s, "11-07")] == 2
    assert top(s) == "MoveStep" and [s.where[p] for p in s.ordered] == ["02-07"]


@pytest.mark.rule("CCB-CARDS-40", "CCB-ELEPHANT-12")
def test_rally_never_restores_elephants_or_chariots() -> None:
    s = play(
        "rally",
        {"06-07": "EL", "07-07": "HCH", "05-07": "HC"},
        {"06-02": "MI"},
        leaders={"06-07": "bottom"},
        blocks={"06-07": 1, "07-07": 1, "05-07": 1},
    )
    s = roll(s, "heavy", "heavy", "helmet", "helmet", "heavy")
    assert legal(s) == ["rally 05-07"]
    refused(s, "rally 06-07", "CCB-CARDS-40")


@pytest.mark.rule("CCB-CARDS-41")
def test_rally_with_no_leader_on_the_board_orders_one_unit() -> None:
    s = play("rally", {"06-07": "MI", "08-07": "MI"}, {"06-02": "MI"}, blocks={"06-07": 2})
    assert s.last[0] == "rally!" and orders(s) == ["order 06-07", "order 08-07"]
    s = s.apply("order 08-07")
    assert top(s) == "MoveStep"


@pytest.mark.rule("CCB-CARDS-42-EX")
def test_one_rally_die_restores_a_block_with_probability_two_sixths() -> None:
    for code, face in (("MI", "medium"), ("LI", "light"), ("HC", "heavy")):
        s = play(
            "rally",
            {"06-07": code},
            {"06-02": "MI"},
            leaders={"06-07": "bottom"},
            blocks={"06-07": 1},
            command=(1, 5),
        )
        p = sum(w for a, w in s.chance_outcomes() if top(roll(s, *a.faces)) == "RallyStep")
        assert p == pytest.approx(2 / 6)
        for shown in (face, "helmet"):
            assert roll(s, shown).apply("rally 06-07").blocks[0] == 2


def test_tactic_tasks_and_the_last_cards_read_back_from_json() -> None:
    s = play("rally", {"06-07": "MI"}, {"06-02": "MI"}, leaders={"06-07": "bottom"})
    s = s.evolve(last=("rally", "leadership-any-section:left"))
    for state in (s, roll(s, "medium", "helmet", "flag", "flag", "light")):
        back = State.from_json(state.to_json())
        assert back == state and back.last == state.last and back.tasks == state.tasks
        assert not state.invariant_violations()
