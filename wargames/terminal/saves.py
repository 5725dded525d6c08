"""Saving a game at the terminal and playing it on: records, the autosave file, rebuilding.

A saved game is a full :class:`~wargames.core.engine.Record` (game, scenario, options, seed,
every action, dice included) with :attr:`~wargames.core.engine.Record.agents`, the agents given
on the command line. ``wargames replay`` accepts it like any record, and ``wargames play
--resume FILE`` plays on from it.

**Chance on undo and resume.** A match draws one number from its seeded generator per chance
node, and each bot is seeded from the game's seed and its seat. :func:`rebuild` plays a record's
actions again from the start, drawing the generator once per recorded chance action and letting
each bot decide again each of its recorded decisions (its own generator moves on the same way),
so the rebuilt match stands exactly where the first one stood when it reached that point. Hence
``undo`` (a rebuild of the game up to the player's previous decision) and ``--resume`` (a
rebuild of the saved game) give the *same dice again*: taking a decision back and making it
again brings the same rolls, and a different decision meets the same sequence of dice. Undo
cannot be used to roll again, and a saved game goes on as if it had never been interrupted.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from wargames.core import registry
from wargames.core.engine import CHANCE, Action, Agent, GameState, Match, Player, Record
from wargames.core.sources import RecordedScenario
from wargames.terminal.prompt import HumanAgent

__all__ = ["autosave_path", "bots_for", "rebuild", "write_record"]

AGENT_SEED_STRIDE = 7919
"""How :func:`wargames.match` seeds its agents: seat ``i`` of seed ``s`` gets
``s * 7919 + i + 1``."""


def autosave_path(game: str, seed: int, directory: str | os.PathLike[str] = ".") -> Path:
    """The file ``quit`` and the end of input save to: ``wargames-GAME-SEED.json`` in
    ``directory`` (the current directory)."""
    return Path(directory) / f"wargames-{game}-{seed}.json"


def write_record(path: str | os.PathLike[str], record: Record) -> None:
    """Write ``record`` as JSON to ``path``, whole or not at all (a temporary file renamed)."""
    target = Path(path)
    text = json.dumps(record.to_json(), default=str) + "\n"
    fd, temporary = tempfile.mkstemp(prefix=".wargames-", suffix=".json", dir=target.parent or ".")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, target)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def bots_for(
    g: registry.Game, names: Mapping[Player, str], seed: int, humans: Mapping[Player, HumanAgent]
) -> dict[Player, Agent]:
    """An agent for each player of ``g``: the ``humans``, and the named bots seeded as
    :func:`wargames.match` seeds them (so a rebuilt game's bots decide as the first ones did)."""
    agents: dict[Player, Agent] = {}
    for i, player in enumerate(g.players):
        if player in humans:
            agents[player] = humans[player]
        else:
            sub = seed * AGENT_SEED_STRIDE + i + 1
            agents[player] = g.agent(names.get(player, "random"), sub, player)
    return agents


def rebuild(
    initial: GameState,
    seed: int,
    agents: Mapping[Player, Agent],
    actions: Sequence[Action],
    scenario: RecordedScenario = None,
    options: Mapping[str, object] | None = None,
) -> Match:
    """A match of ``initial`` with fresh ``agents`` that has taken ``actions`` (a full
    record's, already checked) and stands where the first match stood after them: its
    generator drawn once per chance action and each bot asked again for each of its decisions
    (what it answers is not used: the record decides)."""
    match = Match(initial, seed=seed, agents=agents, scenario=scenario, options=dict(options or {}))
    for action in actions:
        state = match.state
        player = state.current_player
        if player == CHANCE:
            match.rng.random()
        elif player is not None:
            agent = match.agent_for(player)
            if agent is not None and not isinstance(agent, HumanAgent):
                agent.act(state.view(player))
        match.apply(action)
    return match
