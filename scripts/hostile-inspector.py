#!/usr/bin/env python3
"""Hostile clients against the inspector (docs/inspector.md, "Budget"), standard library only.

Attack a running inspector for a while and report what a well-behaved client saw meanwhile:

    python3 scripts/hostile-inspector.py attack 'http://127.0.0.1:PORT/?token=...' --seconds 20

Or measure the demo with and without the attack, interleaved (frame-time median and p99 from `--stats`, peak RSS
from /proc), N pairs:

    python3 scripts/hostile-inspector.py compare .build/debug/glasspane --pairs 3 --frames 400

`--only NAME` / `--skip NAME` (repeatable) choose attacks by function name (long_header_line, invalid_posts, ...).

Each attacker is a thread that reconnects as soon as it is closed: long and endless header lines without the token,
idle connections, `GET /ws` that never upgrades, a WebSocket that pings and never reads, 60 KB pings, unmasked and
reserved-bit frames, announced 1 GiB frames, floods of invalid posts, unknown methods. The probe asks
/api/status with the token every 200 ms and counts answers, failures and the slowest answer.
"""
import argparse
import os
import re
import socket
import struct
import subprocess
import sys
import threading
import time
from urllib.parse import parse_qs, urlparse


def connect(port):
    s = socket.create_connection(("127.0.0.1", port), timeout=5)
    s.settimeout(5)
    return s


def frame(opcode, payload=b"", fin=True, masked=True, rsv=0, length=None):
    n = len(payload) if length is None else length
    head = bytes([(0x80 if fin else 0) | (rsv << 4) | opcode])
    bit = 0x80 if masked else 0
    if n < 126:
        head += bytes([bit | n])
    elif n < 65536:
        head += bytes([bit | 126]) + struct.pack(">H", n)
    else:
        head += bytes([bit | 127]) + struct.pack(">Q", n)
    if not masked:
        return head + payload
    mask = b"\x11\x22\x33\x44"
    return head + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))


def upgrade(port, token):
    s = connect(port)
    s.sendall(("GET /ws?token=%s HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
               "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n" % token).encode())
    head = b""
    while b"\r\n\r\n" not in head:
        chunk = s.recv(4096)
        if not chunk:
            raise OSError("closed during the handshake")
        head += chunk
    if not head.startswith(b"HTTP/1.1 101"):
        raise OSError(head.split(b"\r\n")[0].decode(errors="replace"))
    return s


def drain(s, limit=1 << 20):
    """Reads until the server closes (or 5 s pass)."""
    got = 0
    try:
        while got < limit:
            chunk = s.recv(65536)
            if not chunk:
                return
            got += len(chunk)
    except OSError:
        return


# Each attack runs once per call; the runner repeats it until the time is up.
def long_header_line(port, token):
    s = connect(port)
    s.sendall(b"GET / HTTP/1.1\r\nX-Long: " + b"a" * (1 << 20))
    drain(s)


def slow_header(port, token):
    s = connect(port)
    s.sendall(b"GET / HTTP/1.1\r\n")
    for _ in range(100):
        s.sendall(b"X-Slow: 1\r\n")
        time.sleep(0.1)
    drain(s)


def idle(port, token):
    s = connect(port)
    drain(s)


def ws_never_upgrades(port, token):
    s = connect(port)
    s.sendall(("GET /ws?token=%s HTTP/1.1\r\nHost: x\r\n\r\n" % token).encode())
    drain(s)


def pings_never_read(port, token):
    s = upgrade(port, token)
    s.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 2048)
    ping = frame(0x9, b"p" * 125) * 64
    for _ in range(10000):
        s.sendall(ping)


def big_ping(port, token):
    s = upgrade(port, token)
    s.sendall(frame(0x9, b"x" * 60000))
    drain(s)


def violations(port, token):
    for bad in (frame(0x1, b"{}", masked=False), frame(0x1, b"{}", rsv=4), frame(0x1, length=1 << 30),
                frame(0x0, b"x"), frame(0x8, b"\x03\xe7")):
        s = upgrade(port, token)
        s.sendall(bad)
        drain(s)


def invalid_posts(port, token):
    s = upgrade(port, token)
    batch = b"".join(frame(0x1, b'{"type":"change-color","data":"red","id":%d}' % i) for i in range(200))
    for _ in range(50):
        s.sendall(batch)
        s.recv(65536)


def unknown_methods(port, token):
    for _ in range(50):
        s = connect(port)
        s.sendall(b"BREW /pot HTTP/1.1\r\nHost: x\r\n\r\n")
        drain(s)


ATTACKS = [long_header_line, long_header_line, slow_header, slow_header, idle, idle, ws_never_upgrades,
           pings_never_read, big_ping, violations, invalid_posts, unknown_methods]


