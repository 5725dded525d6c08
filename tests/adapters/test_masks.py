"""The environments' action masks (wargames.adapters.masks): each mask holds exactly the ids
it was made for, is read-only, and is never written again while anyone holds it (an array is
reused only once its readers let it go); through a PettingZoo environment, masks kept along
a game stay the legal ids of their states."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from extras import extra

from wargames.adapters.masks import Masks


def ones(mask: np.ndarray[Any, Any]) -> list[int]:
    return np.flatnonzero(mask).tolist()  # type: ignore[no-any-return]


@pytest.mark.parametrize("many", [3, 60])  # item by item, and with an index array
def test_a_mask_holds_its_ids_and_is_read_only(many: int) -> None:
    masks = Masks(500)
    ids = list(range(7, 7 + 5 * many, 5))
    mask = masks.make(ids)
    assert mask.dtype == np.int8 and mask.shape == (500,)
    assert ones(mask) == ids and set(mask.tolist()) == {0, 1}
    with pytest.raises(ValueError, match="read-only"):
        mask[0] = 1
    assert ones(masks.make([])) == []


def test_a_mask_let_go_is_reused_with_only_the_new_ids() -> None:
    masks = Masks(500)
    first = masks.make(list(range(0, 400, 3)))
    address = first.ctypes.data
    del first  # nobody holds it: its array is the next mask's
    second = masks.make([4, 9])
    assert second.ctypes.data == address
    assert ones(second) == [4, 9]
    del second
    assert ones(masks.make(list(range(100, 200)))) == list(range(100, 200))


@pytest.mark.parametrize("hold", ["array", "view", "memoryview", "dict"])
def test_a_mask_still_held_is_never_written_again(hold: str) -> None:
    """Kept as it is, through a view, a buffer or an observation dict: later masks are other
    arrays, and the kept one keeps its ids."""
    masks = Masks(300)
    kept: list[Any] = []
    expected = []
    for n in range(8):
        ids = list(range(n, 300, 7 + n))
        mask = masks.make(ids)
        kept.append(
            {"array": mask, "view": mask[:], "memoryview": memoryview(mask)}.get(
                hold, {"action_mask": mask}
            )
        )
        expected.append(ids)
        del mask
    for held, ids in zip(kept, expected, strict=True):
        array = held["action_mask"] if isinstance(held, dict) else np.asarray(held)
        assert ones(array) == ids


def test_masks_kept_along_a_game_stay_their_states_legal_ids() -> None:
    """A PettingZoo agent loop keeping every observation: each mask, read at the end, is
    still the legal ids of the state it was made in."""
    extra("pettingzoo")
    pettingzoo = extra("wargames.adapters.pettingzoo")
    import wargames

    aec = pettingzoo.raw_env("armageddon", max_cycles=60)
    aec.reset(seed=3)
    rng = np.random.default_rng(3)
    codec = wargames.action_space(aec.game_state)
    kept = []
    for agent in aec.agent_iter():
        obs, _, terminated, truncated, _ = aec.last()
        if terminated or truncated:
            aec.step(None)
            continue
        kept.append((obs, codec.legal_ids(aec.game_state)))
        aec.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert agent in aec.possible_agents
    assert len(kept) > 50
    for obs, ids in kept:
        assert ones(obs["action_mask"]) == ids
