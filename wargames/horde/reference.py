"""Horde mass combat's reference sheet as Markdown tables, generated from the code and the data
the engine uses (for the docs page, ``<!-- horde:TABLE -->`` markers, and notebooks).

Every modifier table is computed by the engine's own functions
(:func:`~wargames.horde.combat.modifiers.attack_terms`,
:func:`~wargames.horde.combat.modifiers.defence_terms`,
:func:`~wargames.horde.combat.morale.willpower_modifiers`) on a plain attack with one circumstance
changed, so the docs cannot drift from the code; the readings table is read from
:class:`~wargames.horde.combat.rules.HordeRules` itself.

>>> "| HMC-DAMAGE-16-EX |" in examples_markdown()
True
"""

from __future__ import annotations

import ast
import inspect
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from itertools import pairwise

import attrs

from wargames.horde import actions
from wargames.horde.combat import rules
from wargames.horde.combat.context import AttackContext, Side
from wargames.horde.combat.damage import full_damage, partial_damage
from wargames.horde.combat.data import default_hordes, horde
from wargames.horde.combat.modifiers import attack_terms, defence_terms
from wargames.horde.combat.morale import willpower_modifiers
from wargames.horde.combat.profiles import Horde
from wargames.horde.combat.ratings import defense, melee_attack, ranged_attack
from wargames.horde.combat.rules import DEFAULT, PRINTED_EXAMPLES, HordeRules
from wargames.horde.combat.terms import Term
from wargames.horde.combat.weapons import Kind, Weapon
from wargames.horde.scenario import DEFAULT_SCENARIO, load_scenario, scenario_names
from wargames.horde.sequence import SEQUENCE
from wargames.horde.terrain import TERRAIN


def _cell(value: object) -> str:
    return str(value).replace("|", "\\|").replace("\n", " ")


