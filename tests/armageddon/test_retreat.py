"""Battle for Armageddon retreats: one area, chosen by the owner counter by counter, never into
impassable, enemy-held or over-stacked areas; counters that already retreated defend at 0,
absorb no losses and die if forced out again until the combat phase ends.

Results are forced with chosen die rolls on the reconstructed Combat Results Table
(``data/crt.toml``); the comments give the odds and the row used.
"""

from __future__ import annotations

from pathlib import Path

import attrs
import pytest
from bfa import combat, fight, refused

import wargames.armageddon.combat as combat_module
import wargames.armageddon.data as armageddon_data
from wargames.armageddon.combat import AdvanceChoice, CombatPhase, Retreat, TakeLoss, numbers
from wargames.armageddon.data import IMPERIUM, ORKS, load_data
from wargames.armageddon.state import DEAD, ArmageddonState


def options(s: ArmageddonState, counter: str) -> set[str]:
    """Where ``counter`` may retreat now (the pending decision must be its retreat)."""
    found = {str(a).split()[2] for a in s.legal_actions() if str(a).startswith("retreat ")}
    assert all(str(a).split()[1] == counter for a in s.legal_actions())
    return found


# --------------------------------------------------------------------- where a counter goes


@pytest.mark.rule("BFA-RETREAT-01", "BFA-RETREAT-02")
def test_the_owner_retreats_his_counter_exactly_one_area_into_enterable_areas() -> None:
    # the 6th Guard Army in the S1 ash waste; Goffs in F1 (ruins) and S2; Hades, the F2
    # refinery and C1 around it; the Diablo Range (M1) is mountain
    s = combat(
        {"S1": ["guard-6"], "F1": ["goff-hordes-1", "goff-hordes-2"], "S2": ["goff-hordes-3"]}
    )
    assert set(s.data.board.neighbours("S1")) == {"C1", "F1", "F2", "HAD", "M1", "S2"}
    s = fight(s, "attack S1 from F1", 4)  # 12 vs 4 = 3-1: a 4 is DR
    assert isinstance(s.top, Retreat) and s.current_player == IMPERIUM
    assert options(s, "guard-6") == {"C1", "F2", "HAD"}
    refused(s, "retreat guard-6 M1", "BFA-RETREAT-02")  # mountain
    refused(s, "retreat guard-6 S2", "BFA-RETREAT-02")  # Orks there
    refused(s, "retreat guard-6 F1", "BFA-RETREAT-02")  # the attackers' area
    refused(s, "retreat guard-6 C3", "BFA-RETREAT-02")  # two areas away
    after = s.apply("retreat guard-6 C1")
    assert after.location("guard-6") == "C1"
    assert "guard-6" in after.retreated


@pytest.mark.rule("BFA-RETREAT-01", "BFA-RETREAT-02", "BFA-GAP-10")
def test_orks_retreat_by_their_own_choice_and_not_into_an_intact_factory() -> None:
    s = combat({"F1": ["goff-hordes-1"], "N2": ["guard-1", "guard-2"]})
    s = fight(s, "attack N2 from F1", 4)  # 6 vs 10 = 1-2, 4 - 1 (Diablo) = 3: AR
    assert isinstance(s.top, Retreat) and s.current_player == ORKS
    # HAD (intact hive) and N2 are Imperial; OT8, OT9, S1 and S2 are open to the Orks
    assert options(s, "goff-hordes-1") == {"OT8", "OT9", "S1", "S2"}
    refused(s, "retreat goff-hordes-1 HAD", "BFA-RETREAT-02")
    # smoking ruins block nobody: the 6th Guard Army may fall back into the ruins of F1
    imp = combat({"S1": ["guard-6"], "S2": ["goff-hordes-1", "goff-hordes-2"]})
    imp = fight(imp, "attack S1 from S2", 4)  # 12 vs 4 = 3-1: a 4 is DR
    assert "F1" in options(imp, "guard-6")


