"""The state kit (:class:`wargames.core.tasks.TaskState`): the fields it supplies, the checks
it makes when a state class is created, and settled states."""

from __future__ import annotations

import abc
from collections.abc import Mapping
from typing import Any, ClassVar

import attrs
import pytest

from wargames.core.codec import DERIVED, SCENARIO, saved
from wargames.core.engine import CHANCE, Action, Outcome, Player
from wargames.core.tasks import Task, TaskState, UnsettledStateError


@saved("kit-test/ask")
@attrs.frozen
class Ask(Task["Race"]):
    """The player decides: ``go`` adds one, twice and the game is won."""

    def actor(self, s: Race) -> Player | None:
        return "me"

    def legal(self, s: Race) -> tuple[Action, ...]:
        return ("go",)  # type: ignore[return-value]

    def act(self, s: Race, action: Action) -> Race:
        moved = s.evolve(steps=s.steps + 1).pop()
        return moved.end("me", "two steps") if moved.steps == 2 else moved.push(Ask())


@saved("kit-test/count")
@attrs.frozen
class Count(Task["Race"]):
    """An automatic step."""

    def run(self, s: Race) -> Race:
        return s.evolve(counted=s.counted + 1).pop()


@saved("kit-test/race")
@attrs.frozen(slots=False)
class Race(TaskState):
    game: ClassVar[str] = "kit-test"
    players: ClassVar[tuple[Player, ...]] = ("me",)

    steps: int = 0
    counted: int = 0

    def parse_action(self, text: str) -> Action:
        return text  # type: ignore[return-value]

    def view(self, player: Player) -> Race:
        return self


def test_the_kit_supplies_the_task_stack_the_result_and_the_memo() -> None:
    names = [f.name for f in attrs.fields(Race)]
    assert {"tasks", "result", "_memo"} <= set(names)
    s = Race(steps=1, tasks=(Ask(),))
    assert s.tasks == (Ask(),) and s.result is None and s._memo == {}
    assert s.current_player == "me"
    won = s.apply("go")
    assert won.outcome == Outcome("me", "two steps") and won.current_player is None
    assert s.steps == 1  # states are values


def test_kit_fields_are_keyword_only_so_a_game_s_fields_need_no_defaults() -> None:
    @attrs.frozen(slots=False)
    class Board(TaskState):
        game: ClassVar[str] = "kit-test"
        players: ClassVar[tuple[Player, ...]] = ("me",)
        squares: tuple[int, ...]  # no default, after the kit's fields with defaults

        parse_action = Race.parse_action
        view = Race.view

    b = Board((1, 2), tasks=(Ask(),))  # type: ignore[abstract]
    assert b.squares == (1, 2) and b.tasks == (Ask(),)


def test_an_unsettled_state_does_not_look_finished() -> None:
    s = Race(tasks=(Ask(), Count()))
    with pytest.raises(UnsettledStateError, match="Count"):
        s.current_player  # noqa: B018
    settled = s.settle()
    assert settled.counted == 1 and settled.current_player == "me"


def test_a_state_with_no_tasks_left_or_a_result_is_over() -> None:
    assert Race().current_player is None
    assert Race(tasks=(Count(),), result=Outcome(None, "draw")).current_player is None


def test_a_chance_step_is_not_mistaken_for_an_automatic_one() -> None:
    @saved("kit-test/die")
    @attrs.frozen
    class Die(Task[Race]):
        def actor(self, s: Race) -> Player | None:
            return CHANCE

    assert Race(tasks=(Die(),)).current_player == CHANCE


# -- the checks when a class is created -------------------------------------------------------


def test_no_game_id_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="NoGame: no game id"):

        @attrs.frozen(slots=False)
        class NoGame(TaskState):
            players: ClassVar[tuple[Player, ...]] = ("me",)


def test_no_players_is_a_type_error() -> None:
    with pytest.raises(TypeError, match="NoPlayers: no players"):

        @attrs.frozen(slots=False)
        class NoPlayers(TaskState):
            game: ClassVar[str] = "kit-test"


def test_players_must_be_names() -> None:
    with pytest.raises(TypeError, match="no players"):

        @attrs.frozen(slots=False)
        class Numbered(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Any, ...]] = (1, 2)


def test_slots_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"Slotted: .*slots=False"):

        @attrs.frozen
        class Slotted(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)


def test_a_kit_field_of_the_wrong_type_is_a_type_error() -> None:
    with pytest.raises(TypeError, match=r"WrongTasks: the field 'tasks' is the kit's"):

        @attrs.frozen(slots=False)
        class WrongTasks(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            tasks: list[Task[Any]] = attrs.field(factory=list, kw_only=True)

    with pytest.raises(TypeError, match=r"WrongResult: the field 'result' is the kit's"):

        @attrs.frozen(slots=False)
        class WrongResult(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            result: str = attrs.field(default="", kw_only=True)


def test_a_kit_field_declared_again_with_its_type_is_accepted() -> None:
    @attrs.frozen(slots=False)
    class Narrowed(TaskState):
        game: ClassVar[str] = "kit-test"
        players: ClassVar[tuple[Player, ...]] = ("me",)
        tasks: tuple[Ask, ...] = attrs.field(default=(), kw_only=True)

        parse_action = Race.parse_action
        view = Race.view

    assert Narrowed(tasks=(Ask(),)).current_player == "me"  # type: ignore[abstract]


def test_an_abstract_state_may_leave_the_game_to_its_subclasses() -> None:
    @attrs.frozen(slots=False)
    class Base(TaskState):
        @abc.abstractmethod
        def rule(self) -> str: ...

    with pytest.raises(TypeError, match="no game id"):

        @attrs.frozen(slots=False)
        class Concrete(Base):
            def rule(self) -> str:
                return "r"


def test_caches_must_name_fields_of_the_state() -> None:
    with pytest.raises(TypeError, match=r"the cache 'index' depends on unknown fields \['where'\]"):

        @attrs.frozen(slots=False)
        class BadMemo(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            kept_memo: ClassVar[Mapping[str, frozenset[str]]] = {"index": frozenset({"where"})}

    with pytest.raises(TypeError, match="the kept field '_cache' must be a field with init=False"):

        @attrs.frozen(slots=False)
        class BadField(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            kept_fields: ClassVar[Mapping[str, frozenset[str]]] = {"_cache": frozenset({"n"})}
            n: int = 0


def test_a_derived_field_needs_a_default() -> None:
    with pytest.raises(TypeError, match="the derived field 'total' needs a default"):

        @attrs.frozen(slots=False)
        class NoDefault(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            total: int = attrs.field(metadata=DERIVED)


def test_scenario_fields_need_the_scenario_hooks() -> None:
    with pytest.raises(TypeError, match=r"the fields \['board'\] are rebuilt from the scenario"):

        @attrs.frozen(slots=False)
        class NoHooks(TaskState):
            game: ClassVar[str] = "kit-test"
            players: ClassVar[tuple[Player, ...]] = ("me",)
            board: str = attrs.field(default="", eq=False, metadata=SCENARIO)
