"""The commands that look things up: ``games``, ``scenarios``, ``options``, ``check`` (a
scenario file's problems) and ``odds`` (the game's own odds calculator)."""

from __future__ import annotations

import sys
from collections.abc import Mapping
from typing import Any

from wargames.cli.arguments import find_game, metavar
from wargames.cli.output import EXIT_ERROR, describe, print_json
from wargames.core import registry
from wargames.core.check import MAX_PROBLEMS, check_file, describe_scenario
from wargames.core.errors import CapabilityError, WargamesError
from wargames.terminal.errors import CommandError


def games(as_json: bool) -> int:
    rows: list[dict[str, Any]] = []
    for game_id in registry.games():
        try:
            g = find_game(game_id)
        except CommandError as exc:
            rows.append({"id": game_id, "title": None, "players": [], "error": str(exc)})
        else:
            rows.append({"id": g.id, "title": g.title, "players": list(g.players)})
    if as_json:
        print_json({"games": rows})
        return 0
    width = max((len(r["id"]) for r in rows), default=0)
    for row in rows:
        title = row["title"] if row["title"] is not None else f"(unavailable: {row['error']})"
        print(f"{row['id']:<{width}}  {title}")
    return 0


def scenarios(game_id: str, as_json: bool, long: bool = False) -> int:
    g = find_game(game_id)
    names = list(g.scenarios())
    if as_json:
        print_json(
            {
                "game": g.id,
                "default": g.default_scenario,
                "scenarios": names,
                "info": [s.to_json() for s in g.scenario_list()],
            }
        )
        return 0
    width = max((len(name) for name in names), default=0)
    for info in g.scenario_list():
        mark = " (default)" if info.id == g.default_scenario else ""
        print(f"{info.id:<{width}}  {info.title}{mark}")
        if long and info.description:
            print(f"{'':<{width}}  {info.description}")
    return 0


def check(file: str, game_id: str | None) -> int:
    """``wargames check FILE [--game GAME]``: every problem of a scenario file, one a line
    (exit 2), or what the scenario is (exit 0)."""
    if game_id is not None:
        find_game(game_id)
    checked = check_file(file, game_id)
    if checked.problems:
        for problem in checked.problems:
            print(problem)
        count = len(checked.problems)
        more = ", the most one check lists" if count >= MAX_PROBLEMS else ""
        kind = f" in this {checked.game} scenario" if checked.game else ""
        print(f"{count} problem{'s' if count > 1 else ''}{kind}{more}", file=sys.stderr)
        return EXIT_ERROR
    print(f"{file}: ok")
    for key, value in describe_scenario(checked):
        print(f"  {key + ':':<9} {value}")
    return 0


def options(game_id: str, as_json: bool) -> int:
    """``wargames options GAME``: each option's name, flag, type, default, allowed values
    and help, from the game's schema."""
    g = find_game(game_id)
    if as_json:
        print_json({"game": g.id, "options": [o.to_json() for o in g.options]})
        return 0
    if not len(g.options):
        print(f"{g.id} takes no options")
        return 0
    for option in g.options:
        print(f"{option.name} ({option.flag} {metavar(option)})")
        print(f"    {option.help}")
        print(
            f"    type: {option.type_name}; default: {option.describe_default()}; "
            f"allowed: {option.allowed()}"
        )
    return 0


def odds(rest: list[str]) -> int:
    if rest and rest[0] in ("-h", "--help"):
        print(
            "usage: wargames odds GAME ARGS... [--json]\n\n"
            "Hands ARGS to the game's odds calculator and prints its answer."
        )
        return 0
    as_json = "--json" in rest
    rest = [a for a in rest if a != "--json"]
    if rest[:1] == ["--"]:
        rest = rest[1:]
    if not rest:
        raise CommandError("the following arguments are required: GAME (see 'wargames odds -h')")
    g = find_game(rest[0])
    args = rest[1:]
    if args[:1] == ["--"]:
        args = args[1:]
    try:
        answer = registry.odds_command(g.id, args)
    except CapabilityError as exc:
        raise CommandError(str(exc)) from None
    except (ValueError, KeyError, TypeError, WargamesError) as exc:
        raise CommandError(f"{g.id} odds: {describe(exc)}") from None
    if not isinstance(answer, Mapping) or "text" not in answer:
        raise CommandError(f"{g.id}'s odds calculator returned no 'text'")
    if as_json:
        print_json(dict(answer))
    else:
        print(answer["text"])
    return 0
