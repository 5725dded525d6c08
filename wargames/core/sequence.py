"""The sequence of play, declared as data.

A game lists its turn structure once, as nested :class:`Step` records that read like the
rulebook's sequence of play (turn -> segments -> phases). The engine walks the same names, and
:meth:`SequenceOfPlay.markdown` renders the list into the game's docs page.
"""

from __future__ import annotations

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


@attrs.frozen
class SequenceOfPlay:
    """A game's whole sequence of play."""

    game: str
    steps: tuple[Step, ...]

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
