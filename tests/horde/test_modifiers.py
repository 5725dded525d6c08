"""Attack and defence modifiers (HMC-COMBAT, HMC-DEFENSE), the combat effects of Brace!, Get
Down! and Forced March!, and the E-Scale / P-Scale selection of rules."""

from __future__ import annotations

import attrs
import pytest
from horde.hmc import build, specialist, weapon, with_rules

from wargames.horde.combat.attack import attack_numbers
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.modifiers import armour_term, attack_terms, defence_terms, outnumbering
from wargames.horde.combat.profiles import ENGINEER, Horde
from wargames.horde.combat.rules import DEFAULT, HordeRules
from wargames.horde.combat.terms import Term, total
from wargames.horde.combat.weapons import Weapon

BLADE = weapon("Blade", "melee", "1d10", pen=0)
GUN = weapon("Gun", "basic", "1d10", pen=0, rof="S/3/-")


def attacker(**kw: object) -> Horde:
    return build("attacker", ws=40, s=40, bs=40, per=40, weapons=(BLADE, GUN), **kw)  # type: ignore[arg-type]


def defender(**kw: object) -> Horde:
    kw.setdefault("ap", 3)  # no armour bonus or penalty against Pen 0
    return build("defender", t=30, ag=30, **kw)  # type: ignore[arg-type]


def attack(
    ctx: AttackContext, kind: str = "melee", rules: HordeRules = DEFAULT, a: Horde | None = None
) -> int:
    return attack_numbers(a or attacker(), defender(), kind, ctx, rules).attack  # type: ignore[arg-type]


def defence(
    ctx: AttackContext,
    kind: str = "melee",
    rules: HordeRules = DEFAULT,
    d: Horde | None = None,
    w: Weapon | None = None,
) -> int:
    att = attacker() if w is None else build("attacker", weapons=(w,))
    return attack_numbers(att, d or defender(), kind, ctx, rules).defence  # type: ignore[arg-type]


PLAIN = AttackContext()


# -- attack modifiers ----------------------------------------------------------------------------


@pytest.mark.rule("HMC-COMBAT-02")
def test_a_charge_gives_plus_two_to_the_melee_attack() -> None:
    assert attack(AttackContext(charge=True)) == attack(PLAIN) + 2 == 8


@pytest.mark.rule("HMC-COMBAT-03", "HMC-COUNTER-02")
def test_a_counter_attack_takes_minus_two() -> None:
    ctx = AttackContext(counter=True)
    assert attack(ctx) == attack(PLAIN) - 2
    terms = attack_terms(attacker(), BLADE, "melee", ctx, DEFAULT)
    assert Term("HMC-COUNTER-02", "counter-attack", -2) in terms


@pytest.mark.rule("HMC-ORDERS-05")
def test_a_braced_counter_attack_has_no_minus_two() -> None:
    """Brace! against a charge: the counter-attack comes first and without the -2."""
    charge = AttackContext(charge=True, defender=Side(brace=True))
    assert charge.brace_first
    counter = charge.counter_context()
    assert counter.counter and counter.braced
    assert attack(counter) == attack(PLAIN)
    # Brace! only matters against a charge.
    plain = AttackContext(defender=Side(brace=True))
    assert not plain.brace_first
    assert attack(plain.counter_context()) == attack(PLAIN) - 2


@pytest.mark.rule("HMC-ORDERS-06")
def test_get_down_doubles_cover_and_adds_minus_two_to_counter_attacks() -> None:
    assert defence(AttackContext(defender=Side(cover=True, get_down=True))) == 6 + 4
    assert defence(AttackContext(defender=Side(get_down=True))) == 6  # no cover, nothing to double
    ctx = AttackContext(counter=True, attacker=Side(get_down=True))
    assert attack(ctx) == attack(PLAIN) - 4


@pytest.mark.rule("HMC-ORDERS-09", "HMC-GAP-30")
def test_forced_march_gives_minus_two_to_attack_and_defence() -> None:
    marched = Side(forced_march=True)
    assert attack(AttackContext(attacker=marched)) == attack(PLAIN) - 2
    assert defence(AttackContext(defender=marched)) == defence(PLAIN) - 2
    # ... counter-attacks included (HMC-GAP-30), unless the reading says otherwise.
    counter = AttackContext(counter=True, attacker=marched)
    assert attack(counter) == attack(PLAIN) - 4
    assert attack(counter, rules=with_rules(forced_march_on_counter=False)) == attack(PLAIN) - 2


