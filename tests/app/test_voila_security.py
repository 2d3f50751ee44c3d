"""Standalone Voilà runs no code sent from the browser: an execute_request over the kernel's websocket
is dropped, while the same socket still answers a harmless kernel_info_request (so the test can fail)."""

from __future__ import annotations

import json
import uuid

import pytest
from voila_server import ROOT, browser_page, voila_server

APP = ROOT / "notebooks" / "app.ipynb"

SEND = """async ([url, messages]) => {
  const ws = new WebSocket(url);
  const replies = [];
  await new Promise((ok, fail) => { ws.onopen = ok; ws.onerror = fail; });
  ws.onmessage = (m) => { if (typeof m.data === 'string') replies.push(JSON.parse(m.data).header.msg_type); };
  for (const msg of messages) ws.send(JSON.stringify(msg));
  await new Promise((ok) => setTimeout(ok, 4000));
  ws.close();
  return replies;
}"""


def message(msg_type: str, content: dict) -> dict:
    header = {"msg_id": uuid.uuid4().hex, "username": "attacker", "session": uuid.uuid4().hex,
              "msg_type": msg_type, "version": "5.3", "date": "2026-01-01T00:00:00Z"}
    return {"header": header, "parent_header": {}, "metadata": {}, "content": content, "channel": "shell",
            "buffers": []}


@pytest.mark.browser
def test_execute_request_from_the_browser_runs_nothing(chromium_path, tmp_path):
    marker = tmp_path / "pwned.txt"
    code = f"open({str(marker)!r}, 'w').write('ran')"
    with voila_server(APP) as url, browser_page(chromium_path) as page:
        sockets = []
        page.on("websocket", lambda ws: sockets.append(ws.url))
        page.goto(url, timeout=120_000)
        page.locator(".re-game-picker").wait_for(state="visible", timeout=120_000)
        page_channel = next(u for u in sockets if "/api/kernels/" in u and "/channels" in u)
        channel = page_channel.split("?")[0] + f"?session_id={uuid.uuid4()}"  # a second client of the kernel
        execute = message("execute_request", {"code": code, "silent": False, "store_history": False,
                                               "user_expressions": {}, "allow_stdin": False, "stop_on_error": True})
        replies = page.evaluate(SEND, [channel, [message("kernel_info_request", {}), execute]])
    assert "kernel_info_reply" in replies, f"the socket did not answer at all: {json.dumps(replies)}"
    assert "execute_reply" not in replies and "execute_input" not in replies
    assert not marker.exists(), "code sent from the browser ran in the kernel"
