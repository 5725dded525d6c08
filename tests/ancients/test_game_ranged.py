"""Ranged combat and line of sight through the engine (CCB-RANGED-*, CCB-LOS-*, CCB-BATTLE-04)."""

from __future__ import annotations

import pytest
from ccb import blocks_at, legal, position, refused, roll, top

from wargames.ancients.combat import RollDice


def fires(s) -> list[str]:  # type: ignore[no-untyped-def]
    return [a for a in legal(s) if a.startswith("fire")]


@pytest.mark.rule("CCB-RANGED-01", "CCB-RANGED-02")
def test_only_units_with_missiles_fire() -> None:
    s = position(
        {"06-07": "MI", "08-07": "LBCH", "10-07": "LI"},
        {"06-05": "MI", "08-05": "MI", "10-05": "MI"},
        ordered=["06-07", "08-07", "10-07"],
    )
    assert fires(s) == ["fire 10-07 at 10-05"]
    refused(s, "fire 06-07 at 06-05", "CCB-RANGED-01")
    refused(s, "fire 08-07 at 08-05", "CCB-RANGED-01")


@pytest.mark.rule("CCB-RANGED-03", "CCB-RANGED-04", "CCB-RANGED-05", "CCB-RANGED-07")
def test_range_counts_the_target_s_hex_not_the_firer_s() -> None:
    enemies = {"04-07": "MI", "03-07": "MI", "02-07": "MI"}
    s = position({"06-07": "LI", "06-09": "LS"}, enemies, ordered=["06-07", "06-09"])
    assert s.scenario.geometry.distance("06-07", "04-07") == 2
    assert "fire 06-07 at 04-07" in fires(s) and "fire 06-07 at 03-07" not in fires(s)
    refused(s, "fire 06-07 at 03-07", "CCB-RANGED-04")
    s = position({"06-07": "LS"}, enemies, ordered=["06-07"])
    assert fires(s) == ["fire 06-07 at 04-07"]  # 03-07 hides behind 04-07
    s = position({"06-07": "LB"}, {"03-07": "MI"}, leaders={"04-05": "top"}, ordered=["06-07"])
    assert fires(s) == ["fire 06-07 at 03-07", "fire 06-07 at 04-05"]  # a lone leader too
    s = position({"06-07": "LS"}, {"06-04": "MI", "06-03": "MI"}, ordered=["06-07"])
    geometry = s.scenario.geometry
    assert (geometry.distance("06-07", "06-04"), geometry.distance("06-07", "06-03")) == (3, 4)
    assert fires(s) == ["fire 06-07 at 06-04"]  # range 3, not 4
    refused(s, "fire 06-07 at 06-03", "CCB-RANGED-05")


@pytest.mark.rule("CCB-RANGED-10", "CCB-MOVE-07", "CCB-RANGED-09")
def test_an_auxilia_that_moved_2_hexes_may_not_fire() -> None:
    s = position(
        {"06-08": "AX", "09-08": "AX"},
        {"06-04": "MI", "09-05": "MI"},
        ordered=["06-08", "09-08"],
        step="moves",
    )
    s = s.apply("move 06-08 06-06").apply("move 09-08 09-07")
    assert s.scenario.geometry.distance("06-06", "06-04") == 2  # in range
    assert fires(s) == ["fire 09-07 at 09-05"]  # only the one that moved 1 hex
    refused(s, "fire 06-06 at 06-04", "CCB-MOVE-07")
    assert s.apply("fire 09-07 at 09-05").top.dice == 1


@pytest.mark.rule("CCB-RANGED-06", "CCB-RANGED-11", "CCB-MOVE-11", "CCB-CLOSE-13")
def test_war_machines_fire_6_hexes_with_2_dice_only_if_they_did_not_move() -> None:
    s = position({"06-09": "HWM"}, {"06-03": "MI"}, ordered=["06-09"])
    s = s.apply("fire 06-09 at 06-03")
    assert isinstance(s.top, RollDice) and s.top.dice == 2
    s = position(
        {"06-08": "HWM"}, {"06-03": "MI", "07-07": "MI"}, ordered=["06-08"], moved={"06-08": 1}
    )
    assert top(s) == "DrawCard"  # it moved: neither fire nor close combat