@pytest.mark.rule("HMC-COMBAT-04", "HMC-GAP-13")
def test_an_untrained_horde_halves_its_attack_rounded_up_before_modifiers() -> None:
    sloppy = weapon("Blade", "melee", "1d10", trained=False)
    a = build("a", ws=40, s=30, weapons=(sloppy,))  # Melee Attack 6
    assert attack(PLAIN, a=a) == 3
    assert attack(AttackContext(charge=True), a=a) == 3 + 2  # halved before the charge
    b = build("b", ws=40, s=50, weapons=(sloppy,))  # Melee Attack 7
    assert attack(PLAIN, a=b) == 4
    assert attack(PLAIN, a=b, rules=with_rules(untrained_rounding="down")) == 3
    total_first = with_rules(untrained_order="total")
    assert attack(AttackContext(charge=True), a=b, rules=total_first) == 5  # (7 + 2) / 2 up
    # Only the matching rating: untrained blades leave a trained gun's Ranged Attack whole,
    # and an untrained gun halves the Ranged Attack (bs 40, per 40: 6 -> 3), not the Melee.
    mixed = build("m", ws=40, s=30, bs=40, per=40, weapons=(sloppy, GUN))
    assert attack(PLAIN, "ranged", a=mixed) == 6
    shaky = build(
        "s", ws=40, s=30, bs=40, per=40, weapons=(BLADE, attrs.evolve(GUN, trained=False))
    )
    assert attack(PLAIN, "ranged", a=shaky) == 3
    assert attack(PLAIN, "melee", a=shaky) == 6


# -- defence modifiers ---------------------------------------------------------------------------


@pytest.mark.rule("HMC-DEFENSE-01")
def test_cover_gives_plus_two() -> None:
    cover = AttackContext(defender=Side(cover=True))
    assert defence(cover) == defence(PLAIN) + 2
    assert defence(cover, "ranged") == defence(PLAIN, "ranged") + 2


@pytest.mark.rule("HMC-DEFENSE-02", "HMC-DEFENSE-06", "HMC-DEFENSE-07")
@pytest.mark.parametrize(
    ("ap", "pen", "value"),
    [(6, 2, 2), (6, 3, 0), (4, 0, 2), (0, 0, -2), (0, 5, -2), (3, 6, -2), (3, 5, 0), (5, 1, 2)],
)
def test_armour_bonus_or_penalty_never_both(ap: int, pen: int, value: int) -> None:
    """+2 when AP >= Pen + 4; -2 when AP is 0 or Pen >= 2 x AP; the two exclude each other."""
    w = weapon("W", "melee", "1d10", pen=pen)
    term = armour_term(build(ap=ap), w)
    assert (term.value if term else 0) == value
    assert defence(PLAIN, d=defender(ap=ap), w=w) == 6 + value
    for ap2 in range(0, 15):
        for pen2 in range(0, 15):
            rules = [
                t.rule
                for t in defence_terms(
                    build(ap=ap2), build(), weapon(pen=pen2), "melee", PLAIN, DEFAULT
                )
            ]
            assert not ("HMC-DEFENSE-02" in rules and "HMC-DEFENSE-06" in rules)


@pytest.mark.rule("HMC-WEAPON-01")
def test_accurate_penetration_counts_for_the_armour_modifiers() -> None:
    plain, accurate = weapon(pen=2), weapon(pen=2, accurate=True)
    assert armour_term(build(ap=6), plain) == Term("HMC-DEFENSE-02", "Armour Bonus", 2)
    assert armour_term(build(ap=6), accurate) is None  # Pen 4 against AP 6


@pytest.mark.rule("HMC-DEFENSE-03")
def test_cqc_gives_plus_three_against_ranged_attacks_only() -> None:
    cqc = AttackContext(defender=Side(in_cqc=True))
    assert defence(cqc, "ranged") == defence(PLAIN, "ranged") + 3
    assert defence(cqc, "melee") == defence(PLAIN, "melee")


@pytest.mark.rule("HMC-DEFENSE-04", "HMC-GAP-14")
def test_outnumbered_in_close_combat() -> None:
    """-1 at 2-1, -2 at 3-1 ...: the enemies' total Magnitude in CQC (the melee attacker
    included) against the horde's own, rounded down; or, read otherwise, a count of hordes."""
    d = defender(magnitude=20)
    att = attacker(magnitude=20)
    rules = DEFAULT

    def ratio(engaged: tuple[int, ...], kind: str = "melee", r: HordeRules = rules) -> int:
        return outnumbering(d, att, kind, Side(engaged_with=engaged), r)  # type: ignore[arg-type]

    assert ratio(()) == 1
    assert ratio((19,)) == 1  # 39 against 20
    assert ratio((20,)) == 2
    assert ratio((20, 20)) == 3
    assert ratio((30,), "ranged") == 1
    assert ratio((40,), "ranged") == 2  # every defence roll while in close combat counts
    assert ratio((), "ranged") == 0
    by_count = with_rules(outnumber_by="hordes")
    assert ratio((5, 5), r=by_count) == 3
    cases = [((), 0), ((20,), -1), ((20, 20), -2), ((20, 20, 20), -3), ((19,), 0)]
    for engaged, penalty in cases:
        ctx = AttackContext(defender=Side(engaged_with=engaged))
        got = attack_numbers(att, d, "melee", ctx).defence
        assert got == 6 + penalty, engaged
    shot_at = AttackContext(defender=Side(in_cqc=True, engaged_with=(40,)))
    assert attack_numbers(att, d, "ranged", shot_at).defence == 6 + 3 - 1  # CQC +3, 2-1 -1


