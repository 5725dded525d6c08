"""Terrain of the P-Scale battlefield: what each kind of square does.

The horde rules name cover (HMC-DEFENSE-01, HMC-MORALE-02), difficult terrain
(HMC-SPECIALIST-05) and line of sight (HMC-ORDERS-03) without a terrain table; the kinds below
are ours (``provenance = "reconstructed"``), each a combination of four effects:

* ``cover``: a horde there is behind cover: +2 Cover Bonus on its defence rolls
  (HMC-DEFENSE-01), +10 Willpower (HMC-MORALE-02), and Ambushers may enter stealth there
  (HMC-TALENT-01);
* ``difficult``: entering the square costs two squares of movement, one for a horde with an
  Engineer (HMC-SPECIALIST-05: "full speed through difficult terrain");
* ``blocks_sight``: a line of sight passing through the square is blocked (never the squares
  at either end);
* ``impassable``: no unit enters it.

>>> TERRAIN["ruins"].cover, TERRAIN["ruins"].difficult, TERRAIN["ruins"].blocks_sight
(True, True, True)
"""

from __future__ import annotations

import attrs


@attrs.frozen
class Terrain:
    """One kind of square."""

    name: str
    cover: bool = False
    difficult: bool = False
    blocks_sight: bool = False
    impassable: bool = False
    provenance: str = "reconstructed"
    description: str = ""


TERRAIN: dict[str, Terrain] = {
    t.name: t
    for t in (
        Terrain("open", description="open ground"),
        Terrain("cover", cover=True, description="barricades, craters, low walls"),
        Terrain("difficult", difficult=True, description="mud, wire, deep rubble"),
        Terrain("rubble", cover=True, difficult=True, description="broken masonry"),
        Terrain(
            "ruins",
            cover=True,
            difficult=True,
            blocks_sight=True,
            description="ruined buildings, manufactorum halls",
        ),
        Terrain(
            "woods", cover=True, difficult=True, blocks_sight=True, description="woods, fungus"
        ),
        Terrain("wall", blocks_sight=True, impassable=True, description="sheer walls, towers"),
    )
}
"""The terrain kinds a scenario may use, by name."""

OPEN = TERRAIN["open"]

__all__ = ["OPEN", "TERRAIN", "Terrain"]
