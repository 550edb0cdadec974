// The board shell: everything of a game board that is not the game's own table.
//
// widgets/shell.py ships ONE ES module per board: this file followed by the board's own
// module (widgets/boards/<key>.js), because anywidget does not resolve imports between
// files. The board module calls defineBoard({...}) with its drawing functions; the shell
// owns the toolbar (undo, redo, step, new game, players, seed, bots, bot speed, "skip to
// my turn", view/seat), the status line and phase hint, the what-if chance picker, the
// score table, the event log, the error banner and the pending-click mark.
//
// A board object may define (only `title`, `prefix` and `drawTable` are required):
//   title, prefix ("dw"), autoLabel, autoTitle, scoreUnit, scoreTitle(st), showScore(st)
//   newUi(), syncUi(st, ui) -> ui, drawTable(st, ui, slots) -> markup (slots.chance: the
//   what-if picker to place), statusLeft(st), phaseHint(st) (else the Python board's
//   PHASES hint; the phase name and its German term come from there too)
//   chanceHead(st), chanceLabel(st, c), chanceColour(st, c), chanceButtons(st)
//   onUi(node, ui, st) -> redraw?, onAct(ui), onOutside(e, ui) -> redraw?,
//   onKey(e, ui) -> redraw?, onOver(e, main), onOut(e, main)

let BOARD = null;
/** Called once by the board module that follows this file. */
export function defineBoard(board) { BOARD = board; }