@pytest.mark.rule("HMC-DEFENSE-05", "HMC-GAP-15")
def test_each_attack_received_gives_a_cumulative_minus_one() -> None:
    for received in range(4):
        ctx = AttackContext(defender=Side(attacks_received=received))
        assert defence(ctx) == defence(PLAIN) - received


@pytest.mark.rule("HMC-DEFENSE-08")
def test_modifiers_are_cumulative() -> None:
    side = Side(
        cover=True, in_cqc=True, attacks_received=2, forced_march=True, engaged_with=(40, 40)
    )
    d = defender(magnitude=40)
    numbers = attack_numbers(attacker(), d, "ranged", AttackContext(defender=side))
    assert numbers.defence == 6 + 2 + 3 - 1 - 2 - 2
    assert numbers.defence == total(numbers.defence_terms)


@pytest.mark.rule("HMC-MORALE-09", "HMC-GAP-17")
def test_a_fleeing_horde_has_zero_defense_but_keeps_its_penalties() -> None:
    side = Side(fleeing=True, cover=True, attacks_received=1)
    ctx = AttackContext(defender=side)
    assert defence(ctx) == 0 - 1
    assert defence(ctx, rules=with_rules(fleeing_defense="all")) == 0


@pytest.mark.rule("HMC-SPECIALIST-06", "HMC-GAP-21")
def test_an_engineer_raises_the_cover_bonus() -> None:
    d = defender(specialists=(specialist(ENGINEER),))
    cover = AttackContext(defender=Side(cover=True))
    down = AttackContext(defender=Side(cover=True, get_down=True))
    assert defence(cover, d=d) == 6 + 4
    assert defence(down, d=d) == 6 + 8
    after = with_rules(engineer_cover="after-doubling")
    assert defence(down, d=d, rules=after) == 6 + 6
    assert defence(PLAIN, d=d) == 6  # no cover, nothing to raise
    hurt = defender(specialists=(specialist(ENGINEER, wounds=0),))
    assert defence(cover, d=hurt) == 6 + 2  # a Specialist out of wounds helps no more


# -- E-Scale and P-Scale -------------------------------------------------------------------------


@pytest.mark.rule("HMC-SCALE-02", "HMC-GAP-27")
def test_e_scale_uses_only_the_horde_on_horde_rules() -> None:
    """At E-Scale: ratings, attack, counter-attack (-2) and damage; no situational modifiers,
    weapon qualities, talents or specialists."""
    e = with_rules(scale="E")
    busy = AttackContext(
        charge=True,
        attacker=Side(forced_march=True, stealthed=True),
        defender=Side(cover=True, attacks_received=3, fleeing=True),
    )
    a = attacker(talents=("Swift Attack",))
    assert attack(busy, rules=e, a=a) == 6
    assert defence(busy, rules=e) == 6
    numbers = attack_numbers(a, defender(), "melee", busy, e)
    assert numbers.fixed_attack_die is None
    assert attack(AttackContext(counter=True), rules=e) == 6 - 2
    tearing = weapon("Axe", "melee", "1d10", tearing=True, accurate=True)
    numbers = attack_numbers(build("x", weapons=(tearing,)), defender(), "melee", PLAIN, e)
    assert numbers.tearing == "none" and numbers.attack == 5
    assert "Accurate" not in {t.label for t in numbers.full.added}


@pytest.mark.rule("HMC-SCALE-03")
def test_p_scale_uses_every_rule() -> None:
    busy = AttackContext(charge=True, defender=Side(cover=True, attacks_received=1))
    assert attack(busy) == attack(PLAIN) + 2
    assert defence(busy) == defence(PLAIN) + 2 - 1
    # The E-Scale test's situation again, at P-Scale: every modifier, quality and talent counts.
    busier = AttackContext(
        charge=True,
        attacker=Side(forced_march=True, stealthed=True),
        defender=Side(cover=True, attacks_received=3, fleeing=True),
    )
    a = attacker(talents=("Swift Attack",))
    assert attack(busier, a=a) == 6 + 2 - 2 + 2 + 1  # charge, march, stealth, Swift Attack
    assert defence(busier) == 0 - 3  # fleeing: Defense and cover 0, the penalty stays
    assert attack_numbers(a, defender(), "melee", busier).fixed_attack_die == 10
    tearing = weapon("Axe", "melee", "1d10", tearing=True, accurate=True)
    numbers = attack_numbers(build("x", weapons=(tearing,)), defender(), "melee")
    assert numbers.tearing != "none" and numbers.attack == 5 + 1
    assert "Accurate" in {t.label for t in numbers.full.added}
