"""Close combat and battle back through the engine (CCB-CLOSE-*, CCB-BATTLEBACK-*, CCB-DICE-*,
CCB-FLAGS-*, CCB-BATTLE-*)."""

from __future__ import annotations

from typing import Any

import pytest
from ccb import blocks_at, legal, piece, position, refused, roll, top

from wargames.ancients.combat import RollDice
from wargames.ancients.commands import RULES, Mods, OneUnitOfChoice, register


def duel(att: str, dfn: str, **kw: Any):  # type: ignore[no-untyped-def]
    """The bottom unit in 05-07 ordered, the top unit in 05-06 next to it."""
    units = {"05-07": att, **kw.pop("bottom", {})}
    enemies = {"05-06": dfn, **kw.pop("top", {})}
    return position(units, enemies, ordered=["05-07"], **kw)


def dice(s) -> int:  # type: ignore[no-untyped-def]
    assert isinstance(s.top, RollDice), top(s)
    return s.top.dice


@pytest.mark.rule("CCB-CLOSE-01", "CCB-CLOSE-02", "CCB-BATTLE-05")
def test_an_ordered_unit_attacks_an_adjacent_enemy_unit_or_lone_leader() -> None:
    s = position(
        {"05-07": "MI"},
        {"05-06": "MI", "05-05": "MI"},
        leaders={"04-06": "top"},
        ordered=["05-07"],
    )
    assert legal(s) == ["attack 05-07 04-06", "attack 05-07 05-06", "end battles"]
    refused(s, "attack 05-07 05-05", "CCB-CLOSE-01")
    s = s.apply("attack 05-07 05-06")
    assert dice(s) == 4 and s.top.strike.target == piece(s, "05-06")


@pytest.mark.rule("CCB-CLOSE-03", "CCB-CLOSE-04", "CCB-CLOSE-12", "CCB-EVADE-02")
def test_the_defender_decides_to_evade_before_the_attacker_rolls() -> None:
    s = duel("HI", "LI").apply("attack 05-07 05-06")
    assert top(s) == "DefenderChoice" and s.current_player == "top"
    assert legal(s) == ["stand", "evade"]
    s = s.apply("stand")
    assert dice(s) == 5
    s = duel("HI", "MI").apply("attack 05-07 05-06")
    assert dice(s) == 5  # an MI cannot evade: no decision (CCB-EVADE-06)


@pytest.mark.rule(
    "CCB-CLOSE-05", "CCB-CLOSE-06", "CCB-DICE-03", "CCB-DICE-05", "CCB-DICE-06", "CCB-RETREAT-06"
)
def test_hits_then_the_leader_check_then_flags_then_the_retreat() -> None:
    s = duel("HI", "MI", leaders={"05-06": "top"}).apply("attack 05-07 05-06")
    s = roll(s, "medium", "swords", "flag", "light", "heavy")
    assert blocks_at(s, "05-06") == 2 and top(s) == "LeaderCheck"  # hits first
    s = roll(s, "helmet", "flag")  # the leader survives
    assert top(s) == "Flags" and s.current_player == "top"  # then the flags
    assert legal(s) == ["ignore 0", "ignore 1"]
    s = s.apply("ignore 0")
    assert top(s) == "Retreat" and s.current_player == "top"


@pytest.mark.rule("CCB-DICE-04", "CCB-CLOSE-07", "CCB-UNITS-03", "CCB-VICTORY-01")
def test_hits_beyond_the_blocks_are_lost_and_an_emptied_hex_allows_momentum() -> None:
    s = duel("HI", "MI", blocks={"05-06": 2}).apply("attack 05-07 05-06")
    s = roll(s, "medium", "medium", "medium", "swords", "flag")
    assert s.unit_at("05-06") is None and s.banners == (1, 0)
    assert top(s) == "Advance" and legal(s) == ["advance", "end advance"]
    assert s.blocks[piece(s, "05-07")] == 4


