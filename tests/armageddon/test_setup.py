"""Battle for Armageddon: the game's basics, its components and the set-up, driven through
``new_game()``, ``position()`` and ``apply()``.

The rulebook's reference sheet is missing, so the manifest, the map and the Imperial deployment
are reconstructed (research notes, "Read this first"); these tests check that the engine obeys
the rules on that data.
"""

from __future__ import annotations

import re
from collections import Counter

import pytest
from bfa import GHAZ, deploy_first, plan, refused, victory
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from wargames.armageddon import actions as act
from wargames.armageddon.combat import numbers
from wargames.armageddon.data import IMPERIUM, ORKS, SIDES
from wargames.armageddon.game import new_game
from wargames.armageddon.position import position
from wargames.armageddon.scenario import load_setup
from wargames.armageddon.stacking import legal_stack
from wargames.armageddon.state import POOL, READY, UNPLACED, ArmageddonState
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match


def areas_of(state: ArmageddonState, action_type: type) -> set[str]:
    return {a.area for a in state.legal_actions() if isinstance(a, action_type)}


def reach(state: ArmageddonState, counter: str) -> set[str]:
    """The areas ``counter`` may move to now."""
    moves = state.legal_actions()
    return {a.area for a in moves if isinstance(a, act.Move) and a.counter == counter}


# ----------------------------------------------------------------------------------- GAME


@pytest.mark.rule("BFA-GAME-01")
def test_two_sides_each_decision_belongs_to_one_of_them() -> None:
    assert ArmageddonState.players == SIDES == (ORKS, IMPERIUM)
    match = Match(new_game(), seed=11, agents={ORKS: RandomAgent(1), IMPERIUM: RandomAgent(2)})
    deciders = set()
    while not match.over:
        deciders.add(match.state.current_player)
        match.step()
    assert deciders == {ORKS, IMPERIUM, CHANCE}
    assert match.outcome is not None and match.outcome.winner in (ORKS, IMPERIUM, None)


@pytest.mark.rule("BFA-GAME-02")
def test_attack_defence_movement_in_that_order_and_higher_is_better() -> None:
    s = new_game()
    first = s.spec("guard-1")
    assert str(first) == "1st Guard Army (4-5-1)"
    assert (first.attack, first.defence, first.movement) == (4, 5, 1)
    # The first number is what a counter attacks with, the second what it defends with.
    s = position(
        {"OT10": ["goff-hordes-1", "goff-hordes-2"], "N2": ["guard-3", "rough-riders-2"],
         "OT4": ["ghazghkull"]},
        side=ORKS, phase="combat", turn=2,
    )  # fmt: skip
    n = numbers(s, ORKS, "N2", ("OT10",))
    assert (n.attack, n.defence) == (6 + 6, 2 + 4)
    assert str(n.odds) == "2-1"
    # The third number is how many areas it may move: a higher value reaches further.
    s = position(
        {"S2": ["guard-20", "rough-riders-1"], "OT4": ["ghazghkull"]},
        side=IMPERIUM,
        phase="movement",
        turn=2,
    )
    slow, fast = reach(s, "guard-20"), reach(s, "rough-riders-1")
    assert slow == {"C1", "C2", "F1", "F3", "N2", "S1"}
    assert slow < fast
    assert "C3" in fast and "C3" not in slow


@pytest.mark.rule("BFA-GAME-03")
def test_the_game_lasts_at_most_eight_turns() -> None:
    assert load_setup("campaign", new_game().data).turns == 8
    for seed in (1, 2, 3):
        agents = {ORKS: RandomAgent(seed), IMPERIUM: RandomAgent(seed + 10)}
        match = Match(new_game(), seed=seed, agents=agents)
        turns = set()
        while not match.over:
            turns.add(match.state.turn)
            match.step()
        assert match.outcome is not None and match.outcome.turn is not None
        assert max(turns) == match.outcome.turn <= 8
        assert turns == set(range(1, match.outcome.turn + 1))


@pytest.mark.rule("BFA-GAME-04")
def test_every_die_roll_is_a_d6() -> None:
    rolls = 0
    for seed in (4, 5):
        agents = {ORKS: RandomAgent(seed), IMPERIUM: RandomAgent(seed + 1)}
        match = Match(new_game(), seed=seed, agents=agents)
        while not match.over:
            outcomes = match.state.chance_outcomes()
            if outcomes and isinstance(outcomes[0][0], act.Roll):
                assert all(isinstance(a, act.Roll) for a, _ in outcomes)
                assert sorted(a.value for a, _ in outcomes) == [1, 2, 3, 4, 5, 6]
                assert all(p == pytest.approx(1 / 6) for _, p in outcomes)
                rolls += 1
            match.step()
    assert rolls > 10