@pytest.mark.rule("BFA-RETREAT-03")
def test_no_retreat_into_an_area_where_the_stack_would_be_illegal() -> None:
    full = ["guard-1", "guard-2", "guard-4"]
    s = combat(
        {
            "N2": ["guard-3", "yarrick"],
            "OT10": ["goff-hordes-1", "goff-hordes-2"],
            "S2": full,
            "F3": ["guard-5", "guard-7"],
            "INF": ["guard-8", "guard-9", "guard-10"],
        }
    )
    s = fight(s, "attack N2 from OT10", 5)  # 12 vs 6 = 2-1: a 5 is DR
    assert isinstance(s.top, Retreat)
    # Yarrick does not count against the limit: he may join the full stacks
    assert options(s, "yarrick") == {"F1", "F3", "INF", "OT9", "S2"}
    s = s.apply("retreat yarrick S2")
    # S2 and INF already hold three counting counters; F3 has room for one more; F1 is ruins
    assert options(s, "guard-3") == {"F1", "F3", "OT9"}
    refused(s, "retreat guard-3 S2", "BFA-RETREAT-02")
    refused(s, "retreat guard-3 INF", "BFA-RETREAT-02")
    s = s.apply("retreat guard-3 F3")
    assert set(s.stack("F3", IMPERIUM)) == {"guard-3", "guard-5", "guard-7", "factory-F3"}


@pytest.mark.rule("BFA-RETREAT-03")
def test_an_ork_counter_may_not_retreat_into_another_tribe_or_a_full_stack() -> None:
    s = combat(
        {
            "OT10": ["goff-hordes-1"],
            "N2": ["guard-1", "guard-2"],
            "OT9": ["bad-moon-hordes-1"],
            "OT5": ["goff-hordes-2", "goff-hordes-3", "goff-nobz-1"],
            "OT11": ["ghazghkull", "goff-hordes-5", "goff-hordes-6"],
        }
    )
    s = fight(s, "attack N2 from OT10", 3)  # 6 vs 10 = 1-2: a 3 is AR
    assert isinstance(s.top, Retreat) and s.current_player == ORKS
    # OT9 is Bad Moon, OT5 full, INF and N2 Imperial; OT11 has room (Ghazghkull is exempt)
    assert options(s, "goff-hordes-1") == {"OT4", "OT11"}


@pytest.mark.rule("BFA-RETREAT-04", "BFA-GAP-16")
def test_counters_retreat_one_by_one_to_different_areas_each_checked_in_turn() -> None:
    s = combat(
        {
            "N2": ["guard-3", "rough-riders-2", "guard-5"],
            "OT10": ["goff-hordes-1", "goff-hordes-2"],
            "S2": ["guard-1", "guard-2"],
        }
    )
    s = fight(s, "attack N2 from OT10", 4)  # 12 vs 10 = 1-1: a 4 is EX
    s = s.apply("lose guard-5").apply("lose goff-hordes-2")
    assert isinstance(s.top, Retreat) and s.current_player == IMPERIUM
    assert options(s, "guard-3") == {"F1", "F3", "INF", "OT9", "S2"}
    s = s.apply("retreat guard-3 S2")  # S2 is now full
    assert options(s, "rough-riders-2") == {"F1", "F3", "INF", "OT9"}
    refused(s, "retreat rough-riders-2 S2", "BFA-RETREAT-02")
    s = s.apply("retreat rough-riders-2 INF")
    assert s.location("guard-3") == "S2" and s.location("rough-riders-2") == "INF"
    assert {"guard-3", "rough-riders-2"} <= s.retreated


# -------------------------------------------------------------------- when it cannot retreat


@pytest.mark.rule("BFA-RETREAT-05")
def test_a_counter_with_nowhere_to_go_is_eliminated() -> None:
    s = combat(
        {
            "N1": ["guard-9"],
            "OT7": ["goff-hordes-1", "goff-hordes-2"],
            "HAD": ["guard-1", "guard-2", "guard-4"],
            "F2": ["guard-5", "guard-7", "guard-8"],
        }
    )
    assert set(s.data.board.neighbours("N1")) == {"F2", "HAD", "OT7"}
    s = fight(s, "attack N1 from OT7", 4)  # 12 vs 4 = 3-1: a 4 is DR
    assert s.location("guard-9") == DEAD  # no decision asked: there is no choice
    assert not any(isinstance(t, Retreat) for t in s.tasks)
    assert isinstance(s.top, AdvanceChoice)