@pytest.mark.rule("CCB-CLOSE-08", "CCB-BATTLEBACK-01", "CCB-BATTLEBACK-02", "CCB-BATTLEBACK-07")
def test_a_defender_left_in_its_hex_may_battle_back_like_an_attack() -> None:
    s = duel("MI", "MI").apply("attack 05-07 05-06")
    s = roll(s, "medium", "light", "light", "light")
    assert top(s) == "BattleBackChoice" and s.current_player == "top"
    assert legal(s) == ["battle-back", "end battle-back"]
    s = s.apply("battle-back")
    assert dice(s) == 4 and s.top.strike.kind == "battle-back"
    s = roll(s, "medium", "medium", "flag", "light")
    assert blocks_at(s, "05-07") == 2
    assert top(s) == "Retreat" and s.current_player == "bottom"
    s2 = duel("MI", "MI").apply("attack 05-07 05-06")
    s2 = roll(s2, "light", "light", "light", "light").apply("end battle-back")
    assert top(s2) == "DrawCard"


@pytest.mark.rule("CCB-BATTLEBACK-07", "CCB-BATTLEBACK-08", "CCB-RETREAT-01")
def test_the_attacker_retreats_from_battle_back_flags_and_the_combat_ends() -> None:
    s = duel("MI", "MI", bottom={"06-07": "MI"}).apply("attack 05-07 05-06")
    s = roll(s, "light", "light", "light", "light").apply("battle-back")
    s = roll(s, "flag", "light", "light", "light")
    assert top(s) == "Retreat" and s.current_player == "bottom"
    s = s.apply("retreat 05-07 05-08")
    assert s.unit_at("05-08") == piece(s, "05-08")
    assert top(s) == "DrawCard"  # no battle back of a battle back: the combat is over


@pytest.mark.rule("CCB-BATTLEBACK-03", "CCB-RETREAT-11", "CCB-RETREAT-18-EX")
def test_a_defender_that_cannot_retreat_loses_blocks_and_may_still_battle_back() -> None:
    s = position({"05-02": "MI"}, {"05-01": "MI"}, ordered=["05-02"])  # 05-01: top's baseline
    s = s.apply("attack 05-02 05-01")
    s = roll(s, "flag", "light", "light", "light")
    assert blocks_at(s, "05-01") == 3  # 1 hex of retreat it cannot make
    assert top(s) == "BattleBackChoice"


@pytest.mark.rule("CCB-BATTLEBACK-04", "CCB-CLOSE-18", "CCB-CLOSE-17", "CCB-CLOSE-22")
def test_battle_back_dice_and_the_heavy_chariot() -> None:
    s = duel("HC", "HCH").apply("attack 05-07 05-06")
    assert dice(s) == 4
    s = roll(s, "swords", "swords", "light", "light")
    assert blocks_at(s, "05-06") == 1  # one sword ignored
    s = s.apply("battle-back")
    assert dice(s) == 3  # a heavy chariot battles back with 3
    s = duel("HCH", "MI").apply("attack 05-07 05-06")
    assert dice(s) == 4


@pytest.mark.rule("CCB-BATTLEBACK-04", "CCB-TERRAIN-10")
def test_terrain_caps_battle_back() -> None:
    s = duel("MI", "HI", terrain={"05-07": "forest"}).apply("attack 05-07 05-06")
    assert dice(s) == 2
    s = roll(s, "light", "light").apply("battle-back")
    assert dice(s) == 2


@pytest.mark.rule("CCB-BATTLEBACK-05", "CCB-DICE-09")
def test_helmets_score_for_a_battle_back_with_a_leader_near() -> None:
    s = duel("MI", "MI", leaders={"06-05": "top"}).apply("attack 05-07 05-06")
    s = roll(s, "light", "light", "light", "light").apply("battle-back")
    s = roll(s, "helmet", "helmet", "light", "light")
    assert blocks_at(s, "05-07") == 2


