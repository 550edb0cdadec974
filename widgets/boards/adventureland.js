// Adventure Land: the board module (the map as SVG, the fight panel, the players). It
// follows widgets/shell.js in one ES module (see shell.py), draws only the game's own
// table and declares its click targets: every element that plays a legal action carries
// data-action="<id>" and the class al-legal. A move is two clicks: the first (a party of
// yours, or the start area) is a selection kept here, the second sends one action id.

const CS = 42, ML = 30, MT = 30;                      // cell size, left and top margins
const TERRAIN = {
  city: { fill: "#e6d3a8", name: "city", de: "Stadt" },
  forest: { fill: "#a3d08e", name: "forest", de: "Wald" },
  river: { fill: "#9fcdef", name: "river", de: "Fluss" },
  mountain: { fill: "#c4bbae", name: "mountain", de: "Gebirge" },
  fog: { fill: "#d3cce2", name: "fog", de: "Nebel" },
};
const SEAT = { black: "#2b2b2b", green: "#1e8449", violet: "#7d3c98", orange: "#e67e22" };
const ADVENTURE = {
  fellowship: { de: "Die Gefährten", text: "Points at once, never lost: a fog creature half its strength, an adventurer's 1st companion 1, 2nd 2, 3rd 3 …, gold 2 each." },
  magnificent: { de: "Die Glorreichen", text: "At the end: fog creatures their full strength, your largest group 3 per figure, gold 2, herbs their value, swords their extra value. Adventurers of one colour may share a square and move as a group." },
  escape: { de: "Flucht in die Städte", text: "At the end: fog creatures half strength, 7/3/1 for the most creatures, gold 2 each and 7/3/1 for the most gold; each city pays its size to the most figures in it, half to the second, a quarter to the third; minus your figures outside the cities × the creatures left on the map." },
};

// ---------------------------------------------------------------- helpers
const seatFill = (st, i) => SEAT[(st.view.players[i] || {}).colour] || "#444";
/** A player's letter on every adventurer of theirs: the initial, as the static picture
 *  draws it on the block (colour is never the only cue). */
const seatLetter = (st, i) => initialOf((st.view.players[i] || {}).name);
const colOf = (v, sq) => v.columns.indexOf(sq[0]);
const rowOf = (sq) => parseInt(sq.slice(1), 10);
const cx = (v, sq) => ML + colOf(v, sq) * CS + CS / 2;
const cy = (sq) => MT + (rowOf(sq) - 1) * CS + CS / 2;
const pct = (d) => (d ? d.p_text : "");

/** Moves by source: {"start" | square: [{square, id, verb}]} from the legal targets. */
function moveSources(st) {
  const out = {};
  for (const a of legalBy(st, "square")) (out[a.target.from] = out[a.target.from] || []).push({ square: a.target.square, id: a.id, verb: a.target.verb });
  return out;
}