@pytest.mark.rule("BFA-RETREAT-06", "BFA-GAP-10")
def test_a_fortification_movement_0_is_removed_when_its_stack_is_driven_out() -> None:
    """The reconstructed manifest gives movement 0 only to hives, factories and
    fortifications; a fortification forced out with its stack is destroyed."""
    s = combat(
        {"C1": ["rough-riders-1", "fortification-3"], "S2": ["goff-hordes-1", "goff-hordes-2"]}
    )
    assert s.spec("fortification-3").movement == 0
    s = fight(s, "attack C1 from S2", 6)  # 12 vs 6 = 2-1, 6 - 1 (Stygies) = 5: DR
    assert isinstance(s.top, Retreat)
    assert [str(a).split()[1] for a in s.legal_actions()] == ["rough-riders-1"] * len(
        s.legal_actions()
    )
    s = s.apply("retreat rough-riders-1 C3")
    assert s.location("rough-riders-1") == "C3"
    assert s.location("fortification-3") == DEAD


@pytest.mark.rule("BFA-RETREAT-06")
def test_a_unit_with_movement_0_is_eliminated_when_it_must_retreat(tmp_path: Path) -> None:
    """No unit of the reconstructed manifest has movement 0, so a sheet in which the 3rd Guard
    Army is a 3-2-0 is dropped in through the data-folder override."""
    source = (Path(armageddon_data.__file__).parent / "data" / "counters.toml").read_text()
    group = 'defence = 2\nmovement = 1\nprovenance = "reconstructed"\nnote = "defence 2'
    assert source.count(group) == 1
    (tmp_path / "counters.toml").write_text(
        source.replace(group, group.replace("movement = 1", "movement = 0"))
    )
    data = load_data(tmp_path)
    assert data.counters["guard-3"].movement == 0
    stacks = {"N2": ["guard-3"], "OT10": ["goff-hordes-1"]}
    normal = fight(combat(stacks), "attack N2 from OT10", 4)  # 6 vs 2 = 3-1: a 4 is DR
    assert isinstance(normal.top, Retreat) and options(normal, "guard-3")
    base = combat(stacks)
    frozen = base.evolve(data=data, where=base.where)
    after = fight(frozen, "attack N2 from OT10", 4)
    assert after.location("guard-3") == DEAD
    assert isinstance(after.top, AdvanceChoice)


# ------------------------------------------------------------- counters that already retreated


def retreated_into_s2() -> ArmageddonState:
    """The 3rd Guard Army has been driven from N2 into S2, where the 20th Guard Army stands;
    a Goff stack in S1 has not attacked yet."""
    s = combat(
        {"N2": ["guard-3"], "OT10": ["goff-hordes-1"], "S2": ["guard-20"], "S1": ["goff-hordes-2"]}
    )
    s = fight(s, "attack N2 from OT10", 4)  # 6 vs 2 = 3-1: a 4 is DR
    s = s.apply("retreat guard-3 S2").apply("end advance")
    assert isinstance(s.top, CombatPhase)
    assert s.retreated == frozenset({"guard-3"})
    return s


@pytest.mark.rule("BFA-RETREAT-07", "BFA-COMBAT-09")
def test_a_counter_that_retreated_defends_at_0_if_attacked_again() -> None:
    s = retreated_into_s2()
    n = numbers(s, ORKS, "S2", ("S1",))
    assert n.defence == s.spec("guard-20").defence == 3  # the 3rd Army's 2 counts 0
    assert (n.attack, str(n.odds)) == (6, "2-1")


@pytest.mark.rule("BFA-RETREAT-08")
def test_a_counter_that_retreated_cannot_be_taken_as_a_loss() -> None:
    s = fight(retreated_into_s2(), "attack S2 from S1", 3)  # 6 vs 3 = 2-1: a 3 is EX
    assert isinstance(s.top, TakeLoss) and s.current_player == IMPERIUM
    assert [str(a) for a in s.legal_actions()] == ["lose guard-20"]
    refused(s, "lose guard-3", "BFA-COMBAT-17")
    s = s.apply("lose guard-20")
    assert s.location("guard-20") == DEAD


