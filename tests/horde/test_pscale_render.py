"""The P-Scale battle's SVG drawing: valid XML, one counter per horde on the board, and a
horde in stealth never drawn for the enemy."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import attrs
import pytest
from horde.pscale import battle

import wargames
from wargames.core import registry
from wargames.horde.render import render, render_svg

SVG = "{http://www.w3.org/2000/svg}"


def drawn(svg: str, css: str) -> set[str]:
    """The ``data-unit`` of the ``<g>`` elements whose class list holds ``css``."""
    root = ET.fromstring(svg)
    return {
        g.get("data-unit", "")
        for g in root.iter(f"{SVG}g")
        if css in (g.get("class") or "").split()
    }


def test_registered_and_valid_xml() -> None:
    assert registry.game("horde").render is render
    state = wargames.load("horde", "mirror")
    svg = render(state, "blue")
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    on_board = {u.id for u in state.units if u.is_horde and u.on_board}
    assert drawn(svg, "horde") == on_board
    assert "the ruined chapel" in svg
    with pytest.raises(TypeError):
        render(wargames.load("warmaster"), None)


@pytest.mark.rule("HMC-TALENT-02")
def test_hidden_stealthed_horde_not_drawn_for_the_enemy() -> None:
    state = wargames.load("horde")  # the manufactorum: blue's Veterans start in ambush
    hidden = {u.id for u in state.units if u.stealthed}
    assert hidden
    assert not hidden & drawn(render_svg(state, "red"), "horde")
    assert hidden <= drawn(render_svg(state, "blue"), "horde")
    assert hidden <= drawn(render_svg(state, None), "horde")
    square = state.unit(next(iter(hidden))).square
    assert square is not None
    # nothing on the hidden horde's square gives it away to red
    red = render_svg(state, "red")
    assert "stroke-dasharray" not in red
    assert "stroke-dasharray" in render_svg(state, "blue")


def test_states_and_lone_officers(tmp_path: Path) -> None:
    state = battle(tmp_path, [("A", "guard-infantry", "03-04")], [("Z", "traitor-guard", "09-04")])
    a = state.unit("A")
    state = state.replace(attrs.evolve(a, morale="fleeing", brace=True))
    svg = render_svg(state, "blue")
    ET.fromstring(svg)
    assert ">FB<" in svg
    mid = wargames.play("horde", agents={"blue": "greedy", "red": "greedy"}, seed=2, rounds=2)
    final = wargames.replay(mid).state
    ET.fromstring(render_svg(final, "red"))