// ---------------------------------------------------------------- SVG symbols
/** An adventurer: head and body in the player's colour, the player's letter on the body. */
function pawn(x, y, fill, s = 1, letter = "") {
  return `<g class="al-pawn"><circle cx="${x}" cy="${y - 7 * s}" r="${4.6 * s}" fill="${fill}" stroke="#fff" stroke-width="1"/>` +
    `<path d="M${x - 7 * s} ${y + 8 * s} L${x - 4 * s} ${y - 2 * s} Q${x} ${y - 4 * s} ${x + 4 * s} ${y - 2 * s} L${x + 7 * s} ${y + 8 * s} Z" fill="${fill}" stroke="#fff" stroke-width="1"/>` +
    `${letter ? markText(x, y + 3.2 * s, 8.5 * s, letter, fill) : ""}</g>`;
}
function companionIcon(x, y, s = 1) {
  return `<g class="al-companion"><circle cx="${x}" cy="${y - 5 * s}" r="${3.6 * s}" fill="#fdf6e3" stroke="#6b5a3a"/>` +
    `<path d="M${x - 5.5 * s} ${y + 7 * s} L${x - 3 * s} ${y - 1 * s} L${x + 3 * s} ${y - 1 * s} L${x + 5.5 * s} ${y + 7 * s} Z" fill="#fdf6e3" stroke="#6b5a3a"/></g>`;
}
function goldIcon(x, y, r = 8) {
  return `<g class="al-gold"><circle cx="${x}" cy="${y}" r="${r}" fill="#f1c232" stroke="#9a7b00" stroke-width="1.5"/><circle cx="${x}" cy="${y}" r="${r * 0.55}" fill="none" stroke="#9a7b00" stroke-width="0.8"/></g>`;
}
function herbIcon(x, y, value, s = 9) {
  const leaf = `<path d="M${x - s * 0.55} ${y + s * 0.5} Q${x - s * 0.5} ${y - s * 0.6} ${x + s * 0.6} ${y - s * 0.6} Q${x + s * 0.5} ${y + s * 0.5} ${x - s * 0.55} ${y + s * 0.5} Z" fill="#cfe8b8" opacity="${value === undefined ? 1 : 0.35}"/>`;
  const num = value === undefined ? "" : `<text x="${x}" y="${y + s * 0.4}" class="al-val">${value}</text>`;
  return `<g class="al-herb"><rect x="${x - s}" y="${y - s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.3}" fill="#3f7f3a" stroke="#23501f"/>${leaf}${num}</g>`;
}
function swordIcon(x, y, value, s = 9, shown = false) {
  const blade = `<g opacity="${value === undefined ? 1 : 0.35}"><line x1="${x - s * 0.55}" y1="${y + s * 0.55}" x2="${x + s * 0.6}" y2="${y - s * 0.6}" stroke="#e8edf1" stroke-width="${s * 0.22}"/>` +
    `<line x1="${x - s * 0.55}" y1="${y - s * 0.05}" x2="${x + s * 0.05}" y2="${y + s * 0.55}" stroke="#e8edf1" stroke-width="${s * 0.22}"/></g>`;
  const num = value === undefined ? "" : `<text x="${x}" y="${y + s * 0.4}" class="al-val">${value}</text>`;
  return `<g class="al-sword"><rect x="${x - s}" y="${y - s}" width="${2 * s}" height="${2 * s}" rx="${s * 0.3}" fill="#56657a" stroke="${shown ? "#ef8a00" : "#2e3a48"}" stroke-width="${shown ? 2 : 1}"/>${blade}${num}</g>`;
}
function creatureIcon(x, y, strength, s = 1) {
  const r = 12 * s;
  return `<g class="al-creature"><path d="M${x - r} ${y + r * 0.8} Q${x - r * 1.1} ${y - r} ${x} ${y - r} Q${x + r * 1.1} ${y - r} ${x + r} ${y + r * 0.8} Q${x + r * 0.5} ${y + r * 0.4} ${x} ${y + r * 0.85} Q${x - r * 0.5} ${y + r * 0.4} ${x - r} ${y + r * 0.8} Z" fill="#5b2c6f" stroke="#2e1338"/>` +
    `<text x="${x}" y="${y + 4 * s}" class="al-strength" font-size="${12 * s}">${strength}</text></g>`;
}
function spriteIcon(x, y, s = 1) {
  return `<g class="al-sprite"><path d="M${x} ${y - 10 * s} C${x + 8 * s} ${y - 1 * s} ${x + 7 * s} ${y + 8 * s} ${x} ${y + 8 * s} C${x - 7 * s} ${y + 8 * s} ${x - 8 * s} ${y - 1 * s} ${x} ${y - 10 * s} Z" fill="#1f618d" stroke="#fff" stroke-width="1.2"/>` +
    `<circle cx="${x - 2 * s}" cy="${y + 2 * s}" r="${1.6 * s}" fill="#fff"/></g>`;
}
function dieFace(x, y, face, s = 22) {
  const P = { 1: [[0, 0]], 2: [[-1, -1], [1, 1]], 3: [[-1, -1], [0, 0], [1, 1]], 4: [[-1, -1], [1, -1], [-1, 1], [1, 1]],
    5: [[-1, -1], [1, -1], [0, 0], [-1, 1], [1, 1]], 6: [[-1, -1], [1, -1], [-1, 0], [1, 0], [-1, 1], [1, 1]] };
  const pips = (P[face] || []).map(([dx, dy]) => `<circle cx="${x + s / 2 + dx * s * 0.27}" cy="${y + s / 2 + dy * s * 0.27}" r="${s * 0.09}" fill="#222"/>`).join("");
  return `<rect class="al-die-face" x="${x}" y="${y}" width="${s}" height="${s}" rx="${s * 0.18}" fill="#fff" stroke="#555"/>${pips}`;
}
const icon = (markup, w = 22, h = 22) => `<svg class="al-ico" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}">${markup}</svg>`;

