"""A tiny SVG writer shared by every game's drawings (no dependency beyond the standard library)."""

from __future__ import annotations

from html import escape as _escape


def escape(text: object) -> str:
    return _escape(str(text), quote=True)


class Svg:
    """An SVG document built element by element."""

    def __init__(self, width: float, height: float, title: str = "") -> None:
        self.width = width
        self.height = height
        self.parts: list[str] = []
        if title:
            self.parts.append(f"<title>{escape(title)}</title>")

    def add(self, tag: str, text: str = "", /, **attrs: object) -> None:
        """One element; ``fill_opacity=0.5`` is written ``fill-opacity="0.5"``."""
        attr = " ".join(
            f'{k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attrs.items()
        )
        body = escape(text)
        self.parts.append(f"<{tag} {attr}>{body}</{tag}>" if text else f"<{tag} {attr}/>")

    def rect(self, x: float, y: float, w: float, h: float, **attrs: object) -> None:
        self.add("rect", x=f"{x:.1f}", y=f"{y:.1f}", width=f"{w:.1f}", height=f"{h:.1f}", **attrs)

    def line(self, x1: float, y1: float, x2: float, y2: float, **attrs: object) -> None:
        self.add("line", x1=f"{x1:.1f}", y1=f"{y1:.1f}", x2=f"{x2:.1f}", y2=f"{y2:.1f}", **attrs)

    def text(self, x: float, y: float, text: str, **attrs: object) -> None:
        self.add("text", text, x=f"{x:.1f}", y=f"{y:.1f}", **attrs)

    def polygon(self, points: list[tuple[float, float]], **attrs: object) -> None:
        self.add("polygon", points=" ".join(f"{x:.1f},{y:.1f}" for x, y in points), **attrs)

    def __str__(self) -> str:
        """The document. Its root element scales: the ``viewBox`` holds the drawing's own
        size, ``width``/``height`` give it as the natural size (what an image viewer or a
        converter shows), and ``max-width: 100%; height: auto`` let a page or a notebook
        narrower than that shrink it to fit, keeping its proportions."""
        w, h = f"{self.width:.0f}", f"{self.height:.0f}"
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {w} {h}" width="{w}" '
            f'height="{h}" style="max-width: 100%; height: auto" font-family="sans-serif">'
        )
        return head + "".join(self.parts) + "</svg>"
