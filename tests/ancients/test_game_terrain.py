"""Terrain in play: movement, battling on entry, dice caps, ignores, line of sight, walls and
marshes, through the engine (CCB-TERRAIN-*)."""

from __future__ import annotations

import pytest
from ccb import blocks_at, legal, piece, position, refused, roll, top

from wargames.ancients.movement import leader_reach, unit_reach


def reach(s, hex_id: str) -> dict[str, int]:  # type: ignore[no-untyped-def]
    p = piece(s, hex_id)
    return leader_reach(s, p) if s.is_leader(p) else unit_reach(s, p)


def attack_dice(attacker: str, defender: str, terrain: dict[str, str], **kw) -> int:  # type: ignore[no-untyped-def]
    """Dice of the bottom ``attacker`` in 06-05 at the top ``defender`` in 06-04."""
    s = position({"06-05": attacker}, {"06-04": defender}, ordered=["06-05"], terrain=terrain, **kw)
    s = s.apply("attack 06-05 06-04")
    s = s.apply("stand") if top(s) == "DefenderChoice" else s
    return int(s.top.dice)


def moving(units: dict[str, str], terrain: dict[str, str], **kw):  # type: ignore[no-untyped-def]
    ordered = kw.pop("ordered", list(units))
    return position(units, {"01-01": "MI"}, ordered=ordered, step="moves", terrain=terrain, **kw)


@pytest.mark.rule(
    "CCB-TERRAIN-02", "CCB-TERRAIN-19", "CCB-TERRAIN-20", "CCB-TERRAIN-43", "CCB-MOVE-19"
)
def test_impassable_terrain_is_never_entered() -> None:
    for t in ("seacoast", "river", "fortified-wall"):
        s = moving({"06-07": "LC"}, {"06-06": t, "05-06": t})
        assert "06-06" not in reach(s, "06-07") and "05-05" in reach(s, "06-07"), t


