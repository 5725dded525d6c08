"""Build the docs site and screenshot its key pages with headless Chromium, to look at them.

    python docs/screenshots.py                      # build, then shoot the key pages
    python docs/screenshots.py --no-build --site-dir /tmp/site   # an already built site
    python docs/screenshots.py --out shots/ index armageddon api/horde

Run it from the repository's root (where ``mkdocs.yml`` is). Each page is written as
``OUT/NAME.png`` (``api/horde`` as ``api-horde.png``), 1280 pixels wide and 2400 high by
default: the top of the page as a reader first sees it. It needs ``mkdocs`` (the docs extra)
and a Chromium (Debian's package ``chromium``); it changes nothing in the repository. Open the
pictures in any image viewer and check: the boards are whole and scaled to the text, tables
and signatures fit, no Sphinx role (``:class:``) shows literally.
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

PAGES = (
    "index",
    "getting-started",
    "armageddon",
    "warmaster",
    "horde",
    "ancients",
    "ancients-armageddon",
    "api/wargames",
    "api/core",
    "api/horde",
)
"""The pages shot by default: home, the tour, every game page and three API pages."""

BROWSERS = ("chromium", "chromium-browser", "google-chrome")

ROLE = re.compile(r":(class|meth|func|attr|mod|data|exc):")
CODE = re.compile(r"<(pre|code)\b.*?</\1>", re.S)


def literal_roles(site: Path) -> dict[str, int]:
    """Sphinx roles a reader would see as text: outside code, per page (none expected; a
    role quoted in code, as in a source listing, is not counted)."""
    found = {}
    for page in sorted(site.rglob("*.html")):
        if count := len(ROLE.findall(CODE.sub("", page.read_text(encoding="utf-8")))):
            found[page.relative_to(site).as_posix()] = count
    return found


def build(site_dir: Path) -> None:
    """``mkdocs build --strict`` into `site_dir`."""
    command = ["mkdocs", "build", "--strict", "--quiet", "--site-dir", str(site_dir)]
    subprocess.run(command, check=True)


def browser() -> str:
    """The first headless-capable Chromium found on the PATH."""
    for name in BROWSERS:
        if found := shutil.which(name):
            return found
    sys.exit(
        f"screenshots: no browser found (tried {', '.join(BROWSERS)}); "
        "install Chromium (apt-get install chromium)"
    )


def shoot(chromium: str, page: Path, out: Path, size: str) -> None:
    """One screenshot of a built page (its ``index.html``) into `out`."""
    command = [
        chromium,
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--hide-scrollbars",
        f"--window-size={size}",
        f"--screenshot={out}",
        page.as_uri(),
    ]
    subprocess.run(command, check=True, capture_output=True, timeout=120)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("pages", nargs="*", default=PAGES, help="pages by path, e.g. api/core")
    parser.add_argument("--site-dir", type=Path, help="where the site is built (default: temp)")
    parser.add_argument("--out", type=Path, default=Path("screenshots"), help="PNG folder")
    parser.add_argument("--no-build", action="store_true", help="shoot an already built site")
    parser.add_argument("--window-size", default="1280,2400", help="WIDTH,HEIGHT in pixels")
    args = parser.parse_args(argv)
    chromium = browser()
    with tempfile.TemporaryDirectory() as temp:
        site = args.site_dir or Path(temp) / "site"
        if not args.no_build:
            build(site)
        roles = literal_roles(site)
        print(f"Sphinx roles shown literally outside code: {sum(roles.values())}", roles or "")
        args.out.mkdir(parents=True, exist_ok=True)
        for name in args.pages:
            page = (site / name / "index.html") if name != "index" else site / "index.html"
            if not page.is_file():
                sys.exit(f"screenshots: no page {page}")
            out = args.out / f"{name.replace('/', '-')}.png"
            shoot(chromium, page.resolve(), out.resolve(), args.window_size)
            print(out)


if __name__ == "__main__":
    main()