@pytest.mark.rule("CCB-RANGED-08", "CCB-BATTLE-04", "CCB-GAP-14")
def test_no_fire_next_to_an_enemy_unit_nor_at_an_adjacent_target() -> None:
    s = position({"06-07": "LS"}, {"06-06": "MI", "06-04": "MI"}, ordered=["06-07"])
    assert legal(s) == ["attack 06-07 06-06", "end battles"]
    refused(s, "fire 06-07 at 06-04", "CCB-BATTLE-04")
    s = position({"06-07": "LS"}, {"06-04": "MI"}, leaders={"05-06": "top"}, ordered=["06-07"])
    assert "fire 06-07 at 06-04" in fires(s)  # a lone leader next to it does not stop fire
    assert "fire 06-07 at 05-06" not in fires(s)
    refused(s, "fire 06-07 at 05-06", "CCB-RANGED-08")
    s = position(
        {"06-07": "LS", "10-07": "MI"},
        {"06-04": "MI", "10-06": "MI"},
        leaders={"05-06": "top"},
        ordered=["06-07", "10-07"],
        readings={"lone_leaders_block_fire": True},
    )
    assert fires(s) == []


@pytest.mark.rule("CCB-RANGED-09", "CCB-RANGED-12", "CCB-TERRAIN-11", "CCB-TERRAIN-52-EX")
def test_fire_dice_after_moving_and_terrain_caps() -> None:
    s = position({"06-07": "LB"}, {"06-04": "MI"}, ordered=["06-07"])
    assert s.apply("fire 06-07 at 06-04").top.dice == 2
    s = position({"06-07": "LB"}, {"06-04": "MI"}, ordered=["06-07"], moved={"06-07": 1})
    assert s.apply("fire 06-07 at 06-04").top.dice == 1
    s = position({"06-07": "LB"}, {"06-04": "MI"}, ordered=["06-07"], terrain={"06-04": "forest"})
    assert s.apply("fire 06-07 at 06-04").top.dice == 1


@pytest.mark.rule("CCB-GAP-27", "CCB-TERRAIN-11")
def test_fire_out_of_a_forest_or_from_a_hill_is_not_capped() -> None:
    for terrain in ("forest", "hill"):
        s = position(
            {"06-07": "LB"}, {"06-05": "MI"}, ordered=["06-07"], terrain={"06-07": terrain}
        )
        assert s.apply("fire 06-07 at 06-05").top.dice == 2, terrain
    s = position({"06-07": "LB"}, {"06-05": "MI"}, ordered=["06-07"], terrain={"06-05": "hill"})
    assert s.apply("fire 06-07 at 06-05").top.dice == 2  # nor uphill at a unit on a hill


@pytest.mark.rule("CCB-GAP-28", "CCB-TERRAIN-29")
def test_a_fire_left_with_no_die_cannot_be_made() -> None:
    camp = {"06-07": "fortified-camp", "09-07": "fortified-camp"}
    s = position(
        {"06-07": "LI", "09-07": "LI"},
        {"06-05": "MI", "09-05": "MI"},
        ordered=["06-07", "09-07"],
        moved={"06-07": 1},
        terrain=camp,
    )
    assert fires(s) == ["fire 09-07 at 09-05"]  # 1 die for moving, less 1 in the camp: none
    refused(s, "fire 06-07 at 06-05", "CCB-RANGED-12")
    assert s.apply("fire 09-07 at 09-05").top.dice == 2 - 1


@pytest.mark.rule("CCB-RANGED-13", "CCB-RANGED-15", "CCB-BATTLEBACK-10", "CCB-DICE-07")
def test_fire_scores_only_the_symbol_with_no_evade_battle_back_or_advance() -> None:
    s = position({"06-07": "LS"}, {"06-05": "LI"}, ordered=["06-07"], blocks={"06-05": 1})
    s = s.apply("fire 06-07 at 06-05")
    assert top(s) == "RollDice"  # no defender's choice
    s = roll(s, "light", "swords")
    assert s.unit_at("06-05") is None and s.banners == (1, 0) and top(s) == "DrawCard"
    s = position({"06-07": "LS"}, {"06-05": "MI"}, ordered=["06-07"])
    s = roll(s.apply("fire 06-07 at 06-05"), "swords", "helmet")
    assert blocks_at(s, "06-05") == 4 and top(s) == "DrawCard"
    s = position({"06-07": "LS"}, {"01-01": "MI"}, leaders={"06-05": "top"}, ordered=["06-07"])
    s = roll(s.apply("fire 06-07 at 06-05"), "helmet", "light")
    assert s.banners == (1, 0)  # a helmet hits a lone leader


