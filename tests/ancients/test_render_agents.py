"""The ``wargames odds ancients`` command, the SVG drawing and the greedy agent."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

import wargames
from wargames.ancients import GAME
from wargames.ancients.agents import GreedyAgent, greedy
from wargames.ancients.render import render_svg
from wargames.ancients.state import AncientsState
from wargames.cli import main
from wargames.core.agents import RandomAgent
from wargames.core.engine import CHANCE, Match

SVG = "{http://www.w3.org/2000/svg}"


def midgame(scenario: str = "elephant-ridge", seed: int = 4, steps: int = 150) -> AncientsState:
    s = wargames.load("ancients", scenario)
    m = Match(s, seed=seed, agents={"bottom": RandomAgent(seed), "top": RandomAgent(seed + 1)})
    m.run(steps)
    state = m.state
    assert isinstance(state, AncientsState)
    return state


# -- odds through the command line ------------------------------------------------------------


def test_odds_command_prints_exact_hits_flags_and_blocks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert GAME.odds is not None
    code = main(["odds", "ancients", "HI", "MI", "--leader", "attached"])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.startswith("HI at MI, close: 5 dice")
    assert "blocks lost (of 4)" in out and "flags rolled" in out
    assert "0    3.1% (1/32)" in out  # no hit with 5 dice: (1/2)^5 (helmets hit when led)
    assert "attached leader killed" in out
    code = main(["odds", "ancients", "HI", "XX"])
    _, err = capsys.readouterr()
    assert code != 0 and "error" in err and "Traceback" not in err


# -- the drawing ------------------------------------------------------------------------------


@pytest.mark.parametrize("player", ["bottom", "top", None])
def test_the_drawing_is_valid_svg_with_every_unit_and_leader(player: str | None) -> None:
    s = midgame()
    svg = render_svg(s, player)
    root = ET.fromstring(svg)
    assert root.tag == SVG + "svg"
    units = [e for e in root.iter(SVG + "rect") if e.get("class") == "unit"]
    leaders = [e for e in root.iter(SVG + "circle") if e.get("class") == "leader"]
    assert len(units) == sum(len(s.units_of(side)) for side in ("bottom", "top"))
    assert len(leaders) == sum(len(s.leaders_of(side)) for side in ("bottom", "top"))
    hexes = [e for e in root.iter(SVG + "polygon") if e.get("stroke") == "#8a8570"]
    assert len(hexes) == len(s.scenario.board)
    texts = " ".join(e.text or "" for e in root.iter(SVG + "text"))
    for unit in s.units_of("bottom")[:3]:
        assert s.kind(unit).code in texts
    assert "banners" in texts


def test_the_drawing_hides_the_other_hand() -> None:
    s = midgame()
    for me, them in (("bottom", "top"), ("top", "bottom")):
        svg = render_svg(s, me)
        public = set(s.hand(me).cards) | set(s.deck.discards.cards)
        if s.card is not None:
            public.add(s.card)
        secret = {s.scenario.cards[c].name for c in s.hand(them).cards if c not in public}
        public_names = {s.scenario.cards[c].name for c in public}
        for name in secret:
            if not any(name in p for p in public_names):
                assert name not in svg, name
        assert f"{len(s.hand(them))} cards (hidden)" in svg
        for card in s.hand(me).cards:
            assert s.scenario.cards[card].name in svg


def test_the_epic_board_is_drawn_and_the_registry_renders() -> None:
    from wargames.ancients.board import Board

    s = midgame(steps=10)
    epic = s.scenario
    board = Board.of("epic")
    assert len(board) == 230
    svg = wargames.game("ancients").render
    assert svg is not None
    root = ET.fromstring(svg(s, "bottom"))
    assert root.tag == SVG + "svg"
    # the layout code draws any board: check the 26x9 geometry directly
    from wargames.ancients.render import _Layout

    layout = _Layout(board, flipped=False)
    centres = {layout.centre(h) for h in board.ids}
    assert len(centres) == 230 and layout.width > 1300
    assert epic.board.layout.id == "standard"


# -- the greedy agent -------------------------------------------------------------------------


def _play(scenario: str | None, seed: int) -> tuple[list[str], str]:
    m = wargames.match(
        "ancients", {"bottom": "greedy", "top": "greedy"}, seed=seed, scenario=scenario
    )
    chosen: list[str] = []
    for _ in range(20_000):
        s = m.state
        if s.is_terminal:
            break
        player = s.current_player
        assert player is not None
        if player != CHANCE:
            view = s.view(player)
            agent = m.agents[player]
            action = agent.act(view)
            assert str(action) in {str(a) for a in s.legal_actions()}
            chosen.append(str(action))
            m.apply(action)
        else:
            m.step()
    assert m.state.is_terminal
    return chosen, str(m.state.result)


@pytest.mark.parametrize(("scenario", "seed"), [(None, 1), ("elephant-ridge", 2), (None, 3)])
@pytest.mark.quick(1)
def test_the_greedy_agent_plays_legal_actions_to_the_end(scenario: str | None, seed: int) -> None:
    chosen, result = _play(scenario, seed)
    assert chosen
    assert "win" in result or "draw" in result
    assert any(a.startswith("attack") or a.startswith("fire") for a in chosen)


def test_the_greedy_agent_is_deterministic_with_its_seed() -> None:
    assert _play(None, 5) == _play(None, 5)
    a, b = greedy(7, "bottom"), GreedyAgent(7, "bottom")
    s = midgame(steps=40)
    while s.current_player in (CHANCE, "top"):
        s = s.apply(s.legal_actions()[0])
    if s.current_player == "bottom":
        assert a.act(s.view("bottom")) == b.act(s.view("bottom"))


def test_greedy_is_registered() -> None:
    assert "greedy" in wargames.game("ancients").agents
    assert isinstance(wargames.agent("ancients", "greedy", 1, "top"), GreedyAgent)


# -- the docs tables --------------------------------------------------------------------------


def test_the_docs_tables_come_from_the_data() -> None:
    from wargames.ancients.reference import TABLES

    assert set(TABLES) == {
        "sequence",
        "epic_sequence",
        "armageddon_sequence",
        "units",
        "terrain",
        "cards",
        "scenarios",
    }
    assert "**Battle**" in TABLES["armageddon_sequence"]()
    assert "**Cards given** — once per card given" in TABLES["epic_sequence"]()
    assert "| HI | Heavy Infantry | heavy |" in TABLES["units"]()
    assert "Forest" in TABLES["terrain"]()
    assert "60 cards in all." in TABLES["cards"]()
    assert "`elephant-ridge`" in TABLES["scenarios"]()
