"""Drawing maps and boards as SVG (for notebooks and the docs)."""

from wargames.render.svg import Svg, escape

__all__ = ["Svg", "escape"]