@pytest.mark.rule("CCB-GAP-15", "CCB-DICE-06")
def test_flags_from_fire_force_retreats_and_may_be_ignored() -> None:
    s = position({"06-07": "LS"}, {"06-05": "MI"}, leaders={"06-05": "top"}, ordered=["06-07"])
    s = roll(s.apply("fire 06-07 at 06-05"), "flag", "light")
    assert top(s) == "Flags" and legal(s) == ["ignore 0", "ignore 1"]
    s = position({"06-07": "LS"}, {"06-05": "MI"}, ordered=["06-07"])
    s = roll(s.apply("fire 06-07 at 06-05"), "flag", "light")
    assert top(s) == "Retreat"


@pytest.mark.rule("CCB-RANGED-16-EX")
def test_a_sling_at_3_hexes_hits_a_medium_infantry_with_11_in_36() -> None:
    s = position({"06-08": "LS"}, {"06-05": "MI"}, ordered=["06-08"])
    assert s.scenario.geometry.distance("06-08", "06-05") == 3
    s = s.apply("fire 06-08 at 06-05")
    hit = sum(p for a, p in s.chance_outcomes() if "medium" in str(a).split())
    assert hit == pytest.approx(11 / 36)


@pytest.mark.rule("CCB-LOS-01", "CCB-LOS-02", "CCB-LOS-03", "CCB-LOS-07-EX")
def test_pieces_between_block_line_of_sight_the_ends_never() -> None:
    s = position(
        {"06-07": "LS", "05-07": "MI", "10-07": "MI"},
        {"04-07": "MI", "10-06": "MI"},
        ordered=["06-07", "10-07"],
    )
    assert fires(s) == []  # a friendly unit between them in a straight line
    refused(s, "fire 06-07 at 04-07", "CCB-LOS-03")
    s = position({"06-07": "LS"}, {"04-07": "MI"}, leaders={"05-07": "top"}, ordered=["06-07"])
    assert "fire 06-07 at 04-07" not in fires(s)  # a leader between them too
    s = position({"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain={"04-07": "forest"})
    assert fires(s) == ["fire 06-07 at 04-07"]  # the target's own hex never blocks


@pytest.mark.rule("CCB-LOS-06")
def test_a_line_along_a_hexside_is_blocked_only_by_both_hexes() -> None:
    s = position({"06-07": "LS", "05-06": "MI"}, {"06-05": "MI"}, ordered=["06-07"])
    assert fires(s) == ["fire 06-07 at 06-05"]
    s = position({"06-07": "LS", "05-06": "MI", "06-06": "MI"}, {"06-05": "MI"}, ordered=["06-07"])
    assert fires(s) == []


@pytest.mark.rule("CCB-LOS-04", "CCB-TERRAIN-13", "CCB-TERRAIN-07", "CCB-TERRAIN-17")
def test_forests_and_hills_between_block_line_of_sight_broken_ground_does_not() -> None:
    for terrain, sees in (("forest", False), ("hill", False), ("broken", True), ("camp", False)):
        s = position(
            {"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain={"05-07": terrain}
        )
        assert bool(fires(s)) is sees, terrain


@pytest.mark.rule("CCB-LOS-05")
def test_a_line_leaving_the_board_is_blocked() -> None:
    # every line between hexes of the whole rectangular board stays on it
    s = position({"01-07": "LS"}, {"01-05": "MI"}, ordered=["01-07"])
    line = s.scenario.geometry.line("01-07", "01-05")
    assert not line.leaves_board and fires(s) == ["fire 01-07 at 01-05"]
