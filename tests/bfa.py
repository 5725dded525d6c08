"""Helpers shared by the Battle for Armageddon tests (``tests/armageddon``).

``pyproject.toml`` puts ``tests`` on the path, so a test module writes::

    from bfa import combat, fight, refused

What is here:

* :func:`refused` and :func:`violation`: an illegal action raises :class:`RuleViolation`, names
  its rule, and leaves the state exactly as it was;
* :func:`deploy_first`, :func:`started`, :func:`plan`, :func:`step` and :func:`run_until`: a
  campaign game driven through ``new_game()`` and a :class:`Match`, passing every decision;
* :func:`combat`, :func:`fight`, :func:`segment` and :func:`victory`: ``position()`` at the
  start of a phase, and what follows it;
* :func:`deal` and :func:`start_turn`: a strategy segment whose special-card draws never offer
  a reaction;
* the small positions more than one module starts from (:data:`GHAZ`, :data:`E2_CUT`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping

from refusals import refused, violation

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.game import new_game
from wargames.armageddon.position import position
from wargames.armageddon.state import ArmageddonState
from wargames.core.engine import CHANCE, Match

__all__ = [
    "E2_CUT",
    "GHAZ",
    "QUIET",
    "State",
    "combat",
    "deal",
    "deploy_first",
    "fight",
    "plan",
    "refused",
    "run_until",
    "segment",
    "start_turn",
    "started",
    "step",
    "top",
    "victory",
    "violation",
]

State = ArmageddonState

GHAZ: dict[str, list[str]] = {"OT4": ["ghazghkull"]}
"""Ghazghkull on the map (in supply), so that the Imperium does not win at the Victory segment."""

E2_CUT: dict[str, list[str]] = {
    "E1": ["evil-sunz-hordes-1"],
    "E3": ["evil-sunz-hordes-2"],
    "F4": ["evil-sunz-hordes-3"],
}
"""Orks in all three neighbours of E2 (F4 must be ruined): a stack in E2 is cut off."""

QUIET = ("ere-we-go", "kult-of-speed", "mekboyz", "waaagh", "rail-convoy", "orbital-strike")
"""Special cards that are only ever played by choice in a phase, never offered as a reaction."""


# -- illegal actions -----------------------------------------------------------------------------


# -- a campaign game, decision by decision -------------------------------------------------------


def top(s: State) -> str:
    """The name of the step on top of the state's stack (``"CombatPhase"``, ``"Retreat"`` ...)."""
    return type(s.top).__name__


def deploy_first(state: State | None = None) -> State:
    """The Ork set-up of ``state`` (a new campaign game by default), always taking the first
    area offered."""
    s = new_game() if state is None else state
    while top(s) == "DeployOrks":
        s = s.apply(s.legal_actions()[0])
    return s


def started(
    orks: tuple[str, str] = ("waaagh", "ere-we-go"),
    imperium: tuple[str, str] = ("heroic-stand", "rail-convoy"),
    seed: int = 0,
) -> Match:
    """A campaign game with the Orks deployed (:func:`deploy_first`) and the given starting
    hands dealt, in that order: the Orks are about to plan turn 1."""
    m = Match(deploy_first(), seed=seed)
    m.force(*(f"draw orks {c}" for c in orks), *(f"draw imperium {c}" for c in imperium))
    m.advance()
    return m


def plan(m: Match, orks: str, imperium: str) -> State:
    """Both players plan: ``orks`` and then ``imperium`` name two strategy cards in order
    (``"orks-mc orks-cb"``). Returns the state after the Imperial plan."""
    m.apply(f"plan {orks}")
    s = m.apply(f"plan {imperium}")
    assert isinstance(s, ArmageddonState)
    return s


