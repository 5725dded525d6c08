"""A greedy Battle for Armageddon bot that plays either side from its own view of the state.

The bot looks one decision ahead, with a plan for the whole phase where one is needed:

- **Orks.** Each tribe is given a target hive (the one it can strike hardest soonest). At the
  start of a movement phase the bot plans every counter's move at once: garrisons stay in the
  captured hives, the nearest spare counters occupy empty ruins, and each tribe's other stacks
  gather in the areas next to its target, strongest first, so that the combat phase can hit the
  hive with one combined attack at the best odds. Ghazghkull joins the strongest Goff stack
  that is in supply and hard to reach, so that his re-roll serves the attacks without exposing
  him. Every move keeps supply.
- **Imperium.** Threatened hives are garrisoned with their best defenders and fortified; the
  other counters gather around the Ork stacks in ruined hives and around Ghazghkull for
  combined counter-attacks; empty ruins are re-occupied and rebuilt; every build phase is spent
  to the last point.
- **Victory.** From turn 5, once one more captured hive would win, every Ork tribe goes for
  the same hive. Once Ghazghkull is dead the Imperium re-occupies the ruined hives before it
  garrisons the intact ones, and in the last turn it plays two combat phases instead of
  building, to retake the hives it lacks.
- **Every attack** is scored by its expected value on the Combat Results Table: enemy counters
  destroyed or driven off, the prize of the area (a hive to ruin, a captured hive to take back,
  Ghazghkull), minus the bot's own expected losses, with Ghazghkull's re-roll used whenever the
  kept result is worth less than a new roll.

Ties are broken by the agent's own seeded generator, so a game is the same for the same seed.

The modules of this package, by kind of decision:

- ``agent``: the agent, which hands each decision to the chooser for its kind of task;
  ``bot``: what the bot keeps between decisions, its seeded tie-breaks, its per-phase cache.
- Set-up and strategy: ``deployment`` (where the Orks start), ``strategy`` (strategy cards and
  the other cards played outside combat), ``targets`` (each tribe's target hive, the Imperial
  counter-attack targets).
- Movement: ``movement`` (the phase), ``planner`` (moves planned against the stacks they make),
  ``ork_moves``, ``supply_lines`` (Ork supply lines, Ghazghkull's place), ``imperial_moves``,
  ``counterattack`` (Imperial staging and supply cuts).
- Combat and build: ``attacks`` (attack choice), ``battles`` (cards, re-roll, losses, retreats
  and advances within a battle), ``builds`` (the build phases).
- Victory: ``victory`` (what each side still needs, when the Orks push and the Imperium
  strikes).
- Shared evaluation: ``geography`` (distances, supply lines), ``values`` (worths, prizes, odds
  and expected values), ``threat`` (the attacks each side could bring against an area).
"""

from __future__ import annotations

# GreedyAgent is the public name; the shared helpers stay importable from here, as they were
# before this module became a package.
from wargames.armageddon.agents.agent import GreedyAgent
from wargames.armageddon.agents.geography import Geo as Geo
from wargames.armageddon.agents.geography import geo as geo
from wargames.armageddon.agents.geography import hive_sites as hive_sites
from wargames.armageddon.agents.threat import Potential as Potential
from wargames.armageddon.agents.values import ENDGAME_PRIZE as ENDGAME_PRIZE
from wargames.armageddon.agents.values import FACTORY_PRIZE as FACTORY_PRIZE
from wargames.armageddon.agents.values import FORT_CAP as FORT_CAP
from wargames.armageddon.agents.values import GANG_RISK as GANG_RISK
from wargames.armageddon.agents.values import GHAZ as GHAZ
from wargames.armageddon.agents.values import GHAZ_WORTH as GHAZ_WORTH
from wargames.armageddon.agents.values import HIVE_PRIZE as HIVE_PRIZE
from wargames.armageddon.agents.values import HOLD_RISK as HOLD_RISK
from wargames.armageddon.agents.values import UNCAPTURE_PRIZE as UNCAPTURE_PRIZE
from wargames.armageddon.agents.values import expected as expected
from wargames.armageddon.agents.values import worths as worths

__all__ = ["GreedyAgent"]
