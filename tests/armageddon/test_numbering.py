"""Battle for Armageddon's actions as numbers and observation tensors (issue 15):
wargames.armageddon.numbering, wargames.armageddon.observation and the determinize hook."""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import numpy as np
import pytest
from bfa import started

import wargames
from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS, SIDES
from wargames.armageddon.numbering import (
    MoveIds,
    action_codec,
    movement_moves,
    movement_parts,
    templates_markdown,
)
from wargames.armageddon.observation import observer
from wargames.armageddon.state import ArmageddonState
from wargames.core.actionspace import ActionCodec, ActionIdError
from wargames.core.errors import RuleViolation, UnknownPlayerError
from wargames.core.notation import Pass
from wargames.core.observation import observation_string, observation_tensor

ROOT = Path(__file__).resolve().parents[2]
SCENARIOS = (
    *wargames.game("armageddon").scenario_ids(),
    *(str(p) for p in sorted((ROOT / "scenarios" / "armageddon").glob("*.toml"))),
)
"""Every shipped scenario and the scenario files of the top-level folder (loaded by path)."""


def _start(scenario: str) -> ArmageddonState:
    state = wargames.load("armageddon", scenario)
    assert isinstance(state, ArmageddonState)
    return state


def _options(s: ArmageddonState) -> list[act.ArmageddonAction]:
    if s.is_chance:
        return [a for a, _ in s.chance_outcomes()]
    return list(s.legal_actions())


def _game(scenario: str, seed: int) -> Iterator[ArmageddonState]:
    """Every state of a seeded random game of ``scenario``, the terminal one included."""
    rng = random.Random(seed)
    s = _start(scenario)
    yield s
    while not s.is_terminal:
        s = s.apply(rng.choice(_options(s)))
        yield s


@cache
def _states(scenario: str, seed: int = 1) -> tuple[ArmageddonState, ...]:
    return tuple(_game(scenario, seed))


def _round_trip(
    codec: ActionCodec, states: tuple[ArmageddonState, ...] | Iterator[ArmageddonState]
) -> int:
    """Every legal action (chance outcome) of every state encodes to a distinct id in range
    and decodes to itself; the mask holds exactly those ids. Returns the states checked."""
    checked = 0
    for s in states:
        if s.is_terminal:
            continue
        options = _options(s)
        ids = [codec.action_id(s, a) for a in options]
        space = codec.space(s)
        assert len(set(ids)) == len(ids), f"two legal actions share an id in {s}"
        assert all(0 <= i < space.size for i in ids)
        assert [codec.action_from_id(s, i) for i in ids] == options
        mask = codec.legal_mask(s)
        assert mask.dtype == np.bool_ and mask.shape == (space.size,)
        assert sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
        if s.is_chance:
            assert [i for i, _ in codec.chance_ids(s)] == ids
        checked += 1
    return checked


# -- actions as numbers ------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS)
@pytest.mark.quick(1)
def test_every_legal_action_has_its_own_id_and_comes_back(scenario: str) -> None:
    states = _states(scenario)
    codec = wargames.action_space(states[0])
    assert codec is action_codec(states[0])  # the descriptor's hook
    assert _round_trip(codec, states[::3]) > 30  # every state: the slow test below
    assert any(s.is_chance for s in states)


@pytest.mark.slow
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_round_trip_over_many_games(scenario: str) -> None:
    codec = action_codec(_start(scenario))
    for seed in range(2, 22):
        _round_trip(codec, _game(scenario, seed))


def test_one_space_for_every_scenario() -> None:
    codecs = {id(action_codec(_start(s))) for s in SCENARIOS}
    assert len(codecs) == 1  # the same map, counters and cards: the same numbers
    codec = action_codec(_start("campaign"))
    assert codec.num_distinct_actions == 22_085
    assert codec.max_chance_outcomes == 18
    kinds = [row["kind"] for row in codec.decisions.layout()]
    assert kinds == [
        "Deploy", "Plan", "Move", "Attack", "PlayCard", "Pass", "Reroll", "Lose", "Eliminate",
        "RetreatTo", "Advance", "Buy", "Rebuild", "Place", "Return",
    ]  # fmt: skip
    assert [row["kind"] for row in codec.chance.layout()] == ["Roll", "Draw"]


