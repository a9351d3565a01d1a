#!/usr/bin/env python3
"""Loads the inspector page in headless Chromium (through chromedriver, W3C WebDriver over HTTP, standard library
only) against a headless Glasspane that replays a scene click, and checks the DOM:

1. the view tree lists picker.sv;
2. on the paused page, a click on the image while it has no size selects nothing, and clicking the picker's square
   in the loaded image selects picker.sv;
3. the routing panel shows the scripted click on the scene with reason "... no layer claimed" (the engine got it),
   and clicking it shows its hit-test path.

Usage: inspector_page_check.py GLASSPANE_BINARY OUTPUT_DIR. Screenshots go to OUTPUT_DIR. Exit 0 when every check
holds; 1 with the failed check on stderr.
"""
import base64
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request

SCRIPT = "\n".join([
    '{"format":"glasspane-script","version":1,"window":{"width":1280,"height":720,"scale":1},"step_hz":120}',
    '{"frames":[0,3600],"ns":16666667}',
    '{"frame":30,"click":[900,500]}',
    '{"frame":3600,"expect":{"state":{"spinning":false}}}',
]) + "\n"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class WebDriver:
    def __init__(self, port):
        self.base = "http://127.0.0.1:%d" % port
        self.session = None

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(self.base + path, data=data, method=method,
                                         headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=30) as response:
                return json.loads(response.read())["value"]
        except urllib.error.HTTPError as e:
            raise AssertionError("WebDriver %s %s: %s" % (method, path, e.read().decode(errors="replace")[:500]))

    def start(self):
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {
            "binary": "/usr/bin/chromium",
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1400,1100"]}}}}
        self.session = self.call("POST", "/session", caps)["sessionId"]

    def s(self, path):
        return "/session/%s%s" % (self.session, path)

    def go(self, url):
        self.call("POST", self.s("/url"), {"url": url})

    def js(self, script, *args):
        return self.call("POST", self.s("/execute/sync"), {"script": script, "args": list(args)})

    def wait(self, script, what, timeout=20):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            value = self.js(script)
            if value:
                return value
            time.sleep(0.1)
        raise AssertionError("timed out waiting for " + what)

    def click_at(self, x, y):
        """A real pointer click at a viewport point."""
        self.call("POST", self.s("/actions"), {"actions": [{"type": "pointer", "id": "mouse", "parameters": {"pointerType": "mouse"},
            "actions": [{"type": "pointerMove", "origin": "viewport", "x": int(x), "y": int(y)},
                        {"type": "pointerDown", "button": 0}, {"type": "pointerUp", "button": 0}]}]})

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.call("GET", self.s("/screenshot"))))

    def quit(self):
        if self.session:
            try:
                self.call("DELETE", self.s(""))
            except Exception:
                pass


