"""What each player of Battle for Armageddon may read of an action: the per-player log and
record.

:meth:`ArmageddonState.redact <wargames.armageddon.state.ArmageddonState.redact>` calls
:func:`redact`; :meth:`Match.log_for <wargames.core.engine.Match.log_for>` and
:meth:`Match.record <wargames.core.engine.Match.record>` use it. It hides what
:meth:`ArmageddonState.view <wargames.armageddon.state.ArmageddonState.view>` hides, and nothing
else:

* the opponent's strategy plan: ``plan orks-cm orks-mb`` reads ``plan ? ?`` for the
  Imperium, and the Imperial plan reads so for the Orks (the two cards are chosen in secret
  and stacked face down, BFA-STRAT-03). The cards come out one per action segment as the
  current card, public then; the line of the plan is written when it is made, so it stays
  hidden. Astropathic Warning shows the Imperium the Orks' stack (in the view), but it is
  played after the Orks have planned, so the line of their plan stays hidden (a plan made
  while the card is in force would be shown, as the view shows it).
* the opponent's special-card draws: ``draw orks waaagh`` reads ``draw orks ?`` for the
  Imperium (the hand and the draw deck are his own, face down, BFA-CARDS-01, BFA-STRAT-07).
  Who draws is public, and so is a card once it is played (``play waaagh``).
* Everything else (deployment, dice, moves, attacks, losses, builds, played cards) is public.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.armageddon import actions as act
from wargames.armageddon.data import ORKS, SIDES
from wargames.core.engine import Action, Player
from wargames.core.errors import UnknownPlayerError

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState

HIDDEN = "?"
"""How a card the reader may not know is written."""


def redact(state: ArmageddonState, action: Action, player: Player) -> str:
    """The notation of ``action``, taken in ``state``, as ``player`` may see it (see the module
    docstring)."""
    if player not in SIDES:
        raise UnknownPlayerError(player, SIDES)
    if isinstance(action, act.Plan):
        side = state.current_player
        if side == player or (side == ORKS and "astropath" in state.effects):
            return str(action)
        return f"plan {HIDDEN} {HIDDEN}"
    if isinstance(action, act.Draw) and action.side != player:
        return f"draw {action.side} {HIDDEN}"
    return str(action)


__all__ = ["HIDDEN", "redact"]
