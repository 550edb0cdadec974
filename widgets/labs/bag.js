// Deepwood bag lab (anywidget front end). Python holds the truth: the seeded generator,
// the tallies and the exact distributions. This module only draws the synced traits
// (bag, config, bars, counts, trials, colours, last, summary, message, title, seed) and
// sends requests with model.send: draw, configure, reset.
// Plain JavaScript and SVG, no imports, no network.

const DRAGON_BAG = { black: 24, blue: 4, green: 4, red: 4 };
const DROP_MS = 400;

/** An exact probability as a fraction: "1/6", "0", "1". */

function cap(s) {
  return s ? s[0].toUpperCase() + s.slice(1) : s;
}

/** One cube as SVG: a coloured square with a lighter top edge. */
export function cubeSvg(swatch, size = 22, title = "") {
  const s = size;
  return `<svg class="bl-cube-svg" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}">${title ? `<title>${esc(title)}</title>` : ""}` +
    `<rect x="1.5" y="1.5" width="${s - 3}" height="${s - 3}" rx="3" fill="${esc(swatch)}" class="bl-cube"/>` +
    `<path d="M4 5 L${s - 5} 5" stroke="rgba(255,255,255,0.55)" stroke-width="2" stroke-linecap="round"/></svg>`;
}

/** The bag: a sack holding one small square per cube. */
export function bagSvg(bag) {
  const cubes = [];
  for (const b of bag || []) for (let i = 0; i < b.count; i++) cubes.push(b.swatch);
  const W = 160, H = 150;
  const cols = Math.max(4, Math.ceil(Math.sqrt(cubes.length * 1.4)));
  const cell = Math.min(11, 100 / cols);
  const rows = Math.ceil(cubes.length / cols);
  const x0 = W / 2 - (cols * cell) / 2;
  const y0 = 128 - rows * cell;
  let body = `<path class="bl-sack" d="M52 38 C20 60 14 140 40 146 L120 146 C146 140 140 60 108 38 Z"/>` +
    `<ellipse class="bl-mouth" cx="80" cy="36" rx="30" ry="7"/>` +
    `<path d="M58 30 Q80 18 102 30" stroke="#7a5a2c" stroke-width="3" fill="none"/>`;
  cubes.forEach((sw, i) => {
    const r = Math.floor(i / cols);
    const c = i % cols;
    body += `<rect x="${(x0 + c * cell).toFixed(1)}" y="${(y0 + r * cell).toFixed(1)}" width="${(cell - 1.5).toFixed(1)}" height="${(cell - 1.5).toFixed(1)}" rx="1.5" fill="${esc(sw)}" class="bl-cube"/>`;
  });
  return `<svg class="bl-bag" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="the bag: ${cubes.length} cubes">${body}</svg>`;
}

// ---------------------------------------------------------------- the histogram
/** Observed frequencies as filled bars, the exact probabilities as outlines with a marker. */

/** Per colour: cubes in the bag, exact and observed chance to be hit at least once, mean hits. */
export function coloursHtml(colours, trials) {
  if (!colours || !colours.length) return `<div class="dl-muted">every cube in this bag is a miss</div>`;
  const rows = colours.map((c) => {
    const obs = trials ? c.any_count / trials : 0;
    const meter = `<span class="bl-meter" title="exact ${esc(c.any.p_text)}${trials ? ` · observed ${pct(obs, 2)}` : ""}">` +
      (trials ? `<span class="bl-meter-obs" style="width:${(100 * obs).toFixed(1)}%;background:${esc(c.swatch)}"></span>` : "") +
      `<span class="bl-meter-exact" style="left:calc(${(100 * c.any.p).toFixed(2)}% - 1px)"></span></span>`;
    return `<tr data-colour="${esc(c.colour)}"><td><span class="bl-swatch" style="background:${esc(c.swatch)}"></span> ${esc(c.colour)}</td>` +
      `<td>${c.cubes}</td><td class="dl-exact-txt">${fracStr(c.any)}</td><td>${esc(c.any.p_pct)}</td>` +
      `<td>${trials ? `${fmtInt(c.any_count)} (${pct(obs, 1)})` : "—"}</td><td>${meter}</td><td>${esc(c.mean)}</td></tr>`;
  }).join("");
  return `<table class="bl-colours"><thead><tr><th>colour</th><th>in the bag</th><th colspan="2">at least one drawn: exact</th><th>observed</th><th></th><th>drawn on average</th></tr></thead><tbody>${rows}</tbody></table>`;
}