# ----------------------------------------------------------------------------------- COMP


@pytest.mark.rule("BFA-COMP-01")
def test_components_counters_cards_and_two_dice() -> None:
    """The box holds 145 counters; the reconstructed manifest has 129 playing counters (34 Ork,
    67 Imperial units, 28 hives, factories and fortifications), the two markers are the turn
    and build point fields of the state, and 14 counters remain unassigned. The 24 cards are
    12 strategy and 12 special cards. The two dice: each player rolls one for the initiative."""
    s = new_game()
    assert len(s.data.counters) == 129
    assert len(s.data.strategy) + len(s.data.special) == 24
    assert (len(s.data.strategy), len(s.data.special)) == (12, 12)
    assert (s.turn, s.build_points) == (1, 20)
    # From turn 2 two dice are rolled for the initiative, one per player (here on turn 3: on
    # turn 2 the Space Marines' arrival comes first).
    s = position({"OT4": ["ghazghkull"]}, side=ORKS, phase="movement", turn=2)
    m = Match(s.apply("end phase"), seed=0)
    plan(m, "orks-mc orks-cb", "imperium-mc imperium-cb")
    m.force_dice(6, 1)
    m.roll()
    assert m.state.is_chance and m.state.initiative is None
    m.roll()
    assert m.state.initiative == ORKS


@pytest.mark.rule("BFA-COMP-02")
def test_movement_is_counted_in_whole_areas() -> None:
    s = position(
        {"S2": ["guard-20"], "C3": ["rough-riders-1"], "OT4": ["ghazghkull"]},
        side=IMPERIUM,
        phase="movement",
        turn=2,
    )
    board = s.data.board
    one = reach(s, "guard-20")
    # Movement 1: exactly the passable neighbours, however large or small the areas are.
    assert one == {a for a in board.neighbours("S2") if s.data.terrain[board[a].terrain].enterable}
    # Movement 3: never further than three area steps.
    three = reach(s, "rough-riders-1")
    far = board.reach("C3", 3, lambda a: True, lambda a: False)
    assert three <= set(far)
    assert refused(s, "move guard-20 Nowhere") == "BFA-COMP-02"


@pytest.mark.rule("BFA-COMP-03")
def test_turn_build_points_and_production_tracks() -> None:
    s = position(
        {"OT4": ["ghazghkull"]}, side=IMPERIUM, phase="build", turn=2, ruined=["factory-F2"]
    )
    assert (s.turn, s.build_points) == (2, 19)
    for counter in ("titan-2", "guard-9", "hive-gangs-7"):
        s = s.apply(f"buy {counter}")
    s = s.apply("end buying")
    # Each bought counter went onto its space and the whole track moved one space on: the
    # Titan Legion (space 3) to 2, the Guard Army (space 2) to 1, the Hive Gangs into 'ready'.
    assert s.location("titan-2") == "@track2"
    assert s.location("guard-9") == "@track1"
    assert s.location("hive-gangs-7") == READY
    assert s.build_points == 19


@pytest.mark.rule("BFA-COMP-04")
def test_each_player_uses_only_his_own_card_sets() -> None:
    s = new_game()
    decks = {side: set(s.decks[i].draw) for i, side in enumerate(SIDES)}
    for side, cards in decks.items():
        assert cards == {k for k, c in s.data.special.items() if c.side == side}
    # (turn 2 to 3: on turn 2 the Space Marines' arrival comes before the strategy cards)
    s = position({"OT4": ["ghazghkull"]}, side=ORKS, phase="movement", turn=2)
    s = s.apply("end phase")
    assert type(s.top).__name__ == "PlanCards" and s.current_player == ORKS
    plans = [a for a in s.legal_actions() if isinstance(a, act.Plan)]
    assert {c for p in plans for c in (p.first, p.second)} == {
        k for k, c in s.data.strategy.items() if c.side == ORKS
    }
    assert refused(s, "plan imperium-mc orks-cb") == "BFA-COMP-04"