def attack(port, token, seconds, quiet=False, halt=None, only=None, skip=()):
    """Runs the attackers (`only` those named, less `skip`) and the probe for `seconds` (or until `halt` is set);
    returns the probe's figures."""
    halt = halt or threading.Event()
    attacks = [a for a in ATTACKS if (not only or a.__name__ in only) and a.__name__ not in skip]
    stop = time.time() + seconds
    counts = {a.__name__: 0 for a in attacks}
    lock = threading.Lock()

    def run(a):
        while time.time() < stop and not halt.is_set():
            try:
                a(port, token)
            except OSError:
                time.sleep(0.05)
            with lock:
                counts[a.__name__] += 1

    threads = [threading.Thread(target=run, args=(a,), daemon=True) for a in attacks]
    for t in threads:
        t.start()
    ok, failed, slowest = 0, 0, 0.0
    while time.time() < stop and not halt.is_set():
        start = time.time()
        try:
            s = connect(port)
            s.sendall(("GET /api/status?token=%s HTTP/1.1\r\nHost: x\r\n\r\n" % token).encode())
            answer = s.recv(65536)
            if answer.startswith(b"HTTP/1.1 200"):
                ok += 1
            else:
                failed += 1
            s.close()
        except OSError:
            failed += 1
        slowest = max(slowest, time.time() - start)
        time.sleep(0.2)
    if not quiet:
        print("probe: %d answered, %d failed, slowest %.0f ms" % (ok, failed, slowest * 1000))
        print("attacks run: " + ", ".join("%s %d" % kv for kv in sorted(counts.items())))
    return ok, failed, slowest


def peak_rss_kb(pid):
    try:
        with open("/proc/%d/status" % pid) as f:
            for line in f:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
    except OSError:
        pass
    return 0


def run_demo(binary, frames, hostile, only=None, skip=()):
    env = dict(os.environ, SDL_VIDEODRIVER=os.environ.get("SDL_VIDEODRIVER", "offscreen"))
    p = subprocess.Popen([binary, "demo", "--headless", "--frames", str(frames), "--stats", "--inspect", "127.0.0.1:0"],
                         stderr=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env)
    url = p.stderr.readline()
    m = re.search(r"http://127\.0\.0\.1:(\d+)/\?token=([0-9a-f]+)", url)
    if not m:
        raise SystemExit("no inspector URL from the demo: %r" % url)
    port, token = int(m.group(1)), m.group(2)
    # Read standard error while it runs: the demo logs every refused post and client there, and a full pipe
    # would stop its frame loop in write(2).
    lines = []
    reader = threading.Thread(target=lambda: lines.extend(p.stderr), daemon=True)
    reader.start()
    peak = 0
    halt = threading.Event()
    result = {}
    if hostile:
        t = threading.Thread(target=lambda: result.update(probe=attack(port, token, 3600, quiet=True, halt=halt, only=only, skip=skip)), daemon=True)
        t.start()
    while p.poll() is None:
        peak = max(peak, peak_rss_kb(p.pid))
        time.sleep(0.05)
    halt.set()
    if hostile:
        t.join(10)
    reader.join(10)
    out = p.stdout.read() + "".join(lines)
    stats = re.search(r"frame time median ([\d.]+) ms, p99 ([\d.]+) ms", out)
    if not stats:
        raise SystemExit("no --stats line:\n" + out[-2000:])
    return float(stats.group(1)), float(stats.group(2)), peak, result.get("probe")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    a = sub.add_parser("attack")
    a.add_argument("url")
    a.add_argument("--seconds", type=float, default=20)
    for p in (a, c := sub.add_parser("compare")):
        p.add_argument("--only", action="append", help="run only this attack (repeatable)")
        p.add_argument("--skip", action="append", default=[], help="leave this attack out (repeatable)")
    c.add_argument("binary")
    c.add_argument("--pairs", type=int, default=3)
    c.add_argument("--frames", type=int, default=400)
    args = ap.parse_args()
    if args.command == "attack":
        u = urlparse(args.url)
        token = parse_qs(u.query).get("token", [""])[0]
        attack(u.port, token, args.seconds, only=args.only, skip=args.skip)
        return
    rows = []
    for i in range(args.pairs):
        for hostile in (False, True):
            median, p99, peak, probe = run_demo(args.binary, args.frames, hostile, args.only, args.skip)
            seen = "" if probe is None else "  probe: %d answered, %d failed, slowest %.0f ms" % (probe[0], probe[1], probe[2] * 1000)
            print("run %d %-8s median %7.2f ms  p99 %8.2f ms  peak RSS %6.1f MB%s"
                  % (i + 1, "hostile" if hostile else "plain", median, p99, peak / 1024, seen), flush=True)


if __name__ == "__main__":
    main()
