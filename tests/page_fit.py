"""What a person cannot read whole or use on a page: a label, a button, a tab title or a slider's value cut by its box
(ipywidgets end them in "…"), a menu's chosen text wider than the menu, or a slider squeezed to a bare knob (its
track under ``MIN_TRACK`` px: named "<label> (slider track N px)"). Browser tests call :func:`cut_texts`."""

from __future__ import annotations

MIN_TRACK = 60  # px: a slider's track narrower than this cannot be dragged to a chosen value (issue 31)
CUT = """([scope, menus]) => {
  const shown = (e) => e.offsetParent !== null && e.checkVisibility({checkOpacity: true, checkVisibilityCSS: true});
  const out = [];
  const boxes = '.widget-label, button, .lm-TabBar-tabLabel, .widget-readout';
  for (const e of document.querySelectorAll(`${scope} :is(${boxes})`))
    if (shown(e) && e.scrollWidth > e.clientWidth + 1) out.push(e.innerText);
  if (!menus) return out;
  const ctx = document.createElement('canvas').getContext('2d');
  for (const s of document.querySelectorAll(`${scope} select`)) {
    if (!shown(s) || s.multiple || s.size > 1) continue;
    const st = getComputedStyle(s), text = s.options[s.selectedIndex]?.text ?? '';
    ctx.font = st.font;  // the chosen text measured in the menu's own font
    if (ctx.measureText(text).width > s.clientWidth - parseFloat(st.paddingLeft) - parseFloat(st.paddingRight) + 1)
      out.push(text);
  }
  return out;
}"""


def cut_texts(page, scope: str = "body", menus: bool = True) -> list[str]:
    """The texts under ``scope`` that do not fit their boxes. ``menus=False`` leaves out the menus' chosen texts: a
    phone opens a menu as a full-screen list of whole texts (the app's lesson menu on a phone, whose title the
    lesson shows whole beside it)."""
    return page.evaluate(CUT.replace("MIN_TRACK", str(MIN_TRACK)), [scope, menus])
