"""wargames.core.scenario_value: what every game's scenario values share."""

from __future__ import annotations

import attrs
import pytest

import wargames
from wargames.core.errors import CapabilityError, ScenarioError, UnknownScenarioError
from wargames.core.registry import Game


def test_unknown_scenarios_and_games_without_values() -> None:
    with pytest.raises(UnknownScenarioError, match="nowhere"):
        wargames.scenario("horde", "nowhere")
    without: Game = attrs.evolve(wargames.game("horde"), scenario_type=None)
    with pytest.raises(CapabilityError, match="offers no scenario values"):
        without.scenario("mirror")


def test_a_document_must_be_a_table() -> None:
    horde = wargames.game("horde").scenario_type
    assert horde is not None
    with pytest.raises(ScenarioError, match=r"doc: \(top level\): expected a table"):
        horde.from_document(["not", "a", "table"], "doc")  # type: ignore[arg-type]


def test_the_value_travels_as_its_document() -> None:
    value = wargames.scenario("horde", "mirror")
    source = value.source()
    assert source.name == "mirror" and not source.shipped
    assert source.data == value.to_document() and len(source.sha256) == 64
    assert value.to_toml().startswith("# horde scenario 'mirror', written by wargames\n")
    assert value.to_toml(header="").startswith("title = ")


def test_of_takes_an_id_a_value_of_the_game_and_refuses_another_games() -> None:
    horde = type(wargames.scenario("horde"))
    mirror = horde.of("mirror", "here")
    assert mirror.name == "mirror" and horde.of(mirror, "here") is mirror
    assert horde.of(None, "here").name == wargames.game("horde").default_scenario
    with pytest.raises(
        ScenarioError, match=r"here: scenario: a scenario of warmaster, not of horde"
    ):
        horde.of(wargames.scenario("warmaster"), "here")
