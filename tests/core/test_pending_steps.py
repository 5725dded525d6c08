"""Saved states whose pending steps, hands or roll were tampered with (issue 13): each kind the
fuzzing once accepted and saw break a step later is now refused when it is read, with a
:class:`SavedStateError` naming the rule broken.

The documents are positions of seeded games (the fuzz corpus, :func:`wargames.fuzz.cases.
state_bases`) changed by hand the way the fuzz changed them: hands swapped, a step deleted,
the stack doubled, a cure of an illegal stack deleted or moved, a unit renamed.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import wargames
from wargames.core.codec import SavedStateError
from wargames.fuzz.cases import state_bases


def position(game: str, *steps: str, exact: bool = False) -> dict[str, Any]:
    """A copy of the first saved position of the fuzz corpus of ``game`` whose pending steps
    (the tags without the game, bottom first) begin with ``steps`` (are ``steps``, if
    ``exact``)."""
    for base in state_bases(game):
        names = [task["@"].split("/", 1)[1] for task in base.document["tasks"]]
        if names[: len(steps)] == list(steps) and (not exact or len(names) == len(steps)):
            found: dict[str, Any] = copy.deepcopy(base.document)
            return found
    raise AssertionError(f"no {game} position with the steps {steps}")


def refused(game: str, data: dict[str, Any], problem: str) -> None:
    """Reading ``data`` back is refused for breaking the invariants, ``problem`` named."""
    cls = type(wargames.load(game))
    with pytest.raises(SavedStateError, match="breaks the game's invariants") as caught:
        cls.from_json(data)
    assert problem in str(caught.value), caught.value


def names(data: dict[str, Any]) -> list[str]:
    return [task["@"].split("/", 1)[1] for task in data["tasks"]]


# -- Commands & Colors: Ancients ----------------------------------------------------------------


MID_TURN = ("end-turn", "draw-step", "battle-step", "move-step", "order-step")


@pytest.mark.parametrize("pile", ["hand", "draw"])
def test_a_pile_out_of_order_is_refused(pile: str) -> None:
    """A pile is kept sorted (equal piles compare equal, and a card is drawn by its place in
    the draw pile): a saved state with a hand or the draw pile out of order is refused."""
    data = position("ancients", *MID_TURN)
    cards = data["hands"][0]["cards"] if pile == "hand" else data["deck"]["draw"]["cards"]
    assert len(set(cards)) > 1
    cards.reverse()
    name = "the bottom hand" if pile == "hand" else "the draw pile"
    refused("ancients", data, f"the cards of {name} are not in order")


def test_the_untouched_positions_load() -> None:
    for game, steps in [
        ("ancients", MID_TURN),
        ("ancients", ("begin-turn", "deal", "draw-card")),
        ("armageddon", ("victory", "action-segment", "end-segment", "supply-check")),
    ]:
        data = position(game, *steps)
        assert type(wargames.load(game)).from_json(data).to_json() == data


@pytest.mark.rule("CCB-HAND-01")
def test_ancients_hands_swapped_mid_turn_are_refused() -> None:
    """The active side has played his card (one card short until the draw), the other holds
    his Command: swapped, the active side would hold one card too many after the draw."""
    data = position("ancients", *MID_TURN)
    data["hands"].reverse()
    refused("ancients", data, "once the pending draws and play are done: not his Command")


@pytest.mark.rule("CCB-HAND-04")
def test_ancients_hands_swapped_while_dealt_are_refused() -> None:
    """While the opening hands are dealt, the side dealt first holds his Command and the other
    fewer: swapped, the side still being dealt would draw past his Command."""
    data = position("ancients", "begin-turn", "deal", "draw-card")
    data["hands"].reverse()
    refused("ancients", data, "not his Command of")


@pytest.mark.rule("CCB-TURN-06")
def test_ancients_card_play_with_its_draw_deleted_is_refused() -> None:
    data = position("ancients", "end-turn", "draw-step", "play-step")
    del data["tasks"][1]
    refused("ancients", data, "PlayStep is pending with no draw below it (CCB-TURN-06)")


@pytest.mark.rule("CCB-TURN-01")
def test_ancients_steps_of_the_turn_out_of_order_are_refused() -> None:
    data = position("ancients", *MID_TURN)
    tasks = data["tasks"]
    tasks[3], tasks[4] = tasks[4], tasks[3]  # the move step above the order step
    refused("ancients", data, "the steps of the turn are pending out of order or twice")


@pytest.mark.rule("CCB-TURN-01")
def test_ancients_a_second_turn_pending_above_the_first_is_refused() -> None:
    data = position("ancients", "begin-turn", "deal", "deal", "draw-card")
    data["tasks"] = data["tasks"] * 2
    refused("ancients", data, "a turn is pending above the steps of another (CCB-TURN-01)")


@pytest.mark.rule("CCB-HAND-04")
@pytest.mark.parametrize("extra", ["deal and draw", "draw"])
def test_ancients_the_opening_deal_pending_twice_is_refused(extra: str) -> None:
    """Found by the fuzzing (states 7000067187, 7000159079: the opening deal's steps repeated
    above it, so that a side's hand was filled, then drawn past his Command by a draw left
    below). The deals wait right above the first turn, one a side, with only the card being
    dealt above them."""
    data = position("ancients", "begin-turn", "deal", "deal", "draw-card")
    tasks = data["tasks"]
    if extra == "draw":
        tasks.insert(2, copy.deepcopy(tasks[-1]))  # a draw left below the last deal
    else:
        tasks.extend(copy.deepcopy(tasks[1:]))
    refused("ancients", data, "the opening hands are dealt out of order or twice (CCB-HAND-04)")


@pytest.mark.rule("HMC-ORDERS-19", "WM-REINF-06", "WM-COMBAT-08", "BFA-CARDS-01", "CCB-DICE-06")
@pytest.mark.parametrize(
    ("game", "tag", "path", "value", "problem"),
    [
        ("horde", "horde/activation", ("spent",), -1, "has spent -1 Half actions, not 0 to 2"),
        ("warmaster", "warmaster/cup-draw", ("left",), 1000, "draws 1000 more counters"),
        ("warmaster", "warmaster/after-battle", ("battle", "shift"), 1000, "shifts 1000 columns"),
        ("armageddon", "armageddon/deal-special", ("count",), 1000, "deals 1000 special cards"),
        ("ancients", "ancients/flags", ("flags",), 1000, "has 1000 flags from"),
    ],
)
def test_a_count_no_rule_gives_is_refused(
    game: str, tag: str, path: tuple[str, ...], value: int, problem: str
) -> None:
    """Found in session 30 by probing every number of the corpus's pending steps: each of these
    was read back and played on though no rule gives it (three Half actions for a horde, a
    thousand counters drawn from the cup, a battle shifted a thousand columns, a thousand
    special cards dealt, a thousand flags from four dice). Each is now refused."""
    for base in state_bases(game):
        data = copy.deepcopy(base.document)
        steps = [t for t in data["tasks"] if t["@"] == tag]
        if steps:
            assert type(wargames.load(game)).from_json(copy.deepcopy(data))
            where = steps[0]
            for key in path[:-1]:
                where = where[key]
            where[path[-1]] = value
            refused(game, data, problem)
            return
    raise AssertionError(f"no {game} position with {tag} pending")


@pytest.mark.rule("CCB-CLOSE-01")
@pytest.mark.parametrize(
    ("tag", "part", "by"), [("flags", "strike", "roller"), ("advance", "combat", "attacker")]
)
def test_ancients_a_piece_set_against_its_own_side_is_refused(tag: str, part: str, by: str) -> None:
    """Found in session 30 by probing the piece numbers of the corpus's pending rolls and
    combats: a roll or a combat sets a piece against an enemy one (close combat, fire, battle
    back, evasion and a leader's escape alike); one against its own side is refused."""
    cls = type(wargames.load("ancients"))
    for base in state_bases("ancients"):
        steps = [t for t in base.document["tasks"] if t["@"] == f"ancients/{tag}"]
        if not steps:
            continue
        state = cls.from_json(copy.deepcopy(base.document))
        target = steps[0][part]["target"]
        own = next(
            p
            for p in range(len(state.where))
            if p != target and state.side_of(p) == state.side_of(target)
        )
        data = copy.deepcopy(base.document)
        next(t for t in data["tasks"] if t["@"] == f"ancients/{tag}")[part][by] = own
        refused("ancients", data, f"sets piece {own} against its own side's {target}")
        return
    raise AssertionError(f"no ancients position with {tag} pending")


def ancients_pending(step: str, kind: str | None = None) -> dict[str, Any]:
    """The saved position of the first seeded random C&C: Ancients game (by seed, every
    scenario in turn) with ``step`` on top of the pending steps, a roll of ``kind`` when
    given."""
    described = wargames.game("ancients")
    scenarios = sorted(described.scenarios())
    for seed in range(20):
        state: Any = described.start(scenarios[seed % len(scenarios)], {})
        rng = np.random.default_rng(seed)
        while state.current_player is not None:
            top = state.tasks[-1]
            if type(top).__name__ == step and (kind is None or top.strike.kind == kind):
                found: dict[str, Any] = state.to_json()
                return found
            state = state.apply(state.random_action(rng))
    raise AssertionError(f"no ancients game reached {step} {kind or ''}")


def far_from(hexes: list[str], centre: str, at_least: int, geometry: Any) -> str:
    return next(h for h in hexes if geometry.distance(centre, h) >= at_least)


@pytest.mark.rule("CCB-CLOSE-01")
@pytest.mark.parametrize(("tag", "part"), [("advance", "combat"), ("flags", "strike")])
def test_ancients_a_close_combat_across_the_board_is_refused(tag: str, part: str) -> None:
    """Found in session 31, the last of session 30's probing: a combat under way (here its
    momentum step) and a close roll (here a battle back's flags) whose two hexes are not
    adjacent were read back and played on. A close combat is fought across adjacent hexes."""
    data = position_with_step("ancients", tag)
    step = next(t for t in data["tasks"] if t["@"] == f"ancients/{tag}")[part]
    geometry = wargames.load("ancients").scenario.geometry
    step["at"] = far_from(sorted(geometry.terrain), step["frm"], 3, geometry)
    refused("ancients", data, "not adjacent (CCB-CLOSE-01)")


@pytest.mark.rule("CCB-RANGED-03", "CCB-RANGED-08")
@pytest.mark.parametrize("reach", ["adjacent", "beyond"])
def test_ancients_fire_out_of_range_is_refused(reach: str) -> None:
    """Ranged fire reaches past the adjacent hexes to the firer's range: a roll under way at an
    adjacent hex, or one beyond the range, is refused."""
    data = ancients_pending("RollDice", "ranged")
    strike = data["tasks"][-1]["strike"]
    state = type(wargames.load("ancients")).from_json(copy.deepcopy(data))
    geometry = state.scenario.geometry
    if reach == "adjacent":
        strike["at"] = geometry.neighbours[strike["frm"]][0]
    else:
        far = state.kind(strike["roller"]).range + 1
        strike["at"] = far_from(sorted(geometry.terrain), strike["frm"], far, geometry)
    refused("ancients", data, "fires from")


@pytest.mark.rule("CCB-CLOSE-01", "CCB-CLOSE-03")
def test_ancients_a_declared_combat_its_pieces_left_is_refused() -> None:
    """Before a close combat's first roll nothing has moved: a defender's choice whose
    attacker stands elsewhere than the hex it attacks from is refused."""
    data = ancients_pending("DefenderChoice")
    combat = data["tasks"][-1]["combat"]
    geometry = wargames.load("ancients").scenario.geometry
    combat["frm"] = next(h for h in geometry.neighbours[combat["at"]] if h != combat["frm"])
    refused("ancients", data, "do not stand in (CCB-CLOSE-01)")


@pytest.mark.rule("CCB-DICE-03")
def test_ancients_a_roll_of_no_kind_is_refused() -> None:
    """Found in session 31 reviewing the reach check: a roll under way whose kind no rule
    makes was read back and broke the step after (a raw ``ValueError`` from the dice)."""
    data = ancients_pending("RollDice", "ranged")
    data["tasks"][-1]["strike"]["kind"] = "bogus"
    refused("ancients", data, "rolls 'bogus', no kind of roll a unit makes")


@pytest.mark.rule("CCB-LEADER-16")
def test_ancients_an_escape_test_across_two_hexes_is_refused() -> None:
    """A leader's escape test is rolled by the enemy unit in the one hex he passes through: a
    roll under way naming two hexes is refused."""
    data = ancients_pending("RollDice", "ranged")
    strike = data["tasks"][-1]["strike"]
    strike["kind"] = "escape"
    refused("ancients", data, "rolls an escape test across")


# -- Battle for Armageddon -----------------------------------------------------------------------


@pytest.mark.rule("BFA-GAP-10")
def test_armageddon_a_factory_moved_is_refused() -> None:
    """Found in session 31 by swapping the words of whole saved states: a factory moved to
    another area was read back, and after the next build phase an area held both sides'
    counters. Hives and factories stand where the scenario built them."""
    data = position_with_step("armageddon", "deploy-orks")
    state = type(wargames.load("armageddon")).from_json(copy.deepcopy(data))
    factory = next(c for c in state.manifest.ids if state.spec(c).kind == "factory")
    elsewhere = next(a for a in state.data.board.ids if a != state.location(factory))
    data["where"][state.manifest.ids.index(factory)] = elsewhere
    refused("armageddon", data, f"{factory} stands in {elsewhere}, not in")


@pytest.mark.rule("BFA-COMBAT-02", "BFA-RETREAT-01")
@pytest.mark.parametrize(("tag", "part"), [("advance-choice", "battle"), ("retreat", "counters")])
def test_armageddon_a_counter_of_the_other_side_in_a_battle_is_refused(tag: str, part: str) -> None:
    """Found in session 31 by swapping the names in the corpus's pending steps: a battle past
    its roll whose attackers took in an enemy counter, or a retreat that moved a hive, was
    read back and played on. A battle is its side's attack, a retreat moves the side's units."""
    data = position_with_step("armageddon", tag)
    step = next(t for t in data["tasks"] if t["@"] == f"armageddon/{tag}")
    state = type(wargames.load("armageddon")).from_json(copy.deepcopy(data))
    side = step["battle"]["side"] if part == "battle" else step["side"]
    if part == "battle":
        enemy = next(c for c in state.manifest.ids if state.spec(c).side != side)
        step["battle"]["attackers"][0] = enemy
        refused("armageddon", data, f"{side}'s attack on {step['battle']['target']} is made by")
    else:
        hive = next(c for c in state.manifest.ids if state.spec(c).kind == "hive")
        step["counters"][0] = hive
        refused("armageddon", data, f"retreat with {side}'s units (BFA-RETREAT-01)")


def overstacked() -> dict[str, Any]:
    """A position after the Orks' movement: illegal stacks waiting to be cured, the top of the
    stack one ``overstacked`` task per area."""
    for base in state_bases("armageddon"):
        if "overstacked" in names(base.document):
            found: dict[str, Any] = copy.deepcopy(base.document)
            return found
    raise AssertionError("no armageddon position with illegal stacks being cured")


@pytest.mark.rule("BFA-MOVE-09")
def test_armageddon_a_deleted_cure_leaves_an_illegal_stack_and_is_refused() -> None:
    data = overstacked()
    area = data["tasks"][-1]["area"]
    del data["tasks"][-1]
    refused("armageddon", data, f"illegal orks stack in {area} outside movement")


@pytest.mark.rule("BFA-MOVE-09")
def test_armageddon_a_cure_below_other_steps_is_refused() -> None:
    data = overstacked()
    data["tasks"].insert(1, data["tasks"].pop())
    refused("armageddon", data, "illegal stacks are cured below other steps, or one twice")


@pytest.mark.rule("BFA-MOVE-09")
def test_armageddon_a_cure_of_a_legal_stack_is_refused() -> None:
    data = overstacked()
    state = type(wargames.load("armageddon")).from_json(overstacked())
    legal = next(a for a in state.data.board.ids if not state.stack(a, "orks"))
    data["tasks"][-1]["area"] = legal
    refused("armageddon", data, f"the orks stack in {legal} is to be cured but breaks no rule")


def battle_to_roll() -> dict[str, Any]:
    """A position with an attack declared and its combat die still to roll: the top step
    ``combat-roll``, holding the battle (target, stacks, attacking counters)."""
    for base in state_bases("armageddon"):
        if names(base.document)[-1] == "combat-roll":
            found: dict[str, Any] = copy.deepcopy(base.document)
            return found
    raise AssertionError("no armageddon position with a combat die to roll")


def test_armageddon_a_battle_to_roll_loads_untouched() -> None:
    data = battle_to_roll()
    assert type(wargames.load("armageddon")).from_json(data).to_json() == data


@pytest.mark.rule("BFA-COMBAT-01", "BFA-COMBAT-06")
def test_armageddon_an_attack_from_no_stack_or_a_far_one_is_refused() -> None:
    """Found by the fuzzing (state 1345196237): the battle's stacks emptied, then its odds
    could not be worked out at the roll. Neither an attack from no stack nor one from a
    stack that is not next to the target is read back."""
    data = battle_to_roll()
    battle = data["tasks"][-1]["battle"]
    target = battle["target"]
    battle["stacks"] = []
    refused("armageddon", data, f"an attack on {target} from no stack (BFA-COMBAT-01)")
    state = type(wargames.load("armageddon")).from_json(battle_to_roll())
    board = state.data.board
    far = next(a for a in board.ids if a != target and not board.adjacent(a, target))
    data = battle_to_roll()
    data["tasks"][-1]["battle"]["stacks"][0] = far
    refused("armageddon", data, f"an attack on {target} from a stack not next to it")


@pytest.mark.rule("BFA-COMBAT-02")
def test_armageddon_an_attack_without_its_whole_stacks_is_refused() -> None:
    data = battle_to_roll()
    battle = data["tasks"][-1]["battle"]
    battle["attackers"] = battle["attackers"][1:]
    refused("armageddon", data, "is not made by its whole stacks (BFA-COMBAT-02)")


@pytest.mark.rule("BFA-GAP-14")
def test_armageddon_an_attack_with_no_attack_total_is_refused() -> None:
    """The other side attacking from the same stacks, which hold none of its units: no
    attacking counter, an attack total of 0 (an illegal attack, BFA-GAP-14)."""
    data = battle_to_roll()
    battle = data["tasks"][-1]["battle"]
    battle["side"] = "imperium" if battle["side"] == "orks" else "orks"
    battle["attackers"] = []
    refused("armageddon", data, "has an attack total of 0 (BFA-GAP-14)")


# -- horde ------------------------------------------------------------------------------------


@pytest.mark.rule("HMC-ORDERS-01")
def test_horde_a_commander_renamed_away_is_refused() -> None:
    data = position("horde", "end-round", "next-turn", "after-activation", "activation")
    unit = next(u for u in data["units"] if u["id"] == "CMD-lieutenant")
    unit["id"] = "CMD-lieutenantCMD-lieutenant"
    refused("horde", data, "the scenario's units ['CMD-lieutenant'] are not in the battle")


def test_horde_a_unit_moved_to_the_other_side_is_refused() -> None:
    data = position("horde", "end-round", "next-turn", "after-activation", "activation")
    unit = next(u for u in data["units"] if u["id"] == "CMD-lieutenant")
    unit["side"] = "red" if unit["side"] == "blue" else "blue"
    refused("horde", data, "the scenario's units ['CMD-lieutenant'] are not in the battle")


@pytest.mark.rule("HMC-GAP-26")
def test_horde_a_split_leaving_a_part_too_small_is_refused() -> None:
    """Found by the fuzzing (state 6000092040: a Split! still to be placed changed to 0
    Magnitude, which left a horde at 0 still fighting). Each part of a Split! keeps at least
    the least Magnitude."""
    for base in state_bases("horde"):
        steps = [t for t in base.document["tasks"] if t["@"] == "horde/split-placement"]
        if not steps:
            continue
        for size in (0, 9, 10_000):
            data = copy.deepcopy(base.document)
            step = next(t for t in data["tasks"] if t["@"] == "horde/split-placement")
            step["magnitude"] = size
            refused("horde", data, f"a Split! of {step['unit']} into {size} and the rest")
        return
    raise AssertionError("no horde position with a Split! to place")


ACTIVATION = ("end-round", "next-turn", "after-activation", "activation")


@pytest.mark.rule("HMC-ORDERS-16")
def test_horde_a_second_split_under_way_is_refused() -> None:
    """Found by the fuzzing (states 7000102958, 7000188927: the steps of a Split! doubled, so
    that the horde split twice and left a part below the least Magnitude). A horde has one
    Split! under way at most, and none once it split or merged this round."""
    data = position("horde", *ACTIVATION, exact=True)
    activation = data["tasks"][-1]
    unit = activation["unit"]
    data["tasks"].append({"@": "horde/split-size", "unit": unit})
    assert type(wargames.load("horde")).from_json(data).to_json() == data  # one: a position
    data["tasks"].append({"@": "horde/split-size", "unit": unit})
    refused("horde", data, f"{unit} has a second Split! under way")
    del data["tasks"][-1]
    data["reshaped"] = [unit]
    refused("horde", data, f"{unit} has a second Split! under way, or one after it split")


@pytest.mark.rule("HMC-ATTACK-02", "HMC-ATTACK-04", "HMC-DAMAGE-03")
@pytest.mark.parametrize(
    ("field", "value"),
    [("attack_die", 0), ("attack_die", 1000), ("defence_die", 11), ("damage_die", 11)],
)
def test_horde_a_die_no_die_shows_is_refused(field: str, value: int) -> None:
    """Found by probing after the fuzzing found a Warmaster die of 0: an attack under way whose
    die was set to 1000 was read back and played on. The dice of an attack are faces of a d10
    (a d5 for partial damage), its hit full or partial."""
    for base in state_bases("horde"):
        data = copy.deepcopy(base.document)
        steps = [t for t in data["tasks"] if isinstance(t.get("strike"), dict)]
        if steps and field in steps[0]["strike"]:
            steps[0]["strike"][field] = value
            refused("horde", data, f"'s {field} is {value}")
            return
    raise AssertionError("no horde position with an attack under way")


@pytest.mark.rule("HMC-ATTACK-05")
def test_horde_a_hit_neither_full_nor_partial_is_refused() -> None:
    for base in state_bases("horde"):
        data = copy.deepcopy(base.document)
        steps = [t for t in data["tasks"] if isinstance(t.get("strike"), dict)]
        if steps and steps[0]["strike"].get("hit") is not None:
            steps[0]["strike"]["hit"] = "glancing"
            refused("horde", data, "'s hit is 'glancing', neither full nor partial")
            return
    raise AssertionError("no horde position with an attack's hit decided")


@pytest.mark.rule("HMC-WEAPON-05", "HMC-GAP-19")
@pytest.mark.parametrize("again", ["bogus", "best"])
def test_horde_a_damage_die_rolled_again_for_no_reason_is_refused(again: str) -> None:
    """Found in session 31 by setting every word of the corpus's pending steps to another: a
    damage die to be rolled again ``"bogus"`` was read back (and rolled as a first die, which
    a Tearing weapon may then reroll once more); ``"best"`` without a first die would stop the
    game at its assertion. A damage die is rolled again only as a Tearing reroll or as the
    second of two after a first."""
    data = position_with_step("horde", "damage-roll")
    step = next(t for t in data["tasks"] if t["@"] == "horde/damage-roll")
    assert step.get("again", "") == "" and step["strike"].get("first_die") is None
    step["again"] = again
    refused("horde", data, f"'s damage die is rolled again as {again!r}")


@pytest.mark.rule("HMC-ORDERS-03", "HMC-COMBAT-06")
@pytest.mark.parametrize("whom", ["an ally", "an enemy far off"])
def test_horde_an_attack_on_a_unit_it_could_not_attack_is_refused(whom: str) -> None:
    """Found in session 31 by swapping the unit names of the corpus's pending steps: an attack
    under way whose target was made an ally, or in melee an enemy far off, was read back and
    played on. An attack sets a unit against an enemy, in melee one next to it."""
    cls = type(wargames.load("horde"))
    for base in state_bases("horde"):
        state = cls.from_json(copy.deepcopy(base.document))
        k, task = next(
            ((k, t) for k, t in enumerate(state.tasks) if getattr(t, "strike", None)), (0, None)
        )
        if task is None or task.strike.kind != "melee":
            continue
        striker = state.unit(task.strike.striker)
        here = state.location(striker)
        others = [u for u in state.units if u.fighting and u.square and u.id != striker.id]
        if whom == "an ally":
            pick = [u for u in others if u.side == striker.side]
            problem = f"sets {striker.id} against its own side's"
        else:
            pick = [
                u
                for u in others
                if u.side != striker.side and not state.field.adjacent(here, u.square)
            ]
            problem = "in melee, not next to it (HMC-COMBAT-06)"
        if not pick:
            continue
        data = copy.deepcopy(base.document)
        data["tasks"][k]["strike"]["target"] = pick[0].id
        refused("horde", data, problem)
        return
    raise AssertionError(f"no horde position with a melee attack and {whom} to set it against")


def position_with_step(game: str, tag: str) -> dict[str, Any]:
    """A copy of the first saved position of ``game``'s fuzz corpus with ``tag`` pending."""
    for base in state_bases(game):
        if any(t["@"] == f"{game}/{tag}" for t in base.document["tasks"]):
            found: dict[str, Any] = copy.deepcopy(base.document)
            return found
    raise AssertionError(f"no {game} position with {tag} pending")


@pytest.mark.rule("HMC-ORDERS-19", "HMC-GAP-04")
def test_horde_an_activation_pending_twice_or_apart_is_refused() -> None:
    """Found by the fuzzing (state 7000042172: a second activation of the same horde pending
    above its Split!, which then split it twice). One activation is under way at a time, right
    above the steps that follow it; an order's steps right above it; one round at the bottom."""
    base = position("horde", *ACTIVATION, exact=True)
    data = copy.deepcopy(base)
    data["tasks"].append(copy.deepcopy(data["tasks"][-1]))
    refused("horde", data, "Activation pending more than once")
    data = copy.deepcopy(base)
    del data["tasks"][2]  # the step after the activation
    refused("horde", data, "an activation is pending apart from the steps that follow it")
    data = copy.deepcopy(base)
    unit = data["tasks"][-1]["unit"]
    move = {"@": "horde/move-order", "unit": unit, "order": "rapid advance", "target": None}
    data["tasks"].insert(3, move)
    refused("horde", data, "MoveOrder is pending but not right above the activation")
    data = copy.deepcopy(base)
    data["tasks"] = data["tasks"][:1] + data["tasks"]
    refused("horde", data, "the round is not the one step at the bottom")


# -- The Warmaster ------------------------------------------------------------------------------


def warmaster_mid_turn() -> dict[str, Any]:
    """A position in the Imperial movement phase: the turn's later phases pending below it
    (their markers and steps), the next turn at the bottom."""
    for base in state_bases("warmaster"):
        data = base.document
        if data.get("phase") == "imperial-movement" and names(data)[-1] == "movement-phase":
            found: dict[str, Any] = copy.deepcopy(data)
            return found
    raise AssertionError("no warmaster position in the Imperial movement phase")


@pytest.mark.rule("WM-TELEPORT-01")
@pytest.mark.parametrize("whom", ["an enemy", "a unit on the table"])
def test_warmaster_a_teleport_of_units_not_waiting_to_is_refused(whom: str) -> None:
    """Found in session 31 by swapping the names in the corpus's pending steps: an Imperial
    teleport of a Traitor counter was read back and stopped the game at the landing (a raw
    ``StopIteration``). A body teleporting is of the teleporting side, waiting off the table."""
    data = position_with_step("warmaster", "teleport")
    step = next(t for t in data["tasks"] if t["@"] == "warmaster/teleport")
    state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
    if whom == "an enemy":
        unit = next(c for c in state.manifest.ids if state.side_of(c) != step["side"])
    else:
        unit = next(
            c for c in state.manifest.ids if state.side_of(c) == step["side"] and state.aboard(c)
        )
    step["units"][0] = unit
    refused("warmaster", data, f"teleports {unit} (")


@pytest.mark.rule("WM-COMBAT-01")
@pytest.mark.parametrize("role", ["attackers", "defenders"])
def test_warmaster_a_battle_with_a_unit_on_the_wrong_side_is_refused(role: str) -> None:
    """Found in session 31 by the same swapping: a battle past its roll with an enemy among
    its attackers, or an ally among its defenders, was read back and played on."""
    data = position_with_step("warmaster", "after-battle")
    battle = next(t for t in data["tasks"] if t["@"] == "warmaster/after-battle")["battle"]
    state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
    wrong = battle["side"] if role == "defenders" else state.side_of(battle["defenders"][0])
    stray = next(c for c in state.manifest.ids if state.side_of(c) == wrong)
    battle[role][0] = stray
    refused("warmaster", data, f"has ['{stray}'] among the")


def warmaster_position(where: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
    """A copy of the first saved Warmaster position of the fuzz corpus that ``where`` picks."""
    found = next(b.document for b in state_bases("warmaster") if where(b.document))
    return copy.deepcopy(found)


@pytest.mark.rule("WM-REINF-01")
def test_warmaster_a_wave_still_to_come_set_on_the_table_is_refused() -> None:
    """Found in session 31 by swapping the words of whole saved states: an Imperial unit of
    a wave still to come, set on the table, was read back and teleported again on its turn."""
    data = warmaster_position(lambda d: d["turn"] == 1 and d["phase"] == "imperial-movement")
    state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
    wave = next(w for w in state.setup.imperial if w.turn == 2)
    unit = state.setup.wave_units(wave, state.data)[0]
    data["where"][state.manifest.ids.index(unit)] = state.data.board.ids[0]
    refused("warmaster", data, f"{unit} of the turn 2 wave is at")


@pytest.mark.rule("WM-REINF-02")
def test_warmaster_a_group_with_a_unit_from_outside_the_pool_is_refused() -> None:
    """The groups formed at set-up are Imperial units waiting in the pool, each in one."""
    data = warmaster_position(lambda d: bool(d.get("groups")))
    state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
    traitor = next(c for c in state.manifest.ids if state.side_of(c) != "imperial")
    data["groups"][0][0] = traitor
    refused("warmaster", data, f"{traitor} is in an Imperial group but no Imperial unit")


@pytest.mark.rule("WM-DESTROY-02")
@pytest.mark.parametrize("how", ["no result", "off the table"])
def test_warmaster_losses_chosen_out_of_place_are_refused(how: str) -> None:
    """The losses chosen for a battle result are units on the table, each once, while the
    result is being applied: losses with no result pending, or of a unit in the pool, were
    read back and broke the invariants a few steps later."""
    if how == "no result":
        data = warmaster_position(lambda d: d["phase"] == "imperial-movement")
        state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
        data["doomed"] = [next(c for c in state.manifest.ids if state.aboard(c))]
        refused("warmaster", data, "chosen with no result to apply them (WM-DESTROY-02)")
    else:
        data = warmaster_position(lambda d: bool(d.get("doomed")))
        state = type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
        pooled = next(c for c in state.manifest.ids if state.location(c) == "@pool")
        data["doomed"] = [pooled]
        refused("warmaster", data, f"loss {pooled} is not on the table (WM-DESTROY-02)")


def test_warmaster_a_position_mid_turn_loads_untouched() -> None:
    data = warmaster_mid_turn()
    assert type(wargames.load("warmaster")).from_json(data).to_json() == data


@pytest.mark.rule("WM-SEQ-01")
def test_warmaster_phases_pending_out_of_order_are_refused() -> None:
    """Found by the fuzzing (state 2000015576: the Traitor movement step swapped with the
    Imperial battle's marker, so the Traitors moved in the Imperial movement phase and broke
    its stacking a dozen steps on). Pending phases out of the turn's order, or one doubled, are
    not read back."""
    data = warmaster_mid_turn()
    tasks = data["tasks"]
    later = [i for i, t in enumerate(tasks) if t["@"] == "warmaster/phase"]
    tasks[later[0]], tasks[later[-1]] = tasks[later[-1]], tasks[later[0]]
    refused("warmaster", data, "the phases of the turn are pending out of the sequence of play")
    data = warmaster_mid_turn()
    data["tasks"].insert(1, copy.deepcopy(data["tasks"][-1]))  # a second movement step
    refused("warmaster", data, "the phases of the turn are pending out of the sequence of play")


@pytest.mark.rule("WM-SEQ-02")
def test_warmaster_a_phase_not_under_way_is_refused() -> None:
    """Found by the fuzzing (state 4000089722: the Imperial movement's steps cut off the
    stack, its over-stacking then met in the Traitor battle). The phase a state records is
    the one its pending steps are in: a later phase's, or an earlier one's, is not read
    back."""
    for phase in ("imperial-reinforcements", "traitor-battle"):
        data = warmaster_mid_turn()
        data["phase"] = phase
        refused("warmaster", data, f"the phase {phase!r} is not the one the pending steps are in")


def test_warmaster_a_battle_result_unknown_is_refused() -> None:
    """Found by the fuzzing (state 4000077575): a pending step naming a battle result the
    combat results table does not have is not read back."""
    for base in state_bases("warmaster"):
        data = copy.deepcopy(base.document)
        steps = [t for t in data["tasks"] if "code" in t]
        if steps:
            steps[0]["code"] = "EXEX"
            refused("warmaster", data, "code names unknown 'EXEX'")
            return
    raise AssertionError("no warmaster position with a battle result pending")


@pytest.mark.rule("WM-TELEPORT-02", "WM-GAP-01")
@pytest.mark.parametrize(
    ("field", "value", "problem"),
    [
        ("tens", 0, ".tens is 0, not a face of a D6"),
        ("tens", 7, ".tens is 7, not a face of a D6"),
        ("results", [17], "are not all D66 rolls"),
        ("rolls", 0, "rolls 0 times and holds 0 results"),
        ("rolls", 1000, "rolls 1000 times"),
    ],
)
def test_warmaster_a_die_no_die_shows_is_refused(field: str, value: object, problem: str) -> None:
    """Found by the fuzzing (state 10000147308: a teleport's tens die changed to 0, which the
    D66 then refused a step later). The dice a pending step holds are faces of a D6, D66
    results two of them, and a teleport rolls once or as often as the Teleportarium lets it."""
    for base in state_bases("warmaster"):
        data = copy.deepcopy(base.document)
        steps = [t for t in data["tasks"] if t["@"] == "warmaster/teleport"]
        if steps:
            assert type(wargames.load("warmaster")).from_json(copy.deepcopy(data))
            steps[0][field] = value
            refused("warmaster", data, problem)
            return
    raise AssertionError("no warmaster position with a teleport pending")


def test_armageddon_a_counter_off_the_map_nowhere_is_refused() -> None:
    """Found by the fuzzing (state 4000054581): a counter in an off-map place that is no box
    and no space of the production track (past its last space, or misspelt) is not read
    back."""
    for place in ("@track1@track1", "@track9", "@nowhere"):
        data = position("armageddon", "victory", "action-segment")
        data["where"][0] = place
        refused("armageddon", data, f"counter in unknown place {place!r}")


@pytest.mark.rule("BFA-BUILD-04", "BFA-GAP-10")
def test_armageddon_an_intact_counter_being_rebuilt_is_refused() -> None:
    """Found by the fuzzing (state 9000181297: one of the factories being rebuilt renamed to
    an intact one, whose defence the end of the build phase then added to the build track a
    second time). Only ruins are rebuilt."""
    for base in state_bases("armageddon"):
        rebuilding = base.document.get("rebuilding")
        if not rebuilding:
            continue
        assert type(wargames.load("armageddon")).from_json(copy.deepcopy(base.document))
        data = copy.deepcopy(base.document)
        intact = next(
            c
            for c in ("factory-F5", "factory-F6", "factory-F7", "hive-hades")
            if c not in data["ruined"]
        )
        data["rebuilding"][0] = intact
        refused("armageddon", data, f"{intact} is being rebuilt but is not in ruins")
        return
    raise AssertionError("no armageddon position with ruins being rebuilt")


@pytest.mark.rule("BFA-ACTION-02")
def test_armageddon_a_phase_pending_without_its_card_is_refused() -> None:
    """Found by the fuzzing (state 4000116847: the revealed card cleared while its build
    phase was still to begin, which then began called by no card). A phase still to begin
    must be one the revealed card calls."""
    data = position("armageddon", "victory", "action-segment", "end-segment", "supply-check")
    assert any(t["@"] == "armageddon/begin-phase" for t in data["tasks"])
    data["card"] = None
    refused("armageddon", data, "phase is pending without a strategy card calling it")
