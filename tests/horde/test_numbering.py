"""The P-Scale battle's actions as numbers and its observations (issue 15): one fixed action
space per scenario whose ids round-trip on every legal action and chance outcome of random
games, and an observation tensor built from the player's view only."""

from __future__ import annotations

import random
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
from wargames.horde.numbering import Roster, Units, action_codec, split_slots
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


def roster(s: PScaleState) -> Roster:
    unit_field = wargames.action_space(s).decisions.templates[0].fields[0][1]
    assert isinstance(unit_field, Units)
    return unit_field.roster


def names_a_split_off(r: Roster, action: Action) -> bool:
    """Whether ``action`` names a horde Split! made (its id then depends on the state)."""
    for value in attrs.astuple(action, recurse=False):
        if isinstance(value, str) and value not in r.order:
            try:
                r.root(value)
            except KeyError:
                continue
            return True
    return False


def check_numbering(s: PScaleState, seen: dict[object, int]) -> set[str]:
    """Every choice of ``s`` has an id, none shared, that gives it back; the acting side's
    view gives the same ids (the slots are read from what both sides see); an action naming
    no split-off horde has the same id in every state. Returns the kinds of the choices."""
    codec = wargames.action_space(s)
    space = codec.chance if s.is_chance else codec.decisions
    acts = choices(s)
    ids = [codec.action_id(s, a) for a in acts]
    assert len(set(ids)) == len(ids), "two legal actions share an id"
    assert all(0 <= i < space.size for i in ids)
    assert space.ids(acts, s) == [space.encode(a, s) for a in acts], "remembered ids differ"
    r = roster(s)
    for a, i in zip(acts, ids, strict=True):
        assert codec.action_from_id(s, i) == a
        if not names_a_split_off(r, a):
            assert seen.setdefault((s.is_chance, a), i) == i, f"{a} changed its id"
    mask = codec.legal_mask(s)
    assert mask.shape == (space.size,) and sorted(np.flatnonzero(mask)) == sorted(ids)
    if not s.is_chance:
        view = s.view(s.current_player)
        assert [codec.action_id(view, a) for a in acts] == ids
    for u in s.units:
        if u.is_horde and u.id not in r.order:
            assert r.group_of(u.id) == (u.side, u.horde.id)
    return {type(a).__name__ for a in acts}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
@pytest.mark.quick(1)
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


BEYOND_THE_NAMES = [
    ("manufactorum", 8),
    ("manufactorum", 11),
    ("manufactorum", 12),
    ("manufactorum", 16),
    ("mirror", 6),
    ("mirror", 39),
    ("ork-assault", 3),
    ("ork-assault", 38),
    ("bridgehead", 6),
    ("bridgehead", 20),
    ("waaagh", 2),
    ("waaagh", 4),
]
"""Random battles that made a horde the numbering by names left out (``CUL2-2-3``,
``HW-3``, ``CUL1-1-1-2-1``, ``B1-1-3-1``, ``BOYZ2-1-2-2``, ``CSM-1-1-1``, ``SHOOTAS-1-1-1-1``
...: more splitting and merging back than its four splits a line): every action has an id
now."""


def scenario_named(stem: str) -> str:
    return next(s for s in SCENARIOS if Path(s).stem == stem)


@pytest.mark.rule("HMC-ORDERS-16", "HMC-ORDERS-17", "HMC-GAP-26")
@pytest.mark.parametrize(("stem", "seed"), BEYOND_THE_NAMES, ids=lambda x: str(x))
@pytest.mark.quick(3)
def test_battles_beyond_the_old_names_number_every_action(stem: str, seed: int) -> None:
    codec, made = None, 0
    for s in states(scenario_named(stem), seed):
        if s.is_terminal:
            continue
        codec = wargames.action_space(s)
        space = codec.space(s)
        acts = choices(s)
        ids = [codec.action_id(s, a) for a in acts]
        assert len(set(ids)) == len(ids)
        assert [space.decode(i, s) for i in ids] == acts
        made = max(made, sum(map(len, roster(s).split_offs(s).values())))
    assert made >= 3, "the battle made several split-off hordes"


