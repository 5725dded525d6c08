"""Area control, the Teleportarium and the optional warp instability: reconstructed special
rules (research 3.1, 3.2 rule 4, 3.5.3; data ``specials.toml`` ``control`` and
``warp_instability``, ``teleport.toml`` ``teleportarium``). The catalogue has no rule of its
own for them: they stand in for the missing special rules (WM-GAP-05) and the missing
Teleportation Table (WM-GAP-01), which is what the tests cite."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

import pytest
from wm import position, refused, roll, strs, top

import wargames
from wargames.core.agents import RandomAgent
from wargames.core.codec import FORMAT, SavedStateError
from wargames.core.errors import ScenarioError
from wargames.testing import playout
from wargames.warmaster.battle import BattlePhase
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import PHASES, BeginTurn, Phase, Task, phase_tasks
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import MovementPhase
from wargames.warmaster.specials import START, EndOfBattle
from wargames.warmaster.state import DEAD, POOL, RESERVE, WarmasterState
from wargames.warmaster.teleport import ImperialReinforcements, TraitorReinforcements

State = WarmasterState


def setting(
    units: Mapping[str, str],
    tasks: Iterable[Task],
    *,
    control: Iterable[str] = (),
    reserve: Iterable[tuple[str, ...]] = (),
    warp: bool = False,
    turn: int = 3,
    phase: str = PHASES[0],
    destroyed: Iterable[str] = (),
    screens: int | None = None,
    turn_cap: int | None = None,
) -> State:
    """:func:`wm.position` with area control, reserve bodies, the warp instability option and
    the Defensive Screens set before ``tasks`` run."""
    s = position(units, [], turn=turn, phase=phase, destroyed=destroyed, turn_cap=turn_cap)
    s = s.evolve(
        control=frozenset(control),
        reserve=tuple(reserve),
        warp_instability=warp,
        screens=screens,
    )
    return s.push(*tasks).settle()


# -- area control --------------------------------------------------------------------------------


@pytest.mark.rule("WM-GAP-05")
def test_the_traitor_controls_every_area_at_the_start() -> None:
    s = new_game()
    assert s.control == frozenset()
    assert {s.controller(a) for a in s.data.board.ids} == {TRAITOR}
    assert s.data.specials.control.initial == TRAITOR
    assert s.controller("99") is None


@pytest.mark.rule("WM-GAP-05")
def test_control_is_taken_at_the_end_of_a_battle_phase_not_during_it() -> None:
    s = setting(
        {
            "custodes-1": "65",
            "crew-1": "65",
            "custodes-2": "53",
            "crew-2": "53",
            "custodes-3": "11",
        },
        [BattlePhase(IMPERIAL), EndOfBattle(IMPERIAL)],
        phase=PHASES[2],
    )
    s = s.apply("battle 65")
    s = roll(s, 6)  # 6 against 2 is 3-1, a 6: DE
    assert s.location("crew-1") == DEAD and s.units("65", IMPERIAL) == ("custodes-1",)
    assert top(s) == "BattleRoll" and s.control == frozenset()  # the phase is not over
    s = roll(s, 1)  # 3-1, a 1: NE, 53 stays contested
    assert not s.tasks
    # alone in 65 (after a battle) and in 11 (no battle at all); 53 shared stays Traitor
    assert s.control == {"11", "65"}
    assert [s.controller(a) for a in ("11", "53", "65", "12")] == [
        IMPERIAL,
        TRAITOR,
        IMPERIAL,
        TRAITOR,
    ]


@pytest.mark.rule("WM-GAP-05")
def test_control_persists_until_an_enemy_is_alone_there_after_a_battle_phase() -> None:
    s = setting({"crew-1": "64", "custodes-1": "11"}, [MovementPhase(TRAITOR)], control={"65"})
    s = s.apply("move crew-1 65").apply("end phase")
    assert s.units("65", TRAITOR) == ("crew-1",)
    assert s.control == {"65"}  # moving in takes nothing by itself
    s = s.push(Phase(PHASES[5]), BattlePhase(TRAITOR), EndOfBattle(TRAITOR)).settle()
    assert s.controller("65") == TRAITOR  # alone there at the end of the Traitor's phase
    assert s.controller("11") == IMPERIAL  # the Imperial player's side takes it too
    # an empty area keeps its controller, a shared one too
    empty = setting({"custodes-1": "11"}, [EndOfBattle(TRAITOR)], control={"65", "44"})
    assert empty.control == {"11", "44", "65"}
    shared = setting({"custodes-1": "44", "crew-1": "44"}, [EndOfBattle(TRAITOR)], control={"44"})
    assert shared.control == {"44"}


@pytest.mark.rule("WM-GAP-05", "WM-GAP-08")
def test_face_down_counters_count_as_units_for_control() -> None:
    """As for the Bridge (WM-GAP-08: any unit counts), applied here by analogy."""
    s = setting(
        {"justaerin-1": "65", "custodes-1": "11"},
        [EndOfBattle(IMPERIAL)],
        control={"65"},
    )
    s = s.evolve(face_down=frozenset({"justaerin-1"}))
    s = s.push(EndOfBattle(IMPERIAL)).settle()
    assert s.controller("65") == TRAITOR and s.controller("11") == IMPERIAL


@pytest.mark.rule("WM-GAP-05")
def test_the_defensive_screens_still_need_the_imperials_alone_at_the_end_of_their_phase() -> None:
    # holding the area by control (taken at the end of the Traitor's phase) is not enough
    s = setting(
        {"custodes-1": "44", "crew-1": "44"},
        [EndOfBattle(IMPERIAL)],
        control={"44"},
        phase=PHASES[2],
    )
    assert s.screens is None and s.controller("44") == IMPERIAL
    taken = setting({"custodes-1": "44"}, [EndOfBattle(IMPERIAL)], phase=PHASES[2])
    assert taken.screens == 3 and taken.controller("44") == IMPERIAL
    by_traitor = setting({"custodes-1": "44"}, [EndOfBattle(TRAITOR)], phase=PHASES[5])
    assert by_traitor.screens is None and by_traitor.controller("44") == IMPERIAL


@pytest.mark.rule("WM-GAP-05", "WM-MOVE-03")
def test_nobody_controls_a_destroyed_area() -> None:
    s = setting({"custodes-1": "61", "emperor": "11"}, [EndOfBattle(IMPERIAL)], control={"61"})
    s = s.apply("detonate 61")
    s = roll(s, 1)  # the custodes die in the collapse
    s = roll(s, 1, 1, 1)  # the neighbours 34, 64 and 65 stand
    assert s.destroyed == {"61"} and s.controller("61") is None
    assert s.control == {"11"} and not s.invariant_violations()


# -- the Teleportarium ---------------------------------------------------------------------------

GUARDS = {f"imperial-guard-{n}": POOL for n in (1, 2, 3)}


@pytest.mark.rule("WM-GAP-01", "WM-TELEPORT-02", "WM-TELEPORT-03", "WM-REINF-04")
def test_holding_the_teleportarium_rolls_twice_and_the_imperial_player_picks() -> None:
    s = setting(GUARDS, [ImperialReinforcements()], control={"65"}, turn=2)
    assert top(s) == "Teleport" and s.top.rolls == 2
    s = roll(s, 5, 3)
    assert top(s) == "Teleport" and s.top.results == (53,)  # the second D66, two dice more
    s = roll(s, 4, 4)
    assert s.current_player == IMPERIAL and strs(s.legal_actions()) == ["pick 53", "pick 44"]
    assert s.location("imperial-guard-1") == POOL
    refused(s, "pick 12", "WM-GAP-01")
    refused(s, "arrive 65", "WM-SEQ-02")
    refused(s, "roll 3", "WM-SEQ-02")
    s = s.apply("pick 44")
    assert s.location("imperial-guard-1") == "44"
    assert s.top.units == ("imperial-guard-2",) and s.top.rolls == 2
    s = roll(s, 2, 1, 2, 1)  # the same result twice: one choice
    assert strs(s.legal_actions()) == ["pick 21"]
    s = s.apply("pick 21")
    assert s.location("imperial-guard-2") == "21"
    plain = setting(GUARDS, [ImperialReinforcements()], turn=2)  # the Traitor holds it
    assert plain.top.rolls == 1
    plain = roll(plain, 2, 1)
    assert plain.location("imperial-guard-1") == "21"


@pytest.mark.rule("WM-GAP-01", "WM-MOVE-03")
def test_a_roll_that_would_be_rolled_again_is_rolled_again_before_the_choice() -> None:
    s = setting(GUARDS, [ImperialReinforcements()], control={"65"}, turn=2, destroyed={"53"})
    s = roll(s, 5, 3)  # a destroyed area: this roll is made again
    assert top(s) == "Teleport" and s.top.results == ()
    s = roll(s, 4, 4, 1, 1)
    assert strs(s.legal_actions()) == ["pick 44", "pick 11"]
    # a scattered unit's further x6 (not 16) is rolled again before the choice too
    s = setting(GUARDS, [ImperialReinforcements()], control={"65"}, turn=2)
    s = roll(s, 2, 6, 3, 1).apply("pick 26")  # Scattered: the unit rolls again (twice)
    assert top(s) == "Teleport" and s.top.scatter and s.top.rolls == 2
    s = roll(s, 3, 6, 1, 6, 4, 1)  # 36 rolled again; 16 stands for a scattered unit
    assert strs(s.legal_actions()) == ["pick 16", "pick 41"]


@pytest.mark.rule("WM-GAP-01")
def test_a_mishap_may_be_picked_too() -> None:
    s = setting(GUARDS, [ImperialReinforcements()], control={"65"}, turn=2)
    s = roll(s, 6, 6, 2, 3).apply("pick 66")  # Locked On: the owner picks the area
    assert top(s) == "ArriveChoice" and s.current_player == IMPERIAL
    s = s.apply("arrive 62")
    assert s.location("imperial-guard-1") == "62"


@pytest.mark.rule("WM-GAP-01", "WM-REINF-03")
def test_units_from_reserve_may_arrive_straight_in_the_teleportarium() -> None:
    body = ("emperor", "custodes-1")
    s = setting(
        {"emperor": RESERVE, "custodes-1": RESERVE, "horus": "23"},
        [ImperialReinforcements()],
        control={"65"},
        reserve=[body],
    )
    assert top(s) == "FromReserve" and s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == ["teleport", "arrive 65"]
    refused(s, "arrive 64", "WM-GAP-01")
    refused(s, "pick 65", "WM-SEQ-02")
    direct = s.apply("arrive 65")
    assert direct.units("65", IMPERIAL) == body and direct.reserve == ()
    rolled = s.apply("teleport")
    assert top(rolled) == "Teleport" and rolled.top.units == body and rolled.top.rolls == 2
    rolled = roll(rolled, 1, 1, 2, 2).apply("pick 22")
    assert rolled.units("22", IMPERIAL) == body
    # without the Teleportarium: the body just teleports, once
    plain = setting(
        {"emperor": RESERVE, "custodes-1": RESERVE},
        [ImperialReinforcements()],
        reserve=[body],
    )
    assert top(plain) == "Teleport" and plain.top.rolls == 1


@pytest.mark.rule("WM-GAP-01", "WM-GAP-05", "WM-MOVE-03")
def test_the_advantage_is_settled_as_the_phase_starts() -> None:
    """The lasers fire first and may destroy the Teleportarium: the teleports of the phase
    still roll twice, but nothing can arrive in a destroyed area."""
    hull = {"11", "14", "31", "41"}
    s = setting(
        {"emperor": RESERVE, "horus": "23"},
        [ImperialReinforcements()],
        control={"65"},
        reserve=[("emperor",)],
        turn=4,
        screens=2,
        destroyed=hull,
    )
    assert top(s) == "LaserShot"
    s = roll(s, 6, 5, 1, 1)  # the first shot destroys 65, the second hits 11 again: a miss
    assert "65" in s.destroyed and s.controller("65") is None and "65" not in s.control
    assert top(s) == "Teleport" and s.top.rolls == 2


@pytest.mark.rule("WM-GAP-01", "WM-REINF-08")
def test_the_traitor_never_has_the_teleportariums_advantage() -> None:
    assert new_game().data.teleport.teleportarium.sides == {IMPERIAL}
    s = setting({"horus": "65"}, [TraitorReinforcements()], phase=PHASES[3])
    assert s.controller("65") == TRAITOR
    s = roll(s, 1, "draw crew")
    assert top(s) == "Teleport" and s.top.rolls == 1
    s = roll(s, 2, 2)
    assert s.units("22", TRAITOR)


# -- warp instability ----------------------------------------------------------------------------


def turn_begins(units: Mapping[str, str], turn: int, **kw: object) -> State:
    """The start of turn ``turn + 1`` with the warp instability on (unless ``warp=False``)."""
    kw.setdefault("warp", True)
    return setting(units, [BeginTurn()], turn=turn, phase=PHASES[5], **kw)  # type: ignore[arg-type]


@pytest.mark.rule("WM-GAP-05", "WM-GAP-20")
def test_warp_instability_is_off_by_default_and_an_option() -> None:
    assert not new_game().warp_instability and not new_game().setup.warp_instability
    on = wargames.load("warmaster", warp_instability=True)
    assert isinstance(on, WarmasterState) and on.warp_instability
    assert not new_game(options={"warp_instability": False}).warp_instability
    with pytest.raises(ScenarioError) as caught:
        wargames.load("warmaster", warp_instability="yes")
    error = caught.value
    assert (error.file, error.key) == ("(options)", "warp_instability")
    assert "true or false" in error.problem
    off = turn_begins({"emperor": "11"}, 9, warp=False)
    assert off.turn == 10 and top(off) == "MovementPhase"


@pytest.mark.rule("WM-GAP-05")
def test_warp_instability_threshold_grows_with_the_turn() -> None:
    rule = new_game().data.specials.warp_instability
    assert [rule.threshold(t) for t in range(1, 11)] == [0, 0, 0, 0, 1, 2, 3, 4, 5, 6]
    early = turn_begins({"emperor": "11"}, 3)
    assert early.turn == 4 and top(early) == "MovementPhase"  # no roll before turn 5
    s = turn_begins({"emperor": "11"}, 4)
    assert s.turn == 5 and top(s) == "WarpRoll" and s.phase == START
    assert top(roll(s, 2)) == "MovementPhase"  # turn 5: only a 1
    assert top(roll(s, 1)) == "WarpArea"
    s = turn_begins({"emperor": "11"}, 6)
    assert top(roll(s, 3)) == "WarpArea" and top(roll(s, 4)) == "MovementPhase"  # turn 7


@pytest.mark.rule("WM-GAP-05", "WM-MOVE-03")
def test_warp_instability_destroys_a_d66_area_as_any_destroyed_area() -> None:
    s = turn_begins({"emperor": "11", "custodes-1": "53", "crew-1": "53"}, 4, control={"53", "11"})
    s = roll(s, 1, 5, 3)  # the warp strikes area 53
    assert top(s) == "LossRoll" and s.top.unit == "custodes-1"
    s = roll(s, 4, 1)  # the custodes survive, the crew die
    assert s.location("crew-1") == DEAD
    assert s.current_player == TRAITOR  # the opponent moves the survivor
    assert strs(s.legal_actions()) == [f"displace custodes-1 {a}" for a in ("44", "51", "55")]
    refused(s, "displace custodes-1 64", "WM-SEQ-02")
    s = s.apply("displace custodes-1 44")
    assert s.destroyed == {"53"} and s.location("custodes-1") == "44"
    assert s.control == {"11"} and s.controller("53") is None
    assert s.phase == PHASES[1] and top(s) == "MovementPhase"
    assert not s.invariant_violations()


@pytest.mark.rule("WM-GAP-05")
def test_warp_instability_rerolls_a_units_six_and_spares_a_destroyed_area() -> None:
    s = roll(turn_begins({"emperor": "11"}, 4), 1, 4, 6)  # 46: both dice again
    assert top(s) == "WarpArea" and s.top.tens is None
    s = roll(s, 4, 4)
    assert s.destroyed == {"44"}
    spared = roll(turn_begins({"emperor": "11"}, 4, destroyed={"53"}), 1, 5, 3)
    assert spared.destroyed == {"53"} and top(spared) == "MovementPhase"


@pytest.mark.rule("WM-GAP-05")
def test_a_warp_struck_bridge_with_a_reactor_gone_breaks_the_ship_up() -> None:
    s = turn_begins({"emperor": "11", "horus": "23"}, 4, destroyed={"61"})
    s = roll(s, 1, 2, 1)
    assert "21" in s.destroyed and top(s) == "Escape"
    s = roll(s, 4)
    assert s.outcome is not None and s.outcome.winner == IMPERIAL


# -- saving and seeing -----------------------------------------------------------------------------


def picking() -> State:
    """A turn-2 Imperial Reinforcements phase, the Imperial player holding 44 and 65, about to
    keep one of two results; the warp instability on."""
    s = setting(GUARDS, [ImperialReinforcements()], control={"44", "65"}, turn=2, warp=True)
    return roll(s, 5, 3, 4, 4)


@pytest.mark.rule("WM-GAP-05", "WM-GAP-01")
def _in_a_turn(s: State) -> State:
    """A test position as a whole position of play: the rest of the turn after its phase,
    then the next turn, pending below its steps (what a saved state read back must keep,
    WM-SEQ-01, -02)."""
    order = phase_tasks()
    later = PHASES.index(s.phase) + 1
    rest = order[order.index(Phase(PHASES[later])) :] if later < len(PHASES) else ()
    return s.evolve(tasks=(BeginTurn(), *reversed(rest), *s.tasks))


def test_control_and_the_teleportarium_round_trip_through_json() -> None:
    s = _in_a_turn(picking())
    data = s.to_json()
    assert data["format"] == FORMAT == 3
    assert data["control"] == ["44", "65"] and data["warp_instability"] is True
    back = State.from_json(data)
    assert back == s and back.to_json() == data
    assert back.apply("pick 53").to_json() == s.apply("pick 53").to_json()
    reserve = setting(
        {"emperor": RESERVE}, [ImperialReinforcements()], control={"65"}, reserve=[("emperor",)]
    )
    assert State.from_json(_in_a_turn(reserve).to_json()) == _in_a_turn(reserve)
    with pytest.raises(SavedStateError, match="no turn is pending below its steps"):
        State.from_json(reserve.to_json())
    # a save of the game's own former formats (1 and 2) is refused, naming the formats
    for old in (1, 2, 4):
        with pytest.raises(SavedStateError, match=f"format {old}: this version reads format 3"):
            State.from_json(dict(data, format=old))


@pytest.mark.rule("WM-GAP-05")
def test_control_is_public() -> None:
    s = picking()
    for side in (IMPERIAL, TRAITOR):
        view = s.view(side)
        assert view.control == {"44", "65"} and view.to_json()["control"] == ["44", "65"]
        assert view.controller("65") == IMPERIAL
    assert "Imperial control: 44 65" in str(s)
    assert "Imperial control: none" in str(new_game())


@pytest.mark.rule("WM-GAP-01", "WM-GAP-05", "WM-SEQ-02")
@pytest.mark.parametrize("seed", range(3))
def test_random_play_with_the_teleportarium_and_the_warp_conforms(seed: int) -> None:
    """The conformance checks (clone, JSON, illegal actions, invariants, views) on random play
    from a position where the Imperial player holds the Teleportarium, with units in reserve
    and the warp instability on."""
    s = setting(
        {
            "emperor": RESERVE,
            "custodes-1": RESERVE,
            "custodes-2": "65",
            "sanguinius": RESERVE,
            "horus": "23",
            "crew-1": "53",
            "justaerin-1": "44",
        },
        [ImperialReinforcements(), *_rest_of_turn()],
        control={"65"},
        reserve=[("emperor", "custodes-1"), ("sanguinius",)],
        turn=5,
        warp=True,
        turn_cap=9,
    )
    agents = {IMPERIAL: RandomAgent(seed), TRAITOR: RandomAgent(seed + 100)}
    final, _ = playout(s, agents, seed, 5_000, check_every=5, light=True)
    assert final.outcome is not None


def _rest_of_turn() -> list[Task]:
    """Everything of a turn after the Imperial Reinforcements phase, then the next turn."""
    return [*phase_tasks()[1:], BeginTurn()]
