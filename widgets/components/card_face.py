"""A card's face as a person reads it: its name in the chosen language, its type, its numbers (cost, HP,
defence, attack points…), and its full text in both languages with the clause it follows on hover (the
``title``) and on click (a ``<details>`` that opens in place, for touch screens).

Every game's board builds a :class:`Face` from its own catalogue and draws it with :func:`face_html`, so the
three tables show cards the same way and no catalogue id reaches the page."""

from __future__ import annotations

import html
from dataclasses import dataclass, field

STYLE = """<style>
.re-face{display:inline-block;vertical-align:top;border:1px solid #999;border-radius:4px;margin:1px;
 background:#fff;max-width:100%}
.re-face>summary{list-style:none;cursor:pointer;padding:0 4px}
.re-face>summary::-webkit-details-marker{display:none}
.re-face .re-face-kind{color:#666;font-size:11px;margin-left:3px}
.re-face .re-face-stat{display:inline-block;font-size:11px;background:#eef;border-radius:3px;padding:0 3px;
 margin-left:3px}
.re-face .re-face-text{font-size:12px;padding:2px 6px 4px;max-width:320px;white-space:normal}
.re-face .re-face-clause{color:#777;font-size:11px}
.re-face.re-face-down{background:#e4e4ef;font-style:italic}
.re-face.re-face-hidden{background:#556;color:#fff}
</style>"""


@dataclass(frozen=True)
class Face:
    """What a card shows. ``stats`` are ``(label_en, label_zh, value)``; ``clause`` the rule id its text follows."""

    name_en: str
    name_zh: str
    kind_en: str = ""
    kind_zh: str = ""
    stats: tuple[tuple[str, str, object], ...] = field(default_factory=tuple)
    text_en: str = ""
    text_zh: str = ""
    clause: str = ""

    def name(self, lang: str) -> str:
        return self.name_zh if lang == "zh" else self.name_en

    def kind(self, lang: str) -> str:
        return self.kind_zh if lang == "zh" else self.kind_en

    def tooltip(self) -> str:
        """Both languages and the clause: what hovering shows whatever the page's language."""
        lines = [f"{self.name_zh} / {self.name_en}"]
        if self.kind_en or self.kind_zh:
            lines.append(f"{self.kind_zh} / {self.kind_en}")
        lines += [t for t in (self.text_zh, self.text_en) if t]
        if self.clause:
            lines.append(f"[{self.clause}]")
        return "\n".join(lines)


def _esc(value: object) -> str:
    return html.escape(str(value), quote=True)


def face_html(face: Face, lang: str, extra: str = "", classes: str = "") -> str:
    """One card: its summary line (name, type, numbers, then ``extra`` html such as an HP bar) and, on click,
    its full text in ``lang`` with the other language and the clause beneath."""
    stats = "".join(f'<span class="re-face-stat">{_esc(zh if lang == "zh" else en)} {_esc(v)}</span>'
                    for en, zh, v in face.stats)
    kind = f'<span class="re-face-kind">{_esc(face.kind(lang))}</span>' if face.kind(lang) else ""
    first, second = (face.text_zh, face.text_en) if lang == "zh" else (face.text_en, face.text_zh)
    body = "".join(f"<div>{_esc(t)}</div>" for t in (first, second) if t)
    if face.clause:
        body += f'<div class="re-face-clause">{_esc(face.clause)}</div>'
    summary = f"<summary><b>{_esc(face.name(lang))}</b>{kind}{stats}{extra}</summary>"
    text = f'<div class="re-face-text">{body}</div>' if body else ""
    cls = f"re-face {classes}".strip()
    return f'<details class="{cls}" title="{_esc(face.tooltip())}">{summary}{text}</details>'


def hidden_face_html(text: str) -> str:
    """A card the viewer may not see: only that it is there."""
    return f'<span class="re-face re-face-hidden">■ {_esc(text)}</span>'