def _table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    lines = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    lines += ["| " + " | ".join(_cell(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


def _signed(value: int) -> str:
    return f"{value:+d}"


# -- profiles -----------------------------------------------------------------------------------


def ratings_markdown(hordes: Iterable[Horde] | None = None) -> str:
    """Every shipped horde profile with its ratings (HMC-STAT): Defense = TB + AgB, Melee
    Attack = WSB + SB, Ranged Attack = BSB + PerB (the default readings); its talents, then
    Fear (N) if it has Fear (HMC-GAP-03)."""
    rows = []
    for h in hordes if hordes is not None else default_hordes():
        weapons = ", ".join(w.name for w in h.weapons)
        rows.append(
            (
                h.id,
                h.name,
                h.faction,
                h.magnitude,
                h.ap,
                defense(h),
                melee_attack(h),
                ranged_attack(h),
                weapons,
                ", ".join(h.traits) or "—",
            )
        )
    head = ("id", "name", "faction", "Magnitude", "AP", "Defense", "Melee", "Ranged")
    return _table((*head, "weapons", "talents"), rows)


# -- the worked examples ------------------------------------------------------------------------


def _weapon(h: Horde, kind: str) -> Weapon:
    return h.weapons_of("melee" if kind == "melee" else "ranged")[0]


EXAMPLES: tuple[tuple[str, str, str, int, str, int, str, int, int, str], ...] = (
    ("HMC-DAMAGE-16-EX", "cultists", "space-marines", 80, "ranged", 60, "full", 5, 45, ""),
    ("HMC-DAMAGE-17-EX", "space-marines", "cultists", 45, "melee", 80, "full", 5, 72, "slip"),
    ("HMC-DAMAGE-18-EX", "cultists", "space-marines", 72, "melee", 45, "partial", 2, 45, ""),
)
"""The source's three damage examples: rule, attacker, defender, the attacker's Magnitude,
kind, the defender's Magnitude, hit, die, the printed Magnitude left, and a note."""


def example(index: int, preset: HordeRules) -> tuple[str, int, int]:
    """Example ``index`` of :data:`EXAMPLES` under ``preset``: the damage explained, the
    damage and the defender's Magnitude left."""
    _, att, dfn, m_att, kind, m_dfn, hit, die, _, _ = EXAMPLES[index]
    a, d = horde(att).with_magnitude(m_att), horde(dfn).with_magnitude(m_dfn)
    make = full_damage if hit == "full" else partial_damage
    formula = make(a, d, _weapon(a, kind), "melee" if kind == "melee" else "ranged", rules=preset)
    damage = formula.damage(die)
    return formula.explain(die), damage, d.lose(damage).magnitude


def examples_markdown() -> str:
    """The three damage examples under the catalogue's readings and the printed preset."""
    rows = []
    for i, ex in enumerate(EXAMPLES):
        rule, att, dfn, _, kind, _, hit, die, printed, _ = ex
        default, printed_preset = example(i, DEFAULT), example(i, PRINTED_EXAMPLES)
        rows.append(
            (
                rule,
                f"{horde(att).name} hit {horde(dfn).name} ({kind}, {hit}, die {die})",
                f"{default[0]} → **{default[2]}**",
                f"{printed_preset[0]} → **{printed_preset[2]}**",
                printed,
            )
        )
    head = ("example", "attack", "catalogue (default)", "printed-examples preset", "printed")
    return _table(head, rows)


# -- readings -----------------------------------------------------------------------------------


def _field_docs() -> dict[str, str]:
    """The docstring under each field of :class:`HordeRules`, read from its source."""
    tree = ast.parse(inspect.getsource(rules))
    cls = next(n for n in tree.body if isinstance(n, ast.ClassDef) and n.name == "HordeRules")
    docs: dict[str, str] = {}
    body = cls.body
    for node, after in pairwise(body):
        named = isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
        if named and isinstance(after, ast.Expr) and isinstance(after.value, ast.Constant):
            assert isinstance(node, ast.AnnAssign) and isinstance(node.target, ast.Name)
            docs[node.target.id] = " ".join(str(after.value.value).split())
    return docs


def _choices(field: attrs.Attribute[object]) -> str:
    validator = field.validator
    options = getattr(validator, "options", None)
    if options is None:
        return "True / False" if isinstance(field.default, bool) else "—"
    return " / ".join(f"`{o}`" for o in options)


def readings_markdown() -> str:
    """Every field of :class:`HordeRules`: the gap it settles, its values, the default and the
    printed-examples preset."""
    docs = _field_docs()
    rows = []
    for field in attrs.fields(HordeRules):
        doc = docs.get(field.name, "")
        gaps = ", ".join(dict.fromkeys(re.findall(r"HMC-[A-Z]+-\d+", doc))) or "—"
        default, printed = getattr(DEFAULT, field.name), getattr(PRINTED_EXAMPLES, field.name)
        mark = f"**{printed}**" if printed != default else str(printed)
        rows.append((f"`{field.name}`", gaps, _choices(field), default, mark, doc))
    head = ("field", "rules", "values", "default", "printed preset", "meaning")
    return _table(head, rows)


# -- modifiers ----------------------------------------------------------------------------------

_PLAIN_ATTACKER = "stormtroopers"
_PLAIN_DEFENDER = "guard-infantry"

ATTACK_CASES: tuple[tuple[str, str, AttackContext], ...] = (
    ("charge", "melee", AttackContext(charge=True)),
    ("counter-attack", "melee", AttackContext(counter=True)),
    ("counter-attack first under Brace!", "melee", AttackContext(counter=True, braced=True)),
    (
        "counter-attack under Get Down!",
        "melee",
        AttackContext(counter=True, attacker=Side(get_down=True)),
    ),
    ("Forced March!", "ranged", AttackContext(attacker=Side(forced_march=True))),
    ("frenzied, melee", "melee", AttackContext(attacker=Side(frenzied=True))),
    ("frenzied, ranged", "ranged", AttackContext(attacker=Side(frenzied=True))),
    ("from stealth", "ranged", AttackContext(attacker=Side(stealthed=True))),
)
"""Circumstances of the attack modifier table: label, kind, context."""

DEFENCE_CASES: tuple[tuple[str, str, AttackContext], ...] = (
    ("cover", "ranged", AttackContext(defender=Side(cover=True))),
    ("cover and Get Down!", "ranged", AttackContext(defender=Side(cover=True, get_down=True))),
    ("in CQC, against a ranged attack", "ranged", AttackContext(defender=Side(in_cqc=True))),
    (
        "outnumbered: the melee attacker (30) and another horde of 50 against 40",
        "melee",
        AttackContext(defender=Side(in_cqc=True, engaged_with=(50,))),
    ),
    ("two attacks already received", "ranged", AttackContext(defender=Side(attacks_received=2))),
    ("Forced March!", "ranged", AttackContext(defender=Side(forced_march=True))),
    ("frenzied", "ranged", AttackContext(defender=Side(frenzied=True))),
    ("fleeing", "ranged", AttackContext(defender=Side(fleeing=True))),
)
"""Circumstances of the defence modifier table: label, kind, context."""


def _changed(base: Sequence[Term], terms: Sequence[Term]) -> list[Term]:
    left = list(base)
    out = []
    for t in terms:
        if t in left:
            left.remove(t)
        else:
            out.append(t)
    out += [
        attrs.evolve(t, label=f"{t.label} {t.value} no longer counts", value=-t.value) for t in left
    ]
    return out


def _modifier_rows(
    cases: Sequence[tuple[str, str, AttackContext]],
    terms: Callable[[str, AttackContext], tuple[Term, ...]],
) -> list[tuple[str, str, str, str]]:
    rows = []
    for label, kind, context in cases:
        base, found = terms(kind, AttackContext()), terms(kind, context)
        diff = _changed(base, found)
        text = ", ".join(f"{t.label} {_signed(t.value)}" for t in diff) or "no change"
        rules_ = ", ".join(dict.fromkeys(t.rule for t in diff)) or "—"
        total = sum(t.value for t in found) - sum(t.value for t in base)
        rows.append((label, text, _signed(total), rules_))
    return rows


def attack_modifiers_markdown() -> str:
    """The Horde Attack modifiers, computed by :func:`attack_terms` (Stormtroopers against
    Imperial Guard infantry, each circumstance against a plain attack)."""
    a = horde(_PLAIN_ATTACKER)

    def terms(kind: str, ctx: AttackContext) -> tuple[Term, ...]:
        k: Kind = "melee" if kind == "melee" else "ranged"
        return attack_terms(a, a.weapons_of(k)[0], k, ctx, DEFAULT)

    head = ("circumstance", "terms", "change", "rules")
    return _table(head, _modifier_rows(ATTACK_CASES, terms))


def defence_modifiers_markdown() -> str:
    """The defence modifiers, computed by :func:`defence_terms` (Imperial Guard infantry
    attacked by Stormtroopers)."""
    a, d = horde(_PLAIN_ATTACKER), horde(_PLAIN_DEFENDER)

    def terms(kind: str, ctx: AttackContext) -> tuple[Term, ...]:
        k: Kind = "melee" if kind == "melee" else "ranged"
        return defence_terms(d, a, a.weapons_of(k)[0], k, ctx, DEFAULT)

    head = ("circumstance", "terms", "change", "rules")
    return _table(head, _modifier_rows(DEFENCE_CASES, terms))


def armour_markdown() -> str:
    """The Armour Bonus and Penalty (HMC-DEFENSE-02, -06, -07) for AP against Penetration,
    computed by :func:`defence_terms`."""
    a = horde(_PLAIN_ATTACKER)
    gun = a.weapons_of("ranged")[0]
    rows = []
    for ap in (0, 2, 4, 6, 8):
        d = attrs.evolve(horde(_PLAIN_DEFENDER), ap=ap)
        cells: list[object] = [ap]
        for pen in (0, 1, 2, 4, 6):
            w = attrs.evolve(gun, pen=pen, accurate=False)
            found = [t for t in defence_terms(d, a, w, "ranged", AttackContext(), DEFAULT)]
            armour = [t for t in found if t.rule in ("HMC-DEFENSE-02", "HMC-DEFENSE-06")]
            cells.append(_signed(armour[0].value) if armour else "0")
        rows.append(cells)
    return _table(("AP \\ Pen", "0", "1", "2", "4", "6"), rows)


WILLPOWER_CASES: tuple[tuple[str, Mapping[str, object]], ...] = (
    ("an allied horde adjacent", {"adjacent_ally": True}),
    ("in cover", {"in_cover": True}),
    ("in its own HQ area", {"in_hq": True}),
    ("an Officer joined", {"officer": True}),
    ("no allied unit within 5 squares", {"isolated": True}),
    ("enemy Magnitude 3 times its own in close combat", {"engaged_with": (60, 60)}),
    ("half the army's hordes lost", {"army_half_lost": True}),
    ("Fear 2", {"fear": 2}),
)
"""Circumstances of the Willpower table (HMC-MORALE, HMC-GAP-03)."""


def willpower_markdown() -> str:
    """The Willpower modifiers of a morale test, computed by :func:`willpower_modifiers`
    (Imperial Guard infantry at full strength, then under strength)."""
    h = horde(_PLAIN_DEFENDER)
    base = willpower_modifiers(h, officer=False)
    rows = []
    cases = [*WILLPOWER_CASES]
    for label, kw in cases:
        found = willpower_modifiers(h, **{"officer": False, **kw})  # type: ignore[arg-type]
        diff = _changed(base, found)
        text = ", ".join(f"{t.label} {_signed(t.value)}" for t in diff) or "no change"
        rows.append((label, text, ", ".join(dict.fromkeys(t.rule for t in diff)) or "—"))
    weak = h.with_magnitude(h.starting_magnitude // 2 - 1)
    diff = _changed(base, willpower_modifiers(weak, officer=False))
    text = ", ".join(f"{t.label} {_signed(t.value)}" for t in diff) or "no change"
    rows.append(("below half its starting Magnitude", text, ", ".join(t.rule for t in diff)))
    return _table(("circumstance", "modifiers", "rules"), rows)


# -- the battle ---------------------------------------------------------------------------------


def terrain_markdown() -> str:
    """The terrain kinds (reconstructed)."""
    rows = [
        (
            t.name,
            "yes" if t.cover else "",
            "yes" if t.difficult else "",
            "yes" if t.blocks_sight else "",
            "yes" if t.impassable else "",
            t.description,
        )
        for t in TERRAIN.values()
    ]
    head = ("terrain", "cover", "difficult", "blocks sight", "impassable", "for example")
    return _table(head, rows)


def orders_markdown() -> str:
    """The orders, what each costs (Full 2 Half actions, Half 1, Free 0) and its rule."""
    kind = {2: "Full", 1: "Half", 0: "Free"}
    rows = [
        (
            f"`UNIT {o}`",
            kind[actions.COST[o]],
            actions.RULE[o],
            "yes" if o in actions.MOVES else "",
        )
        for o in actions.ORDERS
    ]
    rows.insert(0, ("`UNIT attack TARGET KIND`", "Half", "HMC-ORDERS-03", ""))
    return _table(("order", "cost", "rule", "then a square"), rows)


def sequence_markdown() -> str:
    """The declared sequence of play (:data:`wargames.horde.sequence.SEQUENCE`)."""
    return SEQUENCE.markdown()


def scenarios_markdown() -> str:
    """The shipped scenarios: size, length, who begins, armies and objectives."""
    rows = []
    for name in scenario_names():
        setup = load_scenario(name)
        armies = "; ".join(
            f"{side}: {s.army} ({sum(u.side == side and u.is_horde for u in setup.units)} hordes)"
            for side, s in setup.sides.items()
        )
        objectives = ", ".join(f"{o.name} {o.points}" for o in setup.objectives)
        title = setup.title + (" (default)" if name == DEFAULT_SCENARIO else "")
        size = f"{setup.field.width}×{setup.field.height}"
        rows.append((f"`{name}`", title, size, setup.rounds, setup.first, armies, objectives))
    head = ("scenario", "title", "grid", "rounds", "first", "armies", "objectives (Turning Points)")
    return _table(head, rows)


TABLES: Mapping[str, Callable[[], str]] = {
    "ratings": ratings_markdown,
    "examples": examples_markdown,
    "readings": readings_markdown,
    "attack_modifiers": attack_modifiers_markdown,
    "defence_modifiers": defence_modifiers_markdown,
    "armour": armour_markdown,
    "willpower": willpower_markdown,
    "terrain": terrain_markdown,
    "orders": orders_markdown,
    "sequence": sequence_markdown,
    "scenarios": scenarios_markdown,
}
"""The tables the docs page's ``<!-- horde:NAME -->`` markers expand to."""

__all__ = [
    "ATTACK_CASES",
    "DEFENCE_CASES",
    "EXAMPLES",
    "TABLES",
    "WILLPOWER_CASES",
    "example",
    "examples_markdown",
    "readings_markdown",
]