def main(binary, out):
    os.makedirs(out, exist_ok=True)
    script_path = os.path.join(out, "scene-click.jsonl")
    with open(script_path, "w") as f:
        f.write(SCRIPT)
    app = subprocess.Popen([binary, "replay", script_path, "--headless", "--speed", "realtime", "--inspect", "127.0.0.1:0"],
                           stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    driver_port = free_port()
    chromedriver = subprocess.Popen(["chromedriver", "--port=%d" % driver_port], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    wd = WebDriver(driver_port)
    try:
        url = None
        for line in app.stderr:
            m = re.search(r"inspector: (http://\S+)", line)
            if m:
                url = m.group(1)
                break
        if not url:
            raise AssertionError("the demo printed no inspector URL")
        for _ in range(100):
            try:
                if wd.call("GET", "/status").get("ready"):
                    break
            except Exception:
                time.sleep(0.1)
        wd.start()
        wd.go(url)

        # 1. The view tree lists picker.sv.
        wd.wait("return !!document.querySelector('#tree li[data-view-id=\"picker.sv\"]')", "picker.sv in the view tree")
        # Pause the page once it has shown an image, so it loads no new one: a reload between reading the image's
        # size and clicking made the click land at Infinity. Once paused, a loaded, sized image stays so (a load in
        # flight at the pause completes; none starts).
        wd.wait("const i = document.querySelector('#frame-img'); return i.complete && i.naturalWidth > 0", "the first frame image")
        wd.js("document.querySelector('#pause').click()")
        wd.wait("""const i = document.querySelector('#frame-img'), r = i.getBoundingClientRect();
                   return document.querySelector('#pause').textContent === 'Resume page' && i.complete && i.naturalWidth > 0 && r.width > 0 && r.height > 0""",
                "a loaded, sized frame image on the paused page")
        wd.screenshot(os.path.join(out, "inspector-tree.png"))

        # 2a. A click while the image has no size selects nothing (the page's click handler ignores it).
        ignored = wd.js("""
            const img = document.querySelector('#frame-img'), src = img.getAttribute('src');
            img.removeAttribute('src');
            const sized = img.naturalWidth > 0, r = img.getBoundingClientRect();
            img.dispatchEvent(new MouseEvent('click', { bubbles: true, clientX: r.left + r.width / 2, clientY: r.top + r.height / 2 }));
            const selection = document.querySelector('#selected').dataset.viewId;
            img.setAttribute('src', src);
            return [sized, selection === undefined];""")
        if ignored != [False, True]:
            raise AssertionError("a click on an image with no size was not ignored (image sized, nothing selected): %r" % ignored)
        wd.wait("const i = document.querySelector('#frame-img'); return i.complete && i.naturalWidth > 0", "the frame image again")

        # 2b. Clicking the picker's square in the image selects picker.sv.
        x, y = wd.js("""
            const li = document.querySelector('#tree li[data-view-id="picker.sv"]');
            const f = li.querySelector('.frame').textContent.split(',').map(Number);
            const img = document.querySelector('#frame-img');
            img.scrollIntoView();
            const r = img.getBoundingClientRect();
            const sx = r.width / img.naturalWidth, sy = r.height / img.naturalHeight;
            return [r.left + (f[0] + f[2] / 2) * sx, r.top + (f[1] + f[3] / 2) * sy];""")
        if not all(isinstance(v, (int, float)) and v == v and abs(v) < 1e6 for v in (x, y)):
            raise AssertionError("the picker's square maps to no point in the image: %r, %r" % (x, y))
        wd.click_at(x, y)
        selected = wd.wait("return document.querySelector('#selected').dataset.viewId", "a selection")
        if selected != "picker.sv":
            raise AssertionError("clicking the picker's square selected %r, not picker.sv" % selected)
        if not wd.js("return !!document.querySelector('#tree li.selected[data-view-id=\"picker.sv\"]')"):
            raise AssertionError("the tree does not mark picker.sv selected")

        wd.js("document.querySelector('#pause').click()")  # resume: the routing panel renders only when live

        # 3. The scripted scene click is in the routing panel, with the engine's reason; its path shows on click.
        wd.wait("return [...document.querySelectorAll('#routes li')].some(li => li.textContent.includes('down 900,500') && li.dataset.reason.includes('no layer claimed'))",
                "the scene click in the routing panel", timeout=30)
        text = wd.js("""
            const li = [...document.querySelectorAll('#routes li')].find(li => li.textContent.includes('down 900,500'));
            li.click();
            return li.textContent + '\\n' + document.querySelector('#route-path').textContent;""")
        if "-> engine" not in text or "no layer claimed" not in text or "hit-test path" not in text:
            raise AssertionError("the routing entry does not explain the engine's click:\n" + text)
        wd.screenshot(os.path.join(out, "inspector-routing.png"))
        print("ok: picker.sv listed and selected by a click in the image; scene click routed to the engine:")
        print(text)
        return 0
    except AssertionError as e:
        try:
            wd.screenshot(os.path.join(out, "inspector-failure.png"))
        except Exception:
            pass
        print("FAILED: %s" % e, file=sys.stderr)
        return 1
    finally:
        wd.quit()
        chromedriver.terminate()
        app.terminate()
        try:
            app.wait(timeout=10)
        except subprocess.TimeoutExpired:
            app.kill()
        chromedriver.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
