"""Actions as numbers and observations of Commands & Colors: Ancients (issue 15): every legal
action and chance outcome of random games in every scenario has an id that decodes back to
it, the same in every state; the observation holds only what the seat sees."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from ccb import piece, position, roll

import wargames
from wargames.ancients import actions as act
from wargames.ancients.leaders import LeaderEvade, evade_paths
from wargames.ancients.numbering import action_codec, evade_targets, most_dice
from wargames.ancients.observation import observer_for
from wargames.ancients.scenario import scenario_names
from wargames.ancients.state import AncientsState
from wargames.core.actionspace import ActionIdError
from wargames.core.engine import GameState
from wargames.core.errors import RuleViolation
from wargames.core.observation import observation_string, observation_tensor

ROOT = Path(__file__).resolve().parents[2]
USER = sorted(str(p) for p in (ROOT / "scenarios" / "ancients").glob("*.toml"))
CASES: list[tuple[str, dict[str, Any]]] = [
    ("river-crossing", {}),
    ("elephant-ridge", {}),
    ("mirror-fields", {}),
    ("the-long-ridge", {"players": (2, 3)}),
    ("twin-valleys", {"players": 8}),
    *((path, {}) for path in USER),
]
"""Every shipped scenario, with teams where it has them, and the user scenarios shipped in
``scenarios/ancients``."""
SEATED: list[tuple[str, dict[str, Any]]] = [
    ("river-crossing", {}),
    ("the-long-ridge", {"players": 4}),
    ("the-long-ridge", {"players": 1}),
    ("twin-valleys", {"players": 4}),
    ("twin-valleys", {"players": 2}),
]


def _id(case: tuple[str, Mapping[str, Any]]) -> str:
    name, options = case
    return Path(name).stem + "".join(f"-{k}{v}" for k, v in options.items())


def play(name: str, options: Mapping[str, Any], seed: int, steps: int) -> Iterator[AncientsState]:
    """The states of a seeded random game (chance by its odds' order at random too)."""
    s = wargames.load("ancients", name, **options, turn_cap=300)
    rng = random.Random(seed)
    for _ in range(steps):
        assert isinstance(s, AncientsState)
        yield s
        if s.is_terminal:
            return
        if s.is_chance:
            outcomes = s.chance_outcomes()
            s = s.apply(outcomes[rng.randrange(len(outcomes))][0])
        else:
            legal = s.legal_actions()
            s = s.apply(legal[rng.randrange(len(legal))])


def check_round_trip(s: GameState) -> list[int]:
    """Every legal action (chance outcome) of ``s`` encodes to a distinct id in range that
    decodes back to it; the mask holds exactly those ids."""
    codec = action_codec(s)
    space = codec.space(s)
    legal = s.legal_actions()
    ids = [codec.action_id(s, a) for a in legal]
    assert len(set(ids)) == len(ids)
    assert all(0 <= i < space.size for i in ids)
    for a, i in zip(legal, ids, strict=True):
        assert codec.action_from_id(s, i) == a
    mask = codec.legal_mask(s)
    assert mask.shape == (space.size,) and sorted(np.flatnonzero(mask).tolist()) == sorted(ids)
    assert codec.legal_ids(s) == sorted(ids)
    if s.is_chance:
        assert [i for i, _ in codec.chance_ids(s)] == ids
    return ids


# -- actions as numbers -------------------------------------------------------------------------


@pytest.mark.parametrize("case", CASES, ids=_id)
@pytest.mark.quick(2)
def test_every_legal_action_and_outcome_round_trips(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    seen: dict[object, int] = {}
    for s in play(name, options, seed=1, steps=200):
        for a, i in zip(s.legal_actions(), check_round_trip(s), strict=True):
            key = (s.is_chance, a)
            assert seen.setdefault(key, i) == i  # the same action, the same id, in every state
    assert len(seen) > 50


def test_one_space_per_scenario_and_its_size() -> None:
    a = wargames.load("ancients", "river-crossing")
    b = wargames.load("ancients", "river-crossing", turn_cap=3)
    codec = action_codec(a)
    assert action_codec(b) is codec and wargames.action_space(a) is codec
    assert codec.num_distinct_actions == 21_931 and codec.max_chance_outcomes == 1_744
    layout = {t["kind"]: t["count"] for t in codec.decisions.layout()}
    within_4 = 60  # the hexes at most 4 from a hex in the middle of the board: 6+12+18+24
    assert layout["Move"] == 113 * within_4 * 2 < 113 * 113 * 2
    assert layout["Attack"] == 113 * 6 and layout["Pass"] == 10
    epic = action_codec(wargames.load("ancients", "twin-valleys"))
    team = action_codec(wargames.load("ancients", "the-long-ridge", players=3))
    # the team space: the base's, Place, Counter Attack, Credit, BattleNext, and the set-up
    # choices centre/flank left/right (2 + 2, CCA-ROLE-04, -05)
    assert epic.num_distinct_actions == 47_174 and team.num_distinct_actions == 47_269
    assert {t["kind"] for t in epic.decisions.layout()} >= {"Give"}
    kinds = {"Place", "CounterAttack", "Credit", "Centre", "OutsideFlank"}
    assert {t["kind"] for t in team.decisions.layout()} >= kinds


@pytest.mark.rule("CCB-DICE-01", "CCB-BATTLE-07", "CCB-CARDS-19")
def test_a_roll_has_at_most_the_dice_the_scenario_allows() -> None:
    s = wargames.load("ancients", "twin-valleys")
    assert isinstance(s, AncientsState)
    assert most_dice(s.scenario) == 7  # a Command roll of 7 dice; HI 5 + Clash of Shields 2
    codec = action_codec(s)
    seven = act.Dice(("swords",) * 7)
    assert codec.chance.decode(codec.chance.encode(seven)) == seven
    with pytest.raises(ActionIdError, match="outside"):
        codec.chance.encode(act.Dice(("swords",) * 8))


@pytest.mark.rule("CCB-LEADER-11", "CCB-LEADER-14", "CCB-GAP-23")
def test_every_path_of_an_evading_leader_has_an_id() -> None:
    s = position({"06-03": "MI"}, {"01-01": "MI"}, leaders={"06-02": "top"}, ordered=["06-03"])
    s = roll(s.apply("attack 06-03 06-02"), "flag", "light", "light", "light")
    assert isinstance(s.top, LeaderEvade)
    paths = evade_paths(s, piece(s, "L06-02"))
    assert ("06-01", act.OFF) in paths
    assert set(paths) <= set(evade_targets(s.scenario))
    ids = check_round_trip(s)
    assert len(ids) == len(paths)


def test_an_illegal_id_is_refused_and_the_state_is_unchanged() -> None:
    s = next(x for x in play("river-crossing", {}, 2, 200) if not x.is_chance and x.turn > 2)
    codec = action_codec(s)
    before = s.to_json()
    legal = set(codec.legal_ids(s))
    illegal = next(i for i in range(codec.num_distinct_actions) if i not in legal)
    with pytest.raises(RuleViolation):
        codec.action_from_id(s, illegal)
    with pytest.raises(ActionIdError, match="not an id"):
        codec.action_from_id(s, codec.num_distinct_actions)
    with pytest.raises(ActionIdError, match="whole number"):
        codec.action_from_id(s, "7")  # type: ignore[arg-type]
    move = next(t for t in codec.decisions.layout() if t["kind"] == "Move")
    near = move["count"] // 113 // 2  # the most hexes within a move of a hex
    last_to = move["first"] + (0 * near + near - 1) * 2  # 01-01, a corner, has fewer
    with pytest.raises(ActionIdError, match="unused"):
        codec.action_from_id(s, last_to)
    assert s.to_json() == before


def test_an_action_the_space_cannot_number_names_it() -> None:
    codec = action_codec(wargames.load("ancients"))
    with pytest.raises(ActionIdError, match="05-05 09-09"):
        codec.decisions.encode(act.Move("05-05", "09-09"))  # farther than any move
    with pytest.raises(ActionIdError, match="no ancients decisions template"):
        codec.decisions.encode(act.Draw("rally"))


# -- observations ----------------------------------------------------------------------------


@pytest.mark.parametrize("case", SEATED, ids=_id)
@pytest.mark.quick(1)
def test_an_observation_holds_only_what_the_seat_sees(case: tuple[str, dict[str, Any]]) -> None:
    """Resampling the hidden cards (the descriptor's determinize) never changes a seat's
    tensor or text; the seats' observations differ."""
    name, options = case
    seats = wargames.game("ancients").seats_of(name, options)
    layout = None
    for k, s in enumerate(play(name, options, seed=3, steps=150)):
        if k % 15:
            continue
        tensors = {}
        for seat in seats:
            tensor, text = observation_tensor(s, seat), observation_string(s, seat)
            layout = observer_for(s).layout
            assert tensor.dtype == np.float32 and tensor.shape == (layout.size,)
            assert np.isfinite(tensor).all()
            for r in range(2):
                other = wargames.determinize(s, seat, np.random.default_rng(r))
                assert np.array_equal(observation_tensor(other, seat), tensor)
                assert observation_string(other, seat) == text
            tensors[seat] = tensor
        assert len({t.tobytes() for t in tensors.values()}) == len(seats)
    assert layout is not None


@pytest.mark.rule("CCA-CARDS-11", "CCB-EPIC-07")
def test_determinize_keeps_the_seat_to_act() -> None:
    """Who acts is public and may depend on hidden cards (the Commander asked about Counter
    Attack holds one; the Overall Commander gives while a card fits): every deal keeps it."""
    found = {"CounterWindow": 0, "GiveCards": 0}
    for name, options in (("the-long-ridge", {"players": 4}), ("twin-valleys", {"players": 8})):
        for s in play(name, options, seed=3, steps=400):
            kind = type(s.top).__name__ if s.tasks and not s.is_terminal else ""
            if kind not in found or found[kind] >= 2:
                continue
            found[kind] += 1
            for seat in wargames.game("ancients").seats_of(name, options):
                for r in range(3):
                    other = wargames.determinize(s, seat, np.random.default_rng(r))
                    assert other.current_player == s.current_player
    assert all(found.values())


def test_the_blocks_mean_what_the_layout_says() -> None:
    s = next(x for x in play("river-crossing", {}, 4, 300) if x.turn >= 3 and not x.is_chance)
    observer = observer_for(s)
    blocks = observer.layout.split(observation_tensor(s, "bottom"))
    at = observer.at
    for p, where in enumerate(s.where):
        if not s.on_board(p):
            continue
        if s.is_leader(p):
            assert blocks["leaders"][("bottom", "top").index(s.side_of(p)), at[where]] == 1.0
        else:
            plane = blocks[f"{s.side_of(p)} units"][observer.codes.index(s.kind(p).code)]
            assert plane[at[where]] == s.blocks[p]
    units = blocks["bottom units"].sum() + blocks["top units"].sum()
    assert units == sum(s.blocks[p] for p in s.units_of("bottom") + s.units_of("top"))
    assert np.array_equal(blocks["terrain"].sum(axis=0), np.ones(len(observer.hexes)))
    ford = observer.terrains.index("fordable-river")
    assert blocks["terrain"][ford].sum() >= 3  # the stream's three fords
    hand = {c: n for c, n in zip(observer.cards, blocks["hand"], strict=True) if n}
    assert hand == {c: float(s.hand("bottom").cards.count(c)) for c in s.hand("bottom").cards}
    assert blocks["observer"].tolist() == [1.0, 0.0]
    to_act = observer.seats.index(s.current_player)
    assert blocks["to act"][to_act] == 1.0 and blocks["to act"].sum() == 1.0
    assert blocks["step"][observer.steps.index(type(s.top).__name__)] == 1.0
    top = observer.layout.split(observation_tensor(s, "top"))
    assert top["hand"].sum() == len(s.hand("top"))
    assert top["hand sizes"].tolist() == blocks["hand sizes"].tolist()


def test_a_field_general_holds_no_cards_but_sees_his_flank_s() -> None:
    s = next(
        x
        for x in play("the-long-ridge", {"players": 4}, 5, 400)
        if any(c for c in x.placed[0])  # type: ignore[attr-defined]
    )
    observer = observer_for(s)
    general = observer.layout.split(observation_tensor(s, "bottom/left"))
    commander = observer.layout.split(observation_tensor(s, "bottom/commander"))
    assert general["hand"].sum() == 0 and commander["hand"].sum() == len(s.hand("bottom"))
    placed = s.placed[0]  # type: ignore[attr-defined]
    backs = len(observer.cards)
    for j, card in enumerate(placed):
        if card:
            assert commander["placed"][0, j, observer.card_at[card]] == 1.0
            shown = observer.card_at[card] if j == 0 else backs  # only the left flank's face
            assert general["placed"][0, j, shown] == 1.0


def test_an_observation_changes_when_what_the_seat_sees_changes() -> None:
    s = next(
        x
        for x in play("river-crossing", {}, 6, 400)
        if any(isinstance(a, act.Move) for a in x.legal_actions())
    )
    move = next(a for a in s.legal_actions() if isinstance(a, act.Move))
    after = s.apply(move)
    observer = observer_for(s)
    before_top = observer.layout.split(observation_tensor(s, "top"))
    after_top = observer.layout.split(observation_tensor(after, "top"))
    side = "bottom" if s.active == "bottom" else "top"
    plane = f"{side} units" if not move.leader else "leaders"
    assert not np.array_equal(before_top[plane], after_top[plane])
    assert observation_string(s, "top") != observation_string(after, "top")


@pytest.mark.rule("CCA-ROLE-04", "CCA-ROLE-05")
def test_the_set_up_choice_of_flanks_is_a_step_kind_and_a_block_of_the_observation() -> None:
    from wargames.ancients.observation import step_names

    s = wargames.load("ancients", "the-long-ridge", players=(3, 2))
    observer = observer_for(s)
    choose = step_names().index("ChooseFlanks")
    assert observer.layout.split(observation_tensor(s, "bottom/left"))["step"].tolist() == [
        1.0 if i == choose else 0.0 for i in range(len(step_names()) + 1)
    ]
    before = observer.layout.split(observation_tensor(s, "top/general"))
    assert before["flank choice"].tolist() == [[0.0, 0.0], [0.0, 0.0]]  # nothing chosen yet
    s = s.apply("centre right")
    for seat in ("bottom/commander", "bottom/left", "top/general", "top"):
        seen = observer.layout.split(observation_tensor(s, seat))
        assert seen["flank choice"].tolist() == [[0.0, 1.0], [0.0, 0.0]]
        assert seen["step"][choose] == 1.0  # top's Commander to choose now
        view = observation_tensor(s.view(seat), seat)  # made from the seat's view alone
        np.testing.assert_array_equal(observation_tensor(s, seat), view)
    s = s.apply("flank left")
    seen = observer.layout.split(observation_tensor(s, "bottom/right"))
    assert seen["flank choice"].tolist() == [[0.0, 1.0], [1.0, 0.0]] and seen["step"][choose] == 0
    # a base scenario shares the step kinds (one float per kind of every rule set): the set-up
    # choice's float is there, and never set
    base = play("river-crossing", {}, 3, 300)
    flags = {
        observer_for(x).layout.split(observation_tensor(x, "bottom"))["step"][choose] for x in base
    }
    assert flags == {0.0}
    assert dict(observer_for(wargames.load("ancients")).layout.offsets())["step"] == (5203, 5269)


def test_observing_a_seat_the_game_does_not_have_is_an_error() -> None:
    s = wargames.load("ancients", "the-long-ridge", players=2)
    with pytest.raises(wargames.UnknownPlayerError):
        observation_tensor(s, "bottom/left")


def test_the_docs_tables_are_the_default_layout_and_the_sizes() -> None:
    page = (ROOT / "docs" / "ancients.md").read_text(encoding="utf-8")
    default = wargames.load("ancients")
    assert observer_for(default).layout.markdown() in page
    for row in action_codec(default).decisions.layout():
        assert (
            f"| `{row['kind']}` | {row['first']:,} | {row['count']:,} | {row['fields']} |" in page
        )
    for name in scenario_names():
        s = wargames.load("ancients", name)
        codec, size = action_codec(s), observer_for(s).layout.size
        found = re.search(rf"\| `{name}` \| ([\d,]+) \| ([\d,]+) \| ([\d,]+) \|", page)
        assert found is not None, name
        numbers = [int(n.replace(",", "")) for n in found.groups()]
        assert numbers == [codec.num_distinct_actions, codec.max_chance_outcomes, size]


@pytest.mark.slow
@pytest.mark.parametrize("case", CASES, ids=_id)
def test_many_games_round_trip_and_hide_what_they_should(case: tuple[str, dict[str, Any]]) -> None:
    name, options = case
    seats = wargames.game("ancients").seats_of(name, options)
    for seed in range(4):
        for k, s in enumerate(play(name, options, seed=10 + seed, steps=2500)):
            check_round_trip(s)
            if k % 25 == 0:
                for seat in seats:
                    text = observation_string(s, seat)
                    other = wargames.determinize(s, seat, np.random.default_rng(k))
                    assert observation_string(other, seat) == text