def test_ids_are_the_same_in_every_state() -> None:
    """An action has one id whatever the state: collected over whole games of every scenario."""
    seen: dict[tuple[bool, act.ArmageddonAction], int] = {}
    for scenario in SCENARIOS:
        codec = action_codec(_start(scenario))
        for s in _states(scenario):
            if s.is_terminal:
                continue
            for a in _options(s):
                i = codec.action_id(s, a)
                assert seen.setdefault((s.is_chance, a), i) == i, a
    kinds = {type(a).__name__ for _, a in seen}
    codec = action_codec(_start("campaign"))
    templates = [*codec.decisions.layout(), *codec.chance.layout()]
    assert kinds == {row["kind"] for row in templates}  # these games meet every template
    ends = {a: i for (chance, a), i in seen.items() if isinstance(a, Pass)}
    assert set(ends) == {Pass(w) for w in ("phase", "card", "advance", "buying", "build")}


@pytest.mark.rule("BFA-MOVE-02")
def test_a_movement_phase_is_numbered_counter_by_counter_as_one_by_one() -> None:
    """In a movement phase the codec numbers each counter's moves as one part, worked out
    from the counter's reach entry (``MoveIds``: no move made) and kept beside the moves in
    the engine's memory (``movement_parts``, its moves ``movement_moves``): the legal ids are
    those of the actions one by one, in their order, in every state of whole games; a codec
    pickled and read back numbers alike."""
    import pickle

    codec = action_codec(_start("campaign"))
    again = pickle.loads(pickle.dumps(codec))
    move_ids = codec.decisions.part_ids
    assert isinstance(move_ids, MoveIds)
    moving = 0
    for scenario in SCENARIOS:
        for s in _states(scenario):
            if s.is_terminal or s.is_chance:
                continue
            one_by_one = [codec.action_id(s, a) for a in s.legal_actions()]
            assert codec.decisions.legal_ids(s) == one_by_one == again.decisions.legal_ids(s)
            parts = movement_parts(s)
            if parts:
                moves = [m for entry in parts for m in movement_moves(s, entry)]
                assert s.legal_actions()[: len(moves)] == moves
                for entry in parts:
                    ids = [codec.action_id(s, m) for m in movement_moves(s, entry)]
                    assert move_ids(s, (entry,)) == move_ids.work_out(entry, s.bits) == ids
                moving += 1
    assert moving > 100
    # the ids were kept beside the moves in the engine's memory, and only there
    remembered = _start("campaign").bits.remembered_moves
    assert any(ids is not None for _, ids in remembered.values())
    assert not codec.decisions._part_ids


def test_the_numbers_read_like_the_templates() -> None:
    s = _start("campaign")
    codec = action_codec(s)
    areas = s.data.board.ids
    first = {row["kind"]: row["first"] for row in codec.decisions.layout()}
    orks = [c for c, spec in s.data.counters.items() if spec.side == ORKS]
    deploy = act.Deploy(orks[2], areas[5])
    assert codec.decisions.encode(deploy) == first["Deploy"] + 2 * len(areas) + 5
    assert codec.decisions.decode(first["Deploy"] + 2 * len(areas) + 5) == deploy
    # the Ork player's first decision: Ghazghkull to one of the Ork areas
    assert codec.action_from_id(s, codec.legal_ids(s)[0]) == act.Deploy("ghazghkull", "OT1")


