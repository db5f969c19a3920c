"""Draw the app icons in static/icons/ (a one-off dev tool; the PNGs are committed, our own
artwork): the favicon's card and heart on the table's felt, rendered by Debian's Chromium
through Playwright (no image library, no downloaded browser).

Usage: .venv/bin/python scripts/make_icons.py   (needs the "test" extra: playwright)

- icon-192.png, icon-512.png ("any"): a rounded felt square, transparent corners;
- maskable-512.png ("maskable"): full-bleed felt, the card inside the central 80 % circle
  (the maskable safe zone, W3C Web App Manifest §purpose);
- apple-touch-icon-180.png: full-bleed felt, opaque (iOS rounds the corners itself).
"""
from __future__ import annotations

from pathlib import Path

from playwright.sync_api import sync_playwright

OUT = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
FELT, EDGE, CARD, RED = "#0f3b2e", "#145c43", "#fffdf7", "#c0392b"
HEART = "M32 47C17 37 14 27 20 22.5C25 19 30 21.5 32 25.5C34 21.5 39 19 44 22.5C50 27 47 37 32 47Z"


def svg(corner: float, card_scale: float) -> str:
    """The icon on a 64×64 view box: felt square (corner radius in view-box units), the card
    scaled about the centre by ``card_scale``."""
    return (
        '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 64" width="100%" height="100%">'
        f'<rect width="64" height="64" rx="{corner}" fill="{FELT}"/>'
        f'<g transform="translate(32 32) scale({card_scale}) translate(-32 -32)">'
        f'<rect x="13" y="5" width="38" height="54" rx="5" fill="{CARD}" stroke="{EDGE}" stroke-width="3"/>'
        f'<path d="{HEART}" fill="{RED}"/></g></svg>'
    )


ICONS = {  # name: (pixels, corner radius, card scale)
    "icon-192.png": (192, 12, 0.92),
    "icon-512.png": (512, 12, 0.92),
    "maskable-512.png": (512, 0, 0.72),
    "apple-touch-icon-180.png": (180, 0, 0.86),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=["--no-sandbox"])
        for name, (size, corner, scale) in ICONS.items():
            page = browser.new_page(viewport={"width": size, "height": size}, device_scale_factor=1)
            page.set_content(f'<html><body style="margin:0;background:transparent">{svg(corner, scale)}</body></html>')
            page.screenshot(path=OUT / name, omit_background=True, clip={"x": 0, "y": 0, "width": size, "height": size})
            page.close()
            print(OUT / name)
        browser.close()


if __name__ == "__main__":
    main()
