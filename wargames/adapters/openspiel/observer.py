"""OpenSpiel's observer of our games: the observation tensor and string, or the information-state
string."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

import numpy as np
import pyspiel

from wargames.adapters.openspiel.context import _Context
from wargames.core.errors import ArgumentError, CapabilityError
from wargames.core.observation import observation_tensor, observer_of

if TYPE_CHECKING:
    from wargames.adapters.openspiel.state import WargamesState


class WargamesObserver:
    """OpenSpiel's observer (``make_py_observer``): ``tensor`` and its named ``dict`` of views
    hold the observation tensor (:func:`~wargames.core.observation.observation_tensor`, its
    blocks named as in the game's layout); ``string_from`` gives the observation string, or
    with ``perfect_recall`` the information-state string (then there is no tensor)."""

    def __init__(
        self, context: _Context, iig_obs_type: Any = None, params: Mapping[str, Any] | None = None
    ) -> None:
        if params:
            raise ArgumentError("params", f"the observer takes no parameters, got {dict(params)}")
        recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        if iig_obs_type is not None and (
            not iig_obs_type.public_info
            or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
        ):
            raise CapabilityError(
                "observations are what one player sees (public_info=True, "
                "private_info=SINGLE_PLAYER)"
            )
        self.perfect_recall = recall
        self.tensor: np.ndarray[Any, np.dtype[np.float32]] | None = None
        self.dict: dict[str, np.ndarray[Any, np.dtype[np.float32]]] = {}
        if not recall:
            layout = observer_of(context.initial).layout
            self.tensor = np.zeros(layout.size, dtype=np.float32)
            self.dict = layout.split(self.tensor)

    def set_from(self, state: WargamesState, player: int) -> None:
        """Fill :attr:`tensor` with what ``player`` sees of ``state``."""
        if self.tensor is not None:
            self.tensor[:] = observation_tensor(state.wargames_state, state._seat(player))

    def string_from(self, state: WargamesState, player: int) -> str:
        if self.perfect_recall:
            return state._information_state_text(player)
        return state._observation_text(player)
