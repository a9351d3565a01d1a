// The inspector's page, embedded in the binary: one HTML document with its CSS and JavaScript inline. No CDN,
// no build step, no third-party code. docs/inspector.md describes what each panel shows.

/// The static page the inspector serves at `/`.
enum InspectorPage {
    /// The whole document.
    static let html = head + "<style>\n" + style + "</style>" + middle + "<script>\n" + script + "</script>" + tail

    private static let head = #"""
<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Glasspane inspector</title>
"""#

    private static let middle = #"""

</head>
<body>
<header>
  <h1>Glasspane inspector</h1>
  <span id="status" class="status">connecting…</span>
  <span id="frame-index"></span>
  <button id="pause" type="button">Pause page</button>
  <span class="note">Pausing the page never pauses the app.</span>
</header>
<main>
  <section id="frame-panel" class="panel">
    <h2>Frame</h2>
    <div id="frame-box">
      <img id="frame-img" alt="the latest frame">
      <svg id="frame-overlay" xmlns="http://www.w3.org/2000/svg"></svg>
    </div>
    <div id="selected" class="detail">Click the image to select the view under the point.</div>
  </section>
  <section id="tree-panel" class="panel">
    <h2>View tree</h2>
    <ul id="tree"></ul>
  </section>
  <section id="routing-panel" class="panel">
    <h2>Routing <small>(last events; click one for its hit-test path)</small></h2>
    <ol id="routes"></ol>
    <div id="route-path" class="detail"></div>
  </section>
  <section id="bus-panel" class="panel">
    <h2>Bus traffic</h2>
    <div class="controls">
      <input id="bus-filter" type="search" placeholder="filter: type, endpoint, text">
      <label><input id="bus-fast" type="checkbox"> fast channels</label>
      <label><input id="bus-deliveries" type="checkbox"> deliveries</label>
    </div>
    <table id="bus"><thead><tr><th>frame</th><th>phase</th><th>event</th><th>from → to</th><th>type</th><th>payload / error</th></tr></thead><tbody></tbody></table>
  </section>
  <section id="chart-panel" class="panel">
    <h2>Frame time <small id="chart-summary"></small></h2>
    <canvas id="chart" width="900" height="180"></canvas>
    <div id="legend"></div>
  </section>
</main>
"""#

    private static let tail = #"""

</body>
</html>
"""#

    /// The page's CSS.
    static let style = #"""
body { font: 13px/1.4 system-ui, sans-serif; margin: 0; background: #15171c; color: #dde; }
header { display: flex; gap: 12px; align-items: center; padding: 6px 12px; background: #20232b; }
h1 { font-size: 15px; margin: 0; }
h2 { font-size: 13px; margin: 0 0 6px; color: #9ab; }
small { color: #789; font-weight: normal; }
.note { color: #789; }
.status.ok { color: #7d7; } .status.bad { color: #e77; }
main { display: grid; grid-template-columns: minmax(420px, 1.3fr) minmax(280px, 1fr); gap: 8px; padding: 8px; }
.panel { background: #1c1f26; border-radius: 6px; padding: 8px; overflow: auto; }
#frame-panel { grid-row: span 2; }
#frame-box { position: relative; display: inline-block; width: 100%; }
#frame-img { width: 100%; display: block; background: #000; min-height: 120px; cursor: crosshair; }
#frame-overlay { position: absolute; left: 0; top: 0; width: 100%; height: 100%; pointer-events: none; }
#frame-overlay rect { fill: none; stroke: rgba(120, 200, 255, 0.35); stroke-width: 1; vector-effect: non-scaling-stroke; }
#frame-overlay rect.hover { stroke: #ffd24a; stroke-width: 2; }
#frame-overlay rect.selected { stroke: #ff5a8a; stroke-width: 3; }
#frame-overlay circle { fill: #ff5a8a; }
#tree-panel { max-height: 420px; }
#tree { list-style: none; padding: 0; margin: 0; font-family: ui-monospace, monospace; font-size: 12px; }
#tree li { padding: 1px 4px; cursor: pointer; white-space: nowrap; }
#tree li:hover { background: #2b3040; }
#tree li.selected { background: #4a2540; }
#tree li.layer { color: #9ab; font-weight: bold; cursor: default; }
#tree li.text-line { color: #8a9; cursor: default; }
#tree .flags { color: #c9a; } #tree .frame { color: #789; } #tree .hidden { opacity: 0.5; }
#routes { max-height: 220px; overflow: auto; margin: 0; padding-left: 28px; font-family: ui-monospace, monospace; font-size: 12px; }
#routes li { cursor: pointer; } #routes li:hover, #routes li.selected { background: #2b3040; }
#routes .engine { color: #fb6; } #routes .overlay { color: #7cf; }
.detail { margin-top: 6px; font-family: ui-monospace, monospace; font-size: 12px; white-space: pre-wrap; color: #cce; }
#bus-panel { grid-column: span 2; max-height: 300px; }
.controls { display: flex; gap: 10px; margin-bottom: 4px; }
#bus { width: 100%; border-collapse: collapse; font-family: ui-monospace, monospace; font-size: 12px; }
#bus td, #bus th { text-align: left; padding: 1px 6px; border-bottom: 1px solid #262a33; vertical-align: top; }
#bus tr.error td { color: #f88; }
#chart-panel { grid-column: span 2; }
#chart { width: 100%; height: 180px; background: #111318; }
#legend span { display: inline-block; margin-right: 10px; font-size: 12px; }
#legend i { display: inline-block; width: 10px; height: 10px; margin-right: 4px; vertical-align: middle; }
"""#

    /// The page's JavaScript.
    static let script = #"""
"use strict";
// The inspector page: one WebSocket for live updates, the latest frame image over HTTP. Everything is bounded:
// the page keeps the last N records of each kind, like the server.
const token = new URLSearchParams(location.search).get("token") || "";
const q = (s) => document.querySelector(s);
const LIMIT = { frames: 600, routes: 200, bus: 500 };
const PHASES = ["events", "routing", "bus_to_engine", "simulation", "bus_to_overlay", "animation", "hud",
  "overlay_layout", "overlay_paint", "scene_render", "overlay_render", "present"];
const COLORS = ["#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462", "#b3de69", "#fccde5",
  "#d9d9d9", "#bc80bd", "#ccebc5", "#ffed6f"];
const state = { frames: [], routes: [], bus: [], tree: null, frame: 0, image: 0, imageLoading: false,
  paused: false, selected: null, hover: null, route: null, dirty: true };

function keep(list, items, limit) {
  for (const x of items) list.push(x);
  if (list.length > limit) list.splice(0, list.length - limit);
}

function absorb(m) {
  if (m.frames) keep(state.frames, m.frames, LIMIT.frames);
  if (m.routes) keep(state.routes, m.routes, LIMIT.routes);
  if (m.bus) keep(state.bus, m.bus, LIMIT.bus);
  if (m.tree && m.tree !== null) state.tree = m.tree;
  if (typeof m.frame === "number") state.frame = m.frame;
  if (m.image && m.image.version > state.image) { state.image = m.image.version; loadImage(); }
  state.dirty = true;
}

function loadImage() {
  if (state.paused || state.imageLoading || state.image === 0) return;
  state.imageLoading = true;
  const img = q("#frame-img");
  img.onload = img.onerror = () => { state.imageLoading = false; img.dataset.version = String(state.image); drawOverlay(); };
  img.src = "/api/frame.png?token=" + encodeURIComponent(token) + "&v=" + state.image;
}

function connect() {
  const ws = new WebSocket((location.protocol === "https:" ? "wss://" : "ws://") + location.host + "/ws?token=" + encodeURIComponent(token));
  ws.onopen = () => {
    q("#status").textContent = "live"; q("#status").className = "status ok";
    ws.send(JSON.stringify({ op: "subscribe", topics: ["frames", "routes", "bus", "tree", "image"] }));
  };
  ws.onmessage = (e) => {
    const m = JSON.parse(e.data);
    if (m.kind === "snapshot" || m.kind === "update") absorb(m);
  };
  ws.onclose = (e) => {
    q("#status").textContent = "disconnected (" + (e.reason || e.code) + "); retrying";
    q("#status").className = "status bad";
    setTimeout(connect, 1000);
  };
}

// ---- view tree and frame overlay ----
function allViews() {
  if (!state.tree) return [];
  const out = [];
  state.tree.layers.forEach((layer, li) => layer.views.forEach((v) => out.push(Object.assign({ layer: layer.name, layerIndex: li, layerKind: layer.kind }, v))));
  return out;
}

function viewAt(x, y) {
  if (!state.tree) return null;
  for (let li = state.tree.layers.length - 1; li >= 0; li--) {
    const layer = state.tree.layers[li];
    if (layer.visibility === "hidden") continue;
    let best = null;
    for (const v of layer.views) {
      if (!v.visible || v.depth === 0) continue;
      const [fx, fy, fw, fh] = v.frame;
      if (x >= fx && y >= fy && x < fx + fw && y < fy + fh && (!best || v.depth >= best.depth)) best = v;
    }
    if (best) return Object.assign({ layer: layer.name, layerKind: layer.kind }, best);
  }
  return null;
}

function renderTree() {
  const ul = q("#tree");
  ul.textContent = "";
  if (!state.tree) return;
  for (const layer of state.tree.layers.slice().reverse()) {
    const head = document.createElement("li");
    head.className = "layer";
    head.textContent = "layer " + layer.name + " (level " + layer.level + ", " + (layer.visibility === "hidden" ? "hidden" : layer.kind) + ")";
    ul.appendChild(head);
    for (const v of layer.views) {
      const li = document.createElement("li");
      li.dataset.viewId = v.id;
      li.dataset.layer = layer.name;
      li.style.paddingLeft = (8 + v.depth * 14) + "px";
      if (!v.visible) li.classList.add("hidden");
      if (state.selected && state.selected.id === v.id && state.selected.layer === layer.name) li.classList.add("selected");
      const flags = v.flags.slice();
      if (v.alpha !== 1) flags.push("alpha=" + v.alpha);
      if (v.passthrough) flags.push("passthrough");
      if (!v.interactive) flags.push("no-hits");
      li.innerHTML = "<span class=id></span> <span class=type></span> <span class=frame></span> <span class=flags></span>";
      li.querySelector(".id").textContent = v.id || "(unnamed)";
      li.querySelector(".type").textContent = v.type;
      li.querySelector(".frame").textContent = v.frame.map((n) => Math.round(n)).join(",");
      li.querySelector(".flags").textContent = flags.length ? "[" + flags.join(" ") + "]" : "";
      li.onmouseenter = () => { state.hover = { id: v.id, layer: layer.name }; drawOverlay(); };
      li.onmouseleave = () => { state.hover = null; drawOverlay(); };
      li.onclick = () => select(Object.assign({ layer: layer.name, layerKind: layer.kind }, v));
      ul.appendChild(li);
      // Text views: one row per line, its runs as "text" font size direction script glyph count.
      for (const line of (v.text ? v.text.lines : [])) {
        const row = document.createElement("li");
        row.className = "text-line";
        row.style.paddingLeft = (22 + v.depth * 14) + "px";
        row.textContent = "line " + line.frame.map((n) => Math.round(n)).join(",") + ": " + line.runs.map((r) =>
          JSON.stringify(r.text) + " " + r.font + " " + r.size + "pt " + r.direction + " " + r.script + " " + r.glyphs + "g").join(" | ");
        ul.appendChild(row);
      }
    }
  }
}

function select(v) {
  state.selected = v;
  q("#selected").textContent = v ? "selected: " + (v.id || "(unnamed)") + " " + v.type + " in layer " + v.layer +
    " (" + v.layerKind + "), frame " + v.frame.map((n) => Math.round(n)).join(",") + ", alpha " + v.alpha +
    (v.passthrough ? ", passthrough" : "") + (v.flags.length ? ", flags " + v.flags.join(" ") : "") : "nothing under the point";
  q("#selected").dataset.viewId = v ? v.id : "";
  renderTree();
  drawOverlay();
}

function drawOverlay() {
  const svg = q("#frame-overlay");
  if (!state.tree) return;
  const w = state.tree.window.width, h = state.tree.window.height;
  svg.setAttribute("viewBox", "0 0 " + w + " " + h);
  svg.setAttribute("preserveAspectRatio", "none");
  let out = "";
  for (const v of allViews()) {
    if (!v.visible || v.depth === 0) continue;
    const same = (s) => s && s.id === v.id && s.layer === v.layer;
    const cls = same(state.selected) ? "selected" : same(state.hover) ? "hover" : "";
    out += '<rect class="' + cls + '" x="' + v.frame[0] + '" y="' + v.frame[1] + '" width="' + v.frame[2] + '" height="' + v.frame[3] + '"/>';
  }
  if (state.route && state.route.point) out += '<circle cx="' + state.route.point[0] + '" cy="' + state.route.point[1] + '" r="5"/>';
  svg.innerHTML = out;
}

q("#frame-img").addEventListener("click", (e) => {
  const img = e.currentTarget, r = img.getBoundingClientRect();
  // An image with no size (not decoded yet, or src cleared) maps the click to no point: ignore it.
  if (!state.tree || img.naturalWidth === 0 || r.width === 0 || r.height === 0) return;
  const x = (e.clientX - r.left) * state.tree.window.width / r.width;
  const y = (e.clientY - r.top) * state.tree.window.height / r.height;
  select(viewAt(x, y));
});

// ---- routing ----
function renderRoutes() {
  const ol = q("#routes");
  ol.textContent = "";
  for (const r of state.routes.slice().reverse()) {
    const li = document.createElement("li");
    li.value = r.seq;
    li.dataset.seq = r.seq;
    li.className = r.target + (state.route && state.route.seq === r.seq ? " selected" : "");
    li.textContent = "frame " + r.frame + ": " + r.line;
    li.dataset.reason = r.reason;
    li.onclick = () => { state.route = r; showPath(r); renderRoutes(); drawOverlay(); };
    ol.appendChild(li);
  }
}

function showPath(r) {
  const lines = ["event: " + r.line, "target: " + r.target + (r.view !== undefined ? " " + r.layer + "/" + r.view : ""), "reason: " + r.reason, "hit-test path (front to back):"];
  for (const step of r.path || []) lines.push("  " + step.layer + ": " + step.result + (step.views ? "  " + step.views.join(" › ") : ""));
  if (!r.path) lines.push("  (not a located event)");
  q("#route-path").textContent = lines.join("\n");
}

// ---- bus ----
function renderBus() {
  const filter = q("#bus-filter").value.trim().toLowerCase();
  const fast = q("#bus-fast").checked, deliveries = q("#bus-deliveries").checked;
  const body = q("#bus tbody");
  const rows = [];
  for (let i = state.bus.length - 1; i >= 0 && rows.length < 200; i--) {
    const b = state.bus[i];
    if (b.channel && !fast) continue;
    if (b.event === "deliver" && !deliveries) continue;
    const text = JSON.stringify(b).toLowerCase();
    if (filter && !text.includes(filter)) continue;
    rows.push(b);
  }
  body.textContent = "";
  for (const b of rows) {
    const tr = document.createElement("tr");
    if (b.error || b.event === "reject") tr.className = "error";
    const payload = b.error ? b.error.code + ": " + b.error.message : b.raw !== undefined ? "rejected: " + b.raw :
      b.channel ? b.channel + " ×" + b.count + " (" + b.bytes + " B)" : b.data !== undefined ? JSON.stringify(b.data) : "";
    for (const cell of [b.frame, b.phase, b.event, (b.from || "") + " → " + (b.to || ""), b.type || "", payload]) {
      const td = document.createElement("td"); td.textContent = String(cell); tr.appendChild(td);
    }
    body.appendChild(tr);
  }
}
for (const id of ["#bus-filter", "#bus-fast", "#bus-deliveries"]) q(id).addEventListener("input", renderBus);

// ---- frame-time chart ----
function renderChart() {
  const c = q("#chart"), g = c.getContext("2d");
  const frames = state.frames.slice(-300);
  g.clearRect(0, 0, c.width, c.height);
  if (!frames.length) return;
  const barW = c.width / 300;
  let max = 0;
  for (const f of frames) { let s = 0; for (let i = 4; i < f.length; i++) s += f[i]; max = Math.max(max, s, f[1]); }
  max = Math.max(max, 16.7e6 * 0.25);
  const sums = new Array(PHASES.length).fill(0);
  frames.forEach((f, x) => {
    let y = c.height;
    for (let p = 0; p < PHASES.length; p++) {
      const ns = f[4 + p] || 0; sums[p] += ns;
      const hpx = ns / max * (c.height - 10);
      g.fillStyle = COLORS[p]; g.fillRect(x * barW, y - hpx, Math.max(1, barW - 0.5), hpx); y -= hpx;
    }
    if (x > 0) { g.fillStyle = "#fff"; g.fillRect(x * barW, c.height - f[1] / max * (c.height - 10), barW, 1.5); }
  });
  const budget = c.height - 16.67e6 / max * (c.height - 10);
  if (budget > 0) { g.strokeStyle = "#e66"; g.setLineDash([4, 4]); g.beginPath(); g.moveTo(0, budget); g.lineTo(c.width, budget); g.stroke(); g.setLineDash([]); }
  const last = frames[frames.length - 1];
  const avg = frames.slice(1).reduce((a, f) => a + f[1], 0) / Math.max(1, frames.length - 1);
  q("#chart-summary").textContent = "last " + frames.length + " frames, mean frame time " + (avg / 1e6).toFixed(2) + " ms, frame " + last[0] + "; white: frame time, bars: CPU time per phase, red: 16.7 ms";
  q("#legend").innerHTML = PHASES.map((p, i) => '<span><i style="background:' + COLORS[i] + '"></i>' + p + " " + (sums[i] / frames.length / 1000).toFixed(0) + " µs</span>").join("");
}

q("#pause").onclick = () => {
  state.paused = !state.paused;
  q("#pause").textContent = state.paused ? "Resume page" : "Pause page";
  if (!state.paused) { state.dirty = true; loadImage(); }
};

let lastTreeFrame = -1;
function tick() {
  if (!state.paused && state.dirty) {
    state.dirty = false;
    q("#frame-index").textContent = "frame " + state.frame;
    if (state.tree && state.tree.frame !== lastTreeFrame) { lastTreeFrame = state.tree.frame; renderTree(); drawOverlay(); }
    renderRoutes(); renderBus(); renderChart();
  }
  setTimeout(() => requestAnimationFrame(tick), 100);
}
connect();
tick();
"""#
}