export function trayHtml(st, animate = false) {
  const last = st.last || {};
  if (!last.id) return `<div class="bl-tray dl-tray-empty">Press a draw button: the cubes of the last draw appear here.</div>`;
  const cubes = last.cubes || [];
  const gap = cubes.length > 1 ? (DROP_MS - 200) / (cubes.length - 1) : 0;
  const html = cubes.map((c, i) => `<span class="bl-drawn${animate ? " bl-drop" : ""}" data-colour="${esc(c.colour)}"${animate ? ` style="animation-delay:${Math.round(i * gap)}ms"` : ""}>${cubeSvg(c.swatch, 24, c.colour)}</span>`).join("");
  return `<div class="bl-tray" data-draw-id="${last.id}">${html}<span class="dl-verdict">${esc(last.text || "")}</span></div>`;
}

/** The whole lab area below the controls (pure: testable in node without a DOM). */
export function renderMarkup(st, animate = false) {
  const bars = st.bars || [];
  const counts = st.counts || [];
  const trials = st.trials || 0;
  return `<div class="dl-title">${esc(st.title || "")}</div>` +
    (st.message ? `<div class="dl-message" role="alert">${esc(st.message)}</div>` : "") +
    `<div class="bl-bag-row">${bagSvg(st.bag)}${trayHtml(st, animate)}</div>` +
    `<div class="dl-title">${esc(cap((st.config || {}).hits_name || "coloured cubes"))} per draw</div>` +
    `<div class="dl-chart">${histogramSvg(bars, counts, trials, { height: 190 })}</div>` +
    `<div class="dl-legend"><span class="dl-key"><i class="dl-sw"></i>observed share</span><span class="dl-key"><i class="dl-sw dl-sw-exact"></i>exact probability</span><span class="dl-count">${fmtInt(trials)} draws</span></div>` +
    coloursHtml(st.colours, trials) +
    summaryHtml(st.summary);
}

export function countsMarkup(bag) {
  return (bag || []).map((b) => `<label title="${b.miss ? "misses" : "hits"}"><span class="bl-swatch" style="background:${esc(b.swatch)}"></span>${esc(b.colour)}` +
    `<input type="number" min="0" max="99" step="1" data-colour="${esc(b.colour)}" value="${b.count}"></label>`).join("");
}

function controlsMarkup() {
  return `<div class="dl-controls">` +
    `<span class="dl-brand">Bag lab</span>` +
    `<span class="bl-counts" data-ctl="counts"></span>` +
    `<button class="dl-btn" data-cmd="dragon" title="24 black cubes and 4 of each of three player colours">dragon bag</button>` +
    `</div><div class="dl-controls">` +
    `<label>cubes per draw <input type="number" min="1" max="40" step="1" data-ctl="draw"></label>` +
    `<label title="put each cube back before the next one is drawn"><input type="checkbox" data-ctl="replace"> with replacement</label>` +
    `</div><div class="dl-controls dl-buttons">` +
    `<button class="dl-btn dl-primary" data-cmd="draw" data-n="1">Draw once</button>` +
    `<button class="dl-btn dl-primary" data-cmd="draw" data-n="100">Draw 100 times</button>` +
    `<button class="dl-btn dl-primary" data-cmd="draw" data-n="10000">Draw 10,000 times</button>` +
    `<span class="dl-sep"></span>` +
    `<label>seed <input type="number" min="0" step="1" data-ctl="seed" class="dl-seed"></label>` +
    `<button class="dl-btn" data-cmd="reset" title="clear the tallies and restart the random numbers from the seed">Reset</button>` +
    `</div>`;
}

