"""The Play table's layout as a person sees it (issue 14, point 5), measured in Debian's chromium against the app
as `make app` serves it: for each game, on a laptop (1280×800) and a phone (390×844), in English and 中文 —
how far the page scrolls sideways (0 px wanted), the narrowest decision button (≥ 32 px wanted), and on the
laptop whether the current decision and Learn's Next are on screen without scrolling.
对局桌布局：笔记本与手机屏幕上的横向滚动、最窄按钮宽度、当前决定是否无需滚动即可见。"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

from play_page import LAYOUT, open_play  # noqa: E402
from support import games  # noqa: E402
from voila_server import browser_page, close_browsers, launcher_server  # noqa: E402

APP = ROOT / "notebooks" / "app.ipynb"
CHROMIUM = "/usr/bin/chromium"
GAMES = games()
SCREENS = ((1280, 800), (390, 844))
NEXT_ON_SCREEN = """() => {
  const b = [...document.querySelectorAll('.re-tour-next')].find(e => e.offsetParent !== null);
  if (!b) return null; const r = b.getBoundingClientRect(); return r.bottom <= window.innerHeight && r.top >= 0; }"""


def measure(page, url: str, game: str, lang: str, width: int) -> dict:
    """One game's Play tab (and, on the laptop, the Learn tab's Next) in one language on one screen."""
    learn_next = None
    open_play(page, url, lang, game)
    if width >= 1280:
        page.locator(".re-app-tabs .lm-TabBar-tab").first.click()
        page.wait_for_timeout(1500)
        learn_next = page.evaluate(NEXT_ON_SCREEN)
        page.locator(".re-app-tabs .lm-TabBar-tab", has_text="对局" if lang == "zh" else "Play").first.click()
        page.wait_for_timeout(1000)
    m = page.evaluate(LAYOUT)
    boxes = m["boxes"]
    return {"sideways": max(0, m["scrollWidth"] - m["innerWidth"]),
            "narrowest": min((b["width"] for b in boxes), default=0),
            "labelled": all(b["text"].strip() for b in boxes) and bool(boxes),
            "decision_on_screen": bool(boxes) and boxes[0]["bottom"] <= m["innerHeight"],
            "learn_next": learn_next}


def run() -> Iterator[dict]:
    try:
        with launcher_server(APP, timeout=300) as (url, _process):
            for width, height in SCREENS:
                with browser_page(CHROMIUM, width=width, height=height) as page:
                    for game in GAMES:
                        for lang in ("en", "zh"):
                            m = measure(page, url, game, lang, width)
                            laptop = width >= 1280
                            ok = (m["sideways"] == 0 and m["narrowest"] >= 32 and m["labelled"]
                                  and (not laptop or (m["decision_on_screen"] and m["learn_next"] is not False)))
                            extra = (f"; decision on screen: {m['decision_on_screen']}, Learn's Next: {m['learn_next']}"
                                     if laptop else "")
                            yield ({"bench": "layout", "case": f"{game} Play {width}×{height} {lang}: "
                                         f"narrowest button {m['narrowest']:.0f} px{extra}",
                                         "value": m["sideways"], "unit": "px sideways",
                                         "target": "0 px sideways, buttons ≥ 32 px with labels"
                                         + (", decision and Next on screen" if laptop else ""), "ok": ok})
    finally:
        close_browsers()  # its Playwright driver and chromium, shared by the pages above
