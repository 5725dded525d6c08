"""The P-Scale battle's actions as numbers and its observations (issue 15): one fixed action
space per scenario whose ids round-trip on every legal action and chance outcome of random
games, and an observation tensor built from the player's view only."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import attrs
import numpy as np
import pytest

import wargames
from wargames.core.actionspace import ActionIdError
from wargames.core.agents import RandomAgent
from wargames.core.engine import Action, Match
from wargames.core.errors import RuleViolation
from wargames.core.observation import observation_string, observation_tensor, observer_of
from wargames.core.registry import determinize
from wargames.horde import actions as cmd
from wargames.horde.numbering import Roster, action_codec, codec_of, split_budgets, split_names
from wargames.horde.observation import STEPS, UNIT_PLANES
from wargames.horde.state import PScaleState

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = [
    "manufactorum",
    "mirror",
    "ork-assault",
    str(ROOT / "scenarios" / "horde" / "bridgehead.toml"),
    str(ROOT / "scenarios" / "horde" / "waaagh.toml"),
]
"""Every shipped scenario and the example scenario files, loaded by path."""


def states(scenario: str, seed: int, limit: int | None = None) -> Iterator[PScaleState]:
    """The states of a seeded random battle, the first included (at most ``limit``)."""
    agents = {"blue": RandomAgent(seed), "red": RandomAgent(seed + 1_000)}
    m = Match(wargames.load("horde", scenario), seed=seed, agents=agents)
    assert isinstance(m.state, PScaleState)
    yield m.state
    count = 1
    while not m.over and (limit is None or count < limit):
        m.step()
        assert isinstance(m.state, PScaleState)
        yield m.state
        count += 1


def choices(s: PScaleState) -> list[Action]:
    """The legal actions, or the chance outcomes at a chance node."""
    if s.is_chance:
        return [a for a, _ in s.chance_outcomes()]
    return list(s.legal_actions())


def beyond_the_bound(s: PScaleState, action: Action) -> bool:
    """Whether ``action`` names a horde split more times than the space numbers (the
    documented bound, :func:`~wargames.horde.numbering.split_budgets`)."""
    roster = Roster.of(s.setup)
    budgets = split_budgets(s.setup)
    for value in attrs.astuple(action, recurse=False):
        if not isinstance(value, str) or value in roster.ids:
            continue
        roots = [u for u in budgets if re.fullmatch(rf"{re.escape(u)}(-[0-9]+)+", value)]
        if not roots:
            continue
        root = max(roots, key=len)
        line = [int(k) for k in value[len(root) + 1 :].split("-")]
        assert sum(line) > budgets[root], f"{value} should be numbered"
        return True
    return False


def check_numbering(s: PScaleState, seen: dict[object, int]) -> int:
    """Every choice of ``s`` round-trips (or is beyond the bound): returns how many were
    beyond it."""
    codec = wargames.action_space(s)
    space = codec.chance if s.is_chance else codec.decisions
    numbered, ids, beyond = [], [], 0
    for a in choices(s):
        try:
            ids.append(codec.action_id(s, a))
        except ActionIdError:
            assert beyond_the_bound(s, a), f"{a} has no id"
            beyond += 1
            continue
        numbered.append(a)
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    assert all(0 <= i < space.size for i in ids)
    for a, i in zip(numbered, ids, strict=True):
        assert codec.action_from_id(s, i) == a
        assert seen.setdefault((s.is_chance, a), i) == i, f"{a} changed its id"
    if not beyond:
        mask = codec.legal_mask(s)
        assert mask.shape == (space.size,) and sorted(np.flatnonzero(mask)) == sorted(ids)
    return beyond


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
def test_every_legal_action_and_chance_outcome_round_trips(scenario: str) -> None:
    seen: dict[object, int] = {}
    codecs = set()
    for s in states(scenario, seed=3, limit=600):
        if not s.is_terminal:
            check_numbering(s, seen)
            codecs.add(id(wargames.action_space(s)))
    assert len(codecs) == 1, "one codec per scenario"
    kinds = {type(a).__name__ for _, a in seen}
    assert {"Activate", "Order", "Attack", "MoveTo", "Done", "Roll"} <= kinds


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
def test_many_games_round_trip(scenario: str) -> None:
    """Whole random battles: every choice round-trips but the documented few naming a horde
    split more often than the space numbers, which are refused with ActionIdError."""
    seen: dict[object, int] = {}
    games = beyond = 0
    for seed in range(10):
        games += 1
        beyond += any(
            [check_numbering(s, seen) for s in states(scenario, seed) if not s.is_terminal]
        )
    assert beyond <= games // 5
    codec = wargames.action_space(wargames.load("horde", scenario))
    templates = {t.kind.__name__ for t in codec.decisions.templates + codec.chance.templates}
    rare = {"Medicae", "Bonus", "Join", "Flee", "Rout", "Reroll", "Counter", "Return", "Merge"}
    assert templates - rare <= {type(a).__name__ for _, a in seen}


def test_the_spaces_sizes() -> None:
    sizes = {}
    for scenario in SCENARIOS:
        codec = wargames.action_space(wargames.load("horde", scenario))
        sizes[Path(scenario).stem] = (codec.num_distinct_actions, codec.max_chance_outcomes)
    assert sizes == {
        "manufactorum": (172496, 100),
        "mirror": (55299, 100),
        "ork-assault": (107836, 100),
        "bridgehead": (112307, 100),
        "waaagh": (366730, 100),
    }


@pytest.mark.rule("HMC-ORDERS-16", "HMC-GAP-26")
def test_the_split_hordes_are_named_by_the_line_of_splits() -> None:
    assert list(split_names("IG1", 2)) == ["IG1-1", "IG1-1-1", "IG1-2"]
    assert list(split_names("IG1", 2, frozenset({"IG1-1"}))) == ["IG1-2", "IG1-2-1", "IG1-3"]
    assert len(list(split_names("M1", 4))) == 2**4 - 1
    setup = wargames.load("horde").setup
    budgets = split_budgets(setup)
    # a horde that can never hold 20 never splits; IG1 (40, with IG2 up to 80) four at most
    assert budgets["CMD"] == budgets["THW"] == budgets["CSM"] == 0
    assert budgets["TG"] == 2 and budgets["IG1"] == 4
    roster = Roster.of(setup)
    assert {"IG1-1", "IG1-4", "IG1-2-2", "IG1-1-1-1-1", "TG-2", "TG-1-1"} <= set(roster.split)
    assert not {"IG1-5", "TG-3", "CMD-1"} & set(roster.ids)
    longer = codec_of(setup, splits=5)  # longer lines of splits, a larger space
    assert longer.num_distinct_actions == 395088
    assert longer.action_id(wargames.load("horde"), cmd.Activate("IG1-5")) < 395088


def test_a_split_horde_has_one_id_in_every_state() -> None:
    """A Split! then its placement: the new horde's actions have the ids the codec gives its
    name, wherever and whenever it is made."""
    for s in states("manufactorum", seed=3):
        if not s.is_chance and any(isinstance(a, cmd.Place) for a in s.legal_actions()):
            break
    else:
        pytest.fail("no Split! in the game")
    codec = action_codec(s)
    place = next(a for a in s.legal_actions() if isinstance(a, cmd.Place))
    assert isinstance(place, cmd.Place)
    first = codec.action_id(s, place)
    assert codec.decisions.decode(first) == place
    (template,) = [t for t in codec.decisions.layout() if t["kind"] == "Place"]
    assert template["first"] <= first < template["first"] + template["count"]
    after = s.apply(place)
    move = cmd.MoveTo(place.unit, place.square)
    assert codec.action_id(after, move) == codec.action_id(s, move)


def test_ids_are_the_same_in_different_states() -> None:
    s = wargames.load("horde")
    codec = wargames.action_space(s)
    later = next(x for x in states("manufactorum", seed=5, limit=400) if x.round >= 2)
    assert codec is wargames.action_space(later)
    for action in (cmd.MoveTo("IG1", "05-05"), cmd.Attack("IG2", "CUL2", "ranged"), cmd.EndTurn()):
        assert codec.action_id(s, action) == codec.action_id(later, action)
    assert codec.decisions.decode(codec.action_id(s, cmd.Order("IG1", "charge", "CUL1"))) == (
        cmd.Order("IG1", "charge", "CUL1")
    )


def test_an_illegal_id_is_refused_and_the_state_is_unchanged() -> None:
    s = wargames.load("horde")
    while s.is_chance or not any(isinstance(a, cmd.Activate) for a in s.legal_actions()):
        s = s.apply(choices(s)[0])
    codec = wargames.action_space(s)
    before = s.to_json()
    illegal = codec.action_id(s, cmd.MoveTo("IG1", "16-12"))
    assert illegal not in codec.legal_ids(s)
    with pytest.raises(RuleViolation):
        codec.action_from_id(s, illegal)
    for bad in (-1, codec.num_distinct_actions, True):
        with pytest.raises(ActionIdError):
            codec.action_from_id(s, bad)  # type: ignore[arg-type]
    with pytest.raises(ActionIdError, match="IG1-9"):
        codec.action_id(s, cmd.Activate("IG1-9"))
    assert s.to_json() == before


def test_chance_outcomes_are_the_die_faces() -> None:
    for s in states("manufactorum", seed=4, limit=200):
        if s.is_chance:
            break
    codec = wargames.action_space(s)
    assert codec.max_chance_outcomes == 100
    ids = codec.chance_ids(s)
    assert [i for i, _ in ids] == list(range(len(ids)))
    assert sum(p for _, p in ids) == pytest.approx(1)
    assert codec.action_from_id(s, 0) == cmd.Roll(1)


# -- observations ------------------------------------------------------------------------------


def plane(state: PScaleState, player: str, block: str) -> np.ndarray:
    observer = observer_of(state)
    return observer.layout.split(observation_tensor(state, player))[block]


def test_the_tensor_has_the_layout_shape_and_is_finite() -> None:
    s = wargames.load("horde")
    for player in ("blue", "red"):
        t = observation_tensor(s, player)
        assert t.dtype == np.float32 and t.shape == (observer_of(s).layout.size,)
        assert np.isfinite(t).all()


@pytest.mark.rule("HMC-TALENT-02")
def test_the_blocks_hold_what_the_layout_says() -> None:
    s = wargames.load("horde")
    observer = observer_of(s)
    profiles = list(observer.profiles)  # type: ignore[attr-defined]
    blue = observer.layout.split(observation_tensor(s, "blue"))
    red = observer.layout.split(observation_tensor(s, "red"))
    infantry = profiles.index(("blue", "guard-infantry"))
    assert blue["hordes"][infantry, 4 - 1, 4 - 1] == pytest.approx(0.4)  # IG1 at 04-04
    assert blue["hordes"][infantry, 8 - 1, 4 - 1] == pytest.approx(0.4)  # IG2 at 04-08
    cultists = profiles.index(("red", "cultists"))
    assert red["hordes"][cultists, 4 - 1, 10 - 1] == pytest.approx(0.4)  # CUL1 at 10-04
    assert blue["horde state"][0, 4 - 1, 10 - 1] == pytest.approx(0.5)  # 40 of 80
    # the Veterans lie in stealth at 07-11: their own side sees them, the enemy does not
    veterans = profiles.index(("blue", "guard-veterans"))
    stealth = UNIT_PLANES.index("stealth")
    assert blue["hordes"][veterans, 11 - 1, 7 - 1] == pytest.approx(0.3)
    assert blue["horde state"][stealth, 11 - 1, 7 - 1] == 1
    assert not red["hordes"][veterans].any() and not red["horde state"][stealth].any()
    assert blue["magnitude"][0, 3] == 0 and red["magnitude"][0, 3] > 0  # unseen by red
    assert blue["officers"][0, 6 - 1, 1 - 1] == pytest.approx((12 + 14) / 20)  # with CMD
    assert blue["terrain"].sum(axis=0).min() == 1  # one kind a square
    assert blue["observer"].tolist() == [1, 0] and red["observer"].tolist() == [0, 1]
    assert blue["round"][1] == 1 and blue["step"].sum() == 1


def test_the_pending_step_and_unit_are_shown() -> None:
    for s in states("manufactorum", seed=2, limit=300):
        if not s.is_chance and type(s.top).__name__ == "Activation":
            break
    blocks = observer_of(s).layout.split(observation_tensor(s, s.current_player))
    assert blocks["step"][STEPS.index("Activation")] == 1
    unit = s.unit(s.top.unit)  # type: ignore[attr-defined]
    where = s.location(unit)
    assert where is not None
    col, row = (int(x) for x in where.split("-"))
    assert blocks["pending unit"][0, row - 1, col - 1] == 1
    assert blocks["pending unit"].sum() == 1


@pytest.mark.rule("HMC-TALENT-02")
@pytest.mark.parametrize("scenario", ["manufactorum", "ork-assault"])
def test_resampling_what_is_hidden_changes_nothing_observed(scenario: str) -> None:
    rng_a, rng_b = np.random.default_rng(1), np.random.default_rng(2)
    checked = hidden = 0
    for i, s in enumerate(states(scenario, seed=6, limit=500)):
        if s.is_terminal or i % 9:
            continue
        for player in ("blue", "red"):
            a, b = determinize(s, player, rng_a), determinize(s, player, rng_b)
            hidden += a != b
            t = observation_tensor(s, player)
            assert np.array_equal(observation_tensor(a, player), t)
            assert np.array_equal(observation_tensor(b, player), t)
            assert observation_string(a, player) == observation_string(s, player)
            assert observation_string(b, player) == observation_string(s, player)
            checked += 1
    assert checked > 50 and hidden > 0, "no state with a hidden horde resampled elsewhere"


def test_the_observation_changes_when_what_is_seen_changes() -> None:
    s = wargames.load("horde")
    seen = observation_tensor(s, "red"), observation_string(s, "red")
    for nxt in states("manufactorum", seed=1, limit=80):
        if any(u.square != v.square for u, v in zip(s.units, nxt.units, strict=False)):
            break
    assert not np.array_equal(observation_tensor(nxt, "red"), seen[0])
    assert observation_string(nxt, "red") != seen[1]


def test_the_text_names_the_viewer_and_what_it_cannot_see() -> None:
    s = wargames.load("horde")
    red = observation_string(s, "red")
    assert red.startswith("red sees:") and "unseen (in stealth): VET" in red
    assert "07-11" not in red.split("VET", 1)[1].split("\n", 1)[0]
    assert "unseen (in stealth): none" in observation_string(s, "blue")


def test_the_docs_table_is_the_default_layout() -> None:
    page = (ROOT / "docs" / "horde.md").read_text()
    table = observer_of(wargames.load("horde")).layout.markdown()
    assert table in page
    codec = wargames.action_space(wargames.load("horde"))
    assert f"{codec.num_distinct_actions:,}" in page
    for row in codec.decisions.layout():
        assert re.search(rf"\| `{row['kind']}` \| {row['first']:,} \| {row['count']:,} \|", page)