// ---------------------------------------------------------------- the map
// The map is drawn in layers, bottom to top: the frame (coordinates, entry arrows), the
// terrain one part per row, the river, the tokens one part per row, then the clickable
// destinations. A part whose markup is unchanged is not parsed again (shell.js part), so
// a move re-draws the one or two token rows it touched, a drawn card one terrain row.

/** Consecutive runs of the board's cells in one row: [[row, [cells]]] (board order). */
function byRow(v) {
  const runs = [];
  for (const cell of v.board) {
    const r = rowOf(cell.square), last = runs[runs.length - 1];
    if (last && last[0] === r) last[1].push(cell); else runs.push([r, [cell]]);
  }
  return runs;
}

function frameSvg(st) {
  const v = st.view, adv = st.advice || {}, out = [];
  for (let k = 0; k < v.columns.length; k++) out.push(`<text x="${ML + k * CS + CS / 2}" y="${MT - 8}" class="al-coord">${v.columns[k]}</text>`);
  for (let r = 1; r <= upTo(v.rows, 64); r++) out.push(`<text x="${ML - 9}" y="${MT + (r - 1) * CS + CS / 2 + 4}" class="al-coord">${r}</text>`);
  const start = adv.start || { rows: [], columns: "" };
  for (const c of start.columns) out.push(`<path class="al-start-arrow" d="M${ML + v.columns.indexOf(c) * CS + CS / 2 - 5} ${MT - 6} l5 5 l5 -5" />`);
  for (const r of start.rows) out.push(`<path class="al-start-arrow" d="M${ML - 4} ${MT + (r - 1) * CS + CS / 2 - 5} l5 5 l-5 5" />`);
  return out.join("");
}

function terrainSvg(v, cells, drawn) {
  const out = [];
  for (const cell of cells) {
    const sq = cell.square, x = ML + colOf(v, sq) * CS, y = MT + (rowOf(sq) - 1) * CS;
    const t = TERRAIN[cell.terrain] || { fill: "#eee", name: cell.terrain };
    const title = `${sq} ${t.name}${cell.city ? ` ${cell.city}` : ""}${drawn.has(sq) ? ", card drawn" : ""}`;
    out.push(`<g class="al-sq al-t-${esc(cell.terrain)}" data-sq="${esc(sq)}"><title>${esc(title)}</title><rect x="${x}" y="${y}" width="${CS}" height="${CS}" fill="${t.fill}" class="al-cell"/>`);
    if (cell.terrain === "fog") out.push(`<path d="M${x + 5} ${y + 30} q6 -4 12 0 t12 0 t12 0" class="al-fogline"/>`);
    if (cell.terrain === "mountain") out.push(`<path d="M${x + 27} ${y + 12} l5 -6 l5 6 z" class="al-peak"/>`);
    if (cell.terrain === "forest") out.push(`<path d="M${x + 33} ${y + 4} l4 8 h-8 z" class="al-tree"/>`);
    if (cell.city) out.push(`<text x="${x + 4}" y="${y + 11}" class="al-city">${cell.city}</text>`);
    if (drawn.has(sq)) out.push(`<path d="M${x + CS} ${y + CS - 9} v9 h-9 z" class="al-drawn"/>`);
    out.push(`</g>`);
  }
  return out.join("");
}

