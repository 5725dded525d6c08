"""Battle for Armageddon: the sequence of play, the strategy segment, the First Turn Surprise,
action segments and action phases, driven through ``new_game()``, ``position()`` and ``Match``.

The strategy card faces are missing; the six ordered phase pairs per side are inferred
(research notes 5.3), ids like ``orks-mc`` = movement, then combat.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import permutations

import pytest
from bfa import GHAZ, State, plan, refused, run_until, started, step, top, victory

from wargames.armageddon import actions as act
from wargames.armageddon.build import build_allowance
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.game import new_game
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD, ArmageddonState, other
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match


def planning(side: str) -> Callable[[State], bool]:
    return lambda s: s.current_player == side and top(s) == "PlanCards"


def segment_start(n: int) -> Callable[[State], bool]:
    return lambda s: s.segment == n and s.current_player not in (None, CHANCE)


def plan_turn_two(m: Match) -> State:
    """Pass through turn 1 and plan turn 2: the initiative of turn 2 is to be rolled."""
    plan(m, "orks-mc orks-cb", "imperium-mc imperium-cm")
    run_until(m, planning(ORKS))
    return plan(m, "orks-mb orks-cm", "imperium-bc imperium-mc")


def to_turn_two(m: Match, ork_roll: int, imperial_roll: int) -> State:
    """Pass through turn 1 and plan turn 2; the initiative dice come up as given."""
    plan_turn_two(m)
    m.force_dice(ork_roll, imperial_roll)
    return run_until(m, segment_start(1))


def resolve(m: Match) -> State:
    """Take the first choice offered until the combat phase is back on top."""
    while top(m.state) != "CombatPhase":  # type: ignore[arg-type]
        if m.state.is_chance:
            m.roll()
        else:
            m.apply(m.state.legal_actions()[0])
    return m.state  # type: ignore[return-value]


# ------------------------------------------------------------------------------------ SEQ


@pytest.mark.rule("BFA-SEQ-01", "BFA-STRAT-06")
def test_six_segments_in_fixed_order() -> None:
    m = started()
    plan(m, "orks-mc orks-cb", "imperium-mb imperium-cm")
    seen: list[tuple[int, str | None, str | None]] = []
    s = m.state
    while s.turn == 1:
        assert isinstance(s, ArmageddonState)
        if not seen or seen[-1][0] != s.segment:
            seen.append((s.segment, s.acting, s.card))
        s = step(m)
    assert seen == [
        (0, None, None),  # strategy
        (1, ORKS, "orks-mc"),
        (2, IMPERIUM, "imperium-mb"),
        (3, ORKS, "orks-cb"),
        (4, IMPERIUM, "imperium-cm"),
    ]
    # The Victory segment closed turn 1 and turn 2 starts with a new strategy segment (the
    # Space Marines' arrival, turn 2 in the campaign, comes first).
    assert (s.turn, s.segment, top(s)) == (2, 0, "Arrive")
    # The victory segment is the turn's last: a game that ends there ends in segment 5.
    end = victory(GHAZ, turn=8)
    assert end.outcome is not None and end.segment == 5


@pytest.mark.rule("BFA-SEQ-02")
def test_an_activity_only_in_its_own_segment() -> None:
    m = started()
    s = m.state
    # Strategy segment: no moving, attacking or building.
    assert refused(s, "move goff-hordes-1 OT2") == "BFA-SEQ-02"
    assert refused(s, "attack HAD from OT7") == "BFA-SEQ-02"
    assert refused(s, "buy guard-9") == "BFA-SEQ-02"
    # Set-up: deployment only, no planning yet.
    assert refused(new_game(), "plan orks-mc orks-cb") == "BFA-SEQ-02"
    # An action segment does not start before the strategy segment is finished.
    m.apply("plan orks-mc orks-cb")
    s = m.state
    assert (s.segment, s.current_player) == (0, IMPERIUM)
    assert refused(s, "move guard-20 C1") == "BFA-SEQ-02"
    # And no planning inside an action segment.
    m.apply("plan imperium-mb imperium-cm")
    s = run_until(m, segment_start(1))
    assert refused(s, "plan orks-mc orks-cb") == "BFA-SEQ-02"


@pytest.mark.rule("BFA-SEQ-03", "BFA-STRAT-07")
def test_strategy_segment_plans_then_initiative_then_special_cards() -> None:
    m = started()
    plan(m, "orks-mc orks-cb", "imperium-mc imperium-cm")
    s = run_until(m, planning(ORKS))
    assert s.turn == 2 and s.initiative is None
    hands = (len(s.hands[0]), len(s.hands[1]))
    order: list[str] = []
    m.apply("plan orks-bm orks-mc")
    order.append(top(m.state))
    m.apply("plan imperium-cb imperium-mb")
    m.force_dice(4, 2)
    while m.state.segment == 0:
        s = m.state  # type: ignore[assignment]
        order.append(f"{top(s)}:{s.current_player}")
        if top(s) == "DealSpecial":
            # The initiative is settled before anyone draws.
            assert s.initiative == ORKS
            assert all(isinstance(a, act.Draw) for a, _ in s.chance_outcomes())
        m.roll()
    assert order == [
        "PlanCards", "Initiative:chance", "Initiative:chance",
        "DealSpecial:chance", "DealSpecial:chance",
    ]  # fmt: skip
    s = m.state  # type: ignore[assignment]
    assert (len(s.hands[0]), len(s.hands[1])) == (hands[0] + 1, hands[1] + 1)


@pytest.mark.rule("BFA-SEQ-04", "BFA-SEQ-05", "BFA-SEQ-06", "BFA-SEQ-07", "BFA-STRAT-06")
def test_action_segments_alternate_from_the_initiative_holder() -> None:
    m = started()
    s = to_turn_two(m, 2, 5)  # the Imperium wins the initiative of turn 2
    assert s.initiative == IMPERIUM
    revealed = []
    while s.turn == 2:
        if 1 <= s.segment <= 4 and (not revealed or revealed[-1][0] != s.segment):
            revealed.append((s.segment, s.acting, s.card))
            assert s.current_player == s.acting
        s = step(m)
    assert revealed == [
        (1, IMPERIUM, "imperium-bc"),
        (2, ORKS, "orks-mb"),
        (3, IMPERIUM, "imperium-mc"),
        (4, ORKS, "orks-cm"),
    ]


@pytest.mark.rule("BFA-SEQ-04", "BFA-ACTION-04")
def test_after_both_phases_only_the_acting_side_checks_supply() -> None:
    """An Ork horde in S9 is cut off by Imperial units in S5 and S8 and the intact Tartarus
    hive; the 1st Guard Army in OT1 is cut off by Orks in OT2 and OT7. Neither stack has a hive
    or a fortification."""
    stacks = {
        "S9": ["goff-hordes-1"], "S5": ["guard-5"], "S8": ["guard-6"],
        "OT1": ["guard-1"], "OT2": ["bad-moon-hordes-1"], "OT7": ["bad-moon-hordes-2"],
        "OT4": ["ghazghkull"],
    }  # fmt: skip
    s = position(stacks, side=ORKS, phase="movement", turn=2)
    s = s.apply("end phase")
    # The Ork segment ended with the Ork supply check: the cut-off horde is gone, the equally
    # cut-off Imperial army is not checked in the Ork segment.
    assert s.location("goff-hordes-1") == DEAD
    assert s.location("guard-1") == "OT1"
    s = position(stacks, side=IMPERIUM, phase="movement", turn=2)
    s = s.apply("end phase")
    assert s.location("guard-1") == DEAD
    assert s.location("goff-hordes-1") == "S9"


# ---------------------------------------------------------------------------------- STRAT


@pytest.mark.rule("BFA-STRAT-01", "BFA-GAP-07")
def test_all_six_strategy_cards_return_to_hand_every_turn() -> None:
    m = started()
    s = m.state
    own = sorted(k for k, c in s.data.strategy.items() if c.side == ORKS)
    expected = {act.Plan(a, b) for a, b in permutations(own, 2)}
    assert set(s.legal_actions()) == expected and len(own) == 6
    plan(m, "orks-mc orks-cb", "imperium-mc imperium-cm")
    s = run_until(m, planning(ORKS))
    # The two cards used on turn 1 are in hand again on turn 2.
    assert s.turn == 2
    assert set(s.legal_actions()) == expected
    m.apply("plan orks-mc orks-cb")
    assert m.state.plans[0] == ("orks-mc", "orks-cb")  # type: ignore[attr-defined]


@pytest.mark.rule("BFA-STRAT-02", "BFA-ACTION-01")
def test_a_card_gives_two_phases_in_its_printed_order() -> None:
    m = started()
    plan(m, "orks-bm orks-cm", "imperium-mb imperium-cb")
    s = run_until(m, segment_start(1))
    assert s.data.strategy["orks-bm"].phases == ("build", "movement")
    phases = []
    while s.segment == 1:
        if s.current_player == ORKS and (not phases or phases[-1] != s.phase):
            phases.append(s.phase)
        s = step(m)
    assert phases == ["build", "movement"]
    s = run_until(m, segment_start(3))
    assert (s.card, s.phase) == ("orks-cm", "combat")


@pytest.mark.rule("BFA-STRAT-03")
def test_exactly_two_different_cards_in_an_order_and_in_secret() -> None:
    m = started()
    s = m.state
    assert len(s.legal_actions()) == 6 * 5  # ordered pairs of different cards
    assert refused(s, "plan orks-mc orks-mc") == "BFA-STRAT-03"
    assert refused(s, "plan orks-mc orks-xx") == "BFA-STRAT-03"
    m.apply("plan orks-cb orks-mc")
    s = m.state
    assert s.plans[0] == ("orks-cb", "orks-mc")
    # The Imperial player plans without seeing the Ork stack.
    assert s.current_player == IMPERIUM
    assert s.view(IMPERIUM).plans[0] == ("?", "?")
    m.apply("plan imperium-mb imperium-bm")
    assert m.state.plans[1] == ("imperium-mb", "imperium-bm")  # type: ignore[attr-defined]
    assert m.state.view(ORKS).plans[1] == ("?", "?")


@pytest.mark.rule("BFA-STRAT-04")
def test_the_order_of_the_stack_is_binding() -> None:
    for first, second in (("orks-cb", "orks-mc"), ("orks-mc", "orks-cb")):
        m = started()
        plan(m, f"{first} {second}", "imperium-mb imperium-cm")
        s = run_until(m, segment_start(1))
        assert (s.card, s.plans[0]) == (first, (second,))
        # No way to bring the second card forward.
        assert s.phase == s.data.strategy[first].phases[0]
        s = run_until(m, segment_start(3))
        assert (s.card, s.plans[0]) == (second, ())


@pytest.mark.rule("BFA-STRAT-05", "BFA-GAP-11", "BFA-SURPRISE-05")
def test_initiative_roll_higher_wins_ties_are_rolled_again() -> None:
    m = started()
    s = plan_turn_two(m)
    # Turn 2: the initiative is rolled, one D6 per player.
    assert s.is_chance and top(s) == "Initiative"
    m.force_dice(3, 3)
    m.roll()
    m.roll()
    s = m.state
    assert s.initiative is None and top(s) == "Initiative"  # 3-3: a tie, roll again
    m.force_dice(5, 2)
    m.roll()
    m.roll()
    assert m.state.initiative == ORKS  # type: ignore[attr-defined]
    m.undo(2)
    m.force_dice(2, 5)
    m.roll()
    m.roll()
    assert m.state.initiative == IMPERIUM  # type: ignore[attr-defined]


@pytest.mark.rule("BFA-STRAT-06")
def test_the_initiative_loser_takes_the_second_and_fourth_segments() -> None:
    m = started()
    s = to_turn_two(m, 6, 1)
    assert s.initiative == ORKS
    for n, side in ((1, ORKS), (2, IMPERIUM), (3, ORKS), (4, IMPERIUM)):
        s = run_until(m, segment_start(n))
        assert s.acting == side == s.current_player
        assert s.card is not None and s.data.strategy[s.card].side == side


# ------------------------------------------------------------------------------- SURPRISE


@pytest.mark.rule("BFA-SURPRISE-01")
def test_turn_one_the_orks_have_the_initiative_without_a_roll() -> None:
    m = started()
    s = plan(m, "orks-mc orks-cb", "imperium-mc imperium-cm")
    # Straight from the plans to the special-card draws: no initiative dice.
    assert s.initiative == ORKS
    assert s.is_chance and all(isinstance(a, act.Draw) for a, _ in s.chance_outcomes())
    s = run_until(m, segment_start(1))
    assert (s.turn, s.acting) == (1, ORKS)
    assert not any(isinstance(a, act.Roll) for a in m.actions)


def ork_attack(turn: int, roll: int) -> State:
    """Goff Hordes (6) from OT10 attack the 3rd Guard Army (2) in N2: 3-1, no river, ash."""
    s = position(
        {"OT10": ["goff-hordes-1"], "N2": ["guard-3"], "OT4": ["ghazghkull"]},
        side=ORKS,
        phase="combat",
        turn=turn,
    )
    m = Match(s.apply("attack N2 from OT10"), seed=0)
    m.force_dice(roll)
    m.roll()
    return m.state  # type: ignore[return-value]


@pytest.mark.rule("BFA-SURPRISE-02", "BFA-GAP-12")
def test_turn_one_ork_attacks_gain_one_on_the_die() -> None:
    # 3-1: a 5 is DR, a 6 is DE. On turn 1 the Orks' 5 counts as 6.
    s = ork_attack(turn=1, roll=5)
    assert s.location("guard-3") == DEAD
    s = ork_attack(turn=1, roll=6)  # still a 6: the die stays within 1-6
    assert s.location("guard-3") == DEAD


@pytest.mark.rule("BFA-SURPRISE-05")
def test_no_ork_bonus_from_turn_two() -> None:
    s = ork_attack(turn=2, roll=5)
    assert s.location("guard-3") == "N2"  # a DR: the army retreats, it is not destroyed
    assert top(s) == "Retreat" and s.current_player == IMPERIUM


@pytest.mark.rule("BFA-SURPRISE-03")
def test_no_bonus_when_the_orks_defend_on_turn_one() -> None:
    # The 1st Guard Army (4) attacks Goff Hordes (defence 3) in N2: 1-1, a 5 is EX, a 6 DR.
    s = position(
        {"INF": ["guard-1"], "N2": ["goff-hordes-1"], "OT4": ["ghazghkull"]},
        side=IMPERIUM,
        phase="combat",
        turn=1,
    )
    m = Match(s.apply("attack N2 from INF"), seed=0)
    m.force_dice(5)
    m.roll()
    s = resolve(m)
    # An exchange: both lost their counter (a DR would have left the 1st Army standing).
    assert s.location("goff-hordes-1") == DEAD
    assert s.location("guard-1") == DEAD


@pytest.mark.rule("BFA-SURPRISE-04", "BFA-GAP-13")
def test_turn_one_imperial_build_points_are_halved_rounded_down() -> None:
    # A ruined factory leaves 19 on the track: 9 to spend on turn 1, and the track stays 19.
    s = position(
        {"OT4": ["ghazghkull"]}, side=IMPERIUM, phase="build", turn=1, ruined=["factory-F2"]
    )
    assert s.build_points == 19 and build_allowance(s) == 9
    assert s.top == type(s.top)(9)
    s = s.apply("buy guard-9")  # 5 of 9
    assert s.build_points == 19
    buys = {a.counter for a in s.legal_actions() if isinstance(a, act.Buy)}
    assert "rough-riders-3" in buys  # costs 4
    assert not any(s.spec(c).kind == "guard-army" for c in buys)  # 5 > 4 left
    assert refused(s, "buy guard-10") == "BFA-BUILD-05"
    s = s.apply("end buying").apply("end build")
    assert s.build_points == 19
    # From turn 2 the whole track may be spent.
    s = position(
        {"OT4": ["ghazghkull"]}, side=IMPERIUM, phase="build", turn=2, ruined=["factory-F2"]
    )
    assert build_allowance(s) == 19
    for n in (9, 10, 11):
        s = s.apply(f"buy guard-{n}")
    assert any(isinstance(a, act.Buy) and a.counter.startswith("rough") for a in s.legal_actions())


# --------------------------------------------------------------------------------- ACTION


@pytest.mark.rule("BFA-ACTION-01", "BFA-ACTION-02")
def test_the_second_phase_waits_for_the_first() -> None:
    m = started()
    plan(m, "orks-mc orks-bm", "imperium-mb imperium-cm")
    s = run_until(m, segment_start(1))
    assert (s.card, s.phase) == ("orks-mc", "movement")
    attacks_later = "attack HAD from OT7"
    assert s.stack("OT7", ORKS)
    assert refused(s, attacks_later) == "BFA-ACTION-02"
    s = step(m)  # end of the movement phase
    assert s.phase == "combat"
    assert s.find_action(attacks_later)
    # A finished phase does not come back: no moving in the combat phase.
    assert refused(s, "move goff-hordes-1 OT3") == "BFA-ACTION-01"
    # Segment 3, build & movement: no moving during the build phase, no returns after it.
    s = run_until(m, segment_start(3))
    assert (s.card, s.phase) == ("orks-bm", "build")
    assert refused(s, "move goff-hordes-1 OT3") == "BFA-ACTION-02"
    s = step(m)
    assert s.phase == "movement"
    assert refused(s, "return goff-hordes-1 OT3") == "BFA-ACTION-01"


@pytest.mark.rule("BFA-ACTION-03")
def test_only_the_acting_player_carries_out_phases() -> None:
    s = position(
        {"OT4": ["ghazghkull", "goff-hordes-1"], "INF": ["guard-2"]},
        side=ORKS,
        phase="movement",
        turn=2,
    )
    assert s.current_player == ORKS
    assert refused(s, "move guard-2 N3") == "BFA-ACTION-03"
    # Over whole random games, the other player only ever reacts during a segment: special
    # cards, declining them, losses, retreats and the choice of over-stacking losses.
    reactions = (act.PlayCard, act.Lose, act.RetreatTo, act.Eliminate)
    reacted = 0
    for seed in (21, 22, 23):
        agents = {ORKS: RandomAgent(seed), IMPERIUM: RandomAgent(seed + 5)}
        match = Match(new_game(), seed=seed, agents=agents)
        while not match.over:
            s = match.state  # type: ignore[assignment]
            player = s.current_player
            if s.acting is not None and player not in (CHANCE, s.acting):
                assert player == other(s.acting)
                for a in s.legal_actions():
                    assert isinstance(a, reactions) or a == act.Pass("card"), (a, top(s))
                reacted += 1
            match.step()
    assert reacted > 0


# ---------------------------------------------------------------------------------- PHASE


@pytest.mark.rule("BFA-PHASE-01")
def test_three_kinds_of_phase_move_attack_build() -> None:
    stacks = {"OT10": ["goff-hordes-1"], "N2": ["guard-3"], "OT4": ["ghazghkull"]}
    kinds = {
        ("movement", ORKS): {act.Move},
        ("combat", ORKS): {act.Attack},
        ("build", ORKS): set(),  # no ruins held: nothing to return
        ("movement", IMPERIUM): {act.Move},
        ("combat", IMPERIUM): {act.Attack},
        ("build", IMPERIUM): {act.Buy},
    }
    for (phase, side), expected in kinds.items():
        s = position(stacks, side=side, phase=phase, turn=2)
        found = {type(a) for a in s.legal_actions()} - {act.Pass, act.PlayCard}
        assert found == expected, (phase, side)
    s = position(stacks, side=ORKS, phase="combat", turn=2)
    assert refused(s, "move goff-hordes-1 OT9") == "BFA-PHASE-01"
    s = position(stacks, side=ORKS, phase="movement", turn=2)
    assert refused(s, "attack N2 from OT10") == "BFA-PHASE-01"
    s = position(stacks, side=IMPERIUM, phase="combat", turn=2)
    assert refused(s, "buy guard-9") == "BFA-PHASE-01"
    # The Ork build phase returns destroyed counters when two ruins are held.
    s = position(
        {"HAD": ["goff-hordes-1"], "F1": ["goff-hordes-2"], "OT4": ["ghazghkull"]},
        side=ORKS,
        phase="build",
        turn=2,
        ruined=["hive-hades", "factory-F1"],
    )
    assert {type(a) for a in s.legal_actions()} - {act.Pass, act.PlayCard} == {act.Return}


@pytest.mark.rule("BFA-PHASE-02")
def test_no_build_card_no_building() -> None:
    m = started()
    plan(m, "orks-mc orks-cm", "imperium-mc imperium-cm")
    s = run_until(m, segment_start(2))
    assert (s.card, s.phase) == ("imperium-mc", "movement")
    assert refused(s, "buy guard-9") == "BFA-PHASE-02"
    pool = s.in_box("@pool")
    while s.turn == 1:
        assert s.phase != "build" and top(s) not in ("ImperialBuild", "OrkBuild")
        assert not any(isinstance(a, (act.Buy, act.Return)) for a in s.legal_actions())
        s = step(m)
    assert s.in_box("@pool") == pool