@pytest.mark.rule("BFA-COMP-05")
def test_strategy_cards_set_the_phases_special_cards_break_the_rules() -> None:
    s = deploy_first()
    m = Match(s, seed=0)
    m.force(
        "draw orks ere-we-go",
        "draw orks waaagh",
        "draw imperium heroic-stand",
        "draw imperium rail-convoy",
        "draw orks mekboyz",
        "draw imperium orbital-strike",
    )
    m.advance()
    plan(m, "orks-bc orks-mb", "imperium-mc imperium-cb")
    s = m.advance()
    # The revealed Ork card is build & combat: a build phase first, then a combat phase.
    assert (s.card, s.phase, type(s.top).__name__) == ("orks-bc", "build", "OrkBuild")
    s = s.apply("end build")
    assert (s.phase, type(s.top).__name__) == ("combat", "CombatPhase")
    # A special card does what the normal rules do not allow: Ere We Go! lets a stack go on
    # after entering an ash waste, which otherwise ends a move.
    s = position(
        {"OT10": ["bad-moon-hordes-1"], "OT4": ["ghazghkull"]},
        side=ORKS,
        phase="movement",
        turn=2,
        hands={ORKS: ["ere-we-go"]},
    )
    plain = reach(s, "bad-moon-hordes-1")
    assert "N2" in plain and "S2" not in plain  # N2 is an ash waste, S2 lies beyond it
    s = s.apply("play ere-we-go OT10")
    assert reach(s, "bad-moon-hordes-1") == plain | {"S2"}


@pytest.mark.rule("BFA-COMP-06")
def test_imperial_and_ork_counters_belong_to_their_players() -> None:
    s = position(
        {"OT4": ["ghazghkull", "goff-hordes-1"], "INF": ["guard-2"]},
        side=ORKS,
        phase="movement",
        turn=2,
    )
    moved = {a.counter for a in s.legal_actions() if isinstance(a, act.Move)}
    assert moved == {"ghazghkull", "goff-hordes-1"}
    assert all(s.spec(c).side == ORKS and s.spec(c).tribe == "goff" for c in moved)
    assert refused(s, "move guard-2 N3") == "BFA-ACTION-03"
    # Counters with the same band are one tribe: a Goff stack takes more Goffs, never others.
    assert legal_stack(s.data, ["goff-hordes-1", "goff-nobz-1", "ghazghkull"])
    assert not legal_stack(s.data, ["goff-hordes-1", "bad-moon-hordes-1"])


# ---------------------------------------------------------------------------------- SETUP


@pytest.mark.rule("BFA-SETUP-01")
def test_build_points_start_on_20_and_the_turn_on_1() -> None:
    s = new_game()
    assert (s.build_points, s.turn) == (20, 1)
    intact = [c for c, spec in s.data.counters.items() if spec.kind in ("hive", "factory")]
    assert sum(s.spec(c).defence for c in intact) == s.build_points
    assert not s.ruined
    assert s.invariant_violations() == []


@pytest.mark.rule("BFA-SETUP-02")
def test_hive_and_factory_areas_are_both_industrial() -> None:
    s = position(
        {"OT7": ["goff-hordes-1", "goff-hordes-2"], "HAD": ["guard-1"],
         "N1": ["bad-moon-hordes-1", "bad-moon-hordes-2"], "F2": ["guard-2"],
         "OT4": ["ghazghkull"]},
        side=ORKS, phase="combat", turn=2,
    )  # fmt: skip
    assert s.data.board["HAD"].terrain == s.data.board["F2"].terrain == "industrial"
    on_hive = numbers(s, ORKS, "HAD", ("OT7",))
    on_factory = numbers(s, ORKS, "F2", ("N1",))
    # The same terrain effect on the combat die for a hive area and a factory area.
    assert on_hive.modifier == on_factory.modifier == -1
    assert [r for r in on_hive.reasons if "terrain" in r] == [
        r for r in on_factory.reasons if "terrain" in r
    ]
    # And the same (no) effect on movement: ruined, they may be entered and passed through.
    # From OT8 a horde (movement 2) reaches S1 only through Hades and S2 only through F1.
    stacks = {"OT8": ["goff-hordes-1"], "OT4": ["ghazghkull"]}
    through_hive = reach(
        position(stacks, side=ORKS, phase="movement", turn=2, ruined=["hive-hades"]),
        "goff-hordes-1",
    )
    through_factory = reach(
        position(stacks, side=ORKS, phase="movement", turn=2, ruined=["factory-F1"]),
        "goff-hordes-1",
    )
    assert {"HAD", "S1"} <= through_hive and not {"F1", "S2"} & through_hive
    assert {"F1", "S2"} <= through_factory and "HAD" not in through_factory