/** Items, parties, the water sprite and the fight ring of some cells (one row). */
function tokensSvg(st, ui, cells, sources) {
  const v = st.view, fightSq = v.fight && v.fight.square, out = [];
  for (const cell of cells) {
    const sq = cell.square, x = cx(v, sq), y = cy(sq);
    const p = cell.party;
    const ix = p && cell.item === "creature" ? x - 9 : x;
    if (cell.item === "gold") out.push(goldIcon(ix, y));
    else if (cell.item === "herb") out.push(herbIcon(ix, y));
    else if (cell.item === "sword") out.push(swordIcon(ix, y));
    else if (cell.item === "companion") out.push(companionIcon(ix, y + 2, 1.2));
    else if (cell.item === "creature") out.push(creatureIcon(ix, y, cell.strength, p ? 0.8 : 1));
    if (p) {
      const px = cell.item === "creature" ? x + 10 : x;
      const src = sources[sq] !== undefined;
      const sel = ui.sel === sq;
      const what = `${v.players[p.seat].name}: ${plural(p.adventurers, "adventurer")}${p.companions ? ` with ${plural(p.companions, "companion")}` : ""}`;
      out.push(`<g class="al-party${src ? " al-source" : ""}${sel ? " al-selected" : ""}" data-sq="${esc(sq)}"${src ? ` data-ui="sel"` : ""}><title>${esc(what)}${src ? " — click to choose its move" : ""}</title>`);
      if (src || sel) out.push(`<rect x="${cx(v, sq) - CS / 2 + 2}" y="${y - CS / 2 + 2}" width="${CS - 4}" height="${CS - 4}" rx="5" class="al-src-ring"/>`);
      out.push(pawn(px, y + 2, seatFill(st, p.seat), 1.1, seatLetter(st, p.seat)));
      if (p.adventurers > 1) out.push(`<text x="${px - 9}" y="${y + 16}" class="al-badge">×${p.adventurers}</text>`);
      if (p.companions) out.push(`<circle cx="${px + 10}" cy="${y + 11}" r="7" class="al-comp-badge"/><text x="${px + 10}" y="${y + 14}" class="al-comp-n">+${p.companions}</text>`);
      out.push(`</g>`);
    }
    if (sq === v.sprite) out.push(`<g><title>the water sprite (Wassermann) on ${esc(sq)}</title>${spriteIcon(x + 12, y - 9)}</g>`);
    if (sq === fightSq) out.push(`<rect x="${x - CS / 2 + 1}" y="${y - CS / 2 + 1}" width="${CS - 2}" height="${CS - 2}" class="al-fight-ring"/>`);
  }
  return out.join("");
}

function mapSvg(st, ui) {
  const v = st.view, adv = st.advice || {};
  const W = ML + v.columns.length * CS + 4, H = MT + v.rows * CS + 4;
  const drawn = new Set((adv.deck && adv.deck.drawn) || []);
  const sources = moveSources(st);
  const dests = ui.sel ? sources[ui.sel] || [] : [];
  const rows = byRow(v);
  const out = [`<svg class="al-map" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="Adventure Land map">`];
  out.push(part("al-frame", frameSvg(st), "g"));
  // parts named by run (= row, the board being row by row): unique whatever the order
  // a row's terrain is built again only when its cells or the drawn cards changed (sync.js memo)
  const drawnList = adv.deck && adv.deck.drawn;
  rows.forEach(([, cells], k) => out.push(part(`al-terrain-${k + 1}`,
    memo(`al-terrain-${k + 1}`, [v.columns, drawnList, ...cells], () => terrainSvg(v, cells, drawn)), "g")));
  const pts = v.river.map((sq) => `${cx(v, sq)},${cy(sq)}`).join(" ");
  out.push(part("al-river", `<polyline points="${pts}" class="al-river"><title>the river: the water sprite's one path (${esc(v.river[0])} to ${esc(v.river[v.river.length - 1])})</title></polyline>`, "g"));
  rows.forEach(([, cells], k) => out.push(part(`al-tokens-${k + 1}`, tokensSvg(st, ui, cells, sources), "g")));
  // the destinations (up to ~70 from the start area) per row too: a move keeps most rows
  const rings = {};
  for (const d of dests) {
    const x = ML + colOf(v, d.square) * CS, r = rowOf(d.square), y = MT + (r - 1) * CS;
    rings[r] = (rings[r] || "") + `<rect x="${x + 1}" y="${y + 1}" width="${CS - 2}" height="${CS - 2}" rx="4" class="al-legal al-dest" data-action="${esc(d.id)}"><title>${esc(labelOf(st, d.id))}</title></rect>`;
  }
  for (let r = 1; r <= upTo(v.rows, 64); r++) out.push(part(`al-dests-${r}`, rings[r] || "", "g"));   // all rows: a stable layout
  out.push(`</svg>`);
  return out.join("");
}