@pytest.mark.rule("BFA-RETREAT-07", "BFA-RETREAT-08")
def test_the_retreat_rule_object_drives_defence_and_losses(monkeypatch: pytest.MonkeyPatch) -> None:
    """The game's :class:`RetreatRule` settings are what the engine follows: flipped, counters
    that already retreated defend at full strength and may be taken as losses."""
    assert not combat_module.RETREAT.retreated_absorb_losses
    rule = attrs.evolve(
        combat_module.RETREAT, retreated_absorb_losses=True, retreated_defend_at_zero=False
    )
    monkeypatch.setattr(combat_module, "RETREAT", rule)
    s = retreated_into_s2()
    assert numbers(s, ORKS, "S2", ("S1",)).defence == 3 + 2  # the 3rd Army's 2 counts now
    s = fight(s, "attack S2 from S1", 4)  # 6 vs 5 = 1-1: a 4 is EX
    assert isinstance(s.top, TakeLoss)
    assert sorted(str(a) for a in s.legal_actions()) == ["lose guard-20", "lose guard-3"]


@pytest.mark.rule("BFA-RETREAT-09")
def test_a_counter_forced_to_retreat_a_second_time_is_eliminated() -> None:
    s = fight(retreated_into_s2(), "attack S2 from S1", 5)  # 2-1: a 5 is DR
    assert s.location("guard-3") == DEAD
    assert isinstance(s.top, Retreat) and s.current_player == IMPERIUM
    assert options(s, "guard-20")
    s = s.apply("retreat guard-20 C1")
    assert s.location("guard-20") == "C1"


@pytest.mark.rule("BFA-RETREAT-10")
def test_the_retreated_status_ends_with_the_combat_phase() -> None:
    s = retreated_into_s2()
    assert numbers(s, ORKS, "S2", ("S1",)).defence == 3
    ended = s.apply("end phase")
    assert ended.retreated == frozenset()
    assert ended.location("guard-3") == "S2"
    assert numbers(ended, ORKS, "S2", ("S1",)).defence == 3 + 2


@pytest.mark.rule("BFA-GAP-17", "BFA-RETREAT-08", "BFA-RETREAT-09", "BFA-GAP-10")
def test_a_loss_from_a_stack_of_retreated_counters_is_ignored_but_the_retreat_kills() -> None:
    s = combat({"N2": ["guard-3"], "OT10": ["goff-hordes-1"], "S3": ["bad-moon-hordes-1"]})
    s = fight(s, "attack N2 from OT10", 4)  # 6 vs 2 = 3-1: a 4 is DR
    s = s.apply("retreat guard-3 F3").apply("end advance")  # F3: an intact factory only
    n = numbers(s, ORKS, "F3", ("S3",))
    assert (n.attack, n.defence, str(n.odds), n.modifier) == (5, 1, "5-1", -1)
    points = s.build_points
    s = fight(s, "attack F3 from S3", 2)  # 2 - 1 = 1 at 5-1: EX
    # the Imperial loss is skipped (nobody may be taken); the Ork player loses his Horde
    assert isinstance(s.top, TakeLoss) and s.current_player == ORKS
    s = s.apply("lose bad-moon-hordes-1")
    assert s.location("guard-3") == DEAD  # forced out a second time
    assert "factory-F3" in s.ruined and s.build_points == points - 1
    assert isinstance(s.top, CombatPhase)


@pytest.mark.rule("BFA-GAP-17", "BFA-COMBAT-01")
def test_a_stack_joined_by_a_counter_that_already_attacked_may_not_attack() -> None:
    s = combat(
        {
            "OT10": ["goff-hordes-1"],
            "N2": ["guard-1", "guard-2"],
            "OT9": ["goff-hordes-2"],
            "F1": ["hive-gangs-6"],
        },
        ruined=(),
    )
    assert "attack F1 from OT9" in [str(a) for a in s.legal_actions()]
    s = fight(s, "attack N2 from OT10", 3)  # 6 vs 10 = 1-2: a 3 is AR
    s = s.apply("retreat goff-hordes-1 OT9")
    assert isinstance(s.top, CombatPhase)
    assert s.stack("OT9", ORKS) == ("goff-hordes-1", "goff-hordes-2")
    refused(s, "attack F1 from OT9", "BFA-COMBAT-01")
    assert not any(str(a).endswith("from OT9") for a in s.legal_actions())