def eager_states(scenario: str, seed: int) -> Iterator[PScaleState]:
    """The states of a battle whose sides split, place and merge nine times in ten when they
    may, else play at random: the slots filled as fast as the rules allow."""
    rng = random.Random(seed)
    s = wargames.load("horde", scenario)
    assert isinstance(s, PScaleState)
    while not s.is_terminal:
        yield s
        if s.is_chance:
            outcomes = s.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
        else:
            acts = list(s.legal_actions())
            eager = [a for a in acts if isinstance(a, cmd.Split | cmd.Place | cmd.Merge)]
            eager += [a for a in acts if isinstance(a, cmd.Order) and a.order == "split"]
            a = rng.choice(eager if eager and rng.random() < 0.9 else acts)
        s = s.apply(a)


@pytest.mark.rule("HMC-ORDERS-16", "HMC-ORDERS-17", "HMC-GAP-26")
@pytest.mark.parametrize(
    ("stem", "seed"), [("manufactorum", 0), ("bridgehead", 0)], ids=lambda x: str(x)
)
def test_splitting_and_merging_at_every_turn_stays_within_the_slots(stem: str, seed: int) -> None:
    seen: dict[object, int] = {}
    full = set()
    for s in eager_states(scenario_named(stem), seed):
        check_numbering(s, seen)
        r = roster(s)
        full |= {g for g, units in r.split_offs(s).items() if len(units) == r.slot_counts[g]}
    assert full, "some side and profile filled its slots"


@pytest.mark.rule("HMC-ORDERS-16", "HMC-ORDERS-17")
def test_ids_by_the_split_off_hordes_are_remembered_as_numbered_afresh() -> None:
    """The decisions' space numbers an action naming a split-off horde once per set of
    split-off hordes (its state key): in every state of a battle eager to split and merge,
    the ids it gives (from a fresh space, then remembered) are those numbered in the state,
    and states with the same split-off hordes share the remembered ids."""
    first = wargames.load("horde", "manufactorum")
    space = wargames.action_space(first).decisions
    fresh = type(space)(space.templates, space.name, space.state_key)
    keys, named = set(), 0
    for s in eager_states(scenario_named("manufactorum"), 0):
        if s.is_chance:
            continue
        acts = list(s.legal_actions())
        assert fresh.ids(acts, s) == [fresh.encode(a, s) for a in acts]
        if any(names_a_split_off(roster(s), a) for a in acts):
            named += 1
            keys.add(fresh.state_key(s) if fresh.state_key else None)
    assert named > len(keys) > 1, "split-off hordes named in states sharing a key"


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda s: Path(s).stem)
def test_many_games_round_trip(scenario: str) -> None:
    """Whole battles, random and eager to split: every legal action and chance outcome
    round-trips, none left out."""
    seen: dict[object, int] = {}
    kinds: set[str] = set()
    for seed in range(40):
        for s in states(scenario, seed):
            if not s.is_terminal:
                kinds |= check_numbering(s, seen)
    for seed in range(10):
        for s in eager_states(scenario, seed):
            kinds |= check_numbering(s, seen)
    codec = wargames.action_space(wargames.load("horde", scenario))
    templates = {t.kind.__name__ for t in codec.decisions.templates + codec.chance.templates}
    rare = {"Medicae", "Bonus", "Join", "Flee", "Rout", "Reroll", "Counter", "Return"}
    assert templates - rare <= kinds


def test_the_spaces_sizes() -> None:
    sizes = {}
    for scenario in SCENARIOS:
        codec = wargames.action_space(wargames.load("horde", scenario))
        sizes[Path(scenario).stem] = (codec.num_distinct_actions, codec.max_chance_outcomes)
    assert sizes == {
        "manufactorum": (49597, 100),
        "mirror": (16301, 100),
        "ork-assault": (32487, 100),
        "bridgehead": (26708, 100),
        "waaagh": (82696, 100),
    }


