"""The history of a game as each seat saw it: one step per action, and the information-state
string's lines written once per seat (perfect recall)."""

from __future__ import annotations

from wargames.core.engine import CHANCE, Action, GameState, Player


class _Step:
    """One action of the history: the action, its id and who took it (an OpenSpiel player
    id). ``texts`` holds, per seat, the history up to this step as the seat may read it, once
    asked for (:meth:`history_for`).

    The state the action was taken in (what :meth:`GameState.redact` reads) is not kept: a
    game that kept every state it passed through would hold the whole game in memory, for
    the garbage collector to go through again and again, and only the information-state
    string reads them. They are found again when that string is asked for
    (:func:`_state_before`): from the state after an earlier step, kept (``after``) where the
    string was asked before, else by applying the actions again from the initial state. A step
    taken after a resampling (``before`` given) keeps its state: the history before it led to
    another state, so no replay finds it."""

    __slots__ = ("action", "action_id", "actor", "after", "before", "previous", "texts")

    def __init__(
        self,
        previous: _Step | None,
        action: Action,
        action_id: int,
        actor: int,
        before: GameState | None = None,
    ) -> None:
        self.previous = previous
        self.action = action
        self.action_id = action_id
        self.actor = actor
        self.before = before
        self.after: GameState | None = None
        """The state after this action, kept once the information-state string is asked for
        there (the next step's state, found without a replay)."""
        self.texts: dict[Player, str] | None = None

    def line(self, before: GameState, seat: Player, seats: tuple[Player, ...]) -> str:
        """``"who: notation"``, the notation as ``seat`` may read it in ``before``, the state
        the action was taken in (:meth:`GameState.redact`)."""
        who = CHANCE if self.actor < 0 else seats[self.actor]
        return f"{who}: {before.redact(self.action, seat)}"

    def history_for(self, seat: Player, seats: tuple[Player, ...], initial: GameState) -> str:
        """Every action up to this one, a line each, as ``seat`` may read them (``initial``:
        the state the game started from). Built on the nearest earlier step that holds its
        text, which hands it on: asked at every step of a game, the history is written once,
        not once per step."""
        texts = self.texts
        if texts is not None and seat in texts:
            return texts[seat]
        missing: list[_Step] = []
        step: _Step | None = self
        while step is not None and (step.texts is None or seat not in step.texts):
            missing.append(step)
            step = step.previous
        lines = [step.texts.pop(seat)] if step is not None and step.texts is not None else []
        missing.reverse()
        before = _state_before(missing[0], initial)
        for i, each in enumerate(missing):
            if i:
                previous = missing[i - 1]
                before = (
                    each.before
                    if each.before is not None
                    else previous.after
                    if previous.after is not None
                    else before.apply(previous.action)
                )
            lines.append(each.line(before, seat, seats))
        text = "\n".join(lines)
        if self.texts is None:
            self.texts = {}
        self.texts[seat] = text
        return text


def _state_before(step: _Step, initial: GameState) -> GameState:
    """The state ``step``'s action was taken in: kept on it (after a resampling), kept as the
    state after the step before it, or found by applying the actions again from the nearest
    earlier state kept (``initial`` at the start)."""
    pending: list[_Step] = []
    found = step.before
    while found is None:
        previous = step.previous
        if previous is None:
            found = initial
        elif previous.after is not None:
            found = previous.after
        else:
            pending.append(previous)
            step = previous
            found = step.before
    for each in reversed(pending):
        found = found.apply(each.action)
    return found