// ---------------------------------------------------------------- anywidget entry point
function render({ model, el }) {
  el.classList.add("dl-root");
  el.innerHTML = `<div class="dl-wrap">${controlsMarkup()}<div class="dl-main"></div></div>`;
  const main = el.querySelector(".dl-main");
  const ctl = (name) => el.querySelector(`[data-ctl="${name}"]`);
  const names = ["bag", "config", "bars", "counts", "trials", "colours", "last", "summary", "message", "title", "seed"];
  const state = () => Object.fromEntries(names.map((n) => [n, model.get(n)]));
  let seenDraw = (model.get("last") || {}).id || 0;
  let bagKey = "";

  function syncControls() {
    const cfg = model.get("config") || {};
    const active = document.activeElement;
    const bag = model.get("bag") || [];
    const key = JSON.stringify(bag);
    const box = ctl("counts");
    if (key !== bagKey && !box.contains(active)) {
      box.innerHTML = countsMarkup(bag);
      bagKey = key;
    } else if (!box.contains(active)) {
      box.querySelectorAll("input[data-colour]").forEach((inp) => {
        const b = bag.find((x) => x.colour === inp.getAttribute("data-colour"));
        if (b) inp.value = String(b.count);
      });
    }
    if (ctl("draw") !== active) ctl("draw").value = String(cfg.draw ?? 3);
    ctl("replace").checked = !!cfg.replace;
    if (ctl("seed") !== active) ctl("seed").value = String(model.get("seed") ?? 0);
  }

  function draw() {
    pending = false;
    const st = state();
    const id = (st.last || {}).id || 0;
    const animate = id !== seenDraw;
    seenDraw = id;
    const reduced = globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches;
    main.innerHTML = renderMarkup(st, animate && !reduced);
    syncControls();
  }
  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    Promise.resolve().then(draw);
  }

  function currentBag() {
    const bag = {};
    for (const b of model.get("bag") || []) bag[b.colour] = b.count;
    return bag;
  }

  function onClick(e) {
    const node = e.target.closest("[data-cmd]");
    if (!node || !el.contains(node) || node.disabled) return;
    const cmd = node.getAttribute("data-cmd");
    if (cmd === "draw") model.send({ type: "draw", n: parseInt(node.getAttribute("data-n"), 10) });
    else if (cmd === "dragon") model.send({ type: "configure", bag: { ...DRAGON_BAG } });
    else if (cmd === "reset") {
      const seed = parseInt(ctl("seed").value, 10);
      model.send(Number.isFinite(seed) ? { type: "reset", seed } : { type: "reset" });
    }
  }

  function onChange(e) {
    const t = e.target;
    if (!t || !t.getAttribute) return;
    const colour = t.getAttribute("data-colour");
    const name = t.getAttribute("data-ctl");
    if (colour) {
      const bag = currentBag();
      const n = Number(t.value);
      bag[colour] = t.value !== "" && Number.isInteger(n) ? n : t.value;
      model.send({ type: "configure", bag });
    } else if (name === "draw") {
      const n = Number(t.value);
      model.send({ type: "configure", draw: t.value !== "" && Number.isInteger(n) ? n : t.value });
    } else if (name === "replace") {
      model.send({ type: "configure", replace: !!t.checked });
    }
  }

  return wire(model, el, {
    names, schedule, draw, events: { click: onClick, change: onChange, focusout: syncControls },
    valueOf: (node) => {
      const colour = node.getAttribute("data-colour");
      if (colour) return ((model.get("bag") || []).find((b) => b.colour === colour) || {}).count;
      const k = node.getAttribute("data-ctl");
      return k === "seed" ? model.get("seed") : k === "draw" ? (model.get("config") || {}).draw : undefined;
    },
  });
}

export default { render };
