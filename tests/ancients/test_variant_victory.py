"""Banners per flank and victory in the 'Armageddon' variant (CCA-BANNER-01 to -03,
CCA-VICTORY-01 to -04, CCA-GAP-13)."""

from __future__ import annotations

import pytest
from cca import State, legal, refused, roll, team_position

from wargames.core.engine import CHANCE

MISS = ("light", "light", "light", "light")


def attacking(
    flank_banners: tuple[tuple[int, int, int], tuple[int, int, int]] | None = None,
    top_units: dict[str, str] | None = None,
) -> State:
    s = team_position(
        {"03-06": "MI", "09-07": "MI", "11-06": "MI"},
        top_units or {"03-05": "MI", "09-06": "MI", "11-05": "MI"},
        players=4,
        placed=(("coordinated-attack", "order-two-center", ""), ("", "", "")),
        hands=(("rally",), ()),
        blocks={"03-05": 1, "09-06": 1, "11-05": 1},
        flank_banners=flank_banners,
    )
    s = s.apply("order 03-06").apply("order 09-07").apply("order 11-06")
    s = s.apply("end moves").apply("end moves")
    assert s.current_player == "bottom/commander"
    return s


@pytest.mark.rule("CCA-BANNER-01", "CCA-BANNER-02")
def test_a_banner_counts_in_the_flank_where_the_piece_fell() -> None:
    s = attacking().apply("battles 03-06").apply("attack 03-06 03-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.banners == (1, 0) and s.flank_banners == ((1, 0, 0), (0, 0, 0))
    s = attacking().apply("battles 11-06").apply("attack 11-06 11-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.flank_banners == ((0, 1, 0), (0, 0, 0))


@pytest.mark.rule("CCA-BANNER-03", "CCA-GAP-14")
def test_on_a_hex_of_two_flanks_the_losing_commander_chooses() -> None:
    s = attacking().apply("battles 09-07").apply("attack 09-07 09-06")
    s = roll(s, "medium", *MISS[1:])
    # 09-06 lies in the bottom side's left and center: the top side's right and center
    assert s.current_player == "top/commander" and s.pending == (("top", "left", "center"),)
    assert legal(s) == ["credit right", "credit center"]
    refused(s, "credit left", "CCA-BANNER-03")
    s = s.apply("credit right")
    assert s.flank_banners == ((1, 0, 0), (0, 0, 0)) and not s.pending
    assert s.current_player == "bottom/left"  # the combat goes on: momentum advance


@pytest.mark.rule("CCA-VICTORY-01", "CCA-VICTORY-04")
def test_the_target_in_one_flank_wins_at_once() -> None:
    s = attacking(((5, 4, 0), (0, 0, 0))).apply("battles 03-06").apply("attack 03-06 03-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.outcome is not None and s.outcome.winner == "bottom"
    assert s.outcome.reason == "bottom reach 6 victory banners in the left flank"
    assert s.current_player is None and not s.tasks  # no further combat of the center
    # 9 in all (target 6, twice is 12) is no win until one flank holds 6
    s = attacking(((4, 4, 0), (0, 0, 0))).apply("battles 03-06").apply("attack 03-06 03-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.outcome is None and s.banners == (9, 0)


@pytest.mark.rule("CCA-VICTORY-02")
def test_twice_the_target_in_all_flanks_wins() -> None:
    s = attacking(((4, 4, 3), (0, 0, 0))).apply("battles 11-06").apply("attack 11-06 11-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.flank_banners[0] == (4, 5, 3) and s.banners[0] == 12
    assert s.outcome is not None and s.outcome.winner == "bottom"
    assert "twice the target" in s.outcome.reason
    s = attacking(((4, 4, 2), (0, 0, 0))).apply("battles 11-06").apply("attack 11-06 11-05")
    s = roll(s, "medium", *MISS[1:])
    assert s.banners[0] == 11 and s.outcome is None  # one short of twice the target


@pytest.mark.rule("CCA-VICTORY-04")
def test_the_deciding_banner_ends_the_game_before_any_battle_back() -> None:
    # the top side stands one banner from victory in the bottom side's left flank; the
    # attacker, down to one block, is lost to the battle back: the game ends there
    s = team_position(
        {"03-06": "MI"},
        {"03-05": "MI"},
        players=4,
        placed=(("order-two-left", "", ""), ("", "", "")),
        hands=(("rally",), ()),
        blocks={"03-06": 1},
        flank_banners=((0, 0, 0), (5, 0, 0)),
    )
    s = s.apply("order 03-06").apply("end moves").apply("attack 03-06 03-05")
    s = roll(s, *MISS)  # missed: the defender battles back
    s = s.apply("battle-back")
    s = roll(s, "medium", "light", "light", "light")
    assert s.outcome is not None and s.outcome.winner == "top" and s.current_player is None


@pytest.mark.rule("CCA-VICTORY-03", "CCA-GAP-13")
def test_the_battling_commander_orders_the_combats_that_could_win() -> None:
    s = attacking(((5, 5, 0), (0, 0, 0)))
    assert legal(s) == ["battles 03-06", "battles 09-07", "battles 11-06"]
    s = s.apply("battles 11-06").apply("attack 11-06 11-05")
    assert s.current_player == CHANCE  # one combat at a time
    s = roll(s, "medium", *MISS[1:])
    assert s.outcome is not None and s.outcome.winner == "bottom"


@pytest.mark.rule("CCA-VICTORY-03", "CCA-SEQ-05", "CCA-GAP-13")
def test_the_commander_chooses_each_next_combat_the_field_general_fights_it() -> None:
    s = attacking()
    # the left flank's second unit may fight before the first, the center's in between
    s = s.apply("battles 09-07")
    assert s.current_player == "bottom/left" and legal(s) == ["attack 09-07 09-06", "end battles"]
    refused(s, "attack 03-06 03-05", "CCB-ORDERS-01")  # not the unit the Commander chose
    s = s.apply("end battles")  # the Field General lets it pass: the Commander chooses again
    assert s.current_player == "bottom/commander"
    assert legal(s) == ["battles 03-06", "battles 11-06"]
    refused(s, "battles 09-07", "CCA-SEQ-05")
    s = s.apply("battles 11-06").apply("attack 11-06 11-05")
    s = roll(s, *MISS).apply("battle-back")
    s = roll(s, *MISS)
    assert s.current_player == "bottom/left" and legal(s)[0] == "attack 03-06 03-05"