@pytest.mark.rule("BFA-COMBAT-06")
def test_attack_stacks_are_subsets_of_the_target_neighbours() -> None:
    s = _start("campaign")
    codec = action_codec(s)
    board = s.data.board
    target = next(a for a in board.ids if len(board.neighbours(a)) == 6)
    near = sorted(board.neighbours(target))
    both = act.Attack(target, (near[3], near[0]))  # the action sorts its stacks
    i = codec.decisions.encode(both)
    assert codec.decisions.decode(i) == both and codec.decisions.decode(i).stacks == (
        near[0],
        near[3],
    )
    far = next(a for a in board.ids if a != target and a not in near)
    with pytest.raises(ActionIdError, match="outside the armageddon decisions space"):
        codec.decisions.encode(act.Attack(target, (far,)))
    # an area with fewer neighbours leaves some numbers of its range unused
    small = next(a for a in board.ids if len(board.neighbours(a)) < 6)
    start = next(r["first"] for r in codec.decisions.layout() if r["kind"] == "Attack")
    unused = start + board.ids.index(small) * 63 + 62
    with pytest.raises(ActionIdError, match="an unused id"):
        codec.decisions.decode(unused)


def test_an_illegal_id_is_refused_and_the_state_is_unchanged() -> None:
    s = _states("campaign")[40]
    codec = action_codec(s)
    before, saved = s.clone(), s.to_json()
    legal = set(codec.legal_ids(s))
    illegal = next(i for i in range(codec.num_distinct_actions) if i not in legal)
    with pytest.raises(RuleViolation):
        codec.action_from_id(s, illegal)
    for bad in (-1, codec.num_distinct_actions, 10**9):
        with pytest.raises(ActionIdError, match=str(bad)):
            codec.action_from_id(s, bad)
    with pytest.raises(ActionIdError, match="whole number"):
        codec.action_from_id(s, "3")  # type: ignore[arg-type]
    assert s == before and s.to_json() == saved
    with pytest.raises(ActionIdError, match="no armageddon decisions template for Roll"):
        codec.decisions.encode(act.Roll(3))


# -- observations --------------------------------------------------------------------------------