@pytest.mark.rule("CCB-BATTLEBACK-06", "CCB-BATTLE-07", "CCB-TERRAIN-01", "CCB-GAP-28")
def test_card_bonus_dice_add_after_the_caps_and_never_to_a_battle_back() -> None:
    class Bonus(OneUnitOfChoice):
        mods = Mods(close_bonus=2)

    old = register(Bonus(RULES["clash-of-shields"].spec))
    try:
        s = duel("HI", "MI", terrain={"05-06": "forest"}, card="clash-of-shields")
        s = s.apply("attack 05-07 05-06")
        assert dice(s) == 4  # 2 for the forest, then 2 for the card (CCB-TERRAIN-51-EX)
        s = roll(s, "light", "light", "light", "light").apply("battle-back")
        assert dice(s) == 2  # the forest's cap, no card bonus
    finally:
        register(old)


@pytest.mark.rule("CCB-BATTLEBACK-09")
def test_no_momentum_for_a_unit_that_battles_back() -> None:
    s = duel("LI", "HI", blocks={"05-07": 1}).apply("attack 05-07 05-06")
    s = roll(s, "light", "light").apply("battle-back")
    s = roll(s, "light", "flag", "medium", "medium", "medium")
    assert s.unit_at("05-07") is None and s.banners == (0, 1)
    assert top(s) == "DrawCard"  # the heavy infantry does not advance


@pytest.mark.rule("CCB-BATTLEBACK-11", "CCB-EVADE-15", "CCB-BATTLEBACK-12", "CCB-EVADE-08")
def test_an_evader_never_battles_back_and_a_battle_back_cannot_be_evaded() -> None:
    s = duel("MI", "LI", top={"05-04": "MI"}).apply("attack 05-07 05-06").apply("evade")
    s = roll(s, "medium", "medium", "medium", "medium")
    assert top(s) == "EvadeMove" and s.current_player == "top"
    assert legal(s) == ["evade 05-05", "evade 06-05"]
    s = s.apply("evade 06-05")
    assert s.where[piece(s, "06-04")] == "06-04" and top(s) == "DrawCard"  # no battle back
    s = duel("LI", "MI").apply("attack 05-07 05-06")
    s = roll(s, "light", "heavy").apply("battle-back")
    assert top(s) == "RollDice"  # the LI is not asked whether to evade


@pytest.mark.rule("CCB-BATTLEBACK-13-EX", "CCB-CLOSE-21", "CCB-BATTLE-06")
def test_a_heavy_infantry_at_1_block_battles_back_with_5() -> None:
    s = duel("HI", "HI", leaders={"05-06": "top"}).apply("attack 05-07 05-06")
    s = roll(s, "heavy", "heavy", "heavy", "light", "light")
    s = roll(s, "light", "helmet")  # the leader check: he survives
    s = s.apply("battle-back")
    assert blocks_at(s, "05-06") == 1 and dice(s) == 5
    # nor does an attacker lose dice with its blocks, a warrior only its extra die
    assert dice(duel("HI", "MI", blocks={"05-07": 1}).apply("attack 05-07 05-06")) == 5
    assert dice(duel("MC", "MI", blocks={"05-07": 1}).apply("attack 05-07 05-06")) == 3
    assert dice(duel("WA", "MI", blocks={"05-07": 1}).apply("attack 05-07 05-06")) == 3


@pytest.mark.rule("CCB-CLOSE-21", "CCB-CLOSE-26-EX", "CCB-CLOSE-11", "CCB-FLAGS-07")
def test_a_full_strength_warrior_battles_back_with_4_after_losses() -> None:
    s = duel("MI", "WA").apply("attack 05-07 05-06")
    s = roll(s, "medium", "flag", "light", "light")
    assert blocks_at(s, "05-06") == 3
    assert legal(s) == ["ignore 0", "ignore 1"]  # full strength as the combat began
    s = s.apply("ignore 1").apply("battle-back")
    assert dice(s) == 4
    s = duel("WA", "MI", blocks={"05-07": 3}).apply("attack 05-07 05-06")
    assert dice(s) == 3
    assert dice(duel("WA", "MI").apply("attack 05-07 05-06")) == 4