const labelOf = (st, id) => ((st.legal || []).find((a) => a.id === id) || { label: id }).label;

const lineText = (src) => { const l = src.slice(6); return /^[0-9]+$/.test(l) ? `row ${l}` : `column ${l}`; };

/** AL-1.4: one adventurer waits on each start line; each line is its own source. */
function startHtml(st, ui) {
  const v = st.view;
  const me = v.seat;
  const sources = moveSources(st);
  const p = v.players[me];
  const lines = p.start_lines || [];
  const parties = Object.keys(sources).filter((k) => !k.startsWith("start"));
  const can = lines.some((l) => sources[`start ${l}`] !== undefined);
  const hint = ui.sel
    ? `${ui.sel.startsWith("start") ? `From the start line of ${lineText(ui.sel)}` : `From ${ui.sel}`}: click a highlighted square (${plural((sources[ui.sel] || []).length, "square")}).`
    : can || parties.length ? "Click one of your adventurers or a start line's adventurer, then a highlighted square." : "";
  const buttons = lines.map((l) => {
    const src = `start ${l}`, ok = sources[src] !== undefined, sel = ui.sel === src;
    return `<button class="al-start${ok ? " al-source" : ""}${sel ? " al-selected" : ""}"${ok ? ` data-ui="sel" data-sq="${esc(src)}"` : " disabled"} title="the adventurer waiting ${/^[0-9]+$/.test(l) ? `in front of row ${esc(l)}: it enters moving east` : `above column ${esc(l)}: it enters moving south`}">${esc(l)}</button>`;
  }).join("");
  return `<div class="al-under"><span class="al-start-lines">${icon(pawn(11, 13, seatFill(st, me), 0.9, seatLetter(st, me)))} <b>${esc(p.name)}'s start lines</b> (${plural(p.start, "adventurer")}${p.out ? ", dropped out" : ""}): ${buttons}</span>` +
    `<span class="al-moves">${v.phase === "move" && !v.fight ? `${plural(v.moves_left, "move")} left` : ""}</span>${actionButtons(st, "end")}` +
    `<div class="sh-hint">${esc(hint)}</div></div>`;
}

function actionButtons(st, group) {
  return legalBy(st, "button").filter((a) => a.target.group === group)
    .map((a) => `<button class="sh-btn al-legal" data-action="${esc(a.id)}" title="${esc(a.label)}">${esc(group === "end" ? "End the turn" : a.label)}</button>`).join("");
}

