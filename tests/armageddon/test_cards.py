"""Battle for Armageddon: special cards (the deal, the draw each turn, one card per player and
action segment, discards and reshuffles) and what each player may see of the cards.

The special cards' texts are missing; six per side are reconstructed (research notes 5.4).
"""

from __future__ import annotations

import pytest
from bfa import State, deploy_first, refused, run_until, started, step, top

from wargames.armageddon import actions as act
from wargames.armageddon.data import IMPERIUM, ORKS
from wargames.armageddon.position import position
from wargames.armageddon.state import DEAD, HIDDEN
from wargames.core.cards import Deck, Pile
from wargames.core.engine import CHANCE, Match

ORK_CARDS = ("ere-we-go", "kult-of-speed", "looted-supplies", "mekboyz", "tunnel-rats", "waaagh")
IMPERIAL_CARDS = ("astropathic-warning", "emergency-production", "heroic-stand", "orbital-strike",
                  "rail-convoy", "thunderbolt-wing")  # fmt: skip


def plays(s: State) -> set[str]:
    return {a.card for a in s.legal_actions() if isinstance(a, act.PlayCard)}


# -------------------------------------------------------------------------------- CARDS


@pytest.mark.rule("BFA-CARDS-01")
def test_each_player_deals_himself_two_random_cards_from_his_own_deck() -> None:
    s = deploy_first()
    for side, cards in ((ORKS, ORK_CARDS), (IMPERIUM, IMPERIAL_CARDS)):
        for n in (6, 5):
            assert s.current_player == CHANCE
            outcomes = s.chance_outcomes()
            assert {(a.side, a.card) for a, _ in outcomes} <= {(side, c) for c in cards}
            assert len(outcomes) == n
            assert all(p == pytest.approx(1 / n) for _, p in outcomes)
            s = s.apply(outcomes[-1][0])
        i = 0 if side == ORKS else 1
        assert len(s.hands[i]) == 2
        assert set(s.hands[i]) | set(s.decks[i].draw) == set(cards)
        assert len(s.decks[i].draw) == 4 and not s.decks[i].discards
    assert s.current_player == ORKS and top(s) == "PlanCards"


@pytest.mark.rule("BFA-CARDS-02", "BFA-GAP-08")
def test_when_each_card_may_be_played_is_its_own() -> None:
    """The reconstructed timings: WAAAGH! in an Ork combat phase, Ere We Go! and Kult of Speed
    in an Ork movement phase, Mekboyz in an Ork build phase; Rail Convoy in an Imperial
    movement phase, Emergency Production in an Imperial build phase, Orbital Strike in any
    Imperial phase, Astropathic Warning while the Imperium plans."""
    hands = {ORKS: list(ORK_CARDS), IMPERIUM: list(IMPERIAL_CARDS)}
    stacks = {"OT4": ["ghazghkull"], "OT10": ["goff-hordes-1"], "N2": ["guard-3"]}
    expected = {
        (ORKS, "movement"): {"ere-we-go", "kult-of-speed"},
        (ORKS, "combat"): {"waaagh"},
        (ORKS, "build"): {"mekboyz"},
        (IMPERIUM, "movement"): {"rail-convoy", "orbital-strike"},
        (IMPERIUM, "combat"): {"orbital-strike"},
        (IMPERIUM, "build"): {"emergency-production", "orbital-strike"},
    }
    for (side, phase), cards in expected.items():
        s = position(stacks, side=side, phase=phase, turn=2, hands=hands)
        assert plays(s) == cards, (side, phase)
    s = position(stacks, side=ORKS, phase="movement", turn=2, hands=hands)
    assert refused(s, "play waaagh") == "BFA-CARDS-02"
    assert refused(s, "play rail-convoy OT10") == "BFA-COMP-04"
    # Astropathic Warning is offered to the Imperial player while he plans.
    m = started(("waaagh", "mekboyz"), ("astropathic-warning", "heroic-stand"))
    assert plays(m.state) == set()  # type: ignore[arg-type]
    m.apply("plan orks-mc orks-cb")
    assert plays(m.state) == {"astropathic-warning"}  # type: ignore[arg-type]
    # And a card does what it says: WAAAGH! adds 1 to the Ork attack die (a 5 at 3-1 is a DR,
    # a 6 is a DE).
    for hand, fate in (([], "N2"), (["waaagh"], DEAD)):
        s = position(stacks, side=ORKS, phase="combat", turn=2, hands={ORKS: hand})
        if hand:
            s = s.apply("play waaagh")
        m = Match(s.apply("attack N2 from OT10"), seed=0)
        m.force_dice(5)
        m.roll()
        assert m.state.location("guard-3") == fate  # type: ignore[attr-defined]


