"""The app's Event chains picture as a page in chromium, shared by its browser tests: click an event's box with
the mouse, as a person does (issues 15 and 30), and measure whether the picture reads whole."""

from __future__ import annotations

PICTURE = ".re-event-graph .re-chain-picture"

# What a person could not read: two boxes on top of each other, a text cut by its box or ending in "…", a box
# outside the picture's area, a title of a folded run or block cut. Every box shown counts.
PROBLEMS = """(scope) => {
  const seen = (e) => e.offsetParent !== null;
  const areas = [...document.querySelectorAll(scope + ' .re-chain')].filter(seen);
  if (!areas.length) return {count: 0, problems: ['no picture']};
  const problems = [];
  let count = 0;
  const name = (e) => (e.dataset.id ? '#' + e.dataset.id : e.className) + ' "' + e.innerText.slice(0, 40) + '"';
  for (const area of areas) {
    const frame = area.getBoundingClientRect();
    const boxes = [...area.querySelectorAll('.re-chain-box')].filter(seen);
    const rects = boxes.map(b => b.getBoundingClientRect());
    count += boxes.length;
    rects.forEach((r, i) => {
      if (r.left < frame.left - 1 || r.right > frame.right + 1) problems.push('outside the picture: ' + name(boxes[i]));
      for (let j = i + 1; j < rects.length; j++) {
        const q = rects[j];
        if (r.left < q.right - 1 && q.left < r.right - 1 && r.top < q.bottom - 1 && q.top < r.bottom - 1)
          problems.push('overlap: ' + name(boxes[i]) + ' and ' + name(boxes[j]));
      }
    });
    for (const t of area.querySelectorAll('.re-chain-text, .re-chain-tag, .re-chain-run-title, .re-chain-block-title,'
                                           + ' .re-chain-legend span, .re-chain-heading div')) {
      if (!seen(t)) continue;
      if (t.scrollWidth > t.clientWidth + 1) problems.push('wider than its box: ' + name(t));
      if (/…\\s*$/.test(t.textContent)) problems.push('ends in …: ' + name(t));
      const r = t.getBoundingClientRect();
      if (r.left < frame.left - 1 || r.right > frame.right + 1) problems.push('outside the picture: ' + name(t));
    }
  }
  return {count, problems: problems.slice(0, 12)};
}"""


def chain_problems(page, scope: str = ".re-event-graph") -> dict:
    """{"count": boxes shown, "problems": what a person could not read} of the chain picture under ``scope``."""
    return page.evaluate(PROBLEMS, scope)


def click_an_event(page, timeout: int = 30_000) -> int:
    """Click with the mouse (as a person does) the last event's box of the picture that "Why?" offers; its id.
    (A menu's option holds the event's sentence; its value the id.)"""
    page.locator(f"{PICTURE} .re-chain-box").first.wait_for(state="visible", timeout=timeout)
    found = page.evaluate("""() => {
        const offered = new Set([...document.querySelectorAll('.re-graph-why-pick option')]
            .map(o => (/^#(\\d+)\\D/.exec(o.text) || [])[1]).filter(Boolean).map(Number));
        const boxes = [...document.querySelectorAll('.re-event-graph .re-chain-box')]
            .filter(b => b.offsetParent !== null && !b.classList.contains('re-chain-context')
                         && offered.has(Number(b.dataset.id)));
        return boxes.length ? Number(boxes[boxes.length - 1].dataset.id) : null;
    }""")
    assert found is not None, "no event's box of the picture is offered under Why?"
    box = page.locator(f'{PICTURE} .re-chain-box[data-id="{found}"]')
    box.scroll_into_view_if_needed()
    box.click()
    return found