def step(m: Match, first_choice: bool = False) -> State:
    """One step: roll at a chance node, else take the Pass action on offer (ending a phase,
    declining a card or an advance). A decision that cannot be passed is an error, unless
    ``first_choice``: then the first legal action is taken (the first plan, say). The Space
    Marines' arrival (turn 2 in the campaign) cannot be passed: its first placement is taken."""
    s = m.state
    assert isinstance(s, ArmageddonState)
    if s.is_chance:
        m.roll()
    else:
        legal = s.legal_actions()
        passes = [a for a in legal if isinstance(a, act.Pass)]
        arriving = type(s.top).__name__ == "Arrive"
        assert passes or first_choice or arriving, f"no way to pass at {s.top}"
        m.apply(passes[0] if passes else legal[0])
    after = m.state
    assert isinstance(after, ArmageddonState)
    return after


def run_until(
    m: Match, stop: Callable[[State], bool], limit: int = 200, first_choice: bool = False
) -> State:
    """:func:`step` until ``stop`` holds, at most ``limit`` steps; ``first_choice`` as there."""
    for _ in range(limit):
        s = m.state
        assert isinstance(s, ArmageddonState)
        if stop(s):
            return s
        step(m, first_choice)
    raise AssertionError("stop condition never reached")


# -- positions -----------------------------------------------------------------------------------


def combat(
    stacks: Mapping[str, Iterable[str]],
    side: str = ORKS,
    turn: int = 2,
    ruined: Iterable[str] = ("factory-F1",),
) -> State:
    """The start of ``side``'s combat phase with ``stacks`` on the map (F1 in ruins)."""
    return position(stacks, side=side, phase="combat", turn=turn, ruined=ruined)


def fight(s: State, attack: str, *rolls: int) -> State:
    """Declare ``attack`` and roll the combat die (a Ghazghkull re-roll needs its own step)."""
    s = s.apply(attack)
    for r in rolls:
        assert s.current_player == CHANCE, f"no die to roll for {attack!r}"
        s = s.apply(f"roll {r}")
    return s


def segment(
    stacks: Mapping[str, Iterable[str]],
    side: str = IMPERIUM,
    phase: str = "movement",
    turn: int = 4,
    ruined: Iterable[str] = (),
) -> State:
    """The acting ``side`` at the start of a ``phase`` (on turn 4 by default: no arrivals
    follow) with :data:`GHAZ` and ``stacks`` on the map."""
    return position({**GHAZ, **stacks}, side=side, phase=phase, turn=turn, ruined=ruined)


def victory(
    stacks: Mapping[str, Iterable[str]],
    ruined: Iterable[str] = (),
    turn: int = 4,
    side: str = ORKS,
) -> State:
    """Play an empty movement phase of ``side`` on ``turn`` (nobody has won when it starts)
    and the Victory segment after it."""
    s = position(stacks, side=side, phase="movement", turn=turn, ruined=ruined)
    assert s.outcome is None
    return s.apply("end phase")


# -- strategy segments ---------------------------------------------------------------------------


def deal(m: Match) -> State:
    """Resolve the dice and draws up to the next decision; special-card draws take a
    :data:`QUIET` card when the deck still holds one, so that no reaction is offered mid-test."""
    while m.state.current_player == CHANCE:
        s = m.state
        assert isinstance(s, ArmageddonState)
        if top(s) == "DealSpecial":
            draws = [a for a in s.legal_actions() if str(a).split()[-1] in QUIET]
            m.apply(draws[0] if draws else s.legal_actions()[0])
        else:
            m.roll()
    s = m.state
    assert isinstance(s, ArmageddonState)
    return s


def start_turn(m: Match, orks: str, imperium: str, initiative: str = IMPERIUM) -> State:
    """At the strategy segment: both plans (:func:`plan`), the initiative roll won by
    ``initiative`` (from turn 2) and the special-card draws (:func:`deal`), up to the first
    decision of the turn."""
    if plan(m, orks, imperium).turn > 1:
        m.force_dice(*((1, 6) if initiative == IMPERIUM else (6, 1)))
    return deal(m)
