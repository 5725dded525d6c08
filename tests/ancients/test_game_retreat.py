"""Retreats through the engine (CCB-RETREAT-*)."""

from __future__ import annotations

import pytest
from ccb import legal, piece, position, roll, top


def attacked(defender: str, at: str = "06-04", frm: str = "06-05", **kw):  # type: ignore[no-untyped-def]
    """The bottom HI in ``frm`` attacks the top ``defender`` in ``at``."""
    units = {frm: kw.pop("attacker", "HI"), **kw.pop("bottom", {})}
    enemies = {at: defender, **kw.pop("top", {})}
    s = position(units, enemies, ordered=[frm], **kw).apply(f"attack {frm} {at}")
    return s.apply("stand") if top(s) == "DefenderChoice" else s


MISS = {"light": "medium", "medium": "light", "heavy": "light"}
"""A face that never hits a unit of the class."""


def misses(code: str, n: int) -> list[str]:
    from wargames.ancients.units import default_units

    return [MISS[default_units()[code].unit_class]] * n


@pytest.mark.rule("CCB-RETREAT-01", "CCB-RETREAT-03", "CCB-RETREAT-02")
def test_retreat_distance_per_flag() -> None:
    for code, per_flag in (("MI", 1), ("LI", 2), ("AX", 1), ("WA", 2), ("MC", 3), ("HC", 2)):
        s = roll(attacked(code), "flag", "flag", *misses(code, 3))
        if top(s) == "Flags":  # a full-strength warrior may ignore one
            s = s.apply("ignore 0")
        assert top(s) == "Retreat" and s.top.left == 2 * per_flag, code


@pytest.mark.rule("CCB-RETREAT-04", "CCB-RETREAT-05", "CCB-RETREAT-17-EX", "CCB-ELEPHANT-10")
def test_cavalry_retreats_one_more_hex_per_flag_from_elephants_and_camels() -> None:
    s = roll(attacked("HC", attacker="EL"), "flag", "light", "light", "light")
    assert top(s) == "Retreat" and s.top.left == 3
    s = roll(attacked("LC", attacker="CAM"), "flag", "heavy", "heavy")
    assert top(s) == "Retreat" and s.top.left == 5
    s = roll(attacked("LC", attacker="HI"), "flag", "heavy", "heavy", "heavy", "heavy")
    assert top(s) == "Retreat" and s.top.left == 4


@pytest.mark.rule("CCB-RETREAT-07", "CCB-RETREAT-08", "CCB-BOARD-10")
def test_the_owner_retreats_hex_by_hex_into_rear_hexes() -> None:
    s = roll(attacked("MI"), "flag", "light", "light", "light", "light")
    assert top(s) == "Retreat" and s.current_player == "top"
    assert legal(s) == ["retreat 06-04 06-03", "retreat 06-04 07-03"]
    s = s.apply("retreat 06-04 07-03")
    assert s.unit_at("07-03") is not None and top(s) == "Advance"


@pytest.mark.rule("CCB-RETREAT-09", "CCB-RETREAT-10", "CCB-RETREAT-11", "CCB-TERRAIN-02")
def test_no_retreat_into_units_lone_enemy_leaders_or_impassable_terrain() -> None:
    s = attacked(
        "LI",
        top={"06-03": "MI"},
        leaders={"06-02": "bottom"},
        terrain={"07-03": "forest", "07-02": "seacoast"},
    )
    s = roll(s, "flag", "medium", "medium", "medium", "medium")
    # 06-03 is held; the forest in 07-03 does not stop it (CCB-RETREAT-10); beyond, a lone
    # enemy leader and the sea: the second hex cannot be made and costs a block
    li = piece(s, "07-03")
    assert s.kind(li).code == "LI" and s.blocks[li] == 3
    assert top(s) == "Advance"


