"""ChainPicture: the event chain drawn in the browser from ``widgets.event_graph.layout.chain_spec`` (issue 30).

Each event is an HTML box with its whole sentence (the browser wraps it: nothing is cut with "…"), its kind's
colour and name, its clause and id; the boxes of an independent chain stand one under another, indented by
depth; the chains flow side by side where the page is wide and one under another on a phone, so nothing needs
sideways scrolling. The edges are SVG paths drawn once the boxes are laid out (and again when the width
changes), coloured and dashed by relation, with an arrow head and the link's sentence on hover; a legend names
the relations shown. Folded runs of routine events and closed blocks open on a click, in the browser alone.

Clicking an event's box sends ``{"event": id}``; Python hands it to ``on_event`` after checking it is a whole
number (a browser may send anything), and the view decides whether it is an event of its graph. The same
drawing code makes a standalone page (:func:`standalone_html`): the download, the bench and any browser, offline.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable

import anywidget
import traitlets

CSS = """
.re-chain { font-size: 13px; line-height: 1.35; color: #222; max-width: 100%; overflow-x: hidden; }
.re-chain-legend { display: flex; flex-wrap: wrap; gap: 4px 14px; margin: 2px 0 8px; font-size: 12px; color: #444; }
.re-chain-legend span { display: inline-flex; align-items: center; gap: 4px; white-space: nowrap; }
.re-chain-mark { display: inline-block; width: 14px; height: 10px; border-radius: 3px; }
.re-chain-mark-chain { outline: 3px solid #e377c2; }
.re-chain-mark-context { border: 1px dashed #888; background: #f1f1f1; }
.re-chain-mark-changed { outline: 2px dashed #d62728; }
.re-chain-blocks { display: flex; flex-wrap: wrap; gap: 12px; align-items: flex-start; }
.re-chain-block { position: relative; flex: 1 1 320px; min-width: 0; max-width: 100%; box-sizing: border-box;
  padding: 4px 4px 6px 0; border-top: 1px solid #e4e4e4; }
.re-chain-block-title, .re-chain-run-title { display: block; width: 100%; text-align: left; font: inherit;
  font-size: 12px; color: #333; background: #f6f6f6; border: 1px solid #ddd; border-radius: 4px;
  padding: 3px 6px; margin: 2px 0 4px 14px; cursor: pointer; white-space: normal; overflow-wrap: anywhere;
  box-sizing: border-box; max-width: calc(100% - 14px); }
.re-chain-rows { position: relative; z-index: 1; }
.re-chain-box { position: relative; box-sizing: border-box; margin: 0 0 8px 0; padding: 4px 8px 4px 8px;
  background: #fff; border: 1px solid #cfcfcf; border-left-width: 6px; border-radius: 4px; cursor: pointer;
  overflow-wrap: anywhere; word-break: normal; }
.re-chain-box:hover { background: #f7fbff; }
.re-chain-text { white-space: normal; }
.re-chain-tag { font-size: 11px; color: #666; margin-top: 1px; }
.re-chain-clause { font-family: ui-monospace, Menlo, Consolas, monospace; }
.re-chain-box.re-chain-cancelled .re-chain-text { text-decoration: line-through; color: #777; }
.re-chain-box.re-chain-context { background: #f3f3f3; border-style: dashed; color: #666; cursor: default; }
.re-chain-box.re-chain-on { outline: 3px solid #e377c2; outline-offset: 1px; }
.re-chain-box.re-chain-changed { box-shadow: 0 0 0 2px #d62728; }
.re-chain-edges { position: absolute; left: 0; top: 0; z-index: 0; overflow: visible; pointer-events: none; }
.re-chain-edges path.re-chain-edge { fill: none; pointer-events: visibleStroke; }
.re-chain-empty { color: #555; padding: 8px 0; }
.re-chain-heading { font-weight: 600; font-size: 12px; margin-bottom: 4px; overflow-wrap: anywhere; }
"""

DRAW = r"""
function reChainDraw(el, spec, send) {
  const open = el.__reOpen || (el.__reOpen = new Set());
  const uid = el.__reUid || (el.__reUid = 're' + Math.random().toString(36).slice(2, 9));
  el.innerHTML = '';
  const root = document.createElement('div');
  root.className = 're-chain';
  el.appendChild(root);
  if (spec.heading) {
    const h = document.createElement('div');
    h.className = 're-chain-heading';
    for (const line of spec.heading) {
      const d = document.createElement('div');
      d.textContent = line;
      h.appendChild(d);
    }
    root.appendChild(h);
  }
  if (spec.empty) {
    const p = document.createElement('div');
    p.className = 're-chain-empty';
    p.textContent = spec.empty;
    root.appendChild(p);
    return;
  }
  const DASH = {solid: '', dot: '2,3', dash: '6,4', dashdot: '6,3,2,3', longdash: '10,4'};
  const colourOf = {}, dashOf = {}, laneOf = {};
  (spec.legend || []).forEach((item, i) => {
    colourOf[item.relation] = item.colour; dashOf[item.relation] = item.dash; laneOf[item.relation] = i;
  });
  const legend = document.createElement('div');
  legend.className = 're-chain-legend';
  for (const item of spec.legend || []) {
    const s = document.createElement('span');
    s.className = 're-chain-legend-' + item.relation;
    s.innerHTML = '<svg width="26" height="8"><line x1="0" y1="4" x2="26" y2="4" stroke-width="2"/></svg>';
    const line = s.querySelector('line');
    line.setAttribute('stroke', item.colour);
    if (DASH[item.dash]) line.setAttribute('stroke-dasharray', DASH[item.dash]);
    s.appendChild(document.createTextNode(item.word));
    legend.appendChild(s);
  }
  for (const item of spec.marks || []) {
    const s = document.createElement('span');
    s.innerHTML = '<i class="re-chain-mark re-chain-mark-' + item.mark + '"></i>';
    s.appendChild(document.createTextNode(item.word));
    legend.appendChild(s);
  }
  if (legend.childNodes.length) root.appendChild(legend);
  const blocks = document.createElement('div');
  blocks.className = 're-chain-blocks';
  root.appendChild(blocks);
  const place = {};  // event id -> {box, run, block}
  const boxOf = (b, holder, blockEl, runEl) => {
    const d = document.createElement('div');
    d.className = 're-chain-box' + (b.cancelled ? ' re-chain-cancelled' : '') + (b.context ? ' re-chain-context' : '')
      + (b.chain ? ' re-chain-on' : '') + (b.changed ? ' re-chain-changed' : '');
    d.dataset.id = b.id;
    d.style.borderLeftColor = b.colour;
    d.style.marginLeft = 'min(' + (14 + 16 * b.depth) + 'px, calc(100% - 220px))';
    const t = document.createElement('div');
    t.className = 're-chain-text';
    t.textContent = b.text;
    const tag = document.createElement('div');
    tag.className = 're-chain-tag';
    const clause = document.createElement('span');
    clause.className = 're-chain-clause';
    clause.textContent = b.clause;
    tag.append(b.kind + ' · ', clause, ' · #' + b.id);
    d.append(t, tag);
    d.title = '#' + b.id + ' ' + b.text + ' — ' + b.kind + ' · ' + b.clause;
    if (!b.context) d.addEventListener('click', () => send(b.id));
    holder.appendChild(d);
    place[b.id] = {box: d, run: runEl, block: blockEl};
  };
  const toggle = (button, body, key, words) => {
    const shown = open.has(key);
    body.style.display = shown ? '' : 'none';
    button.textContent = (shown ? '▾ ' : '▸ ') + words;
    button.setAttribute('aria-expanded', shown ? 'true' : 'false');
  };
  (spec.blocks || []).forEach((block, i) => {
    const blockEl = document.createElement('div');
    blockEl.className = 're-chain-block';
    blocks.appendChild(blockEl);
    const rows = document.createElement('div');
    rows.className = 're-chain-rows';
    const key = 'b' + i + ':' + ((block.rows[0] || {}).id ?? ((block.rows[0] || {}).boxes || [{}])[0].id);
    if (spec.blocks.length > 1 || !block.open) {
      const title = document.createElement('button');
      title.className = 're-chain-block-title';
      blockEl.appendChild(title);
      if (block.open && !open.has('!' + key)) open.add(key);
      title.addEventListener('click', () => {
        if (open.has(key)) { open.delete(key); open.add('!' + key); } else { open.add(key); }
        toggle(title, rows, key, block.title); edges();
      });
      toggle(title, rows, key, block.title);
    }
    blockEl.appendChild(rows);
    for (const row of block.rows) {
      if (!row.run) { boxOf(row, rows, blockEl, null); continue; }
      const runEl = document.createElement('div');
      runEl.className = 're-chain-run';
      runEl.style.marginLeft = 'min(' + (16 * row.depth) + 'px, calc(100% - 220px))';
      const button = document.createElement('button');
      button.className = 're-chain-run-title';
      const body = document.createElement('div');
      runEl.append(button, body);
      rows.appendChild(runEl);
      const runKey = 'r' + row.boxes[0].id;
      button.addEventListener('click', () => {
        if (open.has(runKey)) open.delete(runKey); else open.add(runKey);
        toggle(button, body, runKey, row.run); edges();
      });
      for (const b of row.boxes) boxOf(Object.assign({}, b, {depth: 0}), body, blockEl, button);
      toggle(button, body, runKey, row.run);
    }
  });
  const shown = (e) => e && e.offsetParent !== null;
  const anchor = (id) => {
    const p = place[id];
    if (!p) return null;
    if (shown(p.box)) return p.box;
    if (p.run && shown(p.run)) return p.run;
    const title = p.block.querySelector('.re-chain-block-title');
    return shown(title) ? title : null;
  };
  const NS = 'http://www.w3.org/2000/svg';
  function edges() {
    for (const old of blocks.querySelectorAll('svg.re-chain-edges')) old.remove();
    const byBlock = new Map();
    for (const edge of spec.edges || []) {
      const a = anchor(edge.from), b = anchor(edge.to);
      if (!a || !b || a === b || !place[edge.from] || place[edge.from].block !== place[edge.to].block) continue;
      const blockEl = place[edge.from].block;
      if (!byBlock.has(blockEl)) byBlock.set(blockEl, []);
      byBlock.get(blockEl).push([edge, a, b]);
    }
    for (const [blockEl, list] of byBlock) {
      const frame = blockEl.getBoundingClientRect();
      const svg = document.createElementNS(NS, 'svg');
      svg.setAttribute('class', 're-chain-edges');
      svg.setAttribute('width', frame.width);
      svg.setAttribute('height', frame.height);
      const defs = document.createElementNS(NS, 'defs');
      svg.appendChild(defs);
      for (const relation of Object.keys(colourOf)) {
        const m = document.createElementNS(NS, 'marker');
        m.setAttribute('id', uid + '-' + relation);
        m.setAttribute('viewBox', '0 0 10 10'); m.setAttribute('refX', '9'); m.setAttribute('refY', '5');
        m.setAttribute('markerWidth', '7'); m.setAttribute('markerHeight', '7'); m.setAttribute('orient', 'auto');
        const tip = document.createElementNS(NS, 'path');
        tip.setAttribute('d', 'M0,0 L10,5 L0,10 z');
        tip.setAttribute('fill', colourOf[relation]);
        m.appendChild(tip);
        defs.appendChild(m);
      }
      list.forEach(([edge, a, b], lane) => {
        let ra = a.getBoundingClientRect(), rb = b.getBoundingClientRect();
        if (rb.top < ra.top) [ra, rb] = [rb, ra];
        const L = (r) => r.left - frame.left, T = (r) => r.top - frame.top, B = (r) => r.bottom - frame.top;
        const x0 = L(ra) + 7 + 4 * (laneOf[edge.relation] || 0), y0 = B(ra);
        const x1 = L(rb), y1 = T(rb) + Math.min(rb.height / 2, 12);
        let d;
        if (x1 - x0 >= 6) d = `M${x0},${y0} V${y1} H${x1 - 1}`;
        else {
          const xg = Math.max(2, Math.min(L(ra), L(rb)) - 5 - (lane % 3) * 3);
          d = `M${L(ra)},${T(ra) + 10} H${xg} V${y1} H${x1 - 1}`;
        }
        const path = document.createElementNS(NS, 'path');
        path.setAttribute('d', d);
        path.setAttribute('class', 're-chain-edge re-chain-edge-' + edge.relation);
        path.setAttribute('stroke', colourOf[edge.relation] || '#999');
        path.setAttribute('stroke-width', edge.on_chain ? 3 : 1.5);
        if (DASH[dashOf[edge.relation]]) path.setAttribute('stroke-dasharray', DASH[dashOf[edge.relation]]);
        path.setAttribute('marker-end', 'url(#' + uid + '-' + edge.relation + ')');
        const title = document.createElementNS(NS, 'title');
        title.textContent = edge.title;
        path.appendChild(title);
        svg.appendChild(path);
      });
      blockEl.insertBefore(svg, blockEl.firstChild);
    }
  }
  el.__reEdges = edges;
  edges();
}
"""

ESM = DRAW + """
export default {
  render({ model, el }) {
    const draw = () => reChainDraw(el, model.get("spec"), (id) => model.send({ event: id }));
    model.on("change:spec", draw);
    draw();
    let width = el.clientWidth;
    const seen = new ResizeObserver(() => {  // a new width moves the boxes: the edges follow
      if (el.clientWidth !== width && el.__reEdges) { width = el.clientWidth; el.__reEdges(); }
    });
    seen.observe(el);
    return () => seen.disconnect();
  },
};
"""

PAGE = """<!DOCTYPE html>
<html lang="{lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title><style>body {{ font-family: system-ui, sans-serif; margin: 16px; }} {css}</style></head>
<body><h3>{title}</h3><div id="re-chain-root"></div>
<script>{draw}
const spec = {spec};
const root = document.getElementById("re-chain-root");
const t0 = performance.now();
reChainDraw(root, spec, () => {{}});
window.reChainDrawn = performance.now() - t0;
window.reChainRedraw = () => {{ const t = performance.now(); reChainDraw(root, spec, () => {{}});
  root.getBoundingClientRect(); return performance.now() - t; }};
let width = root.clientWidth;
new ResizeObserver(() => {{ if (root.clientWidth !== width) {{ width = root.clientWidth; root.__reEdges(); }} }})
  .observe(root);
</script></body></html>
"""


class ChainPicture(anywidget.AnyWidget):
    """The drawn chain; ``spec`` is ``chain_spec``'s JSON. A click on an event's box reaches ``on_event``."""

    _esm = ESM
    _css = CSS
    spec = traitlets.Dict().tag(sync=True)

    def __init__(self, on_event: Callable[[int], None] | None = None, **kwargs):
        super().__init__(**kwargs)
        self._on_event = on_event
        self.on_msg(self._on_msg)
        self.add_class("re-chain-picture")

    def _on_msg(self, widget, content, buffers) -> None:
        """A message from the browser: handed on only when it is {"event": <int>} (bools are not ints here)."""
        event = content.get("event") if isinstance(content, dict) else None
        if self._on_event is not None and isinstance(event, int) and not isinstance(event, bool):
            self._on_event(event)


def standalone_html(spec: dict, title: str) -> str:
    """A page that draws ``spec`` by itself (no kernel, no network): the download and the bench use it."""
    data = json.dumps(spec, ensure_ascii=False).replace("</", "<\\/")
    return PAGE.format(lang="zh" if spec.get("lang") == "zh" else "en", title=html.escape(title), css=CSS,
                       draw=DRAW, spec=data)


def chain_picture(graph, lang: str = "en", colours=None, **marks) -> ChainPicture:
    """``graph`` (``explorer.event_graph``) drawn as the Event chains tab draws it, for a notebook; ``marks`` are
    ``chain_spec``'s (``chain``, ``changed``, ``context``, ``focus``, ``who``)."""
    from widgets.event_graph.figure import KindColours
    from widgets.event_graph.layout import chain_spec

    return ChainPicture(spec=chain_spec(graph, lang, colours if colours is not None else KindColours(), **marks))
