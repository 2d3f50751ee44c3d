"""The app's Play tab as a page in chromium, shared by its browser tests and ``bench/layout.py``: open a game's
Play tab in a language, and measure what a person sees of the current decision (issue 14, point 5)."""

from __future__ import annotations

import re
import time

from voila_server import kernel_settled, wait_for_kernel

import explorer

LONG = 180_000

LAYOUT = """() => {
  const vis = (el) => { const r = el.getBoundingClientRect(); return r.width > 0 && r.height > 0; };
  const buttons = [...document.querySelectorAll('.re-action-picker button')].filter(vis);
  const boxes = buttons.map(b => { const r = b.getBoundingClientRect();
    return {top: r.top, bottom: r.bottom, left: r.left, right: r.right, width: r.width, text: b.innerText}; });
  return {boxes, innerWidth: window.innerWidth, innerHeight: window.innerHeight,
          scrollWidth: document.documentElement.scrollWidth};
}"""


def wait_for_the_games_decision(page, game: str, timeout: float) -> None:
    """Until the Play tab shows ``game``'s table, not the first game's still on the page while the new one is built:
    its decision cites that game's clauses (the clause's id, a small tag beside the sentence)."""
    page.wait_for_function("(p) => [...document.querySelectorAll('.re-play-area .re-decider')].some("
                           "e => e.offsetParent !== null && [...e.querySelectorAll('.re-clause-id')]"
                           ".some(t => t.innerText.startsWith(p + '-')))",
                           arg=explorer.get_game(game).info.clause_prefix, timeout=timeout)


def open_play(page, url: str, lang: str, game: str = "eternal_breath") -> None:
    """Open the app at ``url``, switch to ``lang``, pick ``game`` and open its Play tab; returns when the
    decision is on the page."""
    page.goto(url, timeout=LONG)
    page.locator(".re-game-picker select").wait_for(state="visible", timeout=LONG)
    if lang == "zh":
        page.locator(".re-lang button", has_text="中文").click()
    if game != "eternal_breath":
        g = explorer.get_game(game)
        page.locator(".re-game-picker select").select_option(label=f"{g.name_zh} · {g.name_en}")
    page.locator(".re-app-tabs .lm-TabBar-tab", has_text="对局" if lang == "zh" else "Play").first.click()
    page.locator(".re-action-picker .re-decider").wait_for(state="visible", timeout=LONG)
    wait_for_the_games_decision(page, game, LONG)
    wait_for_kernel(page, quiet=0.3)  # the bots before the person have moved and the table is drawn


def take(page, kind: str, step: int, text: str | None = None, last: bool = False, timeout: float = 30_000) -> None:
    """Click the picker's ``kind`` button drawn for step ``step`` (its class ``re-at-step-<step>``), with ``text``
    when given. A test clicks faster than a page redraws: a button of an earlier step may still be on the page
    while the kernel has moved on and closed it, and a click on it is lost (a roll of "2" for the attacker's die
    looks like one for the defender's). Waiting for the step's own button is what a person does by looking."""
    buttons = page.locator(f".re-action.re-kind-{kind}.re-at-step-{step}", **({"has_text": text} if text else {}))
    (buttons.last if last else buttons.first).click(timeout=timeout)


def tap(locator) -> bool:
    """Click, unless the button was redrawn away meanwhile (a bot moved, the game ended, the table redrew): then
    nothing, and the caller looks at the page again. A look and a click are two moments; a live table changes
    between them (a click waiting 30 s for a button a redraw had removed failed CI twice)."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        locator.click(timeout=5_000)
        return True
    except PlaywrightTimeout:
        return False


NEXT_DECISION = """(before) => {
  const area = document.querySelector('.re-play-area');
  if (area === null) return false;
  const over = area.querySelector('.re-game-over');
  if (over !== null && over.offsetParent !== null) return true;
  const counter = area.querySelector('.re-step-counter');
  const n = counter && counter.textContent.match(/\\d+/);
  if (n === null || n[0] === before) return false;
  return [...area.querySelectorAll('.re-action-picker .re-at-step-' + n[0])].some(e => e.offsetParent !== null);
}"""


def step_shown(page) -> str:
    """The step the Play table's step counter shows ("" before it is drawn)."""
    counter = page.locator(".re-play-area .re-step-counter")
    found = re.search(r"\d+", counter.first.inner_text()) if counter.count() else None
    return found.group(0) if found else ""


def tap_and_wait(page, locator, timeout: float = 15_000) -> bool:
    """:func:`tap`, then wait until the table shows a decision of a later step (the bots' and dice' answers in
    between) or the game's end: what a person waits for before looking again (:func:`answered`), not a fixed pause
    per click (a whole game's 200 clicks waited 250 ms each). False when the button was gone."""
    before = step_shown(page)
    if not tap(locator):
        return False
    answered(page, NEXT_DECISION, before, timeout)
    return True


def answered(page, changed: str, arg, timeout: float = 30_000, quiet: float = 0.5) -> bool:
    """After a click: until the page function ``changed(arg)`` holds (the table shows its answer), or the kernel
    has answered everything the page sent and ``quiet`` seconds passed since the click with nothing new (a click
    lost under a redraw, or one that only showed a notice: nothing more is coming, look at the page again), or
    ``timeout`` ms. True when the page changed. Waiting out the whole timeout after a lost click cost a loaded CI
    run 30 s a time (a 9 s test took 79 s)."""
    clicked, deadline = time.monotonic(), time.monotonic() + timeout / 1000
    while not page.evaluate(changed, arg):
        now = time.monotonic()
        if now > deadline or (now - clicked >= quiet and kernel_settled(page, quiet)):
            return bool(page.evaluate(changed, arg))
        page.wait_for_timeout(50)
    return True