// ---------------------------------------------------------------- small helpers
export function esc(s) {
  return String(s ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}
export const attr = (name, value) => (value === undefined || value === null ? "" : ` ${name}="${esc(value)}"`);
export const plural = (n, word, many) => `${n} ${n === 1 ? word : many || (word === "die" ? "dice" : `${word}s`)}`;
export const fracText = (d) => (d.p_den === 1 ? String(d.p_num) : `${d.p_num}/${d.p_den}`);
export function pctBar(p, colour) {
  const w = Math.max(0, Math.min(100, p * 100));
  return `<span class="sh-bar"><span style="width:${w.toFixed(1)}%${colour ? `;background:${colour}` : ""}"></span></span>`;
}
/** German game terms beside English ones, one scheme everywhere: "rock monster (Felsmonster)". */
export function term(en, de) {
  return de ? `${esc(en)} <span class="sh-de" lang="de" title="German rulebook term">(${esc(de)})</span>` : esc(en);
}
// A board wraps its big, often unchanged drawings in part(name, html): a live redraw
// sends an empty placeholder for a part whose markup is the same as last time, so the
// browser neither parses nor compares it again (the Klong! map is ~1500 SVG nodes).
const PARTS = { live: false, last: {}, cur: {} };
export function part(name, html) {
  PARTS.cur[name] = html;
  if (PARTS.live && PARTS.last[name] === html) return `<div class="sh-part" data-part="${name}" data-keep="1"></div>`;
  return `<div class="sh-part" data-part="${name}">${html}</div>`;
}

export function legalBy(st, kind) {
  return (st.legal || []).filter((a) => a.target && a.target.kind === kind);
}

// ---------------------------------------------------------------- shell panels
function statusHtml(st) {
  const v = st.view, status = st.status || {};
  const bots = new Set(st.bots || []);
  const names = status.names || [];
  let line;
  if (status.over) {
    const win = status.winners || [];
    const w = win.map((i) => names[i]).join(" and ");
    const best = Math.max(...(status.scores || [0]));
    line = w ? `Game over — <b>${esc(w)}</b> win${win.length === 1 ? "s" : ""} with ${best} ${esc(BOARD.scoreUnit || "points")}.` : "Game over — nobody wins.";
  } else {
    const seat = status.turn_owner;
    const who = seat === null || seat === undefined ? "chance" : names[seat];
    const botNote = bots.has(seat) ? ` <span class="sh-tag">bot${st.busy ? " thinking…" : ""}</span>` : "";
    const ph = status.phase || {};
    const hint = (BOARD.phaseHint && BOARD.phaseHint(st)) || ph.hint;
    const waiting = status.waiting_for_human
      ? ` <span class="sh-tag">waiting: switch the view to ${esc(names[status.to_move])} to play that seat</span>` : "";
    line = `<b class="sh-who" data-seat="${esc(seat ?? "")}">${esc(who)}</b>${botNote} · <i>${term(ph.name || v.phase, ph.de)}</i>${hint ? ` — ${esc(hint)}` : ""}${waiting}`;
  }
  const eyes = status.spectator
    ? `<span class="sh-eyes sh-spectator" title="every hand and secret is shown; pick a seat under “view” to play with hidden information">spectator view: all hands shown</span>`
    : `<span class="sh-eyes" title="only what this seat may know is shown">${esc(names[status.seat] || "")}'s view</span>`;
  // busy is marked here, not on the widget's root: a class on the root restyles every
  // node of the board (the Klong! map alone has ~1500)
  return `<div class="sh-status${st.busy ? " sh-busy" : ""}" data-ply="${esc(status.ply ?? "")}"><span class="sh-left">${BOARD.statusLeft ? BOARD.statusLeft(st) : ""}</span>` +
    `<span class="sh-turnline">${line}</span>${eyes}</div>` +
    // always there (hidden when empty), so a message does not shift what follows it
    `<div class="sh-message" role="alert"${st.message ? "" : " hidden"}>${esc(st.message || "")}</div>`;
}

function chanceHtml(st) {
  const ch = st.chance || [];
  if (!ch.length) return "";
  const status = st.status || {};
  const disabled = st.busy && status.auto ? " disabled" : "";
  const sorted = [...ch].sort((a, b) => b.p - a.p || (a.label < b.label ? -1 : 1));
  const forceable = ch.every((c) => c.force !== false);
  const rows = sorted.map((c) => {
    const colour = BOARD.chanceColour ? BOARD.chanceColour(st, c) : null;
    const sw = colour ? `<span class="sh-swatch" style="background:${colour}"></span>` : `<span></span>`;
    const off = c.force === false ? " disabled" : disabled;
    const label = BOARD.chanceLabel ? BOARD.chanceLabel(st, c) : c.label;
    return `<button class="sh-chance-row" data-chance="${esc(c.id)}"${off} title="${c.force === false ? "as your seat reasons about it (cannot be forced)" : "what if: force this outcome"}: ${esc(c.label)}">` +
      `${sw}<span class="sh-chance-label">${esc(label)}</span><span class="sh-num">${esc(fracText(c))}</span><span class="sh-num">${esc(c.p_pct)}</span>${pctBar(c.p, colour)}</button>`;
  }).join("");
  const [stepText, advText] = BOARD.chanceButtons ? BOARD.chanceButtons(st) : ["Roll / draw (step)", "Advance to the next decision"];
  const head = BOARD.chanceHead ? BOARD.chanceHead(st) : `<div class="sh-panel-title">Chance event · ${plural(ch.length, "outcome")}</div>`;
  const auto = status.auto ? `<div class="sh-hint">Resolved automatically${st.busy ? " in a moment" : ""}.</div>` : "";
  const what = forceable ? "What if? Click an outcome to force it (exact probabilities)."
    : "Hidden from your seat: the chances as you reason about them (the pile and the hands you cannot see); they cannot be forced.";
  return `<div class="sh-panel sh-chance">${head}` +
    `<div class="sh-chance-buttons"><button class="sh-btn sh-primary" data-cmd="step"${disabled} title="draw with the game's seeded random numbers">${esc(stepText)}</button>` +
    `<button class="sh-btn" data-cmd="advance"${disabled} title="resolve chance events until someone must decide">${esc(advText)}</button></div>${auto}` +
    `<div class="sh-hint">${what}</div><div class="sh-chance-list" data-scroll="chance">${rows}</div></div>`;
}

/** The score table: rows aligned by line label (a knocked-out player has fewer lines). */
export function scoreHtml(st) {
  const sc = st.score || {};
  const rows = sc.rows || [];
  const names = (st.status && st.status.names) || [];
  if (!rows.length || (BOARD.showScore && !BOARD.showScore(st))) return "";
  const win = new Set(sc.winners || []);
  const head = names.map((n, i) => `<th class="sh-seat-${i}">${esc(n)}</th>`).join("");
  const body = rows.map((r) => `<tr><td>${esc(r.label)}</td>${r.cells.map((c, i) =>
    `<td class="sh-num"${attr("title", r.titles[i] || "no such line")}>${c === null || c === undefined ? "–" : esc(c)}</td>`).join("")}</tr>`).join("");
  const total = `<tr class="sh-total"><td>${sc.over ? "Final score" : "Total if it ended now"}</td>${(sc.total || []).map((s, i) =>
    `<td class="sh-num${win.has(i) ? " sh-winner" : ""}">${esc(s)}${win.has(i) ? " ★" : ""}</td>`).join("")}</tr>`;
  const title = BOARD.scoreTitle ? BOARD.scoreTitle(st) : "Score";
  return `<div class="sh-panel sh-scores"><div class="sh-panel-title">${esc(title)}</div><table class="sh-score-table"><tr><th></th>${head}</tr>${body}${total}</table></div>`;
}

function logHtml(st) {
  const lines = st.event_log || [];
  return `<div class="sh-panel sh-log"><div class="sh-panel-title">Event log</div><div class="sh-log-lines" data-scroll="log">` +
    lines.map((l) => `<div>${esc(l)}</div>`).join("") + `</div></div>`;
}

// ---------------------------------------------------------------- the pure part (node-testable)
export function newUi() { return BOARD.newUi ? BOARD.newUi() : {}; }
export function syncUi(st, ui) { return BOARD.syncUi ? BOARD.syncUi(st, ui) : ui; }

/** The whole game area as markup: status, the board's table (with the what-if picker in
 *  the slot the board chose), score table and log. */
export function renderMarkup(st, ui) {
  if (!st.view || !st.status || !st.status.key) return `<div class="sh-muted">no game</div>`;
  syncUi(st, ui);
  return statusHtml(st) + BOARD.drawTable(st, ui, { chance: chanceHtml(st) }) + scoreHtml(st) + logHtml(st);
}

function controlsMarkup() {
  const b = BOARD;
  return `<div class="sh-toolbar">` +
    `<span class="sh-title">${b.title}</span>` +
    `<button class="sh-btn" data-cmd="undo" title="take back the last move (bot moves and automatic draws are skipped)">↶ Undo</button>` +
    `<button class="sh-btn" data-cmd="redo" title="replay what was undone">↷ Redo</button>` +
    `<button class="sh-btn" data-cmd="step" title="resolve the pending chance event with the seeded random numbers">Step</button>` +
    `<label class="sh-check" title="${esc(b.autoTitle || "resolve chance events on their own")}"><input type="checkbox" data-ctl="auto"> ${esc(b.autoLabel || "auto chance")}</label>` +
    `<label title="how fast bots play">bots <select data-ctl="speed"><option value="1">slow</option><option value="0.4">normal</option><option value="0.1">fast</option></select></label>` +
    `<button class="sh-btn" data-cmd="skip" title="let bots and automatic chance play at once, up to the next human decision">⏭ Skip to my turn</button>` +
    `<span class="sh-sep"></span>` +
    `<label>players <select data-ctl="players"></select></label>` +
    `<label>seed <input type="number" min="0" step="1" data-ctl="seed" class="sh-seed"></label>` +
    `<span class="sh-botboxes" data-ctl="botboxes" title="seats played by bots in the new game"></span>` +
    `<button class="sh-btn sh-primary" data-cmd="new">New game</button>` +
    `<label title="whose eyes the board uses: a seat sees only what it may know">view <select data-ctl="seat"></select></label>` +
    `</div>`;
}

// ---------------------------------------------------------------- DOM patching
// A redraw builds the whole markup (renderMarkup stays pure and testable) but patches the
// live DOM in place: unchanged nodes are left alone, so the browser restyles and lays out
// only what a click changed, and scroll positions and hover states survive.
function syncAttrs(from, to) {
  for (const { name } of [...from.attributes]) if (!to.hasAttribute(name)) from.removeAttribute(name);
  for (const { name, value } of [...to.attributes]) if (from.getAttribute(name) !== value) from.setAttribute(name, value);
}

const STALE_PART = new Error("a kept part has no counterpart: draw everything");

export function morphChildren(from, to) {
  const olds = [...from.childNodes], news = [...to.childNodes];
  news.forEach((n, i) => {
    const o = olds[i];
    if (n.nodeType === 1 && n.hasAttribute("data-keep")) {
      // an unchanged part: kept only where the old DOM holds that very part
      if (o && o.nodeType === 1 && o.getAttribute("data-part") === n.getAttribute("data-part")) return;
      throw STALE_PART;
    }
    if (!o) { from.appendChild(n); return; }
    if (o.isEqualNode(n)) return;
    if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) { from.replaceChild(n, o); return; }
    if (o.nodeType !== 1) { o.nodeValue = n.nodeValue; return; }
    syncAttrs(o, n);
    morphChildren(o, n);
  });
  for (let i = news.length; i < olds.length; i++) from.removeChild(olds[i]);
}

