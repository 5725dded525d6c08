"""The Warmaster's actions as numbers and its observations (issue 15): one fixed action space
per scenario whose ids round-trip on every legal action and chance outcome of random games,
and an observation tensor built from the player's view only."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from wm import position

import wargames
from wargames.core.actionspace import ActionIdError
from wargames.core.agents import RandomAgent
from wargames.core.engine import Match
from wargames.core.errors import RuleViolation
from wargames.core.observation import observation_string, observation_tensor, observer_of
from wargames.core.registry import determinize
from wargames.warmaster import actions as act
from wargames.warmaster.data import HORUS, IMPERIAL, TRAITOR
from wargames.warmaster.movement import Overstacked
from wargames.warmaster.observation import STEPS
from wargames.warmaster.state import WarmasterState

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [
    "boarding",
    str(ROOT / "scenarios" / "warmaster" / "spearhead.toml"),
    str(ROOT / "scenarios" / "warmaster" / "warp-storm.toml"),
]
"""Every shipped scenario and the example scenario files, loaded by path."""
CAP = wargames.load("warmaster", bot_turn_cap=True).turn_cap


def states(scenario: str, seed: int, cap: int = CAP) -> Iterator[WarmasterState]:
    """Every state of a seeded random game, the first included."""
    agents = {IMPERIAL: RandomAgent(seed), TRAITOR: RandomAgent(seed + 1_000)}
    m = Match(wargames.load("warmaster", scenario, turn_cap=cap), seed=seed, agents=agents)
    assert isinstance(m.state, WarmasterState)
    yield m.state
    while not m.over:
        m.step()
        assert isinstance(m.state, WarmasterState)
        yield m.state


def choices(s: WarmasterState) -> list[act.WarmasterAction]:
    """The legal actions, or the chance outcomes at a chance node."""
    if s.is_chance:
        return [a for a, _ in s.chance_outcomes()]
    return list(s.legal_actions())


def check_numbering(s: WarmasterState, seen: dict[object, int]) -> None:
    codec = wargames.action_space(s)
    space = codec.chance if s.is_chance else codec.decisions
    actions = choices(s)
    ids = [codec.action_id(s, a) for a in actions]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    assert all(0 <= i < space.size for i in ids)
    for a, i in zip(actions, ids, strict=True):
        assert codec.action_from_id(s, i) == a
        assert seen.setdefault((s.is_chance, a), i) == i, f"{a} changed its id"
    mask = codec.legal_mask(s)
    assert mask.shape == (space.size,) and sorted(np.flatnonzero(mask)) == sorted(ids)


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
@pytest.mark.quick(1)
def test_every_legal_action_and_chance_outcome_round_trips(scenario: str) -> None:
    seen: dict[object, int] = {}
    codecs = set()
    for seed in (1, 2):
        for s in states(scenario, seed):
            if not s.is_terminal:
                check_numbering(s, seen)
                codecs.add(id(wargames.action_space(s)))
    assert len(codecs) == 1, "one codec per scenario"
    kinds = {type(a).__name__ for _, a in seen}
    assert {"Place", "Group", "Move", "Fight", "Roll", "Draw", "Lose"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
def test_many_games_round_trip(scenario: str) -> None:
    seen: dict[object, int] = {}
    for seed in range(3, 40):
        for s in states(scenario, seed, cap=20):
            if not s.is_terminal:
                check_numbering(s, seen)
    codec = wargames.action_space(wargames.load("warmaster", scenario))
    templates = {t.kind.__name__ for t in codec.decisions.templates + codec.chance.templates}
    rare = {"RollTable"}  # units back from reserve choosing to teleport: once in 37 games
    assert templates - rare <= {type(a).__name__ for _, a in seen}


def test_the_spaces_sizes() -> None:
    sizes = {}
    for scenario in SCENARIOS:
        codec = wargames.action_space(wargames.load("warmaster", scenario))
        sizes[Path(scenario).stem] = (codec.num_distinct_actions, codec.max_chance_outcomes)
    assert sizes == {"boarding": (5509, 18), "spearhead": (3612, 12), "warp-storm": (5388, 18)}


@pytest.mark.rule("WM-SETUP-05", "WM-SETUP-04", "WM-REINF-02")
def test_a_group_is_numbered_among_the_sets_of_three_assault_units() -> None:
    s = wargames.load("warmaster")
    while type(s.top).__name__ != "FormGroups":
        s = s.apply(s.legal_actions()[0])
    codec = wargames.action_space(s)
    (group,) = [t for t in codec.decisions.layout() if t["kind"] == "Group"]
    assert group["count"] == math.comb(12, 3)  # the Imperial Guard are set aside
    legal = s.legal_actions()
    assert all(isinstance(a, act.Group) and "emperor" in a.units for a in legal)
    ids = codec.legal_ids(s)
    assert all(group["first"] <= i < group["first"] + group["count"] for i in ids)
    guard = act.Group(("emperor", "custodes-1", "imperial-guard-1"))
    with pytest.raises(ActionIdError, match="outside"):
        codec.action_id(s, guard)


@pytest.mark.rule("WM-SETUP-02")
def test_an_illegal_id_is_refused_and_the_state_is_unchanged() -> None:
    s = wargames.load("warmaster")
    codec = wargames.action_space(s)
    before = s.clone()
    move = codec.decisions.encode(act.Move("emperor", "21"))
    with pytest.raises(RuleViolation):
        codec.action_from_id(s, move)
    with pytest.raises(ActionIdError, match="not an id"):
        codec.action_from_id(s, codec.num_distinct_actions)
    with pytest.raises(ActionIdError):
        codec.action_from_id(s, -1)
    assert s == before and s.legal_actions() == before.legal_actions()
    placed = codec.action_from_id(s, codec.legal_ids(s)[0])
    assert placed == act.Place(HORUS, "11")


# -- observations -------------------------------------------------------------------------------


@pytest.mark.rule("WM-HIDDEN-01", "WM-REINF-07")
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
@pytest.mark.quick(1)
def test_hidden_information_never_changes_the_observation(scenario: str) -> None:
    rng = np.random.default_rng(7)
    resampled = 0
    for k, s in enumerate(states(scenario, 3)):
        if k % 4:
            continue
        for player in (IMPERIAL, TRAITOR):
            tensor = observation_tensor(s, player)
            text = observation_string(s, player)
            assert tensor.dtype == np.float32 and tensor.shape == (observer_of(s).layout.size,)
            assert np.isfinite(tensor).all()
            for _ in range(2):
                other = determinize(s, player, rng)
                resampled += other != s
                assert np.array_equal(observation_tensor(other, player), tensor)
                assert observation_string(other, player) == text
    assert resampled > 10, "some states had something hidden to resample"


@pytest.mark.slow
@pytest.mark.rule("WM-HIDDEN-01", "WM-REINF-07")
def test_no_observation_of_many_games_changes_when_the_hidden_is_dealt_again() -> None:
    rng = np.random.default_rng(11)
    for scenario in SCENARIOS:
        for seed in range(10, 16):
            for s in states(scenario, seed):
                other = determinize(s, IMPERIAL, rng)
                assert np.array_equal(
                    observation_tensor(other, IMPERIAL), observation_tensor(s, IMPERIAL)
                )
                assert observation_string(other, IMPERIAL) == observation_string(s, IMPERIAL)


@pytest.mark.rule("WM-STACK-05", "WM-HIDDEN-01")
def test_the_imperial_observation_of_a_hidden_over_stacking_names_its_area() -> None:
    units = ["justaerin-1", "justaerin-2", "sons-of-horus-1", "sons-of-horus-2", "emperor"]
    s = position(
        {**dict.fromkeys(units[:4], "43"), "emperor": "11", HORUS: "22"},
        [Overstacked(TRAITOR)],
        face_down=units[:4],
        phase="traitor-movement",
    )
    assert s.current_player == TRAITOR
    text = observation_string(s, IMPERIAL)
    assert "Starboard Barracks (43) holds more than 3" in text
    assert "justaerin" not in text and "sons-of-horus" not in text
    backs = observer_of(s).layout.split(observation_tensor(s, IMPERIAL))["backs"]
    assert backs[s.data.board.ids.index("43")] == 4


def test_every_pending_step_has_its_entry() -> None:
    seen = {type(s.top).__name__ for s in states("boarding", 5) if not s.is_terminal}
    assert seen <= set(STEPS) and {"PlaceFaceDown", "FormGroups", "Teleport"} <= seen


def test_the_observation_changes_with_what_the_player_sees() -> None:
    s = next(s for s in states("boarding", 4) if type(s.top).__name__ == "MovementPhase")
    move = next(a for a in s.legal_actions() if isinstance(a, act.Move))
    after = s.apply(move)
    for player in (IMPERIAL, TRAITOR):
        assert not np.array_equal(observation_tensor(s, player), observation_tensor(after, player))
        assert observation_string(s, player) != observation_string(after, player)


@pytest.mark.rule("WM-HIDDEN-01")
def test_the_blocks_hold_what_the_layout_says() -> None:
    s = wargames.load("warmaster")
    s = s.apply(act.Place(HORUS, "43"))
    layout = observer_of(s).layout
    areas = s.data.board.ids
    traitor = layout.split(observation_tensor(s, TRAITOR))
    imperial = layout.split(observation_tensor(s, IMPERIAL))
    kinds = [k for k, spec in s.data.counters.items() if spec.side == TRAITOR]
    at = areas.index("43")
    assert traitor["traitor units"][kinds.index("horus"), at] == 1  # he knows his own counter
    assert imperial["traitor units"].sum() == 0  # the Imperial player sees only a back
    assert traitor["backs"][at] == imperial["backs"][at] == 1
    assert imperial["backs"].sum() == 1
    assert traitor["observer"].tolist() == [0, 1] and imperial["observer"].tolist() == [1, 0]
    assert imperial["deciding"].tolist() == [0, 1, 0, 0]  # the Traitor places his next unit
    assert imperial["turn"][0] == 1 and imperial["step"][STEPS.index("PlaceFaceDown")] == 1
    assert imperial["terrain"][0, areas.index(s.data.bridge)] == 1  # the first tag: bridge
    unplaced = sum(s.setup.face_down.values()) - 1
    assert imperial["hidden boxes"][0] == unplaced and traitor["hidden boxes"][0] == unplaced
    assert imperial["hidden boxes"][-1] == len(s.cup)
    imperial_kinds = [k for k, spec in s.data.counters.items() if spec.side == IMPERIAL]
    assert imperial["imperial boxes"][0, imperial_kinds.index("custodes")] == 3  # in the pool


def test_the_docs_table_is_the_layout() -> None:
    page = (ROOT / "docs" / "warmaster.md").read_text(encoding="utf-8")
    layout = observer_of(wargames.load("warmaster")).layout
    assert layout.markdown() in page
    codec = wargames.action_space(wargames.load("warmaster"))
    for row in codec.decisions.layout() + codec.chance.layout():
        assert re.search(rf"\| `{row['kind']}` \| {row['first']} \| {row['count']} \|", page)
