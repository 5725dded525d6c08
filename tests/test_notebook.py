"""What a notebook shows (issue 14, item 2): one-line reprs of states, matches and records; a
drawing of every state that scales to the page and shows only the public view where
information is hidden; ``wargames.render`` and its errors; ``wargames.load`` typed per game."""

from __future__ import annotations

import random
import re
import typing
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest
import toy_game

import wargames
from wargames import EVERYTHING, PUBLIC, GameState
from wargames.core.engine import pick_outcome
from wargames.core.errors import ArgumentError, CapabilityError, UnknownNameError, WargamesError
from wargames.core.views import public_view, viewer_of

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("ancients", "armageddon", "horde", "warmaster")
SCENARIOS = [(g, s) for g in GAMES for s in wargames.game(g).scenario_ids()]


def played(game_id: str, scenario: str | None = None, steps: int = 80, seed: int = 3) -> GameState:
    """A state ``steps`` seeded random actions (dice included) into a game."""
    rng = random.Random(seed)
    state = wargames.load(game_id, scenario, **dict(wargames.game(game_id).bot_options))
    for _ in range(steps):
        if state.current_player is None:
            break
        if state.is_chance:
            state = state.apply(pick_outcome(state.chance_outcomes(), rng.random()))
        else:
            legal = state.legal_actions()
            state = state.apply(legal[rng.randrange(len(legal))])
    return state


def svg_root(svg: str | None) -> ET.Element:
    assert svg is not None
    root = ET.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    return root


def texts(svg: str) -> list[str]:
    return [t.text or "" for t in svg_root(svg).iter(f"{SVG}text")]


# -- one-line reprs ---------------------------------------------------------------------------


@pytest.mark.parametrize(("game_id", "scenario"), SCENARIOS)
def test_a_state_prints_as_one_short_line(game_id: str, scenario: str) -> None:
    for state in (wargames.load(game_id, scenario), played(game_id, scenario, steps=60)):
        line = repr(state)
        assert "\n" not in line and len(line) < 150, line
        assert line.startswith(f"<{type(state).__name__} {game_id}/{scenario}, ")
        who = state.current_player
        assert (f"{who} to decide" if who else "over") in line, line
        assert str(state) != line  # str stays the game's own summary
        for player in type(state).players:
            assert repr(state.view(player)).endswith(f", seen by {player}>")
        assert repr(public_view(state)).endswith(", public view>")


def test_the_repr_says_the_turn_and_the_phase() -> None:
    assert repr(wargames.load("armageddon")) == (
        "<ArmageddonState armageddon/campaign, set-up: Ork deployment, orks to decide>"
    )
    state = played("armageddon", steps=150, seed=1)
    assert re.search(r", turn \d, \w+ action segment \(\w+: \w+\), ", repr(state)), repr(state)
    assert ", round 1 of 10, Start of the round, " in repr(wargames.load("horde"))
    assert re.search(r", turn \d+, (imperial|traitor) \w+", repr(played("warmaster")).lower())
    assert re.search(r", turn \d+, (bottom|top): (Play a card|Order|Move|Battle|Draw), ",
                     repr(played("ancients")))  # fmt: skip


def test_a_finished_game_says_who_won() -> None:
    match = wargames.match("warmaster", seed=3)
    match.run()
    assert match.outcome is not None
    assert f"over: {match.outcome.winner} win" in repr(match.state)


def test_a_match_and_a_record_print_as_one_line() -> None:
    match = wargames.match("armageddon", seed=5)
    match.run(300)
    line = repr(match)
    assert line.startswith("<Match armageddon/campaign, seed 5, 300 actions, turn ")
    assert "\n" not in line and len(line) < 150
    record = match.record()
    assert repr(record) == "<Record armageddon/campaign, seed 5, 300 actions, unfinished>"
    match.run()
    assert match.outcome is not None
    full = repr(match.record())
    assert full.startswith(f"<Record armageddon/campaign, seed 5, {len(match.actions):,} actions")
    assert str(match.outcome.winner) in full and "\n" not in full and len(full) < 150
    assert match.record().actions[-1] not in full  # never the actions themselves
    seen = repr(match.record("orks"))
    assert seen.endswith(", redacted for orks>") and "seed None" in seen