@pytest.mark.rule("CCB-CLOSE-09", "CCB-CLOSE-10", "CCB-CLOSE-15", "CCB-CLOSE-19", "CCB-ELEPHANT-01")
def test_close_combat_dice_by_unit() -> None:
    for code, n in (("LI", 2), ("LS", 2), ("LB", 2), ("LC", 2), ("AX", 3), ("MC", 3), ("HC", 4)):
        assert dice(duel(code, "MI").apply("attack 05-07 05-06")) == n, code
    assert dice(duel("EL", "HI").apply("attack 05-07 05-06")) == 5
    assert dice(duel("EL", "LI").apply("attack 05-07 05-06").apply("stand")) == 2


@pytest.mark.rule("CCB-CLOSE-20", "CCB-LEADER-09")
def test_a_lone_leader_never_battles() -> None:
    s = position({"05-07": "MI"}, {"05-04": "MI"}, leaders={"05-06": "top"}, ordered=["05-07"])
    s = s.apply("attack 05-07 05-06")
    assert dice(s) == 4  # no defender's choice: he takes the roll
    s = roll(s, "light", "flag", "swords", "medium")
    assert top(s) == "LeaderEvade" and s.current_player == "top"  # he must evade, not battle


@pytest.mark.rule("CCB-DICE-08", "CCB-DICE-10-EX")
def test_light_troops_swords_miss_but_auxilia_s_hit() -> None:
    s = roll(duel("LI", "MI").apply("attack 05-07 05-06"), "swords", "swords")
    assert blocks_at(s, "05-06") == 4
    s = roll(duel("AX", "MI").apply("attack 05-07 05-06"), "swords", "swords", "light")
    assert blocks_at(s, "05-06") == 2


@pytest.mark.rule("CCB-DICE-09")
def test_helmets_score_with_a_leader_attached_or_adjacent_never_for_an_elephant() -> None:
    s = roll(
        duel("MI", "MI", leaders={"05-07": "bottom"}).apply("attack 05-07 05-06"),
        "helmet",
        "light",
        "light",
        "light",
    )
    assert blocks_at(s, "05-06") == 3
    s = roll(duel("MI", "MI").apply("attack 05-07 05-06"), "helmet", "light", "light", "light")
    assert blocks_at(s, "05-06") == 4
    near = duel("MI", "MI", bottom={"04-07": "MI"}, leaders={"04-07": "bottom"})
    s = roll(near.apply("attack 05-07 05-06"), "helmet", "light", "light", "light")
    assert blocks_at(s, "05-06") == 3  # a leader attached to the unit next door counts too
    s = roll(
        duel("EL", "MI", leaders={"05-07": "bottom"}).apply("attack 05-07 05-06"),
        "helmet",
        "light",
        "light",
        "light",
    )
    assert blocks_at(s, "05-06") == 4


