"""The victory conditions as the bots pursue them: what each side still needs to win, and when
the Imperium turns from holding its hives to winning the campaign.

The Orks win by holding three captured hives at a Victory segment (BFA-VICTORY-02, 03); the
Imperium wins by controlling all five hives once Ghazghkull is dead (BFA-VICTORY-05, 06); a
campaign that reaches the end of turn 8 without either is drawn (BFA-VICTORY-08). A bot that
only trades counters at good odds leaves half its campaigns drawn: the Orks sit in two ruins,
their tribes spread over the three other hives, and the Imperium in those three hives. These
helpers tell the bots what is still missing: the Ork tribes go together for the one hive that
would win; once Ghazghkull is dead the Imperium re-occupies the ruined hives first
(``imperial_moves``) and spends its last turn retaking the others.
"""

from __future__ import annotations

from wargames.armageddon.agents.geography import hive_sites
from wargames.armageddon.state import ArmageddonState as S

LAST_TURN = 8
"""The campaign's last turn (BFA-VICTORY-08)."""
PUSH_TURN = 5
"""The turn from which every Ork tribe goes for the one hive that would win the campaign."""


def captured_hives(s: S) -> list[str]:
    """The areas of the hives the Orks hold captured: ruined, with an Ork counter in them
    (BFA-VICTORY-03)."""
    return [area for h, area in sorted(hive_sites(s).items()) if s.hive_captured(h)]


def hives_to_retake(s: S) -> list[str]:
    """The areas of the hives the Imperium does not control (BFA-VICTORY-06): captured ones
    to clear and empty ruins to enter."""
    return [area for h, area in sorted(hive_sites(s).items()) if not s.hive_controlled(h)]


def turns_left(s: S) -> int:
    """The turns still to play after this one."""
    return max(0, LAST_TURN - s.turn)


def imperial_offensive(s: S) -> bool:
    """Whether the Imperium plays for the win this turn (one build, two moves, then the
    combat phase; ``strategy.strategy_cards``): in the last turn, once Ghazghkull is dead,
    while some hive is not under Imperial control.
    Earlier, or with Ghazghkull alive, the builds are worth more (measured: striking earlier
    gave the Orks more wins, not the Imperium)."""
    return turns_left(s) == 0 and not s.ghazghkull_in_play() and bool(hives_to_retake(s))


def ork_hives_needed(s: S) -> int:
    """How many more hives the Orks must capture to win (BFA-VICTORY-02)."""
    return max(0, 3 - len(captured_hives(s)))


def ork_push(s: S) -> bool:
    """Whether every Ork tribe goes for the same hive: from turn :data:`PUSH_TURN` on, when
    one more captured hive wins the campaign (tribes spread over the hives stall before the
    last one, the strongest defended)."""
    return s.turn >= PUSH_TURN and ork_hives_needed(s) == 1
