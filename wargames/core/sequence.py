"""The sequence of play, declared as data and tied to the tasks that carry it out.

A game lists its turn structure once, as nested :class:`Step` records that read like the
rulebook's sequence of play (turn -> segments -> phases); :meth:`SequenceOfPlay.markdown`
renders the list into the game's docs page. The engine does not walk this list: play is
driven by each game's stack of tasks (:mod:`wargames.core.tasks`, the game's ``flow.py``).
What keeps the two from drifting apart is that every step names the task classes that carry
it out (:attr:`Step.tasks`), and two checks a game's tests run:

- :meth:`SequenceOfPlay.unclaimed`: every task class of the game belongs to a declared step;
- :meth:`SequenceOfPlay.check`: the tasks a played game meets (the pending task of each state,
  :func:`trace`) visit the declared steps in the declared order, a step with a
  :attr:`Step.repeat` starting over as often as it likes.

So a phase added to ``flow.py`` but not to the sequence, or a sequence that lists its phases in
an order the games do not follow, fails the game's tests.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
from collections.abc import Iterable, Sequence
from typing import Any

import attrs


@attrs.frozen
class Step:
    """One step of the sequence: its name, the rule ids that define it, and what happens."""

    name: str
    text: str
    rules: tuple[str, ...] = ()
    steps: tuple[Step, ...] = ()
    repeat: str = ""
    """How often the step repeats, in words (``"8 turns"``, ``"until one side falls"``)."""
    tasks: tuple[str, ...] = ()
    """The names of the task classes that carry out this step (besides its sub-steps')."""


@attrs.frozen
class SequenceOfPlay:
    """A game's whole sequence of play."""

    game: str
    steps: tuple[Step, ...]
    anytime: tuple[str, ...] = ()
    """Task classes that may come up during any step (a reaction, a card played at any time):
    they belong to the sequence but take no place in its order."""

    def names(self) -> tuple[str, ...]:
        """Names of the top-level steps, in order."""
        return tuple(s.name for s in self.steps)

    def find(self, name: str) -> Step:
        for step in self.walk():
            if step.name == name:
                return step
        raise KeyError(name)

    def walk(self) -> list[Step]:
        out: list[Step] = []

        def visit(step: Step) -> None:
            out.append(step)
            for child in step.steps:
                visit(child)

        for s in self.steps:
            visit(s)
        return out

    def step_name(self, state: Any) -> str | None:
        """The name of the declared step ``state`` is at: that of the first task on its stack,
        from the top down, whose class only steps of one name carry out (a die roll shared by
        several steps says nothing; the phase below it does); ``None`` when none does."""
        owners: dict[str, set[str]] = {}
        for step in self.walk():
            for task in step.tasks:
                owners.setdefault(task, set()).add(step.name)
        for name in plan(state):
            names = owners.get(name, set())
            if len(names) == 1:
                return next(iter(names))
        return None

    def markdown(self) -> str:
        """The sequence as a numbered Markdown list (rule ids in brackets)."""
        lines: list[str] = []

        def emit(step: Step, depth: int, number: int) -> None:
            rules = f" *({', '.join(step.rules)})*" if step.rules else ""
            again = f" — {step.repeat}" if step.repeat else ""
            lines.append(f"{'    ' * depth}{number}. **{step.name}**{again}: {step.text}{rules}")
            for i, child in enumerate(step.steps, 1):
                emit(child, depth + 1, i)

        for i, step in enumerate(self.steps, 1):
            emit(step, 0, i)
        return "\n".join(lines) + "\n"

    # -- tying the declared sequence to the flow ---------------------------------------------

    def unclaimed(self, tasks: Iterable[str]) -> list[str]:
        """Those of ``tasks`` (task class names) that no step names: each one a flow step
        the declared sequence does not know."""
        claimed = set(self.anytime).union(*(step.tasks for step in self.walk()))
        return sorted(set(tasks) - claimed)

    def check(self, trace: Iterable[str], rounds: bool = True) -> list[str]:
        """What is wrong with ``trace`` (task class names in the order the game meets them)
        as a walk of the declared sequence: a task no step names, or a task whose step comes
        before the step already reached and is not (with ``rounds``) the start of another
        round of a repeated step around both. Empty when the game follows the sequence.

        A game's trace is the pending task of each state in turn (:func:`trace`). The stack
        of one state read from the top down (:func:`plan`) is what the flow means to do next;
        it is checked without ``rounds``: there another round may start only with a task of
        the repeated step itself (its own :attr:`Step.tasks`, such as a turn's beginning)."""
        order = _Order(self, rounds)
        problems: list[str] = []
        at = -1
        for n, task in enumerate(trace):
            if task in self.anytime:
                continue
            owners = order.owners.get(task)
            if not owners:
                problems.append(f"step {n}: task {task} belongs to no declared step")
                continue
            found = order.next(at, owners)
            if found is None:
                here = order.steps[at].name
                where = ", ".join(sorted({order.steps[i].name for i in owners}))
                problems.append(
                    f"step {n}: task {task} ({where}) after {here}, against the declared order"
                )
                continue
            at = found
        return problems


class _Order:
    """The declared steps in walk order, with the range of each one's sub-steps and the task
    classes each carries out."""

    def __init__(self, sequence: SequenceOfPlay, rounds: bool) -> None:
        self.rounds = rounds
        self.steps: list[Step] = []
        self.end: list[int] = []
        self.parent: list[int] = []

        def visit(step: Step, parent: int) -> None:
            i = len(self.steps)
            self.steps.append(step)
            self.end.append(i)
            self.parent.append(parent)
            for child in step.steps:
                visit(child, i)
            self.end[i] = len(self.steps) - 1

        for step in sequence.steps:
            visit(step, -1)
        self.owners: dict[str, tuple[int, ...]] = {}
        for i, step in enumerate(self.steps):
            for task in step.tasks:
                self.owners[task] = (*self.owners.get(task, ()), i)

    def next(self, at: int, owners: Sequence[int]) -> int | None:
        """The step the game moves to for a task of one of the ``owners`` steps, from step
        ``at``: the first of them not before ``at``; else the first one inside the innermost
        repeated step around ``at`` (another round; without ``rounds`` only the repeated step
        itself); else ``None``."""
        ahead = [i for i in owners if i >= at]
        if ahead:
            return min(ahead)
        i = at
        while i >= 0:
            if self.steps[i].repeat:
                inside = [j for j in owners if i <= j <= self.end[i]]
                if inside and (self.rounds or i in inside):
                    return min(inside)
            i = self.parent[i]
        return None


def trace(states: Iterable[Any]) -> list[str]:
    """The class names of the pending task of each state of a game (states of a
    :class:`~wargames.core.tasks.TaskState` game), for :meth:`SequenceOfPlay.check`."""
    return [type(s.tasks[-1]).__name__ for s in states if s.tasks]


def plan(state: Any) -> list[str]:
    """The class names of the tasks on ``state``'s stack from the top down: the steps the
    flow means to carry out, in the order it will, for :meth:`SequenceOfPlay.check`."""
    return [type(task).__name__ for task in reversed(state.tasks)]


def task_classes_of(package: str) -> dict[str, str]:
    """The task classes a game package declares (attrs classes; the plain base classes its
    tasks share are left out), by name, each with the module that defines it, for
    :meth:`SequenceOfPlay.unclaimed`."""
    from wargames.core.tasks import Task

    root = importlib.import_module(package)
    found: dict[str, str] = {}
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        module = importlib.import_module(info.name)
        for name, cls in inspect.getmembers(module, inspect.isclass):
            if (
                issubclass(cls, Task)
                and cls.__module__ == module.__name__
                and "__attrs_attrs__" in cls.__dict__
            ):
                found[name] = module.__name__
    return dict(sorted(found.items()))
