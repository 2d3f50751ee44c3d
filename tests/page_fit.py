"""What a person cannot read whole or use on a page: a label, a button, a tab title or a slider's value cut by its box
(ipywidgets end them in "…"), a menu's chosen text wider than the menu, a line of a list box (the Play table's event
log) wider than the list, or a slider squeezed to a bare knob (its track under ``MIN_TRACK`` px: named "<label>
(slider track N px)"). Browser tests call :func:`cut_texts`; :func:`sideways`, :func:`ids_in_buttons` and
:func:`internal_names` are the other checks of issue 31 (points 5 and 6): a page wider than the screen, a clause id
inside a button or a line of a list (the event log's), an engine's snake_case name in a text meant to be read; and
:func:`split_ids`, a register's id broken inside a word."""

from __future__ import annotations

import re

MIN_TRACK = 60  # px: a slider's track narrower than this cannot be dragged to a chosen value (issue 31)
CUT = """([scope, menus]) => {
  const shown = (e) => e.offsetParent !== null && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [];
  const boxes = '.widget-label, button, .lm-TabBar-tabLabel, .widget-readout';
  for (const e of document.querySelectorAll(`${scope} :is(${boxes})`))
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) out.push(e.innerText);
  for (const t of document.querySelectorAll(`${scope} .widget-hslider .noUi-target`)) {  // a slider's track
    const w = t.getBoundingClientRect().width;
    if (!shown(t) || w >= MIN_TRACK) continue;
    const label = t.closest('.widget-hslider')?.querySelector('.widget-label')?.innerText ?? '';
    out.push(`${label} (slider track ${Math.round(w)} px)`);
  }
  const ctx = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll(`${scope} select`)) {
    if (!shown(s)) continue;
    const st = getComputedStyle(s);
    const room = s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) + 1;
    if (s.multiple || s.size > 1) {  // a list box: each line is read in place, none may run past its right edge
      for (const o of s.options) if (o.scrollWidth > o.clientWidth + 1) out.push(o.text);
      continue;
    }
    if (!menus) continue;
    const text = s.options[s.selectedIndex]?.text ?? '';
    ctx.font = st.font;  // the chosen text measured in the menu's own font
    if (ctx.measureText(text).width > room) out.push(text);
  }
  return out;
}"""
WIDER = "() => document.documentElement.scrollWidth - window.innerWidth"
BUTTONS = """(scope) => {
  const shown = (e) => e.offsetParent !== null && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [...document.querySelectorAll(`${scope} button, ${scope} .lm-TabBar-tabLabel`)].filter(shown)
    .map(e => e.innerText.trim());
  for (const s of document.querySelectorAll(`${scope} select`))  // a list box's lines are read in place
    if ((s.multiple || s.size > 1) && shown(s)) out.push(...[...s.options].map(o => o.text.trim()));
  return out.filter(t => t);
}"""
SPLIT_IDS = """(scope) => {  // each id of a register (td.re-id) cut into lines: a line may end only at "-" or "."
  const out = [];
  for (const code of document.querySelectorAll(`${scope} td.re-id code`)) {
    if (code.offsetParent === null) continue;
    let last = null, prev = '';
    const walker = document.createTreeWalker(code, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      for (let i = 0; i < n.length; i++) {
        const r = document.createRange();
        r.setStart(n, i); r.setEnd(n, i + 1);
        const top = Math.round(r.getBoundingClientRect().top);
        if (last !== null && top > last + 2 && !'-.'.includes(prev)) { out.push(code.textContent); break; }
        last = top; prev = n.data[i];
      }
    }
  }
  return [...new Set(out)];
}"""
CLAUSE_ID = re.compile(r"(?<![A-Za-z0-9])(?:EB|MB|CH)-[A-Za-z0-9.\-]*[A-Za-z0-9]")
# an engine's name: two or more lower-case words joined by "_" (block_without_card, end_turn); a file name
# (01_setup.ipynb) is told by its extension, a clause id by its prefix
INTERNAL = re.compile(r"(?<![\w./-])[a-z][a-z0-9]*(?:_[a-z0-9]+)+(?![\w.]*\.(?:ipynb|py|toml|json|png|html))(?![\w-])")


def cut_texts(page, scope: str = "body", menus: bool = True) -> list[str]:
    """The texts under ``scope`` that do not fit their boxes. ``menus=False`` leaves out the menus' chosen texts: a
    phone opens a menu as a full-screen list of whole texts (the app's lesson menu on a phone, whose title the
    lesson shows whole beside it). The lines of a list box are always checked: a phone shows them in place."""
    return page.evaluate(CUT.replace("MIN_TRACK", str(MIN_TRACK)), [scope, menus])


def sideways(page) -> int:
    """How many px the page is wider than the screen (0: no sideways scroll)."""
    return max(0, page.evaluate(WIDER))


def ids_in_buttons(page, scope: str = "body") -> list[str]:
    """The visible buttons, tab titles and lines of list boxes (the event log) under ``scope`` whose words carry a
    clause id (issue 31 point 5: the id is a small tag, a tooltip, the event log's detail or the Rules tab's, never
    inside a button or a line meant to be read)."""
    return [t for t in page.evaluate(BUTTONS, scope) if CLAUSE_ID.search(t)]


def split_ids(page, scope: str = "body") -> list[str]:
    """The ids of a register table (``td.re-id``, the Rules tab) that a narrow column breaks inside a word (issue 31:
    an id may wrap only after its "-" or "."), as "<id> (split mid-word)"."""
    return [f"{t} (split mid-word)" for t in page.evaluate(SPLIT_IDS, scope)]


def internal_names(text: str) -> list[str]:
    """The engine's snake_case names left in ``text`` (a person reads words, not ids)."""
    return sorted(set(INTERNAL.findall(text)))
