"""``wargames replay FILE``: a record read (a bounded regular file of UTF-8 JSON, every key
checked), replayed, its log printed and its outcome checked against the recorded one."""

from __future__ import annotations

import json
import sys

import wargames
from wargames.cli.arguments import find_game
from wargames.cli.output import describe, print_json
from wargames.core.engine import Record
from wargames.core.errors import OptionError, RecordError, ScenarioError, WargamesError
from wargames.core.scenario import decoded, read_file
from wargames.core.sources import scenario_name
from wargames.terminal.errors import CommandError
from wargames.terminal.log import LogPrinter, label, outcome_line, outcome_text, turn_of


def run(file: str, as_json: bool, quiet: bool) -> int:
    name = "<stdin>" if file == "-" else file
    record = read_record(file, name)
    if not record.replayable:
        raise CommandError(
            f"{name}: the record is redacted for {record.redacted_for} (the game as that player "
            "saw it) and cannot be replayed; replay the full record"
        )
    g = find_game(record.game)
    try:
        match = wargames.replay(record)
    except (WargamesError, ValueError) as exc:
        raise CommandError(replay_failure(name, record, exc)) from None
    if as_json:
        entries = [
            {"player": label(p), "action": str(a), "turn": turn_of(s)}
            for p, a, s in zip(match.players, match.actions, match.states, strict=False)
        ]
        print_json(
            {
                "record": record.to_json(),
                "log": entries,
                "outcome": None if match.outcome is None else match.outcome.to_json(),
            }
        )
    else:
        if not quiet:
            scenario = scenario_name(record.scenario) or g.default_scenario
            print(f"{g.title} — scenario {scenario}, seed {record.seed}")
            LogPrinter(sys.stdout, None, g.narration(), g.length.unit).catch_up(match)
        print(outcome_line(match.outcome, len(match.actions)))
    if match.outcome != record.outcome:
        raise CommandError(
            f"{name}: the replayed outcome ({outcome_text(match.outcome)}) differs from the "
            f"recorded one ({outcome_text(record.outcome)})"
        )
    return 0


MAX_RECORD_BYTES = 64 << 20
"""The largest record file read (a million actions of a few dozen characters fit)."""


def read_record(file: str, name: str) -> Record:
    """The record in ``file`` (``-``: standard input): a regular file of at most
    :data:`MAX_RECORD_BYTES`, UTF-8 JSON, every key checked by :meth:`Record.from_json`."""
    try:
        if file == "-":
            text = sys.stdin.read(MAX_RECORD_BYTES + 1)
            if len(text) > MAX_RECORD_BYTES:
                raise CommandError(f"{name}: larger than {MAX_RECORD_BYTES >> 20} MiB")
        else:
            text = decoded(read_file(file, MAX_RECORD_BYTES), name)
    except ScenarioError as exc:
        raise CommandError(f"cannot read {name}: {exc.problem}") from None
    except UnicodeDecodeError:
        raise CommandError(f"{name}: not a text file") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CommandError(
            f"{name}: not valid JSON: {exc.msg} (line {exc.lineno}, column {exc.colno})"
        ) from None
    except RecursionError:
        raise CommandError(f"{name}: not a game record (nested too deeply)") from None
    if not isinstance(data, dict):
        raise CommandError(f"{name}: not a game record (expected a JSON object)")
    try:
        return Record.from_json(data)
    except RecordError as exc:
        raise CommandError(f"{name}: not a game record: {exc.key}: {exc.problem}") from None


def replay_failure(name: str, record: Record, exc: Exception) -> str:
    """Say what of the record cannot be replayed: a key, the scenario, or the action (1-based)."""
    if isinstance(exc, OptionError):
        return f"{name}: {exc}"
    if isinstance(exc, RecordError) and not exc.key.startswith("actions["):
        return f"{name}: {exc.key}: {exc.problem}"
    if isinstance(exc, ScenarioError) and not isinstance(exc, RecordError):
        return f"{name}: bad scenario: {exc}"
    if isinstance(exc, RecordError) and exc.__cause__ is not None:  # actions[i] did not apply
        index = int(exc.key.removeprefix("actions[").rstrip("]"))
        text = record.actions[index]
        return (
            f"{name}: action {index + 1} ({text!r}) cannot be replayed: {describe(exc.__cause__)}"
        )
    return f"{name}: cannot be replayed: {describe(exc)}"