# -- drawings ---------------------------------------------------------------------------------


@pytest.mark.parametrize("game_id", GAMES)
def test_every_drawing_is_svg_that_scales_to_the_page(game_id: str) -> None:
    for state in (wargames.load(game_id), played(game_id)):
        root = svg_root(state._repr_svg_())
        x, y, w, h = (float(v) for v in root.get("viewBox", "").split())
        assert (x, y) == (0, 0) and w > 0 and h > 0
        assert float(root.get("width", "")) == w  # the natural size, shrunk to fit a page
        assert "max-width: 100%" in root.get("style", "")
        assert "height: auto" in root.get("style", "")
        match = wargames.Match(state, seed=1)
        assert match._repr_svg_() == state._repr_svg_() == wargames.render(state)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_players_view_draws_as_he_sees_it(game_id: str) -> None:
    state = played(game_id)
    for player in type(state).players:
        view = state.view(player)
        assert viewer_of(view) == player
        assert view._repr_svg_() == wargames.render(view) == wargames.render(view, player)
        svg_root(wargames.render(state, player))
    assert viewer_of(state) is None and viewer_of(public_view(state)) == PUBLIC


def test_a_view_waiting_on_what_it_hides_still_draws() -> None:
    """The Imperial player's view of the Traitor's secret set-up: the step waits on the hidden
    counters, yet who acts is public (docs/reliability.md); it prints and draws all the same."""
    view = wargames.load("warmaster").view("imperial")
    assert repr(view).endswith(", traitor to decide, seen by imperial>")
    assert "set-up: Traitor player to act" in texts(view._repr_svg_() or "")
    assert "Traitor player to act" in " ".join(texts(wargames.render(wargames.load("warmaster"))))


def test_the_ancients_public_view_shows_no_hand() -> None:
    state = played("ancients", steps=40)
    names = [state.scenario.cards[c].name for hand in state.hands for c in hand.cards]
    assert names
    hands = [t for t in texts(wargames.render(state)) if t.startswith("hand:")]
    assert hands == [f"hand: {len(h)} cards (hidden)" for h in state.hands]
    everything = " ".join(texts(wargames.render(state, EVERYTHING)))
    assert all(name in everything for name in names)
    bottom = [t for t in texts(wargames.render(state, "bottom")) if t.startswith("hand:")]
    assert bottom[0] != hands[0] and bottom[1] == hands[1]


def counters(svg: str, css: str) -> set[str]:
    """The ``data-counter`` of the ``<g>`` elements whose class list holds ``css``."""
    return {
        g.get("data-counter", "")
        for g in svg_root(svg).iter(f"{SVG}g")
        if css in (g.get("class") or "").split()
    }


@pytest.mark.rule("WM-HIDDEN-01")
def test_the_warmaster_public_view_shows_no_face_down_counter() -> None:
    state = played("warmaster", steps=60)
    down = {c for c in state.face_down if state.aboard(c)}
    assert down
    public = wargames.render(state)
    assert not counters(public, "face-down") and not down & counters(public, "counter")
    assert down <= counters(public, "counter") | counters(
        wargames.render(state, EVERYTHING), "counter"
    )
    assert counters(wargames.render(state, EVERYTHING), "face-down") >= down
    assert counters(wargames.render(state, "traitor"), "face-down") >= down
    assert "public view" in public and state._repr_svg_() == public


@pytest.mark.rule("HMC-TALENT-02")
def test_the_horde_public_view_shows_no_horde_in_stealth() -> None:
    state = wargames.load("horde")  # the manufactorum: blue's Veterans start in ambush
    hidden = {u.id for u in state.units if u.stealthed}
    assert hidden

    def drawn(svg: str) -> set[str]:
        root = svg_root(svg)
        return {g.get("data-unit", "") for g in root.iter(f"{SVG}g") if g.get("data-unit")}

    assert not hidden & drawn(wargames.render(state))
    assert hidden <= drawn(wargames.render(state, "blue"))
    assert hidden <= drawn(wargames.render(state, EVERYTHING))