@pytest.mark.rule("CCB-FLAGS-01", "CCB-FLAGS-03", "CCB-FLAGS-12-EX", "CCB-FLAGS-09")
def test_leader_and_support_each_let_a_unit_ignore_a_flag() -> None:
    s = duel("HI", "MI", leaders={"05-06": "top"}, top={"04-06": "MI", "06-06": "MI"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "flag", "flag", "light", "light")
    assert legal(s) == ["ignore 0", "ignore 1", "ignore 2"]
    s = s.apply("ignore 2")
    assert top(s) == "Retreat" and s.top.left == 1


@pytest.mark.rule("CCB-FLAGS-02")
def test_a_leader_killed_by_the_roll_s_check_lets_no_flag_be_ignored() -> None:
    s = duel("HI", "MI", leaders={"05-06": "top"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "medium", "light", "light", "light")
    s = roll(s, "helmet", "helmet")  # the check kills him
    assert s.banners == (1, 0) and top(s) == "Retreat" and s.top.left == 1
    s = duel("HI", "MI", leaders={"05-06": "top"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "medium", "light", "light", "light")
    s = roll(s, "helmet", "swords")  # he survives the check: his flag may be ignored
    assert top(s) == "Flags" and legal(s) == ["ignore 0", "ignore 1"]


@pytest.mark.rule("CCB-FLAGS-03", "CCB-GAP-03", "CCB-FLAGS-04")
def test_support_from_a_unit_and_a_lone_leader_counts_once() -> None:
    s = duel("HI", "MI", leaders={"06-06": "top"}, top={"04-06": "MI"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "flag", "light", "light", "light")
    assert legal(s) == ["ignore 0", "ignore 1"]
    s = duel("HI", "MI", top={"04-06": "MI", "06-06": "MI", "06-07": "MI"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "flag", "flag", "light", "light")
    assert legal(s) == ["ignore 0", "ignore 1"]  # three friends next to it: still one flag
    assert s.apply("ignore 1").top.left == 2
    s = duel(
        "HI",
        "MI",
        leaders={"06-06": "top"},
        top={"04-06": "MI"},
        readings={"lone_leader_support": False},
    )
    s = roll(s.apply("attack 05-07 05-06"), "flag", "flag", "light", "light", "light")
    assert top(s) == "Retreat" and s.top.left == 2


@pytest.mark.rule("CCB-FLAGS-05", "CCB-FLAGS-06", "CCB-ELEPHANT-11")
def test_elephants_give_support_but_never_receive_it_nor_a_leader_s_flag() -> None:
    s = duel("HI", "MI", top={"04-06": "EL", "06-06": "MI"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "light", "light", "light", "light")
    assert legal(s) == ["ignore 0", "ignore 1"]
    s = duel("HI", "EL", top={"04-06": "MI", "06-06": "MI"}, leaders={"05-06": "top"})
    s = roll(s.apply("attack 05-07 05-06"), "flag", "light", "light", "light", "light")
    assert top(s) == "Rampage" and s.current_player == "bottom"  # no flag ignored


@pytest.mark.rule("CCB-FLAGS-10", "CCB-RETREAT-16-EX", "CCB-RETREAT-02")
def test_every_flag_not_ignored_costs_the_whole_distance() -> None:
    s = position({"05-07": "HI"}, {"05-06": "LC"}, ordered=["05-07"])
    s = roll(
        s.apply("attack 05-07 05-06").apply("stand"), "flag", "flag", "medium", "medium", "medium"
    )
    assert top(s) == "Retreat" and s.top.left == 8


@pytest.mark.rule("CCB-FLAGS-11", "CCB-LEADER-10")
def test_flags_do_nothing_to_a_lone_leader() -> None:
    s = position({"05-07": "MI"}, {"05-04": "MI"}, leaders={"05-06": "top"}, ordered=["05-07"])
    s = roll(s.apply("attack 05-07 05-06"), "flag", "flag", "flag", "light")
    assert top(s) == "LeaderEvade" and s.where[piece(s, "L05-06")] == "05-06"


@pytest.mark.rule("CCB-BATTLE-01", "CCB-BATTLE-03")
def test_a_unit_battles_once_by_one_kind_of_combat() -> None:
    s = position(
        {"05-07": "LI", "10-07": "MI"}, {"05-05": "MI", "10-06": "MI"}, ordered=["05-07", "10-07"]
    )
    s = roll(s.apply("fire 05-07 at 05-05"), "light", "light")
    assert legal(s) == ["attack 10-07 10-06", "end battles"]
    refused(s, "fire 05-07 at 05-05", "CCB-BATTLE-01")
    # a light unit that closed with an enemy may not then fire at it once it has retreated
    s = position(
        {"05-07": "LI", "10-07": "MI"}, {"05-06": "MI", "10-06": "MI"}, ordered=["05-07", "10-07"]
    )
    s = roll(s.apply("attack 05-07 05-06"), "flag", "light").apply("retreat 05-06 05-05")
    s = s.apply("end advance")
    assert s.unit_at("05-05") is not None and legal(s) == ["attack 10-07 10-06", "end battles"]
    refused(s, "fire 05-07 at 05-05", "CCB-BATTLE-01")