@pytest.mark.rule("BFA-CARDS-03", "BFA-GAP-15")
def test_one_special_card_per_player_per_action_segment() -> None:
    m = started(("ere-we-go", "waaagh"), ("thunderbolt-wing", "heroic-stand"))
    m.apply("plan orks-mc orks-cm")
    m.apply("plan imperium-mc imperium-cm")
    s = run_until(m, lambda s: s.segment == 1 and s.current_player == ORKS)
    assert (s.card, s.phase) == ("orks-mc", "movement")
    s = m.apply("play ere-we-go OT7")  # type: ignore[assignment]
    assert plays(s) == set()  # no second card in the movement phase
    s = m.apply("end phase")  # type: ignore[assignment]
    assert s.phase == "combat" and s.holds(ORKS, "waaagh")
    assert plays(s) == set()  # ... nor in the combat phase of the same segment
    assert refused(s, "play waaagh") == "BFA-CARDS-03"
    # The Imperial player still has his own card for this segment.
    s = m.apply("attack HAD from OT7")  # type: ignore[assignment]
    assert s.current_player == IMPERIUM and top(s) == "DefenceCards"
    assert plays(s) == {"thunderbolt-wing"}
    s = m.apply("play thunderbolt-wing")  # type: ignore[assignment]
    assert s.played == {ORKS, IMPERIUM}
    # A new action segment, a new card: WAAAGH! is open to the Orks in segment 3.
    s = run_until(m, lambda s: s.segment == 3 and s.current_player == ORKS)
    assert s.phase == "combat" and "waaagh" in plays(s)


@pytest.mark.rule("BFA-CARDS-04", "BFA-STRAT-08", "BFA-STRAT-09", "BFA-GAP-08")
def test_discards_reshuffle_when_the_deck_runs_out_and_hands_have_no_limit() -> None:
    """Nobody plays a card for three turns; on turn 4 the Orks play WAAAGH!. Turn 1 to 4 each
    draw one card, so both decks are empty after turn 4."""
    m = started(("ere-we-go", "waaagh"), ("heroic-stand", "rail-convoy"))
    sizes = []
    for turn in (1, 2, 3, 4):
        s = run_until(m, lambda s, t=turn: s.turn == t and s.segment == 1, first_choice=True)
        sizes.append((len(s.hands[0]), len(s.hands[1])))
    assert sizes == [(3, 3), (4, 4), (5, 5), (6, 6)]  # no hand limit
    assert not s.decks[0].draw and not s.decks[1].draw
    s = run_until(m, lambda s: s.phase == "combat" and s.acting == ORKS)
    assert s.turn == 4
    first = s.segment
    s = m.apply("play waaagh")  # type: ignore[assignment]
    assert not s.holds(ORKS, "waaagh") and s.decks[0].discards == Pile(("waaagh",))
    # Used and discarded: it cannot come back in the Orks' other segment of the turn.
    s = run_until(m, lambda s: s.phase == "combat" and s.acting == ORKS and s.segment > first)
    assert s.turn == 4
    assert "waaagh" not in plays(s)
    assert refused(s, "play waaagh") == "BFA-CARDS-04"
    # Turn 5: the Ork deck is empty, so the discards are shuffled into a new deck and drawn;
    # the Imperial deck and discards are both empty, so the Imperium draws nothing.
    s = run_until(m, lambda s: s.turn == 5 and top(s) == "DealSpecial", first_choice=True)
    assert s.chance_outcomes() == [(act.Draw(ORKS, "waaagh"), 1.0)]
    s = step(m)
    assert s.holds(ORKS, "waaagh") and s.decks[0] == Deck()
    assert len(s.hands[0]) == 6
    assert s.segment == 1 and len(s.hands[1]) == 6  # no Imperial draw, no chance node
    # Turn 6: both Ork piles are empty too: nothing is drawn.
    mark = len(m.actions)
    s = run_until(m, lambda s: s.turn == 6 and s.segment == 1, first_choice=True)
    assert (len(s.hands[0]), len(s.hands[1])) == (6, 6)
    assert not any(isinstance(a, act.Draw) for a in m.actions[mark:])