def _hiding(scenario: str) -> list[ArmageddonState]:
    """Some 20 states of a game where a player has cards in hand or a face-down plan."""
    found = [s for s in _states(scenario) if any(len(h) for h in s.hands) or any(s.plans)]
    return found[:: max(1, len(found) // 20)]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_tensor_holds_nothing_hidden(scenario: str) -> None:
    """Drawing again what a player cannot see changes neither his tensor nor his text."""
    states = _hiding(scenario)
    assert len(states) >= 15
    rng = np.random.default_rng(7)
    changed = 0
    for s in states:
        for player in SIDES:
            tensor, text = observation_tensor(s, player), observation_string(s, player)
            assert tensor.shape == (observer(s).layout.size,) and tensor.dtype == np.float32
            assert np.isfinite(tensor).all()
            for _ in range(2):
                other = wargames.determinize(s, player, rng)
                changed += other != s
                assert other.view(player) == s.view(player)
                assert other.current_player == s.current_player
                assert not other.invariant_violations()
                assert np.array_equal(observation_tensor(other, player), tensor)
                assert observation_string(other, player) == text
    assert changed > len(states)  # something was hidden and was drawn differently


def test_the_tensor_changes_with_what_the_player_sees() -> None:
    s = _start("campaign")
    after = s.apply(s.legal_actions()[0])  # Ghazghkull deployed
    for player in SIDES:
        assert not np.array_equal(observation_tensor(s, player), observation_tensor(after, player))
        assert observation_string(s, player) != observation_string(after, player)
    assert not np.array_equal(observation_tensor(s, ORKS), observation_tensor(s, IMPERIUM))


def _blocks(s: ArmageddonState, player: str) -> dict[str, np.ndarray]:
    return observer(s).layout.split(observation_tensor(s, player))


def test_the_blocks_mean_what_the_layout_says() -> None:
    s = _start("campaign")
    o = observer(s)
    areas = s.data.board.ids
    after = s.apply(act.Deploy("ghazghkull", "OT1"))
    b = _blocks(after, IMPERIUM)
    ot1 = areas.index("OT1")
    assert b["ork units"][o.kinds[ORKS].index("warlord"), ot1] == 1
    assert b["ork tribes"][0, ot1] == 1  # Ghazghkull is a Goff
    assert b["counter places"][o.counters.index("ghazghkull"), ot1] == 1
    assert b["counter places"][o.counters.index("goff-gargant"), o.places.index("@unplaced")] == 1
    assert b["counter marks"][3, o.counters.index("goff-gargant")] == 1  # the next to deploy
    assert b["strength"][0, ot1] == pytest.approx(s.spec("ghazghkull").attack / 10)
    had = areas.index("HAD")
    assert b["structures"][0, had] == 1 and b["structures"][4, had] == 1  # hive and fort
    assert b["imperial units"][o.kinds[IMPERIUM].index("commissar"), had] == 1
    assert b["terrain"][list(s.data.terrain).index(s.data.board["HAD"].terrain), had] == 1
    assert b["observer"].tolist() == [0, 1]
    assert b["decision"].tolist() == [1, 0, 0, 0]
    assert b["step"][0] == 1 and b["turn"][0] == 1 and b["build points"][0] == 2.0


@pytest.mark.rule("BFA-STRAT-03", "BFA-CARDS-01")
def test_cards_show_only_to_their_owner() -> None:
    s = next(
        s
        for s in _states("campaign")
        if len(s.plans[0]) == 2 and len(s.plans[1]) == 2 and len(s.hands[0]) and len(s.hands[1])
    )
    o = observer(s)
    for player, foe in ((ORKS, 1), (IMPERIUM, 0)):
        mine = SIDES.index(player)
        b = _blocks(s, player)
        plans = b["plans"]
        first = o.cards.index(s.plans[mine][0])
        assert plans[mine, 0, first] == 1
        assert plans[foe, :, len(o.cards)].tolist() == [1, 1]  # face down
        hand = {c: int(b["hand"][o.special.index(c)]) for c in s.hands[mine]}
        assert hand == {c: s.hands[mine].cards.count(c) for c in s.hands[mine]}
        assert b["hand"].sum() == len(s.hands[mine])
        assert b["card counts"][foe, 0] == len(s.hands[foe])


def test_the_docs_tables_are_the_layouts() -> None:
    page = (ROOT / "docs" / "armageddon.md").read_text(encoding="utf-8")
    s = _start("campaign")
    codec = action_codec(s)
    assert observer(s).layout.markdown() in page
    assert templates_markdown(codec.decisions) in page
    assert templates_markdown(codec.chance) in page
    assert f"**{codec.num_distinct_actions:,} decisions**" in page
    assert f"{observer(s).layout.size:,} floats" in page


@pytest.mark.rule("BFA-STRAT-03")
def test_astropathic_warning_shows_the_ork_plan() -> None:
    """With Astropathic Warning played, the Imperial tensor names the Orks' stacked cards
    and determinize keeps them; the Orks still see the Imperial plan face down."""
    m = started(imperium=("astropathic-warning", "rail-convoy"))
    m.apply("plan orks-cm orks-mb")
    m.apply("play astropathic-warning")
    s = m.apply("plan imperium-bm imperium-bc")
    assert isinstance(s, ArmageddonState)
    o = observer(s)
    b = _blocks(s, IMPERIUM)
    assert b["plans"][0, 0, o.cards.index("orks-cm")] == 1
    assert b["plans"][0, 1, o.cards.index("orks-mb")] == 1
    assert _blocks(s, ORKS)["plans"][1, :, len(o.cards)].tolist() == [1, 1]
    guess = wargames.determinize(s, IMPERIUM, np.random.default_rng(3))
    assert guess.plans[0] == ("orks-cm", "orks-mb")
    assert np.array_equal(observation_tensor(guess, IMPERIUM), observation_tensor(s, IMPERIUM))


def test_determinize_names_an_unknown_player() -> None:
    with pytest.raises(UnknownPlayerError, match="eldar"):
        wargames.determinize(_start("campaign"), "eldar", np.random.default_rng(0))
