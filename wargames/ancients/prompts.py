"""Who decides what now in Commands & Colors: Ancients, and why, in the rules' words: the
:meth:`~wargames.core.narration.Narrator.deciding` line of the game's narrator
(:mod:`wargames.ancients.narration`).

Each step of the turn and of a combat has its sentence (which unit retreats from which hex and
how far, how many flags it may ignore and why, which card, which units to order and how many);
a step without one is told by the first sentence of its own docstring, which names its rule.
A prompt never tells a player what is in a hand he may not see: a reaction card is mentioned
only to the player who holds it (or to a full replay).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from wargames.ancients import actions as act
from wargames.ancients.aftermath import piece
from wargames.ancients.combat import Flags, RollDice, ignore_reasons
from wargames.ancients.units import retreat_hexes
from wargames.core.engine import CHANCE, Player

if TYPE_CHECKING:
    from wargames.ancients.state import AncientsState as S


def _hexes(n: int) -> str:
    return f"{n} hex{'es' * (n != 1)}"


def _card_line(s: S) -> str:
    from wargames.ancients.narration import card_effect

    if s.card is None:
        return "the card played"
    return f"{s.scenario.cards[s.card].name} ({card_effect(s, s.card)})"


def _ordered(s: S, flank: str) -> int:
    """Pieces ordered so far this turn (in the 'Armageddon' variant: on ``flank``)."""
    if not flank:
        return len(s.ordered)
    from wargames.ancients.variant.seats import FLANKS

    per_flank: tuple[tuple[int, ...], ...] = getattr(s, "flank_orders", ())
    i = FLANKS.index(flank)
    return len(per_flank[i]) if i < len(per_flank) else len(s.ordered)


def _turn(s: S, task: Any, player: Player) -> str | None:
    name = type(task).__name__
    if name == "PlayStep":
        return f"play one command card from the hand (turn {s.turn}; CCB-TURN-02)"
    flank = getattr(s, "flank", "")
    on = f" on the {flank} flank" if flank else ""
    if name in ("OrderStep", "FlankOrderStep", "SpartacusOrders", "FlankSpartacusOrders"):
        return (
            f"order the pieces {_card_line(s)} allows{on}, one at a time, or end orders; "
            f"{_ordered(s, flank)} ordered so far (CCB-TURN-03)"
        )
    if name in ("MoveStep", "MoveAgain", "FlankMoves"):
        return f"move the ordered pieces{on} one at a time, or end moves (CCB-TURN-04)"
    if name in ("BattleStep", "Volleys", "FlankBattle"):
        return (
            f"battle with an ordered unit{on}: fire at an enemy in range or attack an adjacent "
            "one, or end battles (CCB-TURN-05)"
        )
    if name in ("RallyStep", "FlankRallyStep"):
        return f"place the Rally faces {', '.join(task.symbols)}: a block each (CCB-CARDS-23)"
    return None


def _defence(s: S, task: Any, player: Player, viewer: Player | None) -> str:
    c = task.combat
    cards = viewer is None or viewer == player
    reaction = any(isinstance(a, act.PlayCard) for a in s.legal_actions())
    also = ", or play First Strike in reaction" if cards and reaction else ""
    evade = any(isinstance(a, act.Evade) for a in s.legal_actions())
    choice = "stand or evade" if evade else "stand"
    return (
        f"{piece(s, c.target)} is attacked in close combat by {piece(s, c.attacker)}: "
        f"{choice}{also} (CCB-CLOSE-03, CCB-EVADE-01)"
    )


def _flags(s: S, task: Flags) -> str:
    strike = task.strike
    unit = strike.target
    reasons = ignore_reasons(s, strike)
    per = retreat_hexes(s.kind(unit), 1, s.kind(strike.roller), strike.close)
    most = task.most(s)
    return (
        f"{piece(s, unit)} was rolled {task.flags} flag{'s' * (task.flags > 1)}: it may ignore "
        f"up to {most} ({', '.join(reasons)}) and retreats {_hexes(per)} toward its "
        "baseline for each flag not ignored (CCB-FLAGS-09, CCB-RETREAT-01)"
    )


def _combat_steps(s: S, task: Any, player: Player, viewer: Player | None) -> str | None:
    name = type(task).__name__
    if name in ("DefenderChoice", "TeamDefenderChoice"):
        return _defence(s, task, player, viewer)
    if isinstance(task, Flags):
        return _flags(s, task)
    if name in ("Retreat", "ElephantRetreat"):
        unit = getattr(task, "unit", None)
        unit = task.elephant if unit is None else unit
        return (
            f"{piece(s, unit)} must retreat {_hexes(task.left)} toward its baseline: "
            "choose the hex it steps into (CCB-RETREAT-07, -08)"
        )
    if name == "EvadeMove":
        return (
            f"{piece(s, task.unit)} evades up to {_hexes(task.left)} toward its baseline: "
            "choose the hex it steps into (CCB-EVADE-11)"
        )
    if name == "LeaderEvade":
        return (
            f"{piece(s, task.leader)} must evade: choose his path of 1 to 3 hexes toward his "
            "side's units or off his baseline (CCB-LEADER-11)"
        )
    if name == "BattleBackChoice":
        c = task.combat
        return (
            f"{piece(s, c.target)} survived the attack of {piece(s, c.attacker)}: battle back "
            "or not (CCB-BATTLEBACK-02)"
        )
    if name == "Advance":
        c = task.combat
        return (
            f"{piece(s, c.attacker)} emptied {c.at}: advance into it or not "
            "(momentum, CCB-MOMENTUM-02)"
        )
    if name == "ExtraHex":
        return f"{piece(s, task.unit)} may move one hex more, or not (CCB-MOMENTUM-05)"
    if name == "Rampage":
        return (
            f"{piece(s, task.elephant)} rampages: choose the next piece next to it to roll "
            "2 dice at (CCB-ELEPHANT-14, -18)"
        )
    if name == "BonusChoice":
        return (
            f"{piece(s, task.unit)} may make one bonus close combat against an adjacent enemy, "
            "or not (CCB-MOMENTUM-07)"
        )
    return None


def _variant(s: S, task: Any, player: Player, viewer: Player | None) -> str | None:
    name = type(task).__name__
    sees = viewer is None or viewer == player
    if name == "PlaceCard":
        return (
            f"place a card from {task.side}'s hand face down on the {task.flank} flank: "
            "its Field General carries it out next turn (CCA-SEQ-08)"
        )
    if name == "CounterWindow":
        if not sees:
            return "the Commander may play a card before the flank cards are turned up"
        return "play Counter Attack on a flank before the cards are turned up, or not (CCA-SEQ-02)"
    if name == "ChooseCombat":
        return "choose the ordered unit whose combat comes next (CCA-SEQ-05, CCA-VICTORY-03)"
    if name == "ChooseFlanks":
        return _choose_flanks(s, task.side)
    if name == "CreditChoice":
        return "credit the banner lost on a two-flank hex to one of the two flanks (CCA-BANNER-03)"
    if name in ("FirstStrikeOffer", "ReactionOffer"):
        if not sees:
            return "may play a card in reaction to the close combat declared"
        return "play First Strike in reaction to the close combat declared, or not (CCB-CARDS-32)"
    return None


def _choose_flanks(s: S, side: str) -> str:
    """The set-up choice of flanks, naming the seats it concerns (CCA-ROLE-04, -05)."""
    from wargames.ancients.variant.seats import seats
    from wargames.ancients.variant.state import team

    players = team(s).players_of(side)
    if players == 3:
        _, left, right = seats(side, players)
        return (
            f"give the center flank to the left Field General ({left}: centre left) or the "
            f"right one ({right}: centre right), for the whole battle (CCA-ROLE-04)"
        )
    general = seats(side, players)[1]
    return (
        "choose the outside flank you run yourself as well as commanding (flank left or flank "
        f"right); the Field General ({general}) runs the other two (CCA-ROLE-05)"
    )


def _docstring(task: Any) -> str:
    """The first sentence of the step's docstring (it names the rule)."""
    doc = " ".join((type(task).__doc__ or type(task).__name__).split())
    return doc.split(". ")[0].rstrip(".")


def deciding(s: S, viewer: Player | None) -> str:
    """Who decides what now and why (see the module docstring)."""
    player = s.current_player
    if player is None:
        return f"the battle is over: {s.outcome}"
    if player == CHANCE:
        task = s.top
        if isinstance(task, RollDice):
            strike = task.strike
            return (
                f"the dice: {piece(s, strike.roller)} rolls {task.dice} at "
                f"{piece(s, strike.target)}"
            )
        return "a card is drawn" if type(task).__name__ == "DrawCard" else "the dice are rolled"
    task = s.top
    text = (
        _turn(s, task, player)
        or _combat_steps(s, task, player, viewer)
        or _variant(s, task, player, viewer)
        or _docstring(task)
    )
    return f"{player}: {text}"


__all__ = ["deciding"]