// ---------------------------------------------------------------- the fight panel
function fightHtml(st) {
  const v = st.view, f = v.fight;
  if (!f) return "";
  const adv = (st.advice || {}).fight || {};
  const who = v.players[f.seat];
  const parts = [`${f.base} (adventurer${f.base > 1 ? " and companions" : ""})`];
  if (f.swords.length) parts.push(`swords ${f.swords.map((s) => `+${s}`).join(" ")}`);
  if (f.dice.length) parts.push(`dice ${f.dice.join(" + ")}`);
  if (f.herbs.length) parts.push(`herbs ${f.herbs.map((h) => `+${h}`).join(" ")}`);
  if (f.gold_plus) parts.push(`gold +${f.gold_plus}`);
  const w = Math.min(100, (100 * f.total) / Math.max(1, f.strength));
  const head = `<div class="sh-panel-title">${term("Fog-creature fight", "Kampf gegen ein Nebelwesen")} at ${esc(f.square)}</div>` +
    `<div class="al-fight-head">${icon(creatureIcon(17, 17, f.strength, 1.15), 34, 34)}<div><b>${esc(who.name)}</b>: combat strength <b class="al-total">${f.total}</b> against <b class="al-str">${f.strength}</b>` +
    `<div class="al-meter"><span style="width:${w.toFixed(1)}%"></span></div><div class="sh-hint">${esc(parts.join(" · "))}${f.gold_rerolls ? ` · ${plural(f.gold_rerolls, "reroll")} bought` : ""}</div></div></div>`;
  let odds = "";
  if (adv.hidden) odds = `<div class="sh-hint">The exact odds depend on ${esc(who.name)}'s face-down herbs and swords: only ${esc(who.name)} sees them.</div>`;
  else if (adv.now) {
    odds = `<div class="al-odds">Chance to win from here, playing best: <b>${esc(pct(adv.now))}</b>${pctBar(adv.now.p)}</div>` +
      (adv.plus_only ? `<div class="sh-hint">with gold used only as +1: ${esc(pct(adv.plus_only))}${adv.plus_only.p < adv.now.p ? " — a reroll can pay" : ""}</div>` : "");
  }
  const choice = (id) => (adv.choices || {})[id];
  const row = (a, text) => {
    const c = choice(a.id);
    const best = adv.best === a.id ? " al-best" : "";
    return `<button class="al-choice al-legal${best}" data-action="${esc(a.id)}" title="${esc(a.label)}"><span>${text}</span>` +
      `<span class="sh-num">${c ? esc(pct(c)) : ""}</span>${c ? pctBar(c.p) : "<span></span>"}</button>`;
  };
  let body = "";
  const swords = legalBy(st, "swords");
  if (swords.length) {
    body += `<div class="sh-hint">Choose the swords before the dice (at most 3, one die each; the extra value is added):</div>` +
      [...swords].sort((a, b) => ((choice(b.id) || {}).p || 0) - ((choice(a.id) || {}).p || 0)).map((a) => row(a, a.target.values.length ? `${a.target.values.map((x) => icon(swordIcon(11, 11, x, 9), 22, 22)).join("")} use ${plural(a.target.values.length, "sword")}` : "no sword")).join("");
  }
  const dice = legalBy(st, "die");
  if (f.dice.length) {
    const seen = new Set();
    const faces = f.dice.map((face, i) => {
      const a = dice.find((d) => d.target.face === face);
      const first = a && !seen.has(face);
      seen.add(face);
      const c = first ? choice(a.id) : null;
      const s = icon(dieFace(2, 2, face, 28), 32, 32);
      return first
        ? `<button class="al-die al-legal" data-action="${esc(a.id)}" title="${esc(a.label)}${c ? `: win ${c.p_text}` : ""}">${s}<span class="al-die-p">${c ? esc(c.p_pct) : "reroll"}</span></button>`
        : `<span class="al-die" title="die ${i + 1}: ${face}">${s}</span>`;
    }).join("");
    body += `<div class="al-dice">${faces}</div>${dice.length ? `<div class="sh-hint">Click a die to give back a gold piece and roll it again (the new roll replaces it).</div>` : ""}`;
  }
  for (const a of legalBy(st, "herb")) body += row(a, `${icon(herbIcon(11, 11, a.target.value, 9))} add a herb worth ${a.target.value}`);
  for (const a of legalBy(st, "gold")) body += row(a, `${icon(goldIcon(11, 11, 8))} give back a gold piece for +1`);
  for (const a of legalBy(st, "button").filter((x) => x.target.group === "give")) body += row(a, "give up (the adventurer, its companions and what was used leave the game)");
  return `<div class="sh-panel al-fight">${head}${odds}${body}</div>`;
}