# ---------------------------------------------------------------------------------- STRAT


@pytest.mark.rule("BFA-STRAT-07")
def test_after_the_initiative_each_player_draws_from_his_own_deck() -> None:
    m = started(("ere-we-go", "waaagh"), ("heroic-stand", "rail-convoy"))
    m.apply("plan orks-mc orks-cb")
    m.apply("plan imperium-mc imperium-cm")
    s = m.state
    assert s.initiative == ORKS  # turn 1: settled, the draws follow
    for side, i in ((ORKS, 0), (IMPERIUM, 1)):
        s = m.state  # type: ignore[assignment]
        outcomes = s.chance_outcomes()
        assert {a.card for a, _ in outcomes} == set(s.decks[i].draw)
        assert all(a.side == side for a, _ in outcomes)
        drawn = outcomes[0][0]
        s = m.apply(drawn)  # type: ignore[assignment]
        assert s.holds(side, drawn.card) and drawn.card not in s.decks[i].draw
        assert len(s.hands[i]) == 3


# ----------------------------------------------------------------------------------- view


@pytest.mark.rule("BFA-STRAT-03", "BFA-CARDS-01")
def test_view_hides_the_opponents_hand_draw_pile_and_plan() -> None:
    m = started(("ere-we-go", "waaagh"), ("heroic-stand", "rail-convoy"))
    s = m.state
    imp = s.view(IMPERIUM)
    assert imp.hands[0] == Pile((HIDDEN, HIDDEN))
    assert imp.hands[1] == s.hands[1] == Pile(("heroic-stand", "rail-convoy"))
    assert imp.decks[0].draw == Pile((HIDDEN,) * 4)
    assert imp.decks[1] == s.decks[1]
    orks = s.view(ORKS)
    assert orks.hands[0] == Pile(("ere-we-go", "waaagh")) and orks.hands[1] == Pile(("?", "?"))
    assert orks.decks[1].draw == Pile((HIDDEN,) * 4)
    s = m.apply("plan orks-mc orks-cb")  # type: ignore[assignment]
    assert s.view(IMPERIUM).plans[0] == (HIDDEN, HIDDEN)
    assert s.view(ORKS).plans[0] == ("orks-mc", "orks-cb")
    s = m.apply("plan imperium-bc imperium-mb")  # type: ignore[assignment]
    assert s.view(ORKS).plans[1] == (HIDDEN, HIDDEN)
    # A revealed card is public, the one still face down is not.
    s = run_until(m, lambda s: s.segment == 2)
    assert s.view(ORKS).card == "imperium-bc"
    assert s.view(ORKS).plans[1] == (HIDDEN,)
    assert s.view(IMPERIUM).plans[0] == (HIDDEN,)
    # Discards are played openly.
    s = position(
        {"OT4": ["ghazghkull"]},
        side=ORKS,
        phase="combat",
        turn=2,
        hands={ORKS: ["waaagh", "mekboyz"]},
    ).apply("play waaagh")
    assert s.view(IMPERIUM).decks[0].discards == Pile(("waaagh",))
    assert s.view(IMPERIUM).hands[0] == Pile((HIDDEN,))


@pytest.mark.rule("BFA-CARDS-02", "BFA-GAP-08")
def test_astropathic_warning_reveals_the_ork_plan_to_the_imperial_view() -> None:
    m = started(("ere-we-go", "waaagh"), ("astropathic-warning", "heroic-stand"))
    m.apply("plan orks-cb orks-mc")
    s = m.state
    assert s.view(IMPERIUM).plans[0] == (HIDDEN, HIDDEN)
    s = m.apply("play astropathic-warning")  # type: ignore[assignment]
    assert s.current_player == IMPERIUM and top(s) == "PlanCards"  # he plans knowing it
    assert s.view(IMPERIUM).plans[0] == ("orks-cb", "orks-mc")
    assert not s.holds(IMPERIUM, "astropathic-warning")
    s = m.apply("plan imperium-mc imperium-cm")  # type: ignore[assignment]
    assert s.view(ORKS).plans[1] == (HIDDEN, HIDDEN)  # it works one way only
    assert s.view(ORKS).hands[1] == Pile((HIDDEN,))