// ---------------------------------------------------------------- anywidget entry point
const TRAITS = ["view", "legal", "chance", "advice", "status", "message", "event_log", "score", "bots", "busy", "seat", "auto_chance"];

function render({ model, el }) {
  const b = BOARD;
  const ui = newUi();
  const form = { players: null, seed: null, bots: null };
  el.classList.add("sh-root", `${b.prefix}-root`);
  el.innerHTML = `<div class="sh-wrap">${controlsMarkup()}<div class="sh-banner" role="alert" hidden></div><div class="sh-main"></div></div>`;
  const main = el.querySelector(".sh-main");
  const banner = el.querySelector(".sh-banner");
  const ctl = (name) => el.querySelector(`[data-ctl="${name}"]`);
  const state = () => Object.fromEntries(TRAITS.map((n) => [n, model.get(n)]));
  const ply = () => (model.get("status") || {}).ply;
  const send = (msg) => model.send({ ...msg, ply: ply() });

  let botBoxKey = "";
  function drawBotBoxes(players) {
    const chosen = form.bots || new Set(model.get("bots") || []);
    const st = model.get("status") || {};
    const key = JSON.stringify([players, st.names, [...chosen].sort()]);
    if (key === botBoxKey) return;     // do not rebuild under the learner's pointer
    botBoxKey = key;
    let html = "bots:";
    for (let i = 0; i < players; i++) {
      const nm = (st.names && st.names[i]) || `seat ${i + 1}`;
      html += `<label class="sh-check" title="${esc(nm)} played by a bot"><input type="checkbox" data-ctl="bot" data-seat="${i}"${chosen.has(i) ? " checked" : ""}>${esc(nm[0])}</label>`;
    }
    ctl("botboxes").innerHTML = html;
  }

  function setOptions(sel, key, html) {
    if (sel.getAttribute("data-key") !== key) { sel.innerHTML = html; sel.setAttribute("data-key", key); }
  }

  function updateControls() {
    const st = model.get("status") || {};
    el.querySelector('[data-cmd="undo"]').disabled = !st.can_undo;
    el.querySelector('[data-cmd="redo"]').disabled = !st.can_redo;
    el.querySelector('[data-cmd="step"]').disabled = !st.chance_pending;
    el.querySelector('[data-cmd="skip"]').disabled = !!st.over || !!st.human_to_move;
    ctl("auto").checked = !!model.get("auto_chance");
    const lo = st.min_players || 2, hi = st.max_players || 4;
    const counts = Array.from({ length: hi - lo + 1 }, (_, i) => lo + i);
    setOptions(ctl("players"), `${lo}-${hi}`, counts.map((n) => `<option>${n}</option>`).join(""));
    const players = form.players || st.players || lo;
    ctl("players").value = String(players);
    if (document.activeElement !== ctl("seed")) ctl("seed").value = String(form.seed ?? st.seed ?? 0);
    drawBotBoxes(players);
    const names = st.names || [];
    setOptions(ctl("seat"), JSON.stringify(names), [`<option value="">everyone (spectator)</option>`]
      .concat(names.map((n, i) => `<option value="${i}">${esc(n)}</option>`)).join(""));
    const cur = model.get("seat");
    ctl("seat").value = cur === null || cur === undefined ? "" : String(cur);
    const delay = String(model.get("bot_delay"));
    const speed = ctl("speed");
    if (![...speed.options].some((o) => o.value === delay)) speed.insertAdjacentHTML("beforeend", `<option value="${esc(delay)}">${esc(delay)} s</option>`);
    speed.value = delay;
  }

  let follow = { log: true };
  let drawnParts = {};
  function clearPending() {
    el.querySelectorAll(".sh-pending").forEach((n) => n.classList.remove("sh-pending"));
  }
  function draw() {
    scheduled = false;
    const t0 = performance.now();
    clearPending();
    try {
      main.querySelectorAll("[data-scroll]").forEach((n) => {
        follow[n.getAttribute("data-scroll")] = n.scrollHeight - n.scrollTop - n.clientHeight < 4;
      });
      const tpl = document.createElement("template");
      // the parts this view drew last (the module, and PARTS, is shared by every view)
      const st = state();
      Object.assign(PARTS, { live: true, last: drawnParts, cur: {} });
      try { tpl.innerHTML = renderMarkup(st, ui); } finally { PARTS.live = false; }
      const cur = PARTS.cur;
      try {
        morphChildren(main, tpl.content);
      } catch (err) {
        if (err !== STALE_PART) throw err;
        tpl.innerHTML = renderMarkup(st, ui);       // the layout moved: everything, in full
        morphChildren(main, tpl.content);
      }
      drawnParts = cur;
      el.setAttribute("data-draw-ms", (performance.now() - t0).toFixed(2));   // for the bench
      banner.hidden = true;
      banner.textContent = "";
      requestAnimationFrame(() => {
        const log = main.querySelector('[data-scroll="log"]');
        if (log && follow.log) log.scrollTop = log.scrollHeight;   // follow the newest line
      });
    } catch (err) {
      // a drawing bug must never freeze the board: say so, keep every control working
      banner.hidden = false;
      banner.textContent = `The board could not be drawn (${String(err && err.message || err).slice(0, 300)}). ` +
        "Undo, new game and the other controls still work.";
      if (typeof console !== "undefined") console.error(err);
    } finally {
      try { updateControls(); } catch (err) { banner.hidden = false; banner.textContent += ` Controls: ${err}`; }
    }
  }
  let scheduled = false;
  function schedule() {
    // several traits change in one sync message: draw once, after all of them
    if (scheduled) return;
    scheduled = true;
    Promise.resolve().then(draw);
  }

  function markPending(node, t0) {
    // visible feedback in the same frame as the click, before the kernel answers;
    // data-feedback-ms: click event -> the frame that paints the mark; data-handler-ms:
    // from this handler to that frame (bench/widget_latency.py reports both)
    const t1 = performance.now();
    node.classList.add("sh-pending");       // one element restyled, not the whole board
    requestAnimationFrame(() => {
      const now = performance.now();
      el.setAttribute("data-feedback-ms", (now - t0).toFixed(2));
      el.setAttribute("data-handler-ms", (now - t1).toFixed(2));
    });
  }

  function onClick(e) {
    const node = e.target.closest("[data-action],[data-chance],[data-cmd],[data-ui]");
    if (!node || !el.contains(node) || node.disabled) {
      if (b.onOutside && b.onOutside(e, ui)) draw();
      return;
    }
    if (node.hasAttribute("data-action")) {
      if (b.onAct) b.onAct(ui);
      markPending(node, e.timeStamp);
      send({ type: "act", id: node.getAttribute("data-action") });
      return;
    }
    if (node.hasAttribute("data-chance")) {
      markPending(node, e.timeStamp);
      send({ type: "force", id: node.getAttribute("data-chance") });
      return;
    }
    if (node.hasAttribute("data-cmd")) {
      const cmd = node.getAttribute("data-cmd");
      markPending(node, e.timeStamp);
      if (cmd === "new") {
        const players = parseInt(ctl("players").value, 10);
        const seed = parseInt(ctl("seed").value, 10);
        const bots = [...(form.bots || new Set(model.get("bots") || []))].filter((s) => s < players).sort();
        form.seed = null; form.players = null; form.bots = null;
        if (b.onAct) b.onAct(ui);
        send({ type: "new", players, seed: Number.isFinite(seed) && seed >= 0 ? seed : 0, bots });
      } else if (cmd === "bot") {
        const seat = parseInt(node.getAttribute("data-seat"), 10);
        const bots = new Set(model.get("bots") || []);
        if (bots.has(seat)) bots.delete(seat); else bots.add(seat);
        send({ type: "bots", bots: [...bots].sort() });
      } else {
        send({ type: cmd });
      }
      return;
    }
    if (b.onUi && b.onUi(node, ui, state())) draw();
  }

  function onChange(e) {
    const c = e.target.getAttribute && e.target.getAttribute("data-ctl");
    if (!c) return;
    if (c === "auto") send({ type: "auto_chance", value: e.target.checked });
    else if (c === "speed") send({ type: "speed", delay: parseFloat(e.target.value) });
    else if (c === "players") { form.players = parseInt(e.target.value, 10); drawBotBoxes(form.players); }
    else if (c === "seed") {
      const seed = parseInt(e.target.value, 10);
      // a seed is a whole number >= 0: anything else puts the field back to the game's
      if (!(Number.isInteger(seed) && seed >= 0 && String(seed) === e.target.value.trim())) {
        e.target.value = String((model.get("status") || {}).seed ?? 0);
        form.seed = null;
      } else form.seed = seed;
    } else if (c === "bot") {
      const s = parseInt(e.target.getAttribute("data-seat"), 10);
      form.bots = form.bots || new Set(model.get("bots") || []);
      if (e.target.checked) form.bots.add(s); else form.bots.delete(s);
    } else if (c === "seat") {
      send({ type: "seat", seat: e.target.value === "" ? null : parseInt(e.target.value, 10) });
    }
  }

  const onKey = (e) => { if (b.onKey && b.onKey(e, ui)) draw(); };
  const onOver = (e) => { if (b.onOver) b.onOver(e, main); };
  const onOut = (e) => { if (b.onOut) b.onOut(e, main); };
  const events = { click: onClick, change: onChange, keydown: onKey, mouseover: onOver, mouseout: onOut };
  for (const [k, f] of Object.entries(events)) el.addEventListener(k, f);
  const watched = [...TRAITS, "answered", "bot_delay"];
  for (const n of watched) model.on(`change:${n}`, schedule);
  draw();
  return () => {
    for (const n of watched) model.off(`change:${n}`, schedule);
    for (const [k, f] of Object.entries(events)) el.removeEventListener(k, f);
  };
}

export default { render };