// ---------------------------------------------------------------- side panels
function deckHtml(st) {
  const v = st.view, adv = st.advice || {}, deck = adv.deck;
  if (!deck) return "";
  const rows = deck.rows.map((r) => {
    const t = TERRAIN[r.terrain];
    return `<tr><td><span class="sh-swatch" style="background:${t.fill}"></span> ${term(t.name, t.de)}</td><td class="sh-num">${r.n}</td>` +
      `<td class="sh-num" title="${esc(r.next.p_text)}">${esc(r.next.p_pct)}</td><td class="sh-num" title="${esc(r.two.p_text)}">${esc(r.two.p_pct)}</td></tr>`;
  }).join("");
  const danger = (adv.danger || []).map((d) => `<div class="al-danger">${icon(pawn(11, 13, seatFill(st, d.seat), 0.8, seatLetter(st, d.seat)))} ${esc(v.players[d.seat].name)} on ${esc(d.square)}: swept away by the next card ${esc(pct(d))} (${plural(d.cards, "river card")})</div>`).join("");
  const last = (v.last_cards || []).map((sq) => {
    const cell = v.board.find((c) => c.square === sq) || {};
    return `<span class="al-card" style="background:${(TERRAIN[cell.terrain] || {}).fill || "#eee"}" title="${esc((TERRAIN[cell.terrain] || {}).name || "")}">${esc(sq)}</span>`;
  }).join("");
  // the deck changes when a card is drawn, the sprite line when it moves, danger lines
  // when a party moves: only the deck and the sprite line are parts
  return `<div class="sh-panel al-deck">${part("al-deck-cards", `<div class="sh-panel-title">${term("Terrain deck", "Geländekarten")} · ${plural(deck.cards, "card")}</div>` +
    `<table class="al-deck-table"><tr><th></th><th>left</th><th>next card</th><th>in the next 2</th></tr>${rows}</table>` +
    `<div class="sh-hint">Last cards drawn: ${last || "none"} · a dark corner on the map: that square's card is drawn</div>`)}` +
    part("al-sprite-line", `<div class="al-sprite-line">${icon(spriteIcon(11, 12, 0.9))} ${term("Water sprite", "Wassermann")}: ${v.sprite ? `on ${esc(v.sprite)}` : "beside the board"}; supply: ${v.supply.gold} gold</div>`) + `${danger}</div>`;
}

function playersHtml(st) {
  const v = st.view;
  return `<div class="sh-panel al-players"><div class="sh-panel-title">${term("Adventurers", "Abenteurer")}</div>` + v.players.map((p, i) => playerHtml(v, p, i)).join("") + `</div>`;
}

/** One player in the side panel: name and score, counts, then tiles and creatures (parts). */
function playerHtml(v, p, i) {
  const now = i === v.seat ? " al-now" : "";
  const herbs = p.herbs ? p.herbs.map((h) => herbIcon(0, 0, h)) : Array(upTo(p.herb_count, 64)).fill(herbIcon(0, 0));
  let swords;
  if (p.swords) {
    const shown = [...p.swords_shown];
    swords = p.swords.map((s) => { const k = shown.indexOf(s); if (k >= 0) shown.splice(k, 1); return swordIcon(0, 0, s, 9, k >= 0); });
  } else swords = p.swords_shown.map((s) => swordIcon(0, 0, s, 9, true)).concat(Array(upTo(p.sword_count - p.swords_shown.length, 64)).fill(swordIcon(0, 0)));
  const tiles = [...herbs, ...swords];
  const tileSvg = tiles.length ? `<svg class="al-tiles" width="${tiles.length * 21}" height="20" viewBox="-10 -10 ${tiles.length * 21} 20">${tiles.map((t, k) => `<g transform="translate(${k * 21},0)">${t}</g>`).join("")}</svg>` : `<span class="sh-muted">no herbs or swords</span>`;
  const creatures = p.creatures.length ? `<svg width="${p.creatures.length * 24}" height="22" viewBox="0 0 ${p.creatures.length * 24} 22">${p.creatures.map((s, k) => creatureIcon(12 + k * 24, 12, s, 0.8)).join("")}</svg>` : `<span class="sh-muted">none</span>`;
  const hidden = p.herbs ? "" : ` <span class="sh-muted" title="face down: only ${esc(p.name)} knows the values">(face down)</span>`;
  return `<div class="al-player${now}">${part(`al-pname-${i}`, `<div class="al-pname">${icon(pawn(11, 13, SEAT[p.colour] || "#444", 0.9, seatLetter({ view: v }, i)))} <b>${esc(p.name)}</b> <span class="sh-muted">${esc(p.colour)}</span>` +
    `<span class="al-pscore">${esc(p.score)}${p.score_complete === false ? " + ?" : ""} pts</span></div>`)}` +
    `<div class="al-pline">${p.out ? "dropped out · " : ""}start area ${p.start} · ${icon(goldIcon(8, 9, 6), 16, 18)} ${p.gold} gold · lost ${p.lost_adventurers}</div>` +
    part(`al-ptiles-${i}`, `<div class="al-pline">herbs and swords${hidden}: ${tileSvg}</div><div class="al-pline">${term("fog creatures", "Nebelwesen")}: ${creatures}</div>`) + `</div>`;
}

