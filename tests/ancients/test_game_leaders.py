"""Leaders through the engine: checks, lone leaders attacked, evasion, escape tests
(CCB-LEADER-*)."""

from __future__ import annotations

from fractions import Fraction

import pytest
from ccb import legal, piece, position, roll, top

from wargames.ancients.leaders import evade_paths


def no_helmet(s) -> float:  # type: ignore[no-untyped-def]
    """The chance the pending roll shows no helmet."""
    return sum(p for a, p in s.chance_outcomes() if "helmet" not in str(a).split())


def lone_leader_attacked(attacker: str = "MI", **kw):  # type: ignore[no-untyped-def]
    """The bottom ``attacker`` in 06-05 attacks a lone top leader in 06-04."""
    units = {"06-05": attacker, **kw.pop("bottom", {})}
    enemies = {"01-01": "MI", **kw.pop("top", {})}
    leaders = {"06-04": "top", **kw.pop("leaders", {})}
    s = position(units, enemies, leaders=leaders, ordered=["06-05"], **kw)
    return s.apply("attack 06-05 06-04")


@pytest.mark.rule("CCB-LEADER-01", "CCB-LEADER-02")
def test_attached_and_lone_leaders() -> None:
    s = position({"06-05": "MI"}, {"06-04": "MI"}, leaders={"06-05": "bottom", "08-05": "bottom"})
    assert s.attached(piece(s, "06-05")) == piece(s, "L06-05")
    assert s.lone(piece(s, "L08-05")) and not s.lone(piece(s, "L06-05"))
    assert s.blocks[piece(s, "L06-05")] == s.blocks[piece(s, "L08-05")] == 1  # a single block
    assert s.attached(piece(s, "06-04")) is None


@pytest.mark.rule("CCB-LEADER-04", "CCB-LEADER-19-EX")
def test_a_unit_surviving_losses_checks_its_leader_with_2_dice() -> None:
    s = position({"06-05": "HI"}, {"06-04": "MI"}, leaders={"06-04": "top"}, ordered=["06-05"])
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light", "light", "light", "light")
    assert top(s) == "LeaderCheck" and s.top.dice == 2
    killed = sum(p for a, p in s.chance_outcomes() if str(a) == "roll helmet helmet")
    assert killed == pytest.approx(1 / 36)
    survived = roll(s, "helmet", "swords")
    assert survived.leader_at("06-04") is not None and survived.banners == (0, 0)
    dead = roll(s, "helmet", "helmet")
    assert dead.leader_at("06-04") is None and dead.banners == (1, 0)


@pytest.mark.rule("CCB-LEADER-06")
def test_flags_that_cost_no_blocks_cause_no_check() -> None:
    s = position({"06-05": "HI"}, {"06-04": "MI"}, leaders={"06-04": "top"}, ordered=["06-05"])
    s = roll(s.apply("attack 06-05 06-04"), "flag", "light", "light", "light", "light")
    assert top(s) == "Flags"  # no check before the flags
    s = s.apply("ignore 0").apply("retreat 06-04 06-03")
    assert top(s) == "Advance"  # nor after the retreat: no block was lost
    assert s.attached(piece(s, "06-03")) == piece(s, "L06-03") and s.banners == (0, 0)


@pytest.mark.rule("CCB-LEADER-07", "CCB-LEADER-20-EX", "CCB-LEADER-08", "CCB-LEADER-18")
def test_an_eliminated_unit_checks_its_leader_with_1_die_and_a_survivor_evades() -> None:
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI"},
        leaders={"06-04": "top"},
        ordered=["06-05"],
        blocks={"06-04": 1},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "light", "light", "light", "light")
    assert s.banners == (1, 0) and top(s) == "LeaderCheck" and s.top.dice == 1
    killed = sum(p for a, p in s.chance_outcomes() if str(a) == "roll helmet")
    assert killed == pytest.approx(1 / 6)
    assert roll(s, "helmet").banners == (2, 0)
    s = roll(s, "swords")
    assert top(s) == "LeaderEvade" and s.current_player == "top"