@pytest.mark.rule("BFA-SETUP-03")
def test_five_named_hives_only_hives_count_for_victory() -> None:
    s = new_game()
    assert sorted(s.spec(h).name for h in s.hives()) == sorted(
        f"{n} Hive" for n in ("Acheron", "Hades", "Tartarus", "Helsreach", "Infernus")
    )
    # Three captured factories win nothing; three captured hives win the game.
    factories = {"F1": ["goff-hordes-1"], "F2": ["goff-hordes-2"], "F3": ["goff-hordes-3"]}
    s = victory({**factories, **GHAZ}, ["factory-F1", "factory-F2", "factory-F3"], turn=2)
    assert s.outcome is None and s.turn == 3
    hives = {"HAD": ["goff-hordes-1"], "INF": ["goff-hordes-2"], "HEL": ["goff-hordes-3"]}
    s = victory({**hives, **GHAZ}, ["hive-hades", "hive-infernus", "hive-helsreach"], turn=2)
    assert s.outcome is not None and s.outcome.winner == ORKS


@pytest.mark.rule("BFA-SETUP-04")
def test_the_imperial_army_is_set_up_first_exactly_as_the_scenario_file() -> None:
    s = new_game()
    setup = load_setup("campaign", s.data)
    # The Imperial army is on the map before the Orks decide anything.
    assert s.current_player == ORKS and type(s.top).__name__ == "DeployOrks"
    placed = {c: area for area, stack in setup.imperial.items() for c in stack}
    on_map = {
        c: s.location(c)
        for c, spec in s.data.counters.items()
        if spec.side == IMPERIUM and s.location(c) in s.data.board
    }
    assert on_map == placed
    for area in setup.imperial:
        assert legal_stack(s.data, s.stack(area, IMPERIUM))
        assert sorted(s.stack(area, IMPERIUM)) == sorted(setup.imperial[area])


@pytest.mark.rule("BFA-SETUP-05")
def test_the_rest_of_the_imperial_army_waits_off_the_map_as_the_build_pool() -> None:
    s = new_game()
    setup = load_setup("campaign", s.data)
    placed = {c for stack in setup.imperial.values() for c in stack}
    arriving = {c for cs in setup.reinforcements.values() for c in cs}
    pool = set(s.in_box(POOL, IMPERIUM))
    assert pool == {
        c
        for c, spec in s.data.counters.items()
        if spec.side == IMPERIUM and c not in placed | arriving
    }
    assert "guard-9" in pool and "titan-2" in pool
    # The pool is where a build phase buys from.
    s = position({"OT4": ["ghazghkull"]}, side=IMPERIUM, phase="build", turn=2)
    bought = {a.counter for a in s.legal_actions() if isinstance(a, act.Buy)}
    assert {"guard-9", "titan-2", "rough-riders-3", "hive-gangs-7"} <= bought
    assert bought <= set(s.in_box(POOL, IMPERIUM))


@pytest.mark.rule("BFA-SETUP-06")
def test_the_orks_deploy_after_the_imperium_every_counter_no_reserve() -> None:
    s = new_game()
    orks = [c for c, spec in s.data.counters.items() if spec.side == ORKS]
    assert set(s.in_box(UNPLACED, ORKS)) == set(orks)
    steps = 0
    while type(s.top).__name__ == "DeployOrks":
        assert s.current_player == ORKS
        s = s.apply(s.legal_actions()[-1])
        steps += 1
    assert steps == len(orks) == 34
    assert all(s.location(c) in s.data.board for c in orks)
    assert not s.in_box(UNPLACED) and not s.in_box("@dead", ORKS)
    # Only then the special cards are dealt.
    assert s.is_chance


@pytest.mark.rule("BFA-SETUP-06")
def test_a_deployment_that_would_strand_later_counters_is_not_offered() -> None:
    """33 counting Ork counters and 12 areas of three leave each tribe exactly four areas: a
    fifth Goff area would leave seven empty areas for the eight the other tribes need."""
    s = new_game()
    for counter, area in (
        ("ghazghkull", "OT1"),
        ("goff-gargant", "OT2"),
        ("goff-nobz-1", "OT3"),
        ("goff-nobz-2", "OT4"),
    ):
        s = s.apply(f"deploy {counter} {area}")
    assert areas_of(s, act.Deploy) == {"OT1", "OT2", "OT3", "OT4"}
    assert refused(s, "deploy goff-battlewagons-1 OT5") == "BFA-SETUP-07"