@pytest.mark.rule("CCB-RETREAT-11", "CCB-RETREAT-15", "CCB-RETREAT-20-EX", "CCB-VICTORY-01")
def test_a_supported_light_cavalry_blocked_after_one_hex_is_eliminated() -> None:
    blockers = {"05-02": "MI", "06-02": "MI", "07-02": "MI", "05-04": "MI", "07-04": "MI"}
    s = roll(attacked("LC", top=blockers), "flag", "flag", "heavy", "heavy", "heavy")
    assert legal(s) == ["ignore 0", "ignore 1"]  # support
    s = s.apply("ignore 1")
    assert top(s) == "Retreat" and s.top.left == 4
    s = s.apply("retreat 06-04 06-03")
    assert s.unit_at("06-03") is None and s.banners == (1, 0)  # 3 hexes short: 3 blocks


@pytest.mark.rule("CCB-RETREAT-12", "CCB-GAP-20")
def test_the_owner_must_take_a_path_that_loses_the_fewest_blocks() -> None:
    from wargames.ancients.retreat import retreat_costs

    s = attacked("LI", top={"05-02": "MI", "06-02": "MI", "05-04": "MI", "07-04": "MI"})
    s = roll(s, "flag", "medium", "medium", "medium", "medium")
    assert top(s) == "Flags"
    li = piece(s, "06-04")
    costs = {h: c for h, (c, _) in retreat_costs(s, li, 2).items()}
    assert costs == {"06-03": 1, "07-03": 0}
    s = s.apply("ignore 0")  # the only path without loss is taken: 07-03, 07-02
    assert s.where[li] == "07-02" and s.blocks[li] == 4
    s = attacked("LI", top={"05-02": "MI", "06-02": "MI", "07-02": "MI"})
    s = roll(s, "flag", "medium", "medium", "medium", "medium")
    li = piece(s, "06-04")
    assert {h: c for h, (c, _) in retreat_costs(s, li, 2).items()} == {"06-03": 1, "07-03": 1}
    assert legal(s) == ["retreat 06-04 06-03", "retreat 06-04 07-03"]  # equally cheap: free
    s = s.apply("retreat 06-04 07-03")
    assert s.where[li] == "07-03" and s.blocks[li] == 3


@pytest.mark.rule("CCB-RETREAT-13", "CCB-RETREAT-19-EX", "CCB-FLAGS-03")
def test_a_lone_friendly_leader_on_the_path_stops_the_retreat() -> None:
    s = attacked("MC", top={"05-04": "MI", "07-04": "MI", "07-03": "MI"}, leaders={"06-02": "top"})
    s = roll(s, "flag", "flag", "light", "light", "light")
    s = s.apply("ignore 1")  # support
    mc = piece(s, "06-03")  # 07-03 is held: the first hex is forced
    assert top(s) == "Retreat" and s.top.left == 2
    assert legal(s) == ["retreat 06-03 05-02", "retreat 06-03 06-02"]
    s = s.apply("retreat 06-03 06-02")
    assert s.where[mc] == "06-02" and s.attached(mc) == piece(s, "L06-02")
    assert s.blocks[mc] == 3 and top(s) == "Advance"


@pytest.mark.rule("CCB-RETREAT-14", "CCB-GAP-21")
def test_the_attached_leader_goes_along_and_passes_a_lone_leader() -> None:
    s = attacked("LI", top={"07-03": "MI", "05-02": "MI"}, leaders={"06-04": "top", "06-03": "top"})
    s = roll(s, "flag", "medium", "medium", "medium", "medium")
    if top(s) == "Flags":
        s = s.apply("ignore 0")
    li = piece(s, "06-02")  # through the lone leader in 06-03, which it may not end on
    assert s.attached(li) is not None and s.leader_at("06-03") is not None
    s = attacked("MI", top={"07-03": "MI"}, leaders={"06-04": "top", "06-03": "top"})
    s = roll(s, "flag", "light", "light", "light", "light").apply("ignore 0")
    mi = piece(s, "06-04")  # its last (only) hex would end on the lone leader: blocked
    assert s.blocks[mi] == 3 and s.attached(mi) is not None and s.leader_at("06-03") is not None
    assert top(s) == "LeaderCheck"