function adventureHtml(st) {
  const v = st.view, a = ADVENTURE[v.adventure] || { text: "" };
  const end = v.last_round ? `<div class="al-last">Last round: the game ends after this round.</div>` : "";
  return `<div class="sh-panel al-adventure"><div class="sh-panel-title">Adventure: ${term(v.adventure_title, a.de)}</div><div class="sh-hint">${esc(a.text)}</div>` +
    `<div class="sh-hint">Supply: ${v.supply.companions} companions, ${v.supply.swords} swords, ${v.supply.herbs} herbs, ${v.supply.creatures} fog creatures. The game ends after the round in which no sword and no companion is left.</div>${end}</div>`;
}

// ---------------------------------------------------------------- the board for the shell
function syncAlUi(st, ui) {
  const sources = moveSources(st);
  const keys = Object.keys(sources);
  if (ui.sel && !sources[ui.sel]) ui.sel = null;
  if (!ui.sel && keys.length === 1) ui.sel = keys[0];
  return ui;
}

defineBoard({
  title: "Adventure Land <small>(Abenteuerland)</small>",
  prefix: "al",
  autoLabel: "auto draw",
  autoTitle: "draw terrain cards and tiles on their own (a human's fight dice still wait)",
  scoreUnit: "points",
  scoreTitle: (st) => `${st.view.adventure_title} — ${st.status.over ? "final score" : "points so far"}`,
  newUi: () => ({ sel: null }),
  syncUi: syncAlUi,
  statusLeft: (st) => `<span class="al-round">Round ${st.view.round} · ${esc(st.view.adventure_title)}</span>`,
  chanceHead(st) {
    const v = st.view, f = v.fight;
    let title = "Chance event";
    if (f && f.stage === "roll") title = `Rolling ${plural(f.swords.length, "die")}`;
    else if (f && f.stage === "reroll") title = "Rolling the die again";
    else if (st.chance.some((c) => c.id.startsWith("card "))) title = `Which terrain card? (${plural(v.deck, "card")} left)`;
    else if (st.chance.some((c) => c.id.startsWith("creature "))) title = "Which fog creature rises?";
    else if (st.chance.some((c) => /herb|sword/.test(c.id))) title = "A face-down tile is taken";
    return `<div class="sh-panel-title">${esc(title)} · ${plural(st.chance.length, "outcome")}</div>`;
  },
  chanceLabel(st, c) {
    const r = (((st.advice || {}).fight || {}).rolls || {})[c.id];
    return r ? `${c.label} → win ${r.p_pct}` : c.label;
  },
  chanceColour(st, c) {
    if (!c.id.startsWith("card ")) return null;
    const cell = st.view.board.find((b) => b.square === c.id.slice(5));
    return cell ? TERRAIN[cell.terrain].fill : null;
  },
  drawTable(st, ui, slots) {
    // The side panels hold parts too. A panel that comes and goes (the fight, the what-if
    // picker) sits in a slot that is always there, so the parts after it keep their place
    // in the tree: a kept part is found only where it was drawn last time.
    const slot = (html) => `<div class="al-slot">${html}</div>`;
    return `<div class="al-grid"><div class="al-col"><div class="sh-panel al-map-panel">${mapSvg(st, ui)}${startHtml(st, ui)}</div>${part("al-adventure", adventureHtml(st))}</div>` +
      `<div class="al-col">${slot(fightHtml(st))}${slot(slots.chance)}${slot(deckHtml(st))}${playersHtml(st)}</div></div>`;
  },
  onUi(node, ui) {
    if (node.getAttribute("data-ui") !== "sel") return false;
    const sq = node.getAttribute("data-sq");
    ui.sel = ui.sel === sq ? null : sq;
    return true;
  },
  onAct(ui) { ui.sel = null; },
  onOutside(e, ui) {
    if (ui.sel && e.target.closest && e.target.closest(".al-map") && !e.target.closest("[data-ui],[data-action]")) { ui.sel = null; return true; }
    return false;
  },
  onKey(e, ui) { if (e.key === "Escape" && ui.sel) { ui.sel = null; return true; } return false; },
});