@pytest.mark.rule("CCB-LEADER-05", "CCB-GAP-16")
def test_one_2_dice_check_per_roll_and_a_1_die_check_if_later_losses_eliminate() -> None:
    blocked = {"06-03": "MI", "07-03": "MI"}
    s = position(
        {"06-05": "HI"}, {"06-04": "MI", **blocked}, leaders={"06-04": "top"}, ordered=["06-05"]
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "flag", "flag", "light", "light")
    s = roll(s, "helmet", "light")  # the check after the hits: he survives
    s = s.apply("ignore 0")  # two hexes it cannot retreat: 2 blocks, no second 2-dice check
    assert s.blocks[piece(s, "06-04")] == 1 and top(s) != "LeaderCheck"
    s = position(
        {"06-05": "HI"}, {"06-04": "MI", **blocked}, leaders={"06-04": "top"}, ordered=["06-05"]
    )
    s = roll(s.apply("attack 06-05 06-04"), "flag", "flag", "light", "light", "light")
    s = s.apply("ignore 0")  # no hits, so the blocked retreat's losses bring the check
    assert top(s) == "LeaderCheck" and s.top.dice == 2
    s = position(
        {"06-05": "HI"},
        {"06-04": "MI", **blocked},
        leaders={"06-04": "top"},
        ordered=["06-05"],
        blocks={"06-04": 3},
    )
    s = roll(s.apply("attack 06-05 06-04"), "medium", "flag", "flag", "light", "light")
    s = roll(s, "helmet", "light").apply("ignore 0")  # the retreat's losses eliminate it
    assert s.banners == (1, 0) and top(s) == "LeaderCheck" and s.top.dice == 1


@pytest.mark.rule("CCB-LEADER-09", "CCB-LEADER-21-EX", "CCB-DICE-07")
def test_a_lone_leader_attacked_dies_on_any_helmet() -> None:
    for attacker, n in (("LI", 2), ("AX", 3), ("MI", 4), ("HI", 5)):
        s = lone_leader_attacked(attacker)
        assert s.top.dice == n
        assert 1 - no_helmet(s) == pytest.approx(1 - (5 / 6) ** n)
    s = roll(lone_leader_attacked("MI"), "helmet", "flag", "light", "light")
    assert s.banners == (1, 0) and s.leader_at("06-04") is None


@pytest.mark.rule("CCB-LEADER-10", "CCB-LEADER-11", "CCB-GAP-23")
def test_a_surviving_lone_leader_evades_1_to_3_hexes_toward_his_baseline() -> None:
    s = roll(lone_leader_attacked("MI"), "flag", "swords", "light", "light")
    assert top(s) == "LeaderEvade" and s.current_player == "top"
    paths = legal(s)
    assert "evade 06-03" in paths and "evade 06-03 06-02 06-01" in paths
    assert all(len(p.split()) <= 4 for p in paths)  # at most 3 hexes
    assert all(p.split()[1][3:] == "03" for p in paths)  # always toward row 1
    s = s.apply("evade 07-03 07-02")
    assert s.where[piece(s, "L07-02")] == "07-02" and top(s) == "DrawCard"  # no advance


@pytest.mark.rule("CCB-LEADER-12", "CCB-LEADER-13", "CCB-MOVE-16")
def test_an_evading_leader_passes_friends_never_ends_on_a_leader() -> None:
    s = position(
        {"06-05": "MI"},
        {"06-03": "MI", "07-03": "MI"},
        leaders={"06-04": "top", "06-03": "top"},
        terrain={"07-02": "seacoast"},
    )
    paths = evade_paths(s, piece(s, "L06-04"))
    assert ("07-03",) in paths and ("06-03",) not in paths
    assert ("06-03", "06-02") in paths and not any("07-02" in p for p in paths)
    s = s.evolve(tasks=s.tasks)
    from wargames.ancients.leaders import LeaderEvade

    s = s.push(LeaderEvade(piece(s, "L06-04"))).settle()
    s = s.apply("evade 07-03")
    assert s.attached(piece(s, "07-03")) is not None


