#!/usr/bin/env python3
"""Recolor the Glasspane cube from outside the process, over the inspector's WebSocket, and wait for the
engine's `state-changed` that confirms it.

    glasspane demo --inspect 9000          # prints: inspector: http://127.0.0.1:9000/?token=...
    python3 Examples/Remote/recolor.py 'http://127.0.0.1:9000/?token=...' '#3366ff'

Needs the `websocket-client` package (Debian's `python3-websocket`, which scripts/install-deps.sh installs, or
`python3 -m pip install websocket-client`). The protocol is in
docs/inspector.md: every text message without "op" is a bus envelope `{type, data}` posted from the `remote`
endpoint in the next frame, validated exactly like an in-process message.
Exit status: 0 confirmed, 1 the bus refused the message, 2 no confirmation within the timeout.
"""
import json
import sys
import time
from urllib.parse import parse_qs, urlparse

import websocket  # websocket-client


def parse_color(text):
    """'#rrggbb' -> [r, g, b] in 0...1, as change-color's data."""
    text = text.lstrip("#")
    if len(text) != 6:
        raise ValueError("color must be #rrggbb, got %r" % text)
    return [int(text[i:i + 2], 16) / 255 for i in (0, 2, 4)]


def recolor(inspector_url, color, timeout=10.0):
    url = urlparse(inspector_url)
    token = parse_qs(url.query).get("token", [""])[0]
    ws = websocket.create_connection("ws://%s/ws?token=%s" % (url.netloc, token), timeout=timeout)
    try:
        # Bus traffic only, from now on (no history).
        ws.send(json.dumps({"op": "subscribe", "topics": ["bus"], "history": False}))
        ws.send(json.dumps({"type": "change-color", "data": color, "ref": 1}))
        posted_frame = None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            message = json.loads(ws.recv())
            kind = message.get("kind")
            if kind in ("bus-error", "error") and message.get("ref") == 1:
                error = message["error"]
                print("refused: %s: %s" % (error["code"], error["message"]), file=sys.stderr)
                return 1
            if kind == "posted" and message.get("ref") == 1:
                posted_frame = message["frame"]
            for line in message.get("bus", []) if kind == "update" else []:
                if line.get("type") == "state-changed" and line.get("event") == "post":
                    seen = line["data"]["color"]
                    if all(abs(a - b) < 1e-6 for a, b in zip(seen, color)):
                        print("state-changed at frame %d (posted at frame %s): color %s"
                              % (line["frame"], posted_frame, seen))
                        return 0
        print("no state-changed with that color within %.0f s" % timeout, file=sys.stderr)
        return 2
    finally:
        ws.close()


if __name__ == "__main__":
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        sys.exit(2)
    sys.exit(recolor(sys.argv[1], parse_color(sys.argv[2])))
