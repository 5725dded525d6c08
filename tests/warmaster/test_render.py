"""The Warmaster's SVG drawing: one player's view of the ship, never leaking a hidden counter."""

from __future__ import annotations

import html
import re
import xml.etree.ElementTree as ET

import pytest
from wm import position

from wargames.core import registry
from wargames.warmaster.data import IMPERIAL, TRAITOR
from wargames.warmaster.flow import PHASES
from wargames.warmaster.game import new_game
from wargames.warmaster.movement import MovementPhase
from wargames.warmaster.render import render, render_svg
from wargames.warmaster.state import CUP, DEAD, RESERVE, UNPLACED, WarmasterState

SVG = "{http://www.w3.org/2000/svg}"


def set_up() -> WarmasterState:
    """The Traitor's counters all face down on the ship (one per area), the cup filled."""
    s = new_game()
    while s.current_player == TRAITOR:
        s = s.apply(s.legal_actions()[0])
    return s


def hidden_from_imperial(s: WarmasterState) -> list[str]:
    return [c for c in s.manifest.ids if c in s.face_down or s.location(c) in (CUP, UNPLACED)]


def groups(svg: str, css: str) -> list[ET.Element]:
    """The ``<g>`` elements whose class list holds ``css``."""
    root = ET.fromstring(svg)
    return [g for g in root.iter(f"{SVG}g") if css in (g.get("class") or "").split()]


def assert_no_leak(s: WarmasterState, svg: str) -> None:
    """No hidden counter's id, nor the id or name of a counter type with no visible counter,
    appears in the drawing (visible counters' ids and names are struck out first: "Sons of
    Horus" does not name Horus)."""
    hidden = hidden_from_imperial(s)
    assert hidden
    visible = {s.spec(c) for c in s.manifest.ids if c not in hidden}
    text = svg.lower()
    shown = [c for c in s.manifest.ids if c not in hidden]
    shown += [n for u in visible for n in (u.name, html.escape(u.name))]
    for word in sorted(shown, key=len, reverse=True):
        text = text.replace(word.lower(), " ")
    for c in hidden:
        assert not re.search(rf"(?<![\w-]){re.escape(c)}(?![\w-])", text), c
        spec = s.spec(c)
        if spec not in visible:
            assert not re.search(rf"(?<![\w-]){re.escape(spec.id)}(?![\w-])", text), c
            for name in (spec.name, html.escape(spec.name)):
                assert name.lower() not in text, (c, name)


@pytest.mark.rule("WM-HIDDEN-01", "WM-REINF-07")
def test_the_imperial_view_of_the_set_up_reveals_no_hidden_counter() -> None:
    s = set_up()
    svg = render_svg(s, IMPERIAL)
    assert_no_leak(s, svg)
    backs = groups(svg, "back")
    assert len(backs) == len(s.face_down) == 15  # every face-down counter as an Eye back
    assert not groups(svg, "face-down")
    assert all(g.get("data-counter") is None for g in backs)
    assert "Cup: 22 counters" in svg
    # the Imperial player's own counters, waiting to teleport, are named
    assert "The Emperor" in svg and 'data-counter="emperor"' in svg


@pytest.mark.rule("WM-HIDDEN-01")
def test_before_the_set_up_the_imperial_sees_only_how_many_wait() -> None:
    s = new_game()
    svg = render_svg(s, IMPERIAL)
    assert_no_leak(s, svg)
    assert "not yet set up: 15" in svg


@pytest.mark.rule("WM-HIDDEN-01", "WM-HIDDEN-02")
def test_mixed_position_hides_only_the_face_down_counters() -> None:
    units = {
        "emperor": "52",
        "custodes-1": "52",
        "sons-of-horus-1": "52",  # face up
        "sons-of-horus-2": "53",  # face down
        "horus": "23",  # face down
        "trap-1": "54",  # face down
        "angron": DEAD,
        "custodes-2": RESERVE,
    }
    s = position(units, [MovementPhase(IMPERIAL)], face_down={"sons-of-horus-2", "horus", "trap-1"})
    svg = render_svg(s, IMPERIAL)
    assert_no_leak(s, svg)
    assert 'data-counter="sons-of-horus-1"' in svg and "Angron" in svg
    assert len(groups(svg, "back")) == 3
    assert "Dead, Traitor" in svg and "Reserve" in svg
    everything = render_svg(s, TRAITOR)
    assert "Horus" in everything and 'data-counter="trap-1"' in everything


@pytest.mark.rule("WM-HIDDEN-01")
def test_the_traitor_sees_everything_face_down_counters_marked() -> None:
    s = set_up()
    svg = render_svg(s, TRAITOR)
    down = groups(svg, "face-down")
    assert {g.get("data-counter") for g in down} == set(s.face_down)
    assert not groups(svg, "back")
    horus = next(g for g in down if g.get("data-counter") == "horus")
    title = horus.find(f"{SVG}title")
    assert title is not None and "Horus" in (title.text or "") and "face down" in (title.text or "")
    assert ">Horus<" in svg  # in the key of the counters drawn
    assert render_svg(s) == render_svg(s, None)  # no player: the whole state, marked the same
    assert {g.get("data-counter") for g in groups(render_svg(s), "face-down")} == set(s.face_down)


def test_destroyed_areas_are_hatched() -> None:
    s = position({"emperor": "52"}, [MovementPhase(IMPERIAL)], destroyed={"54", "61"})
    svg = render_svg(s, IMPERIAL)
    ruined = {g.get("data-area") for g in groups(svg, "destroyed")}
    assert ruined == {"54", "61"}
    for g in groups(svg, "destroyed"):
        rects = [r.get("fill") for r in g.iter(f"{SVG}rect")]
        assert "url(#destroyed)" in rects
    intact = [g for g in groups(svg, "area") if g.get("data-area") == "52"]
    assert intact and all(r.get("fill") != "url(#destroyed)" for r in intact[0].iter(f"{SVG}rect"))
    assert 'id="destroyed"' in svg  # the hatching pattern


@pytest.mark.rule("WM-BRIDGE-01", "WM-BRIDGE-02")
def test_turn_phase_and_bridge_control_are_shown() -> None:
    s = position({"emperor": "21"}, [MovementPhase(IMPERIAL)], phase=PHASES[1], bridge=IMPERIAL)
    svg = render_svg(s, TRAITOR)
    assert "turn 3, imperial-movement" in svg
    assert "Bridge: Imperial control" in svg and "BRIDGE: IMPERIAL" in svg
    assert len(groups(svg, "area")) == len(s.data.board.ids) == 30


@pytest.mark.parametrize("player", [None, IMPERIAL, TRAITOR])
def test_the_drawing_is_valid_svg(player: str | None) -> None:
    for s in (new_game(), set_up(), position({"emperor": "23"}, [], destroyed={"11"})):
        svg = render_svg(s, player)
        root = ET.fromstring(svg)
        assert root.tag == f"{SVG}svg"
        assert float(root.get("width", 0)) > 900 and float(root.get("height", 0)) > 700


def test_registered_for_rendering() -> None:
    s = set_up()
    assert registry.game("warmaster").render is render
    assert registry.render_svg(s, IMPERIAL) == render_svg(s, IMPERIAL)
    with pytest.raises(ValueError, match="unknown player"):
        render(s, "ork")