@pytest.mark.rule("CCB-LEADER-14", "CCB-VICTORY-04")
def test_an_evading_leader_may_leave_by_his_baseline_without_a_banner() -> None:
    s = position({"06-03": "MI"}, {"01-01": "MI"}, leaders={"06-02": "top"}, ordered=["06-03"])
    s = roll(s.apply("attack 06-03 06-02"), "flag", "light", "light", "light")
    assert "evade 06-01 off" in legal(s) and "evade 07-01 off" in legal(s)
    s = s.apply("evade 06-01 off")
    assert s.where[piece(s, "01-01") + 1] == "off" and s.banners == (0, 0)


@pytest.mark.rule("CCB-LEADER-15", "CCB-LEADER-17", "CCB-LEADER-18")
def test_a_leader_who_cannot_evade_is_killed() -> None:
    s = roll(
        lone_leader_attacked("MI", terrain={"06-03": "seacoast", "07-03": "seacoast"}),
        "flag",
        "light",
        "light",
        "light",
    )
    assert s.banners == (1, 0) and s.leader_at("06-04") is None
    walls = {
        h: "MI"
        for h in ("06-03", "07-03", "05-02", "06-02", "07-02", "05-01", "06-01", "07-01", "08-01")
    }
    s = position(
        {"06-05": "MI", **walls}, {"01-01": "MI"}, leaders={"06-04": "top"}, ordered=["06-05"]
    )
    s = roll(s.apply("attack 06-05 06-04"), "flag", "light", "light", "light")
    assert s.banners == (1, 0)  # every path would end on an enemy unit


@pytest.mark.rule("CCB-LEADER-16", "CCB-LEADER-22-EX")
def test_escape_tests_for_each_enemy_unit_passed() -> None:
    s = lone_leader_attacked(
        "MI", bottom={"06-03": "LI", "06-02": "HI"}, terrain={"06-02": "forest"}
    )
    s = roll(s, "flag", "light", "light", "light")
    s = s.apply("evade 06-03 06-02 06-01")
    assert top(s) == "RollDice" and s.top.strike.kind == "escape" and s.top.dice == 2
    first = no_helmet(s)
    s = roll(s, "light", "swords")
    assert s.top.dice == 5  # the forest caps nothing: terrain gives the leader no protection
    assert first * no_helmet(s) == pytest.approx(float(Fraction(5, 6) ** 7))
    s = roll(s, "light", "light", "swords", "flag", "medium")
    assert s.where[piece(s, "L06-01")] == "06-01"
    s = lone_leader_attacked("MI", bottom={"06-03": "LI"})
    s = roll(
        roll(s, "flag", "light", "light", "light").apply("evade 06-03 06-02"), "helmet", "light"
    )
    assert s.banners == (1, 0)


@pytest.mark.rule("CCB-LEADER-23-EX", "CCB-ELEPHANT-02")
def test_an_elephant_attacking_a_lone_leader_rolls_1_die() -> None:
    s = lone_leader_attacked("EL")
    assert s.top.dice == 1 and 1 - no_helmet(s) == pytest.approx(1 / 6)


@pytest.mark.rule("CCB-LEADER-03", "CCB-RANGED-14")
def test_a_leader_gives_a_firing_unit_nothing() -> None:
    s = position({"06-06": "LS"}, {"06-04": "MI"}, leaders={"06-06": "bottom"}, ordered=["06-06"])
    s = roll(s.apply("fire 06-06 at 06-04"), "helmet", "helmet")
    assert s.blocks[piece(s, "06-04")] == 4


@pytest.mark.rule("CCB-LEADER-14")
def test_a_leader_arriving_off_the_board_is_a_sound_state() -> None:
    """The soak's seed 72 of mirror-fields (random agents): an evading leader's escape tests
    are rolled with his arrival off the board pending; that state keeps every invariant and
    reads back from its JSON (the invariants took ``off`` for an unknown hex)."""
    import wargames
    from wargames.ancients.actions import OFF as OFF_BOARD
    from wargames.ancients.leaders import Arrive

    g = wargames.game("ancients")
    match = wargames.match(
        "ancients", dict.fromkeys(g.players, "random"), 72, "mirror-fields", **g.bot_options
    )
    found = []
    while not match.over:
        state = match.step()
        if any(isinstance(t, Arrive) and t.hex == OFF_BOARD for t in state.tasks):
            found.append(state)
    assert found
    for state in found:
        assert state.invariant_violations() == []
        assert type(state).from_json(state.to_json()) == state
