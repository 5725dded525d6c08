"""Officers: heroes who join and leave hordes (HMC-OFFICER-01 to -09).

* An Officer standing alone acts on his own when activated (he needs no order; our reading of
  "hero units"): he moves at his own rates, his hero profile's Half and Full Move, or sprints
  three times his Half Move and is fatigued for the rest of the battle, and may not sprint
  again (HMC-OFFICER-02; the host game's fatigue, HMC-GAP-01, reconstructed). He attacks hordes
  and is attacked by them through the horde attack procedure, as a horde of Magnitude equal to
  his wounds (HMC-OFFICER-04; the character-versus-horde rules are the host game's,
  reconstructed).
* Any number of Officers may share a square, with each other and with allied hordes
  (HMC-OFFICER-03).
* Joining a horde in his square or next to it is a Free action; he then moves with it
  (HMC-OFFICER-05) and his activation ends. If he has moved this round, the horde may not move
  this round (HMC-OFFICER-06). Leaving is a Free order of the horde's activation; he stands
  alone in its square, and acts again next round (he acted with the horde this round).
* Several Officers may join one horde, but it has only one Officer bonus, chosen at the start
  of each round (HMC-OFFICER-07; :class:`~wargames.horde.flow.ChooseBonus`): the bonus is his
  talents' effect (Into the Jaws of Hell: Fearless, HMC-MORALE-05; Iron Discipline: +10 more
  Willpower). Any Officer gives the +10 Willpower of HMC-MORALE-04.
* An Officer who has joined a horde cannot be attacked by hordes (HMC-OFFICER-08); nor can one
  standing alone in an allied horde's square, since an enemy able to attack him or the horde
  must choose the horde. Blast attacks on his horde still hit him (HMC-OFFICER-09,
  :mod:`wargames.horde.casualties`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from wargames.core.engine import Action
from wargames.core.tasks import quick_evolve
from wargames.horde import actions as cmd
from wargames.horde.moves import has_destination
from wargames.horde.targets import attack_actions, charge_orders
from wargames.horde.units import Unit

if TYPE_CHECKING:
    from wargames.horde.state import PScaleState as S


def joinable(s: S, officer: Unit) -> list[Unit]:
    """Allied hordes in the Officer's square or next to it, on the board."""
    square = officer.square
    assert square is not None
    field = s.field
    out = []
    for sq in (square, *field.neighbours(square)):
        h = s.horde_at(sq)
        if h is not None and h.side == officer.side:
            out.append(h)
    return out


def officer_options(s: S, officer: Unit, spent: int) -> list[Action]:
    """What a lone Officer may do now (see the module docstring)."""
    budget = 2 - spent
    out: list[Action] = [cmd.Join(officer.id, h.id) for h in joinable(s, officer)]
    if budget >= 1:
        out += attack_actions(s, officer)
        if has_destination(s, officer, "tactical advance"):
            out.append(cmd.order(officer.id, "tactical advance"))
    if budget >= 2:
        out += charge_orders(s, officer)
        if has_destination(s, officer, "rapid advance"):
            out.append(cmd.order(officer.id, "rapid advance"))
        if not officer.fatigued and has_destination(s, officer, "sprint"):
            out.append(cmd.order(officer.id, "sprint"))
    out.append(cmd.done(officer.id))
    return out


def join(s: S, action: cmd.Join) -> S:
    """The Officer joins the horde (HMC-OFFICER-05, -06)."""
    o, h = s.unit(action.officer), s.unit(action.horde)
    joined = quick_evolve(o, attached_to=h.id, square=None)
    horde = h if h.bonus is not None else quick_evolve(h, bonus=o.id)
    s = s.replace(joined, horde)
    if o.id in s.moved:
        s = s.evolve(no_move=s.no_move | {h.id})
    return s


def leave(s: S, officer: str) -> S:
    """The Officer leaves his horde and stands alone in its square (HMC-OFFICER-01)."""
    o = s.unit(officer)
    assert o.attached_to is not None
    h = s.unit(o.attached_to)
    alone = quick_evolve(o, attached_to=None, square=h.square)
    changed = [alone]
    if h.bonus == o.id:
        changed.append(quick_evolve(h, bonus=None))
    return s.replace(*changed)


__all__ = ["join", "joinable", "leave", "officer_options"]
