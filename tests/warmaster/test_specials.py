"""The reconstructed special rules (WM-GAP-05, research 3.5): reactor sabotage, the fleet's
lasers, destroyed areas and the ship breaking up."""

from __future__ import annotations

import pytest
from wm import position, roll, strs, top

from wargames.warmaster.data import IMPERIAL, TRAITOR, default_data
from wargames.warmaster.flow import PHASES
from wargames.warmaster.movement import MovementPhase, destinations
from wargames.warmaster.specials import EndOfBattle
from wargames.warmaster.state import DEAD, POOL, RESERVE, WarmasterState
from wargames.warmaster.teleport import ImperialReinforcements


def lasers(units: dict[str, str], screens: int = 3, hits: int = 0) -> WarmasterState:
    """An Imperial Reinforcements phase of turn 4 with the Screens taken on ``screens``; units
    in reserve teleport back in it."""
    s = position(units, [], turn=4, phase=PHASES[0])
    back = tuple((u,) for u, loc in units.items() if loc == RESERVE)
    s = s.evolve(screens=screens, laser_hits=hits, reserve=back)
    return s.push(ImperialReinforcements()).settle()


@pytest.mark.rule("WM-GAP-05", "WM-MOVE-03")
def test_reactor_sabotage_destroys_the_reactor_and_maybe_its_neighbours() -> None:
    s = position({"custodes-1": "61", "emperor": "11"}, [EndOfBattle(IMPERIAL)])
    assert s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == ["detonate 61", "end sabotage"]
    s = s.apply("detonate 61")
    assert top(s) == "LossRoll" and s.top.unit == "custodes-1"
    s = roll(s, 5)  # survives the collapse; the Traitor moves him out
    assert s.current_player == TRAITOR
    assert strs(s.legal_actions()) == [f"displace custodes-1 {a}" for a in ("34", "64", "65")]
    s = s.apply("displace custodes-1 65")
    s = roll(s, 3, 4, 1)  # the neighbours 34, 64 and 65: only 64 (a 4) goes
    assert s.destroyed == {"61", "64"} and s.location("custodes-1") == "65"
    assert s.outcome is None and not s.tasks
    # the ruins are never entered again: from 65 only 62 is left
    m = position({"custodes-1": "65"}, [MovementPhase(IMPERIAL)], destroyed=s.destroyed)
    assert destinations(m, "custodes-1") == ("62",)
    held = position({"custodes-1": "61", "crew-1": "61", "emperor": "11"}, [EndOfBattle(IMPERIAL)])
    assert not held.tasks  # not alone there: no sabotage


@pytest.mark.rule("WM-GAP-05", "WM-BRIDGE-07")
def test_with_every_reactor_gone_nobody_has_the_bridge_bonus() -> None:
    s = position(
        {"custodes-1": "53"},
        [MovementPhase(IMPERIAL)],
        bridge=IMPERIAL,
        destroyed={"61", "62"},
    )
    assert destinations(s, "custodes-1") == ("44", "51", "55")


@pytest.mark.rule("WM-GAP-05")
def test_the_screens_are_taken_by_being_alone_there_after_the_battle_phase() -> None:
    s = position({"custodes-1": "44", "emperor": "11"}, [EndOfBattle(IMPERIAL)], turn=3)
    assert s.screens == 3
    shared = position({"custodes-1": "44", "crew-1": "44"}, [EndOfBattle(IMPERIAL)])
    assert shared.screens is None


@pytest.mark.rule("WM-GAP-05")
def test_laser_shots_hull_first_then_d66_with_sixes_rolled_again() -> None:
    s = lasers({"emperor": RESERVE, "crew-1": "14"})
    assert s.current_player == IMPERIAL
    assert strs(s.legal_actions()) == ["fire 11", "fire 14", "fire 31", "fire 41"]
    s = s.apply("fire 14")
    s = roll(s, 4)  # the crew survive the collapse; the Imperial player moves them
    assert strs(s.legal_actions()) == [
        "displace crew-1 11",
        "displace crew-1 13",
        "displace crew-1 35",
    ]
    s = s.apply("displace crew-1 13")
    assert s.destroyed == {"14"} and s.laser_hits == 1
    s = roll(s, 1, 6, 5, 3)  # 16 is rolled again (a units die of 6); then 53
    assert s.destroyed == {"14", "53"} and s.laser_hits == 2
    assert top(s) == "Teleport"  # the lasers fire before anyone teleports
    early = lasers({"emperor": RESERVE}, screens=4)
    assert top(early) == "Teleport"  # from the turn after the Screens were taken


@pytest.mark.rule("WM-GAP-05")
def test_the_ship_breaks_up_after_enough_hits() -> None:
    last = default_data().specials.ship_breakup.laser_hits
    s = lasers({"emperor": "53", "horus": "23"}, hits=last - 1).apply("fire 11")
    assert top(s) == "Escape" and s.laser_hits == last
    won = roll(s, 4)
    assert won.outcome is not None and won.outcome.winner == IMPERIAL
    drawn = roll(s, 3)
    assert drawn.outcome is not None and drawn.outcome.winner is None
    away = lasers({"emperor": POOL, "horus": "23"}, hits=last - 1).apply("fire 11")
    assert away.outcome is not None and away.outcome.winner == IMPERIAL


@pytest.mark.rule("WM-GAP-05")
def test_a_destroyed_bridge_and_reactor_break_the_ship_up() -> None:
    s = lasers({"emperor": POOL, "horus": "23"}).evolve(destroyed=frozenset({"61"}))
    s = s.apply("fire 11")
    assert s.outcome is None
    s = roll(s, 2, 1)  # the second shot hits the Bridge
    assert s.outcome is not None and s.outcome.winner == IMPERIAL
    assert s.location("horus") != DEAD