@pytest.mark.rule("HMC-ORDERS-16", "HMC-ORDERS-17", "HMC-GAP-26")
def test_each_side_and_profile_has_a_slot_per_ten_magnitude() -> None:
    setup = wargames.load("horde").setup
    slots = split_slots(setup)
    # IG1 and IG2, 40 each: at most 8 split-off hordes of 10 or more nominal Magnitude
    assert slots[("blue", "guard-infantry")] == 8
    assert slots[("blue", "guard-veterans")] == 3  # VET, 30
    # never 20 Magnitude: never splits (the command squad, the Chaos Space Marines)
    assert slots[("blue", "guard-command")] == slots[("red", "chaos-space-marines")] == 0
    r = Roster(setup)
    assert len(r.slots) == sum(slots.values()) == 35
    assert r.group_of("IG2-3-1") == ("blue", "guard-infantry")
    assert r.path_key("IG1-10") > r.path_key("IG1-2-5") > r.path_key("IG1-2")
    for bad in ("IG1-", "IG1-x", "CMD-lieutenant-1", "ZZ-1"):
        with pytest.raises(KeyError):
            r.group_of(bad)


def with_split_offs(s: PScaleState, *ids: str) -> PScaleState:
    """``s`` with hordes split off IG1 (whatever the rules allow: for the numbering only)."""
    ig1 = s.unit("IG1")
    made = [attrs.evolve(ig1, id=i, square=None, status="off-board") for i in ids]
    return s.evolve(units=(*s.units, *made))


@pytest.mark.rule("HMC-ORDERS-16")
def test_a_split_off_horde_holds_the_slot_of_its_rank() -> None:
    s = wargames.load("horde")
    codec = wargames.action_space(s)
    one = with_split_offs(s, "IG1-2", "IG2-1")
    two = with_split_offs(s, "IG1-1", "IG1-2", "IG2-1")
    # IG2-1 is the second split-off Guard Infantry, then the third: its ids follow its rank
    move = codec.action_id(one, cmd.MoveTo("IG2-1", "05-05"))
    assert codec.action_id(two, cmd.MoveTo("IG1-2", "05-05")) == move
    assert codec.decisions.decode(move, two) == cmd.MoveTo("IG1-2", "05-05")
    assert codec.decisions.decode(move, one) == cmd.MoveTo("IG2-1", "05-05")
    first = codec.action_id(one, cmd.MoveTo("IG1-2", "05-05"))
    assert codec.action_id(two, cmd.MoveTo("IG1-1", "05-05")) == first == move - 190
    # merged away: no longer a split-off horde of the state, its slot goes to the next
    merged = two.replace(attrs.evolve(two.unit("IG1-1"), status="merged"))
    assert codec.action_id(merged, cmd.MoveTo("IG1-2", "05-05")) == first
    # a state-free encoding numbers the scenario's units, not a split-off one
    assert codec.decisions.encode(cmd.MoveTo("IG1", "05-05")) == codec.action_id(
        s, cmd.MoveTo("IG1", "05-05")
    )
    with pytest.raises(ActionIdError, match="needs the state"):
        codec.decisions.encode(cmd.MoveTo("IG1-2", "05-05"))


@pytest.mark.rule("HMC-GAP-26")
def test_a_split_off_horde_beyond_the_slots_is_refused() -> None:
    """The rules never make a ninth split-off Guard Infantry (each keeps 10 of the 80): a
    state holding one anyway is refused, not numbered wrongly."""
    s = wargames.load("horde")
    codec = wargames.action_space(s)
    many = with_split_offs(s, *(f"IG1-{k}" for k in range(1, 10)))
    assert codec.action_id(many, cmd.Activate("IG1-8")) < codec.num_distinct_actions
    with pytest.raises(ActionIdError, match="beyond the slots"):
        codec.action_id(many, cmd.Activate("IG1-9"))


def test_a_split_horde_has_one_id_from_its_placing() -> None:
    """A Split! then its placement: the new horde holds its slot from the Place on."""
    for s in states("manufactorum", seed=3):
        if not s.is_chance and any(isinstance(a, cmd.Place) for a in s.legal_actions()):
            break
    else:
        pytest.fail("no Split! in the game")
    codec = action_codec(s)
    place = next(a for a in s.legal_actions() if isinstance(a, cmd.Place))
    assert isinstance(place, cmd.Place)
    first = codec.action_id(s, place)
    assert codec.decisions.decode(first, s) == place
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
    with pytest.raises(ActionIdError, match="IG1-9"):  # no such horde in the state
        codec.action_id(s, cmd.Activate("IG1-9"))
    slot = codec.action_id(with_split_offs(s, "IG1-1"), cmd.Activate("IG1-1"))
    with pytest.raises(ActionIdError, match="unused"):  # no split-off horde holds the slot
        codec.action_from_id(s, slot)
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