@pytest.mark.rule(
    "CCB-TERRAIN-19", "CCB-TERRAIN-24", "CCB-GAP-25", "CCB-TERRAIN-25", "CCB-TERRAIN-50"
)
def test_water_ramparts_and_marsh_do_not_block_sight() -> None:
    for t in ("seacoast", "river", "fordable-river", "marsh"):
        s = position({"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain={"05-07": t})
        assert legal(s)[0] == "fire 06-07 at 04-07", t
    s = position(
        {"06-07": "LS"},
        {"04-07": "MI"},
        ordered=["06-07"],
        hexsides=[("05-07", "06-07", "rampart")],
    )
    assert legal(s)[0] == "fire 06-07 at 04-07"


@pytest.mark.rule("CCB-TERRAIN-03", "CCB-TERRAIN-04")
def test_broken_ground_stops_mounted_units_and_leaders_who_may_not_battle() -> None:
    s = moving(
        {"06-08": "LC", "08-08": "LI"},
        {"06-07": "broken", "08-07": "broken"},
        leaders={"10-08": "bottom"},
        ordered=["06-08", "08-08", "L10-08"],
    )
    assert reach(s, "06-08")["06-07"] == 1 and "06-06" in reach(s, "06-08")  # around it
    assert reach(s, "08-08")["07-06"] == 2  # foot units cross it freely
    ring = dict.fromkeys(("09-08", "11-08", "10-07", "11-07", "10-09", "11-09"), "broken")
    s = moving({"01-09": "MI"}, ring, leaders={"10-08": "bottom"}, ordered=["L10-08"])
    assert set(reach(s, "L10-08")) == set(ring)  # a lone leader stops on it too
    s = position(
        {"06-08": "LC", "08-08": "LI"},
        {"06-06": "MI", "08-06": "MI"},
        ordered=["06-08", "08-08"],
        step="moves",
        terrain={"06-07": "broken", "08-07": "broken"},
    )
    s = s.apply("move 06-08 06-07").apply("move 08-08 08-07")
    assert legal(s) == ["attack 08-07 08-06", "end battles"]  # the LC may not battle
    s = position(
        {"06-09": "HWM"},
        {"01-01": "MI"},
        ordered=["06-09"],
        step="moves",
        terrain={"06-08": "broken"},
    )
    assert "06-08" not in reach(s, "06-09")


@pytest.mark.rule("CCB-TERRAIN-05", "CCB-TERRAIN-10", "CCB-TERRAIN-22", "CCB-TERRAIN-48")
def test_close_combat_into_or_out_of_rough_terrain_is_capped_at_2() -> None:
    for t in ("broken", "forest", "fordable-river", "marsh"):
        assert attack_dice("HI", "MI", {"06-04": t}) == 2, t
        assert attack_dice("HI", "MI", {"06-05": t}) == 2, t
    assert attack_dice("HI", "MI", {}) == 5


@pytest.mark.rule("CCB-TERRAIN-08", "CCB-TERRAIN-09")
def test_forests_stop_everyone_and_only_light_foot_and_warriors_battle_after() -> None:
    around = ("05-08", "07-08", "06-07", "07-07", "06-09", "07-09")  # the hexes next to 06-08
    s = moving({"06-08": "LC"}, dict.fromkeys(around, "forest"))
    assert set(reach(s, "06-08")) == set(around)  # each one stops it
    s = position(
        {"01-01": "MI"},
        {"09-01": "MI"},
        leaders={"06-08": "bottom"},
        ordered=["L06-08"],
        step="moves",
        terrain=dict.fromkeys(around, "forest"),
    )
    assert set(reach(s, "L06-08")) == set(around)  # leaders too
    s = position(
        {"06-08": "MI", "08-08": "LI"},
        {"06-06": "MI", "08-06": "MI"},
        ordered=["06-08", "08-08"],
        step="moves",
        terrain={"06-07": "forest", "08-07": "forest"},
    )
    s = s.apply("move 06-08 06-07").apply("move 08-08 08-07")
    assert legal(s) == ["attack 08-07 08-06", "end battles"]


@pytest.mark.rule("CCB-TERRAIN-14", "CCB-TERRAIN-15", "CCB-TERRAIN-16")
def test_hills_cap_close_combat_uphill_and_from_the_hill() -> None:
    s = moving({"06-08": "MI"}, {"06-07": "hill"})
    assert "06-07" in reach(s, "06-08")  # no effect on movement
    assert attack_dice("HI", "MI", {"06-04": "hill"}) == 2  # uphill
    assert attack_dice("HI", "MI", {"06-05": "hill"}) == 3  # foot downhill
    assert attack_dice("HC", "MI", {"06-05": "hill"}) == 2  # mounted downhill
    assert attack_dice("HI", "MI", {"06-05": "hill", "06-04": "hill"}) == 3  # hill to hill
    assert attack_dice("LI", "MI", {"06-05": "hill"}) == 2  # below the cap


@pytest.mark.rule("CCB-TERRAIN-17", "CCB-TERRAIN-18")
def test_a_hill_hides_what_is_behind_it_except_to_units_on_the_same_hill() -> None:
    hill = {"05-07": "hill", "04-07": "hill"}
    s = position({"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain=hill)
    assert legal(s)[0] != "fire 06-07 at 04-07"  # across a hill hex onto another
    s = position(
        {"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain={**hill, "06-07": "hill"}
    )
    assert legal(s)[0] == "fire 06-07 at 04-07"  # all three on one hill


@pytest.mark.rule("CCB-TERRAIN-21", "CCB-TERRAIN-22", "CCB-TERRAIN-23")
def test_fordable_rivers_stop_allow_battle_cap_fire_and_allow_an_advance_out() -> None:
    s = moving({"06-08": "HC"}, {"06-07": "fordable-river", "07-07": "fordable-river"})
    assert reach(s, "06-08")["06-07"] == 1 and "06-06" not in reach(s, "06-08")
    s = position(
        {"06-08": "MI"},
        {"06-06": "MI"},
        ordered=["06-08"],
        step="moves",
        terrain={"06-07": "fordable-river"},
    )
    s = s.apply("move 06-08 06-07")
    assert legal(s) == ["attack 06-07 06-06", "end battles"]
    s = position(
        {"06-06": "LS"}, {"06-04": "MI"}, ordered=["06-06"], terrain={"06-06": "fordable-river"}
    )
    assert s.apply("fire 06-06 at 06-04").top.dice == 1
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI"},
        ordered=["06-05"],
        blocks={"06-04": 1},
        terrain={"06-05": "fordable-river"},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light")
    assert top(s) == "Advance"


@pytest.mark.rule("CCB-TERRAIN-26", "CCB-TERRAIN-27", "CCB-TERRAIN-25")
def test_a_rampart_protects_foot_units_attacked_across_it() -> None:
    wall = [("06-04", "06-05", "rampart")]
    s = position({"06-05": "HI"}, {"06-04": "MI"}, ordered=["06-05"], hexsides=wall)
    s = roll(s.apply("attack 06-05 06-04"), "swords", "swords", "flag", "light", "light")
    assert blocks_at(s, "06-04") == 3 and legal(s) == ["ignore 0", "ignore 1"]
    s = position({"06-05": "HI"}, {"06-04": "HC"}, ordered=["06-05"], hexsides=wall)
    s = roll(
        s.apply("attack 06-05 06-04").apply("stand"), "swords", "swords", "flag", "light", "light"
    )
    assert blocks_at(s, "06-04") == 1 and top(s) == "Retreat"  # mounted: nothing
    s = position({"06-06": "LS"}, {"06-04": "MI"}, ordered=["06-06"], hexsides=wall)
    s = roll(s.apply("fire 06-06 at 06-04"), "flag", "light")
    assert legal(s) == ["ignore 0", "ignore 1"]  # fire across it
    s = position({"06-05": "MI"}, {"01-01": "MI"}, ordered=["06-05"], step="moves", hexsides=wall)
    assert "06-04" in reach(s, "06-05")


@pytest.mark.rule("CCB-TERRAIN-28", "CCB-TERRAIN-29", "CCB-TERRAIN-30", "CCB-GAP-26", "CCB-GAP-29")
def test_a_fortified_camp_protects_foot_units_and_takes_a_die() -> None:
    camp = {"06-04": "fortified-camp"}
    s = position({"06-05": "HI"}, {"06-04": "MI"}, ordered=["06-05"], terrain=camp)
    s = roll(s.apply("attack 06-05 06-04"), "swords", "swords", "flag", "light", "light")
    assert blocks_at(s, "06-04") == 3 and legal(s) == ["ignore 0", "ignore 1"]
    s = s.apply("ignore 1").apply("battle-back")
    assert s.top.dice == 3  # 4 less 1 in the camp
    assert attack_dice("HI", "MI", {"06-05": "fortified-camp"}) == 4
    s = position(
        {"06-05": "LS"}, {"06-03": "MI"}, ordered=["06-05"], terrain={"06-05": "fortified-camp"}
    )
    assert s.apply("fire 06-05 at 06-03").top.dice == 1
    s = moving({"06-08": "MC"}, {"06-07": "fortified-camp"})
    assert "05-06" in reach(s, "06-08")  # no movement effect (CCB-GAP-26)
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI"},
        ordered=["06-05"],
        terrain=camp,
        hexsides=[("06-04", "06-05", "rampart")],
    )
    s = roll(s.apply("attack 06-05 06-04"), "swords", "swords", "swords", "light", "light")
    assert blocks_at(s, "06-04") == 3  # camp and rampart add up (CCB-GAP-29)


@pytest.mark.rule(
    "CCB-TERRAIN-31", "CCB-TERRAIN-32", "CCB-TERRAIN-33", "CCB-TERRAIN-34", "CCB-TERRAIN-35"
)
def test_bridges() -> None:
    s = position(
        {"06-08": "MI"},
        {"06-06": "MI"},
        ordered=["06-08"],
        step="moves",
        terrain={"06-07": "bridge"},
    )
    s = s.apply("move 06-08 06-07")
    assert legal(s) == ["attack 06-07 06-06", "end battles"]
    assert attack_dice("HI", "MI", {"06-05": "bridge"}) == 2
    assert attack_dice("HI", "MI", {"06-04": "bridge"}) == 2
    s = position({"06-06": "LS"}, {"06-04": "MI"}, ordered=["06-06"], terrain={"06-06": "bridge"})
    assert s.apply("fire 06-06 at 06-04").top.dice == 1
    s = position({"06-06": "LS"}, {"06-04": "MI"}, ordered=["06-06"], terrain={"06-04": "bridge"})
    s = roll(s.apply("fire 06-06 at 06-04"), "flag", "light")
    assert legal(s) == ["ignore 0", "ignore 1"]  # fire at it is not capped; the flag ignored
    s = position({"06-07": "LS"}, {"04-07": "MI"}, ordered=["06-07"], terrain={"05-07": "bridge"})
    assert legal(s)[0] == "fire 06-07 at 04-07"


@pytest.mark.rule(
    "CCB-TERRAIN-36", "CCB-TERRAIN-37", "CCB-TERRAIN-38", "CCB-TERRAIN-39", "CCB-TERRAIN-42"
)
def test_scalable_walls_movement_caps_and_sight() -> None:
    wall = {"06-06": "scalable-wall"}
    s = moving({"06-07": "MI", "06-09": "LI", "07-07": "LC"}, wall)
    assert "06-06" in reach(s, "06-07") and "06-06" not in reach(s, "06-09")
    assert reach(s, "06-07")["06-06"] == 1  # it must stop there (MI moves 1 anyway)
    assert "06-06" not in reach(s, "07-07")  # mounted, though it starts next to the wall
    refused(s, "move 07-07 06-06", "CCB-MOVE-19")
    s = moving({"06-08": "LI"}, {"06-07": "scalable-wall"})
    assert reach(s, "06-08")["06-07"] == 1 and "05-06" not in reach(s, "06-08")  # stops on it
    s = moving({"06-06": "LI"}, wall)
    assert max(reach(s, "06-06").values()) == 1  # leaving it: 1 hex
    assert attack_dice("HI", "MI", {"06-05": "scalable-wall"}) == 2
    s = position(
        {"06-07": "LS"},
        {"06-05": "MI"},
        ordered=["06-07"],
        terrain={"06-06": "scalable-wall", "05-06": "scalable-wall"},
    )
    assert top(s) == "DrawCard"  # no line of sight: nothing to battle


@pytest.mark.rule("CCB-TERRAIN-40", "CCB-TERRAIN-41", "CCB-CARDS-32")
def test_a_defender_on_a_scalable_wall_ignores_a_sword_and_strikes_first() -> None:
    s = position(
        {"06-05": "HI"}, {"06-04": "MI"}, ordered=["06-05"], terrain={"06-04": "scalable-wall"}
    )
    s = s.apply("attack 06-05 06-04")
    assert s.top.strike.kind == "first-strike" and s.top.dice == 2
    s = roll(s, "flag", "light")  # the HI retreats: the attack is not made
    s = s.apply("retreat 06-05 05-06") if top(s) == "Retreat" else s
    assert blocks_at(s, "06-04") == 4 and top(s) == "DrawCard"
    s = position(
        {"06-05": "HI"}, {"06-04": "MI"}, ordered=["06-05"], terrain={"06-04": "scalable-wall"}
    )
    s = roll(s.apply("attack 06-05 06-04"), "light", "light")
    assert s.top.strike.kind == "close" and s.top.dice == 2
    s = roll(s, "swords", "flag")
    assert blocks_at(s, "06-04") == 4 and legal(s) == ["ignore 0", "ignore 1"]
    s = s.apply("ignore 1")
    assert top(s) == "DrawCard"  # the first striker does not battle back


@pytest.mark.rule("CCB-TERRAIN-44", "CCB-TERRAIN-45", "CCB-TERRAIN-46", "CCB-LEADER-05")
def test_marshes_stop_roll_for_the_piece_and_let_it_leave_one_hex() -> None:
    s = position(
        {"06-08": "HC"},
        {"01-01": "MI"},
        leaders={"06-08": "bottom"},
        ordered=["06-08"],
        step="moves",
        terrain={"06-07": "marsh", "07-07": "marsh"},
    )
    assert reach(s, "06-08")["06-07"] == 1 and "06-06" not in reach(s, "06-08")
    s = s.apply("move 06-08 06-07")
    assert top(s) == "MarshRoll" and s.top.dice == 1
    s2 = roll(s, "heavy")
    assert blocks_at(s2, "06-07") == 2 and top(s2) == "LeaderCheck"
    assert blocks_at(roll(s, "helmet"), "06-07") == 3
    s = position(
        {"06-08": "MI"},
        {"01-01": "MI"},
        leaders={"08-08": "bottom"},
        ordered=["L08-08"],
        step="moves",
        terrain={"08-07": "marsh"},
    )
    s = roll(s.apply("move leader 08-08 08-07"), "helmet")
    assert s.banners == (0, 1)  # a helmet kills a lone leader
    s = moving({"06-07": "LC"}, {"06-07": "marsh"})
    assert max(reach(s, "06-07").values()) == 1
    s = moving({"06-09": "HWM"}, {"06-08": "marsh"})
    assert "06-08" not in reach(s, "06-09")


@pytest.mark.rule("CCB-TERRAIN-47", "CCB-GAP-22")
def test_a_retreat_or_evade_through_marsh_rolls_for_each_marsh_hex() -> None:
    s = position(
        {"06-05": "HI"},
        {"06-04": "LI"},
        ordered=["06-05"],
        terrain={"06-03": "marsh", "07-03": "marsh"},
    )
    s = roll(
        s.apply("attack 06-05 06-04").apply("evade"), "heavy", "heavy", "heavy", "heavy", "heavy"
    )
    s = s.apply("evade 06-03")
    assert top(s) == "MarshRoll"
    s = roll(s, "light")
    assert blocks_at(s, "06-03") == 3 and top(s) == "EvadeMove"  # and it goes on


@pytest.mark.rule("CCB-GAP-22", "CCB-EVADE-11", "CCB-TERRAIN-02")
def test_a_forest_does_not_stop_an_evade_impassable_terrain_bars_it() -> None:
    s = position(
        {"06-05": "HI"},
        {"06-04": "LI"},
        ordered=["06-05"],
        terrain={"06-03": "forest", "07-03": "seacoast"},
    )
    s = roll(
        s.apply("attack 06-05 06-04").apply("evade"), "heavy", "heavy", "heavy", "heavy", "heavy"
    )
    assert s.unit_at("06-03") is not None  # the sea bars 07-03: the forest is its first hex
    assert top(s) == "EvadeMove" and legal(s) == ["evade 05-02", "evade 06-02"]  # not stopped
    s = s.apply("evade 06-02")
    assert s.unit_at("06-02") is not None and blocks_at(s, "06-02") == 4


@pytest.mark.rule("CCB-TERRAIN-49")
def test_advancing_out_of_a_marsh_needs_no_move_this_turn_and_gives_no_extra_hex() -> None:
    marsh = {"06-05": "marsh"}
    s = position(
        {"06-05": "HC"},
        {"06-04": "MI", "07-03": "MI"},
        ordered=["06-05"],
        terrain=marsh,
        blocks={"06-04": 1},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light")
    assert top(s) == "Advance"
    s = s.apply("advance")
    assert top(s) == "BonusChoice"  # no extra hex out of a marsh
    s = position(
        {"06-05": "HC"},
        {"06-04": "MI"},
        ordered=["06-05"],
        terrain=marsh,
        blocks={"06-04": 1},
        moved={"06-05": 1},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light")
    assert top(s) == "DrawCard"  # it moved this turn: no advance out of the marsh
