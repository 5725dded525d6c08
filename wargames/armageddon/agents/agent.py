"""The greedy agent: each decision handed to the chooser for the kind of task that asks it."""

from __future__ import annotations

from wargames.armageddon.agents.attacks import combat_phase
from wargames.armageddon.agents.battles import (
    advance_choice,
    attack_cards,
    defence_cards,
    heroic_stand,
    reroll_choice,
    retreat,
    take_loss,
)
from wargames.armageddon.agents.bot import Bot, Chooser, fallback
from wargames.armageddon.agents.builds import imperial_build, ork_build, place_ready
from wargames.armageddon.agents.deployment import deploy_orks
from wargames.armageddon.agents.movement import movement_phase, overstacked
from wargames.armageddon.agents.strategy import plan_cards, supply_check
from wargames.armageddon.state import ArmageddonState
from wargames.core.engine import Action, GameState

CHOOSERS: dict[str, Chooser] = {
    "DeployOrks": deploy_orks,
    "PlanCards": plan_cards,
    "MovementPhase": movement_phase,
    "Overstacked": overstacked,
    "CombatPhase": combat_phase,
    "AttackCards": attack_cards,
    "DefenceCards": defence_cards,
    "HeroicStand": heroic_stand,
    "RerollChoice": reroll_choice,
    "TakeLoss": take_loss,
    "Retreat": retreat,
    "AdvanceChoice": advance_choice,
    "ImperialBuild": imperial_build,
    "PlaceReady": place_ready,
    "Arrive": place_ready,
    "OrkBuild": ork_build,
    "SupplyCheck": supply_check,
}
"""Task class name -> the bot's decision for it; any other task: :func:`~.bot.fallback`."""


class GreedyAgent(Bot):
    """Greedy bot for one side (``"orks"`` or ``"imperium"``)."""

    def __repr__(self) -> str:
        return f"GreedyAgent({self.side!r})"

    def act(self, view: GameState) -> Action:
        """The bot's action in ``view`` (the only legal one, if there is just one)."""
        assert isinstance(view, ArmageddonState)
        legal = view._legal_tuple()
        if len(legal) == 1:
            return legal[0]
        choose = CHOOSERS.get(type(view.top).__name__, fallback)
        return choose(self, view, legal)