@pytest.mark.rule("BFA-SETUP-07", "BFA-SETUP-06")
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_any_offered_deployment_completes_legally(data: st.DataObject) -> None:
    s = new_game()
    territory = set(load_setup("campaign", s.data).ork_areas)
    while type(s.top).__name__ == "DeployOrks":
        options = s.legal_actions()
        assert options, "a deployment was offered that strands a later counter"
        s = s.apply(data.draw(st.sampled_from(options)))
    for area in s.data.board.ids:
        stack = s.stack(area, ORKS)
        if stack:
            assert area in territory
            assert legal_stack(s.data, stack)
            assert len({s.spec(c).tribe for c in stack}) == 1


@pytest.mark.rule("BFA-SETUP-07", "BFA-STACK-04")
def test_ork_deployment_only_in_ork_territory_one_tribe_per_stack() -> None:
    s = new_game()
    territory = set(load_setup("campaign", s.data).ork_areas)
    assert territory == {f"OT{i}" for i in range(1, 13)}
    assert all(s.data.board[a].has("ork-territory") for a in territory)
    assert areas_of(s, act.Deploy) == territory
    assert refused(s, "deploy ghazghkull HAD") == "BFA-SETUP-07"
    assert refused(s, "deploy ghazghkull N2") == "BFA-SETUP-07"
    s = s.apply("deploy ghazghkull OT1")
    for n in (1, 2, 3):
        s = s.apply(f"deploy {('goff-gargant', 'goff-nobz-1', 'goff-nobz-2')[n - 1]} OT1")
    # Ghazghkull and three Goffs fill OT1: no fourth counting counter fits.
    assert Counter(not s.spec(c).exempt for c in s.stack("OT1", ORKS))[True] == 3
    assert "OT1" not in areas_of(s, act.Deploy)
    assert refused(s, "deploy goff-battlewagons-1 OT1") == "BFA-SETUP-07"
    while s.in_box(UNPLACED, ORKS)[0].startswith("goff"):
        s = s.apply(f"deploy {s.in_box(UNPLACED, ORKS)[0]} {sorted(areas_of(s, act.Deploy))[0]}")
    goff_areas = {a for a in territory if s.stack(a, ORKS)}
    assert refused(s, f"deploy bad-moon-gargant {sorted(goff_areas)[-1]}") == "BFA-SETUP-07"
    assert not areas_of(s, act.Deploy) & goff_areas


# ------------------------------------------------------------------------------------ GAPS


@pytest.mark.rule("BFA-GAP-21")
def test_helsreach_and_hellsreach_are_one_area_and_clans_are_tribes() -> None:
    s = new_game()
    spelled = re.compile(r"hel{1,2}sreach", re.IGNORECASE)
    areas = [a for a in s.data.board.with_tag("hive") if spelled.search(s.data.board[a].name)]
    hives = [h for h in s.hives() if spelled.search(s.spec(h).name)]
    assert areas == ["HEL"] and hives == ["hive-helsreach"]
    assert s.location("hive-helsreach") == "HEL"
    # Both spellings name that one port: the supply area of the rules and the victory hive.
    assert "HEL" in s.data.supply[IMPERIUM] and len(s.hives()) == 5
    # The combat example's "clans" are the tribes: a Bad Moon stack may not join a Goff attack.
    s = position(
        {"F1": ["ghazghkull", "goff-hordes-1"], "OT10": ["bad-moon-hordes-1"],
         "N2": ["guard-3", "rough-riders-2"]},
        side=ORKS, phase="combat", turn=2,
    )  # fmt: skip
    legal = s.legal_actions()
    attacks = {a.stacks for a in legal if isinstance(a, act.Attack) and a.target == "N2"}
    assert attacks == {("F1",), ("OT10",)}
    assert refused(s, "attack N2 from F1,OT10") == "BFA-COMBAT-07"


@pytest.mark.parametrize(
    ("stacks", "key", "problem"),
    [
        ({"NOWHERE": ["guard-3"]}, "stacks.NOWHERE", "unknown area 'NOWHERE'"),
        ({"N2": ["guard-99"]}, "stacks.N2", "unknown counter 'guard-99'"),
    ],
)
def test_a_what_if_position_names_what_it_does_not_know(
    stacks: dict[str, list[str]], key: str, problem: str
) -> None:
    from wargames.armageddon.position import position
    from wargames.core.errors import ScenarioError

    with pytest.raises(ScenarioError) as caught:
        position(stacks)
    assert caught.value.key == key and problem in caught.value.problem
