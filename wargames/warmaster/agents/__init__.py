"""Greedy agents for The Warmaster, one per side, playing from their own view of the state.

Both look one decision ahead, with a plan for the whole Movement phase made at its first
decision. Every battle is scored by its exact expected value on the Battle Results Table (the
ratio column with the data's shifts, one D6, a surviving re-roll used on any result worth less
than a new roll): units destroyed (the owner losing his cheapest), retreats (units with no room
to go die), the prize of clearing the Bridge or the Defensive Screens, and the game itself
when the Emperor or Horus can fall.

- **Imperial.** Groups: the Emperor with two Custodes, each other hero heading a group. Each
  Movement phase: the Emperor first, with two escorts, into an attack worth it or to the area
  where the Traitor's reachable strength (blocking his ways out included) hurts him least;
  then the attacks worth making, against revealed units and against face-down counters as
  the average of what may still be hidden (Horus, Traps, Horrors, Ambushes, Legionaries),
  with spare units standing in the defenders' ways out; then a cheap unit onto the Bridge and
  the Defensive Screens when they are free of Traitors; the rest close in on Horus once he is
  revealed, else on the face-down counters. Reactors are blown when it pays (the Screens, a
  Horus next door), never with the Emperor in the blast; laser hits go where they hurt most.
- **Traitor.** Set-up: Horus in a well-connected inner area, drawn at random (Lupercal's
  Sanctum and the Bridge's neighbours likelier), a Justaerin on the Bridge, an Ambush on the
  Defensive Screens (its drawn units strike first and a retreat evicts the boarders), the rest
  around Horus and on the approaches. Movement: the Emperor's area first if an attack there
  pays, with blockers in his ways out; Horus (once revealed) with his two best defenders to
  where the Imperial strength in reach hurts him least, guards for a face-down Horus under
  threat; units onto the Bridge and the Screens; other attacks; the rest within reach of the
  Emperor.
- **Both.** The Emperor and Horus are worth what their death changes from the standing (the
  Imperial player ahead once the fleet's lasers fire): the side ahead risks its leader less,
  and once the lasers fire the Emperor hides. Losses: the cheapest unit, never the Emperor or
  Horus while another can go.
  Retreats, displacements and arrivals of enemy units: where they are worst off (in reach of
  the chooser's strength, little room, away from what they want, the Emperor or Horus away
  from his escorts). Teleportarium: the best result kept.

Ties are broken by the agent's own seeded generator: the same seed and views give the same
actions.

The modules of this package:

- ``agent``: what both sides share (dispatch by decision, threats, losses, re-rolls, battle
  order, retreats, arrivals, the attack planner); ``imperial`` and ``traitor``: each side's
  agent (groups, set-up, the Movement plan, reactors and lasers).
- ``battles``: the exact expected value of a battle, who re-rolls, and what may still be
  hidden (face-down counters, the cup); ``plan``: a Movement phase being planned;
  ``values``: the worths, the stakes and the distances across the ship.
"""

from __future__ import annotations

from wargames.core.errors import UnknownPlayerError
from wargames.warmaster.agents.agent import GreedyAgent
from wargames.warmaster.agents.battles import battle_ev, column
from wargames.warmaster.agents.imperial import ImperialGreedy
from wargames.warmaster.agents.traitor import TraitorGreedy
from wargames.warmaster.data import IMPERIAL, TRAITOR


def greedy(seed: int | None, player: str) -> GreedyAgent:
    """The registry's factory: the greedy bot for ``player``."""
    if player not in (IMPERIAL, TRAITOR):
        raise UnknownPlayerError(player, (IMPERIAL, TRAITOR))
    return ImperialGreedy(seed) if player == IMPERIAL else TraitorGreedy(seed)


__all__ = ["GreedyAgent", "ImperialGreedy", "TraitorGreedy", "battle_ev", "column", "greedy"]