def test_the_armageddon_public_view_hides_both_hands() -> None:
    state = played("armageddon", steps=40)
    public = public_view(state)
    assert any(len(h) for h in state.hands)
    assert all(set(h.cards) <= {"?"} for h in public.hands), public.hands
    assert "(public view)" in wargames.render(state)


def test_render_as_text_is_the_board() -> None:
    state = played("ancients", steps=40)
    g = wargames.game("ancients")
    assert wargames.render(state, "top", format="text") == g.narration().board(state, "top")
    public = wargames.render(state, format="text")
    assert public == g.narration().board(public_view(state), None)
    for hand in state.hands:
        assert not any(f"'{c}'" in public for c in hand.cards)


# -- errors -----------------------------------------------------------------------------------


def test_render_refuses_what_it_cannot_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    state = wargames.load("warmaster")
    with pytest.raises(UnknownNameError, match=r"unknown format 'png'; formats: svg, text"):
        wargames.render(state, format="png")  # type: ignore[arg-type]
    with pytest.raises(UnknownNameError, match=r"unknown player 'orks'.*imperial, traitor"):
        wargames.render(state, "orks")
    with pytest.raises(ArgumentError, match="state: expected a game state or a Match"):
        wargames.render("warmaster")  # type: ignore[arg-type]
    toy_game.install(monkeypatch)
    toy = wargames.load("toy")
    with pytest.raises(CapabilityError, match="toy has no drawing"):
        wargames.render(toy)
    assert toy._repr_svg_() is None  # a game that does not draw shows its repr instead
    assert wargames.render(toy, format="text") == str(toy)
    assert issubclass(UnknownNameError, WargamesError)
    assert wargames.render(state, PUBLIC) == wargames.render(state)


# -- types ------------------------------------------------------------------------------------


def test_load_is_typed_per_game() -> None:
    """Each shipped game has an overload of ``load`` (and ``match``) naming its state class."""
    from wargames.ancients.state import AncientsState
    from wargames.armageddon.state import ArmageddonState
    from wargames.horde.state import PScaleState
    from wargames.warmaster.state import WarmasterState

    space = {
        **vars(wargames),
        "AncientsState": AncientsState,
        "ArmageddonState": ArmageddonState,
        "PScaleState": PScaleState,
        "WarmasterState": WarmasterState,
    }
    for function, unwrap in ((wargames.load, False), (wargames.match, True)):
        typed: dict[str, type] = {}
        for overload in typing.get_overloads(function):
            hints = typing.get_type_hints(overload, globalns=space)
            (game_id,) = typing.get_args(hints["game_id"]) or ("*",)
            result = hints["return"]
            typed[game_id] = typing.get_args(result)[0] if unwrap else result
        for game_id in GAMES:
            assert isinstance(wargames.load(game_id), typed[game_id]), (function, game_id)
        assert typed["*"] is GameState


@pytest.mark.slow
def test_mypy_knows_the_state_class_of_a_loaded_game(tmp_path: Path) -> None:
    """A user's script: ``load("armageddon").hives()`` type-checks under ``mypy --strict``."""
    api = pytest.importorskip("mypy.api")
    script = tmp_path / "typed_load_user.py"
    script.write_text(
        "import wargames\n"
        "state = wargames.load('armageddon')\n"
        "hives: tuple[str, ...] = state.hives()\n"
        "reveal_type(state)\n"
        "reveal_type(wargames.match('warmaster', seed=1).state)\n"
        "reveal_type(wargames.load('horde').round)\n"
        "state.no_such_thing\n",
        encoding="utf-8",
    )
    root = Path(wargames.__file__).parent.parent
    out, _, status = api.run(
        ["--strict", "--no-error-summary", "--cache-dir", str(root / ".mypy_cache"), str(script)]
    )
    assert 'Revealed type is "wargames.armageddon.state.ArmageddonState"' in out
    assert 'Revealed type is "wargames.warmaster.state.WarmasterState"' in out
    assert 'Revealed type is "int"' in out or 'Revealed type is "builtins.int"' in out
    errors = [line for line in out.splitlines() if ": error:" in line]
    assert len(errors) == 1 and '"ArmageddonState" has no attribute "no_such_thing"' in errors[0]
    assert status == 1
