// Deepwood dice lab (anywidget front end). Python holds the truth: the seeded generator,
// the tallies and the exact distribution. This module only draws the synced traits
// (config, bars, counts, trials, last, fight, summary, message, title) and sends requests
// with model.send: roll, configure, reset, new_fight, toggle, select, best, reroll.
// Plain JavaScript and SVG, no imports, no network.

const SIDES = [4, 6, 8, 10, 12, 20];
const MODES = [["sum", "sum of the dice"], ["keep", "keep the highest"],
  ["under", "roll under (tokens)"], ["fight", "keep-aside fight"]];
const TUMBLE_MS = 420;

/** An exact probability as a fraction: "1/6", "0", "1". */

// ---------------------------------------------------------------- dice faces
const PIPS = {
  1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]],
  4: [[-1, -1], [1, -1], [-1, 1], [1, 1]], 5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]],
  6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]],
};

function polygon(n, r, cx, cy, rot) {
  const pts = [];
  for (let i = 0; i < n; i++) {
    const a = rot + (2 * Math.PI * i) / n;
    pts.push(`${(cx + r * Math.cos(a)).toFixed(1)},${(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return pts.join(" ");
}

/** One die face as SVG: pips on a d6, the number on a shape for the other dice. */
export function dieSvg(face, sides, size = 40, cls = "") {
  const s = size;
  const c = s / 2;
  let body;
  if (sides === 6) {
    body = `<rect x="2" y="2" width="${s - 4}" height="${s - 4}" rx="${s / 6}" class="dl-die-body"/>`;
    const p = PIPS[face];
    if (p) {
      body += p.map(([dx, dy]) => `<circle cx="${c + dx * s * 0.24}" cy="${c + dy * s * 0.24}" r="${s * 0.085}" class="dl-pip"/>`).join("");
    } else {
      body += `<text x="${c}" y="${c + s * 0.13}" text-anchor="middle" font-size="${s * 0.42}" class="dl-num">${face}</text>`;
    }
  } else {
    const shape = { 4: [3, -Math.PI / 2], 8: [4, -Math.PI / 2], 10: [5, -Math.PI / 2], 12: [5, -Math.PI / 2], 20: [6, -Math.PI / 2] }[sides] || [4, Math.PI / 4];
    const [n, rot] = shape;
    const r = n === 3 ? s * 0.52 : s * 0.47;
    const cy = n === 3 ? c + s * 0.1 : c;
    body = `<polygon points="${polygon(n, r, c, cy, rot)}" class="dl-die-body dl-d${sides}"/>`;
    if (sides === 12) body += `<polygon points="${polygon(5, s * 0.25, c, c, Math.PI / 2)}" class="dl-facet"/>`;
    if (sides === 20) body += `<polygon points="${polygon(3, s * 0.33, c, c, -Math.PI / 2)}" class="dl-facet"/>`;
    const fs = String(face).length > 1 ? s * 0.32 : s * 0.4;
    body += `<text x="${c}" y="${cy + fs * 0.36}" text-anchor="middle" font-size="${fs.toFixed(1)}" class="dl-num">${face}</text>`;
  }
  return `<svg class="dl-die-svg ${cls}" width="${s}" height="${s}" viewBox="0 0 ${s} ${s}" aria-label="die showing ${face}">${body}</svg>`;
}

// ---------------------------------------------------------------- the histogram
/** Observed frequencies as filled bars, the exact probabilities as outlines with a marker. */

function legendHtml(st) {
  const mode = (st.config || {}).mode;
  let zones = "";
  if (mode === "under") {
    zones = `<span class="dl-key"><i class="dl-sw dl-zone-pass"></i>pass</span>` +
      `<span class="dl-key"><i class="dl-sw dl-zone-tokens"></i>pass with tokens</span>` +
      `<span class="dl-key"><i class="dl-sw dl-zone-fail"></i>fail</span>`;
  } else if (mode === "fight") {
    zones = `<span class="dl-key"><i class="dl-sw dl-zone-pass"></i>win</span><span class="dl-key"><i class="dl-sw dl-zone-fail"></i>lose</span>`;
  } else {
    zones = `<span class="dl-key"><i class="dl-sw"></i>observed share</span>`;
  }
  return `<div class="dl-legend">${zones}<span class="dl-key"><i class="dl-sw dl-sw-exact"></i>exact probability</span>` +
    `<span class="dl-count">${fmtInt(st.trials)} ${mode === "fight" ? "fights" : "rolls"}</span></div>`;
}

export function tableHtml(bars, counts, trials) {
  const rows = bars.map((b, i) => {
    const obs = trials ? `${fmtInt(counts[i])}` : "—";
    const op = trials ? pct((counts[i] || 0) / trials, 2) : "—";
    return `<tr class="${b.zone ? `dl-row-${b.zone}` : ""}"><td>${esc(b.label)}</td><td>${fracStr(b)}</td><td>${esc(b.p_pct)}</td><td>${obs}</td><td>${op}</td></tr>`;
  }).join("");
  return `<div class="dl-table-wrap" data-scroll="table"><table class="dl-table"><thead><tr><th>result</th><th>exact P</th><th>exact %</th><th>observed</th><th>observed %</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

// ---------------------------------------------------------------- the tray (last roll)
export function trayHtml(st) {
  const last = st.last || {};
  const cfg = st.config || {};
  if (!last.id) {
    return `<div class="dl-tray dl-tray-empty">${cfg.mode === "fight" ? "Let the optimal player fight, or play a fight yourself below." : "Press a roll button."}</div>`;
  }
  const kept = new Set(last.kept || []);
  const dice = (last.dice || []).map((f, i) => `<span class="dl-die${kept.has(i) ? "" : " dl-dropped"}" data-face="${f}" data-sides="${last.sides}">${dieSvg(f, last.sides, 44)}</span>`).join("");
  return `<div class="dl-tray" data-roll-id="${last.id}">${dice}<span class="dl-verdict">${esc(last.text || "")}</span></div>`;
}

// ---------------------------------------------------------------- the learner's fight
export function fightHtml(st) {
  const f = st.fight || {};
  const cfg = st.config || {};
  if (cfg.mode !== "fight") return "";
  const start = f.start ? f.start.p_text : "";
  let html = `<div class="dl-fight"><div class="dl-fight-title">Your fight: reach <b>${f.target}</b> with ${f.dice}d${f.sides} in ${f.rolls} roll${f.rolls === 1 ? "" : "s"}` +
    ` · perfect play wins ${esc(start)}</div>`;
  if (f.status === "choose") {
    const aside = (f.aside || []);
    const asideSum = aside.reduce((a, b) => a + b, 0);
    html += `<div class="dl-fight-row"><span class="dl-lbl">set aside</span>` +
      (aside.length ? aside.map((v) => `<span class="dl-die dl-locked">${dieSvg(v, f.sides, 34)}</span>`).join("") + `<span class="dl-sum">= ${asideSum}</span>` : `<span class="dl-muted">nothing yet</span>`) +
      `<span class="dl-need">still needed: <b>${f.need}</b></span></div>`;
    const sel = new Set(f.selected || []);
    html += `<div class="dl-fight-row dl-fight-roll" data-roll-id="${f.roll_id}"><span class="dl-lbl">roll ${f.roll_no} of ${f.rolls}</span>` +
      (f.roll || []).map((v, i) => `<button class="dl-die dl-pick${sel.has(i) ? " dl-selected" : ""}" data-die="${i}" data-face="${v}" data-sides="${f.sides}" title="${sel.has(i) ? "take back" : "set this die aside"}">${dieSvg(v, f.sides, 40)}</button>`).join("") +
      `<span class="dl-muted">click dice to set them aside</span></div>`;
    const s = f.selection || {};
    const stop = (s.keep || []).length === (f.roll || []).length;
    const isBest = (f.choices || []).some((c) => c.selected && c.best);
    html += `<div class="dl-fight-row"><span class="dl-choice-now">${stop ? "Stop here" : (s.keep && s.keep.length ? `Set aside ${esc(s.keep.join("-"))}` : "Reroll everything")}: win chance <b>${esc(s.p_text)}</b> ${isBest ? `<span class="dl-star">★ optimal</span>` : `<span class="dl-worse">best: ${esc((f.best || []).join("-") || "reroll all")}</span>`}</span></div>`;
    html += `<div class="dl-fight-row"><button class="dl-btn dl-primary" data-cmd="reroll">${stop ? "Stop and count" : "Reroll the rest"}</button>` +
      `<button class="dl-btn" data-cmd="best" title="select the optimal choice">Select the best</button>` +
      `<button class="dl-btn" data-cmd="new_fight">New fight</button></div>`;
    const rows = (f.choices || []).map((c) => `<tr class="dl-choice${c.selected ? " dl-selected" : ""}${c.best ? " dl-best" : ""}" data-select="${esc(c.keep.join(" "))}" title="select this choice">` +
      `<td>${c.best ? "★" : ""}</td><td>${c.stop ? `stop (${esc(c.keep.join("-"))})` : (c.keep.length ? esc(c.keep.join("-")) : "nothing: reroll all")}</td><td>${fracStr(c)}</td><td>${esc(c.p_pct)}</td></tr>`).join("");
    html += `<div class="dl-table-wrap dl-choices" data-scroll="choices"><table class="dl-table"><thead><tr><th></th><th>set aside</th><th>exact win chance</th><th>%</th></tr></thead><tbody>${rows}</tbody></table></div>`;
  } else if (f.status === "won" || f.status === "lost") {
    const aside = f.aside || [];
    html += `<div class="dl-fight-row dl-fight-roll" data-roll-id="${f.roll_id}">` +
      aside.concat(f.roll || []).map((v) => `<span class="dl-die" data-face="${v}" data-sides="${f.sides}">${dieSvg(v, f.sides, 36)}</span>`).join("") +
      `<span class="dl-result dl-${esc(f.status)}">total ${f.total}: ${f.status === "won" ? "you win!" : "you lose"}</span></div>`;
    html += `<div class="dl-fight-row"><button class="dl-btn dl-primary" data-cmd="new_fight">New fight</button></div>`;
  } else {
    html += `<div class="dl-fight-row"><button class="dl-btn dl-primary" data-cmd="new_fight">New fight</button><span class="dl-muted">roll all dice, then decide which to set aside</span></div>`;
  }
  const rec = f.record || {};
  if (rec.played) {
    html += `<div class="dl-record">Your fights: won ${rec.won} of ${rec.played} (perfect play expects ${esc(rec.expected)}); optimal decisions ${rec.optimal} of ${rec.decisions}</div>`;
  }
  if (f.steps && f.steps.length) {
    html += `<ol class="dl-steps">${f.steps.map((s) => `<li>${esc(s)}</li>`).join("")}</ol>`;
  }
  return html + `</div>`;
}

/** The whole lab area below the controls (pure: testable in node without a DOM). */
export function renderMarkup(st) {
  const bars = st.bars || [];
  const counts = st.counts || [];
  return `<div class="dl-title">${esc(st.title || "")}</div>` +
    (st.message ? `<div class="dl-message" role="alert">${esc(st.message)}</div>` : "") +
    trayHtml(st) +
    `<div class="dl-chart">${histogramSvg(bars, counts, st.trials || 0)}</div>` +
    legendHtml(st) +
    summaryHtml(st.summary) +
    fightHtml(st) +
    `<details class="dl-details"><summary>table of exact and observed values</summary>${tableHtml(bars, counts, st.trials || 0)}</details>`;
}

function controlsMarkup() {
  const opt = (pairs) => pairs.map(([v, l]) => `<option value="${v}">${esc(l)}</option>`).join("");
  return `<div class="dl-controls">` +
    `<span class="dl-brand">Dice lab</span>` +
    `<label>question <select data-ctl="mode">${opt(MODES)}</select></label>` +
    `<label>dice <select data-ctl="dice">${opt([1, 2, 3, 4, 5, 6, 7, 8].map((n) => [n, n]))}</select></label>` +
    `<label>sides <select data-ctl="sides">${opt(SIDES.map((s) => [s, `d${s}`]))}</select></label>` +
    `<label data-show="keep">keep <input type="number" min="1" max="8" step="1" data-ctl="keep"></label>` +
    `<label data-show="under fight">target <input type="number" min="0" step="1" data-ctl="target"></label>` +
    `<label data-show="under">tokens <input type="number" min="0" step="1" data-ctl="tokens"></label>` +
    `<label data-show="fight">rolls <input type="number" min="1" max="5" step="1" data-ctl="rolls"></label>` +
    `</div><div class="dl-controls dl-buttons">` +
    `<span class="dl-who" data-ctl="who"></span>` +
    `<button class="dl-btn dl-primary" data-cmd="roll" data-n="1">Roll 1</button>` +
    `<button class="dl-btn dl-primary" data-cmd="roll" data-n="100">Roll 100</button>` +
    `<button class="dl-btn dl-primary" data-cmd="roll" data-n="10000">Roll 10,000</button>` +
    `<span class="dl-sep"></span>` +
    `<label>seed <input type="number" min="0" step="1" data-ctl="seed" class="dl-seed"></label>` +
    `<button class="dl-btn" data-cmd="reset" title="clear the tallies and restart the random numbers from the seed">Reset</button>` +
    `</div>`;
}

// ---------------------------------------------------------------- animation
function reducedMotion() {
  try {
    return globalThis.matchMedia && globalThis.matchMedia("(prefers-reduced-motion: reduce)").matches;
  } catch (e) {
    return false;
  }
}

/** Let the dice in `box` tumble for a moment, showing random faces, then their real faces. */
function tumble(box) {
  if (!box || reducedMotion()) return;
  const dice = [...box.querySelectorAll(".dl-die[data-face]")];
  if (!dice.length) return;
  const finals = dice.map((d) => d.innerHTML);
  dice.forEach((d) => d.classList.add("dl-tumbling"));
  const swap = () => dice.forEach((d) => {
    const sides = parseInt(d.getAttribute("data-sides"), 10) || 6;
    const svg = d.querySelector("svg");
    const size = svg ? parseInt(svg.getAttribute("width"), 10) : 40;
    d.innerHTML = dieSvg(1 + Math.floor(Math.random() * sides), sides, size);
  });
  swap();
  const timer = setInterval(swap, 70);
  setTimeout(() => {
    clearInterval(timer);
    dice.forEach((d, i) => {
      d.innerHTML = finals[i];
      d.classList.remove("dl-tumbling");
    });
  }, TUMBLE_MS);
}

// ---------------------------------------------------------------- anywidget entry point
function render({ model, el }) {
  el.classList.add("dl-root");
  el.innerHTML = `<div class="dl-wrap">${controlsMarkup()}<div class="dl-main"></div></div>`;
  const main = el.querySelector(".dl-main");
  const ctl = (name) => el.querySelector(`[data-ctl="${name}"]`);
  const names = ["config", "bars", "counts", "trials", "last", "fight", "summary", "message", "title", "seed"];
  const state = () => Object.fromEntries(names.map((n) => [n, model.get(n)]));
  let seenRoll = (model.get("last") || {}).id || 0;
  let seenFight = (model.get("fight") || {}).roll_id || 0;

  function syncControls() {
    const cfg = model.get("config") || {};
    for (const k of ["mode", "dice", "sides", "keep", "target", "tokens", "rolls"]) {
      const node = ctl(k);
      if (node && !(node.tagName === "INPUT" && node === document.activeElement)) node.value = String(cfg[k]);
    }
    const seed = ctl("seed");
    if (seed !== document.activeElement) seed.value = String(model.get("seed") ?? 0);
    ctl("keep").max = String(cfg.dice || 8);
    ctl("target").max = String((cfg.dice || 1) * (cfg.sides || 6));
    el.querySelectorAll("[data-show]").forEach((n) => {
      n.style.display = n.getAttribute("data-show").split(" ").includes(cfg.mode) ? "" : "none";
    });
    const fight = cfg.mode === "fight";
    ctl("who").textContent = fight ? "optimal player:" : "";
    el.querySelectorAll('[data-cmd="roll"]').forEach((b) => {
      const n = parseInt(b.getAttribute("data-n"), 10);
      b.textContent = `${fight ? "Fight" : "Roll"} ${fmtInt(n)}`;
    });
  }

  function draw() {
    pending = false;
    const st = state();
    const scroll = {};
    main.querySelectorAll("[data-scroll]").forEach((n) => { scroll[n.getAttribute("data-scroll")] = n.scrollTop; });
    main.innerHTML = renderMarkup(st);
    main.querySelectorAll("[data-scroll]").forEach((n) => { n.scrollTop = scroll[n.getAttribute("data-scroll")] || 0; });
    syncControls();
    const rid = (st.last || {}).id || 0;
    if (rid !== seenRoll) { seenRoll = rid; tumble(main.querySelector(".dl-tray")); }
    const fid = (st.fight || {}).roll_id || 0;
    if (fid !== seenFight) { seenFight = fid; tumble(main.querySelector(".dl-fight-roll")); }
  }
  let pending = false;
  function schedule() {
    if (pending) return;
    pending = true;
    Promise.resolve().then(draw);
  }

  function onClick(e) {
    const node = e.target.closest("[data-cmd],[data-die],[data-select]");
    if (!node || !el.contains(node) || node.disabled) return;
    if (node.hasAttribute("data-die")) {
      model.send({ type: "toggle", die: parseInt(node.getAttribute("data-die"), 10) });
    } else if (node.hasAttribute("data-select")) {
      const keep = node.getAttribute("data-select");
      model.send({ type: "select", keep: keep ? keep.split(" ").map(Number) : [] });
    } else {
      const cmd = node.getAttribute("data-cmd");
      if (cmd === "roll") model.send({ type: "roll", n: parseInt(node.getAttribute("data-n"), 10) });
      else if (cmd === "reset") {
        const seed = parseInt(ctl("seed").value, 10);
        model.send(Number.isFinite(seed) ? { type: "reset", seed } : { type: "reset" });
      } else model.send({ type: cmd });
    }
  }

  function onChange(e) {
    const name = e.target.getAttribute && e.target.getAttribute("data-ctl");
    if (!name || name === "seed") return;
    const raw = e.target.value;
    const num = Number(raw);
    const value = name === "mode" ? raw : (raw !== "" && Number.isInteger(num) ? num : raw);
    model.send({ type: "configure", [name]: value });
  }

  return wire(model, el, {
    names, schedule, draw, events: { click: onClick, change: onChange, focusout: syncControls },
    valueOf: (node) => {
      const k = node.getAttribute("data-ctl");
      return k === "seed" ? model.get("seed") : (model.get("config") || {})[k];
    },
  });
}

export default { render };
