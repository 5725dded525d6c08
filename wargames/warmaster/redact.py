"""What each player of The Warmaster may read of an action: the per-player log and record.

:meth:`WarmasterState.redact <wargames.warmaster.state.WarmasterState.redact>` calls
:func:`redact`; :meth:`Match.log_for <wargames.core.engine.Match.log_for>` and
:meth:`Match.record <wargames.core.engine.Match.record>` use it.

The Traitor set the counters up and sees everything: his redaction of every action is its
notation. The Imperial player may not identify the counters :meth:`WarmasterState.view
<wargames.warmaster.state.WarmasterState.view>` hides from him, in the state where the action is
taken: the face-down counters on the ship, the Traitor starting units not yet placed or
destroyed unseen, and the reinforcements in the cup or drawn and not yet arrived. For him:

* ``place horus 23`` reads ``place ? ?``. He may not see where the Traitor units go
  (WM-SETUP-01) nor which unit goes where (WM-SETUP-02, WM-HIDDEN-01). The area is hidden too,
  not only the unit: the engine places the starting units in a fixed order (Horus first), so
  ``place ? 23`` as the first line would say where Horus is. Once the set-up is over his view
  shows the backs in their areas, in no order.
* ``draw crew`` (a reinforcement, or a unit an Ambush brings) reads ``draw ?``: the counters
  are drawn unseen from the cup (WM-REINF-07). A reinforcement is identified when it arrives,
  face up (WM-REINF-09): the Imperial player sees it on the board then (in the view), never in
  the line of the draw, which is written when the counter leaves the cup.
* Any other action naming a counter he may not identify shows its back, ``?``, instead of the
  counter's id: ``lose ?`` when the Traitor takes an over-stacked face-down counter as a loss
  (WM-STACK-05). Face-down counters never move (WM-SEQ-08) and only face-up units fight,
  retreat or are displaced, so moves, retreats and the rest name face-up units in practice;
  the rule is applied to every action anyway.
* Die rolls, areas, phases and the Imperial player's own actions are public.

The redacted notation does not always parse back (``place ? ?``): a redacted record is read,
not replayed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.engine import Action, Player
from wargames.core.errors import UnknownPlayerError
from wargames.warmaster import actions as act
from wargames.warmaster.data import IMPERIAL, SIDES

if TYPE_CHECKING:
    from wargames.warmaster.state import WarmasterState

BACK = "?"
"""How a counter the reader may not identify is written (the back of the counter)."""


def hidden_from_imperial(state: WarmasterState) -> frozenset[str]:
    """The counters the Imperial player may not identify in ``state``, as
    :meth:`~wargames.warmaster.state.WarmasterState.view` hides them
    (:meth:`~wargames.warmaster.state.WarmasterState.hidden_from`)."""
    return state.hidden_from(IMPERIAL)


def redact(state: WarmasterState, action: Action, player: Player) -> str:
    """The notation of ``action``, taken in ``state``, as ``player`` may see it (see the module
    docstring): the Traitor's is the notation itself; the Imperial player's writes ``?`` for
    what he may not know."""
    if player not in SIDES:
        raise UnknownPlayerError(player, SIDES)
    if player != IMPERIAL:
        return str(action)
    if isinstance(action, act.Place):
        return f"place {BACK} {BACK}"
    if isinstance(action, act.Draw):
        return f"draw {BACK}"
    hidden = hidden_from_imperial(state)
    text = str(action)
    if not hidden or not hidden.intersection(text.split()):
        return text
    return " ".join(BACK if word in hidden else word for word in text.split())


__all__ = ["BACK", "hidden_from_imperial", "redact"]
