"""Action phases: a strategy card names two of movement, combat and build (BFA-PHASE-01/02)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import attrs

from wargames.armageddon import build
from wargames.armageddon.combat import CombatPhase
from wargames.armageddon.data import IMPERIUM
from wargames.armageddon.flow import Task
from wargames.armageddon.movement import MovementPhase
from wargames.core.codec import saved

if TYPE_CHECKING:
    from wargames.armageddon.state import ArmageddonState as S


@saved("armageddon/begin-phase")
@attrs.frozen
class BeginPhase(Task):
    """Start an action phase of the acting side; the second phase of a card starts only when
    the first is finished (BFA-ACTION-02)."""

    kind: str
    side: str

    def run(self, s: S) -> S:
        phase: Task
        if self.kind == "movement":
            phase = MovementPhase(self.side)
        elif self.kind == "combat":
            phase = CombatPhase(self.side)
        elif self.side == IMPERIUM:
            phase = build.ImperialBuild(build.build_allowance(s))
        else:
            phase = build.OrkBuild(build.ork_allowance(s))
        return s.evolve(
            phase=self.kind,
            used=frozenset(),
            attacked=frozenset(),
            retreated=frozenset(),
            tasks=s.popped(phase),
        )


def phase_task(kind: str, side: str) -> Task:
    return BeginPhase(kind, side)
