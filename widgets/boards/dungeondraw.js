// Dungeon Draw: the board module (fairy market, hand, building area with the path, score
// sheets). It follows widgets/shell.js in one ES module (see shell.py), draws only the
// game's own table and declares its click targets: every element that plays a legal
// action carries data-action="<id>" and the class dd-legal. Laying a card is two clicks:
// a hand card (a selection kept here, turned with "turn"), then a marked place.

const U = 22;                                        // pixels per half-cell of the dungeon
const UNDER = 0.45;                                  // underground nodes drawn offset (half-cells)
const SEAT = { green: "#1e8449", blue: "#2471a3", red: "#c0392b", yellow: "#b7950b", purple: "#7d3c98" };
const ICON = {
  coin: ["#d4a017", "$"], barrel: ["#8b5a2b", "B"], sword: ["#607080", "S"], rope: ["#a0522d", "R"],
  key: ["#c0a000", "K"], scroll: ["#bfa660", "§"], monster: ["#b22222", "M"], lock: ["#444", "L"],
  trap: ["#222", "T"], lava: ["#ff4500", "V"], portal: ["#8a2be2", "P"], recycle: ["#2e8b57", "♻"],
  scissors: ["#2f4f4f", "✂"],
};
const HOURGLASS = `<svg width="9" height="12" viewBox="0 0 9 12"><path d="M0.5 0.5h8L4.5 6l4 5.5h-8L4.5 6z" fill="#f5deb3" stroke="#7d6543"/></svg>`;
const VERB_ICON = { recycle: "♻", scissors: "✂", erase: "SB-6", keep: "SB-17" };
const FAIRY_DE = { key: "Schlüssel", rope: "Seil", scroll: "Schriftrolle", sword: "Schwert" };
const seatColour = (st, i) => SEAT[(st.view.players[i] || {}).colour] || "#555";
/** A player's letter beside their colour (the path's head, the tabs, the sheets): the
 *  initial, as on the other boards (colour is never the only cue). */
const seatLetter = (st, i) => initialOf((st.view.players[i] || {}).name);
const terms = (st) => (st.advice || {}).terms || {};
const deTerm = (st, en) => term(en, terms(st)[en]);

// ---------------------------------------------------------------- geometry
/** Two decimals: an offset node's 24.150000000000002 is drawn as 24.15 (less to parse). */
const r2 = (x) => Math.round(x * 100) / 100;
/** A node's drawing position in half-cells (underground nodes slightly offset). */
function at(n) {
  const off = n.level === 1 && n.kind !== "stairs" ? UNDER : 0;
  return [n.x + off, n.y + off];
}
/** Card-local nodes turned 180° as the engine does (path.card_nodes). */
function turned(info, turn) {
  return info.nodes.map((n) => (turn === 180 ? { ...n, x: 4 - n.x, y: 6 - n.y } : n));
}

// ---------------------------------------------------------------- small pictures
function contentIcons(x, y, contents, mark) {
  // mark: {found, beaten, used} counts per kind: circle the found, cross the overcome/used
  const left = { found: { ...(mark && mark.found) }, beaten: { ...(mark && mark.beaten) }, used: { ...(mark && mark.used) } };
  return contents.map((c, k) => {
    const [fill, ch] = ICON[c] || ["#999", "?"];
    const cx = x - 9 + 9 * (k % 3), cy = y - 14 - 9 * Math.floor(k / 3);
    let extra = "";
    const take = (what) => { if (left[what][c] > 0) { left[what][c] -= 1; return true; } return false; };
    if (take("used") || take("beaten")) {
      if (c !== "portal" && left.found[c] > 0) left.found[c] -= 1;
      extra += `<path class="dd-cross" d="M${cx - 6} ${cy - 6}L${cx + 6} ${cy + 6}M${cx + 6} ${cy - 6}L${cx - 6} ${cy + 6}"/>`;
    }
    if (take("found") || extra) extra = `<circle class="dd-ring" cx="${cx}" cy="${cy}" r="6.4"/>` + extra;
    return `<g class="dd-item"><title>${esc(c)}</title><circle cx="${cx}" cy="${cy}" r="4.4" fill="${fill}"/>` +
      `<text x="${cx}" y="${cy + 2.4}" class="dd-glyph">${esc(ch)}</text>${extra}</g>`;
  }).join("");
}

function nodeShape(n, x, y) {
  const under = n.level === 1 && n.kind !== "stairs" ? " dd-under" : "";
  if (n.kind === "room") return `<rect class="dd-room${under}" x="${x - 8}" y="${y - 8}" width="16" height="16" rx="3"/>`;
  if (n.kind === "stairs") return `<rect class="dd-stairs" x="${x - 6}" y="${y - 6}" width="12" height="12"/><path class="dd-steps" d="M${x - 6} ${y - 2}h12M${x - 6} ${y + 2}h12"/>`;
  if (n.kind === "edge") return `<path class="dd-edge${under}${n.open ? " dd-open" : ""}" d="M${x} ${y - 4}L${x + 4} ${y}L${x} ${y + 4}L${x - 4} ${y}Z"/>`;
  return `<circle class="dd-corr${under}" cx="${x}" cy="${y}" r="4"/>`;
}

/** A hand or market card as a little picture of its geometry (turn 0 or 180); the
 *  pictures are remembered (card geometry never changes within a content file). */
const PICS = new Map();
function cardPic(st, key, turn = 0, scale = 9) {
  const info = ((st.advice || {}).cards || {})[key];
  if (!info) return `<span class="sh-muted">${esc(key)}</span>`;
  const memo = `${key}|${turn}|${scale}|${info.name}|${info.nodes.length}`;
  if (!PICS.has(memo)) PICS.set(memo, drawCardPic(info, turn, scale));
  return PICS.get(memo);
}
function drawCardPic(info, turn, scale) {
  const nodes = turned(info, turn), by = Object.fromEntries(nodes.map((n) => [n.id, n]));
  const P = (n) => { const [x, y] = at(n); return [r2(x * scale), r2(y * scale)]; };
  const links = info.links.map(([a, b]) => {
    const [x1, y1] = P(by[a]), [x2, y2] = P(by[b]);
    const under = by[a].level === 1 || by[b].level === 1 ? " dd-under" : "";
    return `<line class="dd-link${under}" x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}"/>`;
  }).join("");
  const body = nodes.map((n) => {
    const [x, y] = P(n);
    const s = n.kind === "room" ? `<rect class="dd-room" x="${x - 5}" y="${y - 5}" width="10" height="10" rx="2"/>` : n.kind === "edge" ? "" : `<circle class="dd-corr" cx="${x}" cy="${y}" r="2.5"/>`;
    const items = n.contents.map((c, k) => `<circle cx="${x - 4 + 4 * k}" cy="${y - 7}" r="2.4" fill="${(ICON[c] || ["#999"])[0]}"><title>${esc(c)}</title></circle>`).join("");
    return s + items;
  }).join("");
  const w = 4 * scale, h = 6 * scale;
  return `<svg class="dd-cardpic" width="${w + 2}" height="${h + 2}" viewBox="-1 -1 ${w + 2} ${h + 2}"><title>${esc(info.name)}</title>` +
    `<rect class="dd-card" x="0" y="0" width="${w}" height="${h}" rx="2"/>${links}${body}</svg>`;
}

// ---------------------------------------------------------------- the dungeon
function whoseDungeon(st, ui) {
  const n = st.view.players.length;
  if (ui.show !== null && ui.show < n) return ui.show;
  const b = (st.advice || {}).best;
  if (b) return b.seat;
  return st.status.seat ?? st.status.turn_owner ?? 0;
}

// The building area in layers, each a part (kept when unchanged): laid cards one part
// each, the links, the path lines, the nodes one part per card, the "+" places. Points are
// drawn from the grid's origin and the viewBox frames them, so a layer does not move when
// the frame grows; index-named parts sit in their own group, so adding one shifts none.
function dungeonSvg(st, ui, seat, col) {
  const v = st.view, p = v.players[seat], dg = p.dungeon, adv = st.advice || {};
  const mine = st.status.to_move === seat;
  const places = mine ? legalBy(st, "place").filter((a) => a.target.card === ui.card && a.target.turn === ui.turn) : [];
  const cells = dg.cards.map((c) => [c.col, c.row]).concat(places.map((a) => [a.target.col, a.target.row]));
  if (!cells.length) cells.push([0, 0]);
  const x0 = Math.min(...cells.map((c) => c[0])) * 2 - 1, y0 = Math.min(...cells.map((c) => c[1])) * 2 - 2;
  const x1 = Math.max(...cells.map((c) => c[0])) * 2 + 5, y1 = Math.max(...cells.map((c) => c[1])) * 2 + 7;
  const X = (x) => r2(x * U), Y = (y) => r2(y * U);
  const byId = Object.fromEntries(dg.nodes.map((n) => [n.id, n]));
  const PX = (id) => { const [x, y] = at(byId[id]); return [X(x), Y(y)]; };
  const placed = mine ? legalBy(st, "placed") : [];
  const name = `dd-${col}-d${seat}`;
  const cards = dg.cards.map((c, i) => {
    const badges = placed.filter((a) => a.target.index === i).map((a, k) =>
      `<g class="dd-badge dd-legal" data-action="${esc(a.id)}"><title>${esc(a.label)}</title><rect x="${X(2 * c.col) + 4 + k * 34}" y="${Y(2 * c.row + 6) - 18}" width="31" height="14" rx="3"/>` +
      `<text x="${X(2 * c.col) + 19.5 + k * 34}" y="${Y(2 * c.row + 6) - 8}">${esc(VERB_ICON[a.target.verb])}</text></g>`).join("");
    return part(`${name}-card-${i}`, `<g class="dd-laid"><rect class="dd-card" x="${X(2 * c.col)}" y="${Y(2 * c.row)}" width="${4 * U}" height="${6 * U}" rx="3"/>` +
      `<text class="dd-cardname" x="${X(2 * c.col) + 3}" y="${Y(2 * c.row) + 9}">${esc(c.name)}${c.turn === 180 ? " ↻" : ""}</text>${badges}</g>`, "g");
  }).join("");
  let svg = `<g>${cards}</g>` + part(`${name}-links`, dg.links.map(([a, b]) => {
    const [xa, ya] = PX(a), [xb, yb] = PX(b);
    const under = byId[a].level === 1 || byId[b].level === 1 ? " dd-under" : "";
    return `<line class="dd-link${under}" x1="${xa}" y1="${ya}" x2="${xb}" y2="${yb}"/>`;
  }).join(""), "g");
  const line = (nodes, hops, cls, colour) => {
    if (!nodes || nodes.length < 2) return "";
    let d = "";
    nodes.forEach((id, k) => { const [x, y] = PX(id); d += `${k && hops && hops[k] === "go" ? "L" : "M"}${x} ${y}`; });
    const jumps = nodes.slice(1).map((id, k) => (hops && hops[k + 1] !== "go" ? (() => {
      const [xa, ya] = PX(nodes[k]), [xb, yb] = PX(id);
      return `<line class="dd-jump" x1="${xa}" y1="${ya}" x2="${xb}" y2="${yb}" stroke="${colour}"/>`;
    })() : "")).join("");
    return `<path class="${cls}" d="${d}"${colour ? ` stroke="${colour}"` : ""}/>${jumps}`;
  };
  const best = adv.best && adv.best.seat === seat ? adv.best : null;
  let lines = "";
  if (ui.best && best && best.best) {
    lines += line(best.best.nodes, best.best.hops, "dd-bestline", "#e6a100");
    if (best.onward) lines += line(best.onward.nodes, best.onward.hops, "dd-onwardline", "#2e86c1");
  }
  const path = dg.path || [];
  lines += line(path.map((s) => s[1]), path.map((s) => s[0]), "dd-pathline", seatColour(st, seat));
  svg += part(`${name}-lines`, lines, "g");
  const marks = ((adv.marks || [])[seat] || {}).nodes || {};
  const here = path.length ? path[path.length - 1][1] : null;
  const targets = {};
  for (const a of legalBy(st, "node")) (targets[a.target.node] = targets[a.target.node] || []).push(a);
  const runs = [];                                   // the nodes of one card: ids "<card>.<node>"
  for (const n of dg.nodes) {
    const [hx, hy] = at(n), x = X(hx), y = Y(hy);
    const t = mine ? targets[n.id] : null;
    let hit = "";
    if (t && t.length === 1) hit = `<circle class="dd-target dd-legal" cx="${x}" cy="${y}" r="9" data-action="${esc(t[0].id)}"><title>${esc(t[0].label)}</title></circle>`;
    else if (t) hit = `<circle class="dd-target dd-choose${ui.node === n.id ? " dd-sel" : ""}" cx="${x}" cy="${y}" r="9" data-ui="node" data-node="${esc(n.id)}"><title>${t.length} ways: click to choose</title></circle>`;
    const cur = n.id === here ? `<circle class="dd-here" cx="${x}" cy="${y}" r="11"/>` : "";
    // the path's head carries the player's mark: the line's colour is not the only cue
    const head = n.id === here ? `<g class="dd-head"><title>${esc(p.name)}'s path ends here</title><circle cx="${r2(x + 12)}" cy="${r2(y - 12)}" r="7" fill="${seatColour(st, seat)}" stroke="#fff" stroke-width="1.5" style="pointer-events:none"/>` +
      `${markText(x + 12, y - 12, 9.5, seatLetter(st, seat), seatColour(st, seat))}</g>` : "";
    const g = `<g class="dd-node" data-node="${esc(n.id)}"><title>${esc(n.id)} ${esc(n.kind)}${n.level === 1 ? " (underground)" : ""}</title>${cur}${nodeShape(n, x, y)}${contentIcons(x, y, n.contents, marks[n.id])}${head}${hit}</g>`;
    const key = String(n.id).split(".")[0], last = runs[runs.length - 1];
    if (last && last[0] === key) last[1] += g; else runs.push([key, g]);
  }
  svg += `<g>${runs.map(([, g], k) => part(`${name}-nodes-${k}`, g, "g")).join("")}</g>`;
  const advised = best && best.advisor ? best.advisor.next : null;
  svg += part(`${name}-places`, places.map((a) => {
    const t = a.target, cx = X(2 * t.col + 2), cy = Y(2 * t.row + 3), star = a.id === advised;
    return `<g class="dd-ghost dd-legal${star ? " dd-advised" : ""}" data-action="${esc(a.id)}"><title>${esc(a.label)}${star ? " (the advisor's next card)" : ""}</title><rect x="${X(2 * t.col) + 1}" y="${Y(2 * t.row) + 1}" width="${4 * U - 2}" height="${6 * U - 2}" rx="3"/>` +
      `<circle cx="${cx}" cy="${cy}" r="8"/><text x="${cx}" y="${cy + 4}">${star ? "★" : "+"}</text></g>`;
  }).join(""), "g");
  const W = (x1 - x0) * U, H = (y1 - y0) * U;
  return `<svg class="dd-dungeon" width="${W}" height="${H}" viewBox="${x0 * U} ${y0 * U} ${W} ${H}">${svg}</svg>`;
}

function dungeonPanel(st, ui, col) {
  const v = st.view, seat = whoseDungeon(st, ui), p = v.players[seat];
  const tabs = v.players.map((q, i) => `<button class="sh-btn dd-tab${i === seat ? " dd-on" : ""}" data-ui="show" data-seat="${i}" style="border-color:${seatColour(st, i)}">${markChip(seatLetter(st, i), seatColour(st, i), 13)} ${esc(q.name)}</button>`).join("");
  const best = (st.advice || {}).best;
  const toggle = best && best.best && best.seat === seat ? `<button class="sh-btn dd-besttoggle${ui.best ? " dd-on" : ""}" data-ui="best">${ui.best ? "Hide" : "Show"} the best path</button>` : "";
  const ended = p.dungeon.ended ? ` · path ${p.dungeon.ended === "exit" ? "left by an exit ✓" : "ended in a dead end"}` : "";
  return `<div class="sh-panel dd-build">${part(`dd-${col}-build-head`, `<div class="sh-panel-title">${term(`${p.name}'s dungeon`, "Dungeon")}${ended} <span class="dd-tabs">${tabs}</span> ${toggle}</div>`)}` +
    (p.dungeon.cards.length || legalBy(st, "place").length ? part(`dd-${col}-dungeon-${seat}`, dungeonSvg(st, ui, seat, col))
      : `<div class="sh-muted dd-empty">No cards laid yet: the building area fills in the exploration (<span lang="de">Erkundung</span>).</div>`) + `<div class="dd-slot">${choiceHtml(st, ui)}</div>` +
    part(`dd-${col}-build-hint`, `<div class="sh-hint">Rooms are squares, corridors dots, ◇ connectors (filled: open on the rim); dashed: the underground (offset). Circled: discovered; crossed out: overcome or used.</div>`) + `</div>`;
}

/** Several actions on one node (a portal used with a scroll, a tile or a book): choose. */
function choiceHtml(st, ui) {
  const acts = legalBy(st, "node").filter((a) => a.target.node === ui.node);
  if (!acts.length) return "";
  return `<div class="dd-choice">${acts.map((a) => `<button class="sh-btn dd-legal" data-action="${esc(a.id)}">${esc(a.label)}</button>`).join("")}</div>`;
}

// ---------------------------------------------------------------- buttons, hand, market
function buttonsHtml(st) {
  const acts = legalBy(st, "button").concat(legalBy(st, "ownbook"));
  if (!acts.length) return "";
  return `<div class="sh-panel dd-actions"><div class="sh-panel-title">Your choices</div>` +
    acts.map((a) => `<button class="sh-btn dd-legal${a.target.group === "pass" || a.target.group === "build" ? " sh-primary" : ""}" data-action="${esc(a.id)}">${esc(a.label)}</button>`).join("") + `</div>`;
}

function handHtml(st, ui) {
  const v = st.view, seat = st.status.seat ?? st.status.turn_owner;
  if (seat === null || seat === undefined) return "";
  const hand = v.players[seat].hand;
  if (!Array.isArray(hand)) return "";
  const places = legalBy(st, "place");
  // one place per card dealt this round (ui.hand), empty once the card is laid: the other
  // cards keep their places, so their kept pictures are found where they were drawn
  const cards = (ui.hand ? ui.hand.keys : hand).map((k, i) => {
    if (!hand.includes(k)) return `<div class="dd-gone" hidden></div>`;
    const can = places.some((a) => a.target.card === k);
    const sel = ui.card === k && can;
    const name = (((st.advice || {}).cards || {})[k] || {}).name || k;
    return `<div class="dd-handcard${sel ? " dd-sel" : ""}${can ? " dd-pick" : ""}"${can ? ` data-ui="card" data-card="${esc(k)}"` : ""}>${part(`dd-hand-${i}`, `${cardPic(st, k, sel ? ui.turn : 0)}<div class="dd-cname">${esc(name)}</div>`)}</div>`;
  }).join("");
  const turn = places.length ? `<button class="sh-btn" data-ui="turn">↻ turn the card (${ui.turn === 180 ? "upside down" : "upright"})</button>` : "";
  return `<div class="sh-panel dd-hand"><div class="sh-panel-title">${term(`${v.players[seat].name}'s hand`, "Handkarten")} · ${plural(hand.length, "card")} ${turn}</div>` +
    `<div class="dd-cards">${hand.length ? cards : `<span class="sh-muted">empty</span>`}</div>${places.length ? `<div class="sh-hint">Click a card, then a “+” in the building area.</div>` : ""}</div>`;
}

function marketHtml(st, col) {
  const v = st.view, m = v.market, adv = st.advice || {}, pr = adv.prices || {};
  const fairyActs = legalBy(st, "fairy"), bookActs = legalBy(st, "book"), cardActs = legalBy(st, "card");
  const fairy = v.fairy_kinds.map((k) => {
    const main = fairyActs.find((a) => a.target.fairy === k && !a.target.extra);
    const extras = fairyActs.filter((a) => a.target.fairy === k && a.target.extra).map((a) =>
      `<button class="sh-btn dd-mini dd-legal" data-action="${esc(a.id)}" title="${esc(a.label)}">+${esc(a.target.extra)}</button>`).join("");
    const [fill] = ICON[k];
    return part(`dd-${col}-fairy-${k}`, `<div class="dd-fairy${main ? " dd-legal" : ""}"${main ? ` data-action="${esc(main.id)}" title="${esc(main.label)}"` : ""}>` +
      `<span class="dd-dot" style="background:${fill}"></span>${term(k, FAIRY_DE[k])}<b>×${m.fairy[k]}</b></div>${extras}`);
  }).join("");
  const books = m.books.map((b, i) => {
    const a = bookActs.find((x) => x.target.slot === i);
    return `<div class="dd-book${a ? " dd-legal" : ""}"${a ? ` data-action="${esc(a.id)}"` : ""} title="${esc((adv.books || {})[b] || "")}"><b>${esc(b || "—")}</b> ${esc(((adv.books || {})[b] || "").split(":")[0])}</div>`;
  }).join("");
  const blindBook = bookActs.find((x) => x.target.slot === "blind");
  const bookDeck = `<div class="dd-stack${blindBook ? " dd-legal" : ""}"${blindBook ? ` data-action="${esc(blindBook.id)}" title="${esc(blindBook.label)}"` : ""}>stack ${m.book_deck}</div>`;
  const rows = Object.keys(m.cards).map((cost) => {
    const acts = cardActs.filter((a) => String(a.target.cost) === cost);
    const slot = (i) => {
      const k = m.cards[cost][i];
      if (!k) return `<div class="dd-mcard sh-muted">empty</div>`;
      const a = acts.find((x) => x.target.slot === i && !x.target.sb10), b10 = acts.find((x) => x.target.slot === i && x.target.sb10);
      const name = ((adv.cards || {})[k] || {}).name || k;
      return `<div class="dd-mcard${a ? " dd-legal" : ""}"${a ? ` data-action="${esc(a.id)}" title="${esc(a.label)}"` : ""}>${part(`dd-${col}-mcard-${cost}-${i}`, `${cardPic(st, k, 0, 7)}<div class="dd-cname">${esc(name)}</div>`)}` +
        `${b10 ? `<button class="sh-btn dd-mini dd-legal" data-action="${esc(b10.id)}" title="${esc(b10.label)}">SB-10: ${Number(cost) - 1}</button>` : ""}</div>`;
    };
    const blind = acts.find((x) => x.target.slot === "blind" && !x.target.sb10), blind10 = acts.find((x) => x.target.slot === "blind" && x.target.sb10);
    const stack = `<div class="dd-stack${blind ? " dd-legal" : ""}"${blind ? ` data-action="${esc(blind.id)}" title="${esc(blind.label)}"` : ""}>stack<br>${m.stacks[cost]} left` +
      `${blind10 ? `<button class="sh-btn dd-mini dd-legal" data-action="${esc(blind10.id)}" title="${esc(blind10.label)}">SB-10</button>` : ""}</div>`;
    return part(`dd-${col}-row-${cost}`, `<div class="dd-row"><div class="dd-price">${cost}<small> coins</small></div>${slot(0)}${slot(1)}${stack}</div>`);
  }).join("");
  // headings, card pictures and each fairy are parts: a purchase re-draws the frames only
  return `<div class="sh-panel dd-market">${part(`dd-${col}-market-head`, `<div class="sh-panel-title">${term("Fairy market", "Feenmarkt")}</div>` +
    `<div class="dd-sub">${term("Fairy tiles", "Feenplättchen")} · ${pr.fairy} coin each</div>`)}<div class="dd-fairies">${fairy}</div>` +
    part(`dd-${col}-books-head`, `<div class="dd-sub">${term("Spell books", "Zauberbücher")} · ${pr.book} coins (at most 2)</div>`) + `<div class="dd-books">${part(`dd-${col}-books`, books + bookDeck)}</div>` +
    part(`dd-${col}-cards-head`, `<div class="dd-sub">${term("Dungeon cards", "Dungeonkarten")} · two face up or blind from the stack</div>`) + `${rows}</div>`;
}

function nextHandHtml(st) {
  const o = (st.advice || {}).next_hand;
  if (!o || !o.rows.length) return "";
  const rows = o.rows.map((r) => `<tr><td>${esc(r.name)}</td><td class="sh-num">${esc(fracText(r))}</td><td class="sh-num">${esc(r.p_pct)}</td><td>${pctBar(r.p)}</td></tr>`).join("");
  return `<div class="sh-panel dd-odds"><div class="sh-panel-title">${term(`${st.view.players[o.seat].name}'s next hand`, "Auf 5 Handkarten nachziehen")} · exact</div>` +
    `<div class="sh-hint">${plural(o.draws, "card")} to draw from a deck of ${o.deck} (then the shuffled discard pile of ${o.discard}): the chance each card is among them.</div>` +
    `<table class="dd-oddstable">${rows}</table></div>`;
}

// ---------------------------------------------------------------- goals, solver, sheets
function goalText(st, g) {
  if (!g) return `<span class="sh-muted">not drawn yet</span>`;
  return `${g.points} per ${deTerm(st, g.kind)}${g.hourglass ? ` · <span class="dd-hourglass" title="the first finished path circles the time bonus">${HOURGLASS} ${term("hourglass", "Sanduhr")}</span>` : ""}`;
}

function goalsHtml(st) {
  const gl = (st.advice || {}).goals || {};
  return `<div class="sh-panel dd-goals"><div class="sh-panel-title">${term("Goals in play", "Zielkarten")} · round ${st.view.round} of ${st.view.rounds}</div>` +
    `<div><span class="dd-blue">■</span> ${term("main goal", "Hauptziel")}: ${goalText(st, gl.main)}</div>` +
    `<div><span class="dd-pink">■</span> ${term("secondary goal", "Nebenziel")}: ${goalText(st, gl.second)}</div></div>`;
}

function pathScore(st, r) {
  return `<b>${r.score}</b> points, ${plural(r.coins, "coin")}${r.exit ? ", exit ✓" : ""}`;
}

function solverHtml(st) {
  const b = (st.advice || {}).best;
  if (!b) return "";
  const name = st.view.players[b.seat].name;
  const goal = `${b.points} per ${b.goal}`;
  let rows = b.best ? `<div>${b.building ? "Best path through the cards laid so far" : "Best path"}: ${pathScore(st, b.best)}</div>` : "";
  const a = b.advisor;
  if (a) {
    const nxt = a.next ? a.next.split(" ") : null;
    const card = nxt ? (((st.advice || {}).cards || {})[nxt[1]] || {}).name || nxt[1] : "";
    rows += `<div>Layout advisor (${plural(a.cards, "card")}, ${plural(a.layouts, "layout")} solved): ${pathScore(st, a)}` +
      (nxt ? ` · next: <button class="sh-btn dd-mini" data-ui="advised" data-id="${esc(a.next)}">${esc(card)}${nxt[4] === "180" ? " upside down" : ""} ★</button>` : a.follows ? "" : " · (your layout has left its plan)") + `</div>`;
  }
  if (b.mine) rows += `<div>${esc(name)}'s path${b.mine.ended ? "" : " so far"}: ${pathScore(st, b.mine)}</div>`;
  if (b.onward) rows += `<div>Best way on from here: ${pathScore(st, b.onward)}</div>`;
  return `<div class="sh-panel dd-solver"><div class="sh-panel-title">The solver · ${esc(name)} · main goal ${esc(goal)}</div><div class="dd-slot">${rows}</div>` +
    part("dd-solver-hint", `<div class="sh-hint">Exact search over the dungeon's graph: goal points first, then coins, then an exit. “Show the best path” draws it (gold; blue: the best way on). The layout advisor is a beam search over placements judged by the solver: good, not proven best; ★ marks its next place.</div>`) + `</div>`;
}

function sheetsHtml(st) {
  const v = st.view, bonus = (st.advice || {}).time_bonus || [];
  const head = `<tr><th>${term("round", "Runde")}</th>${Array.from({ length: upTo(v.rounds, 64) }, (_, i) => `<th>${i + 1}</th>`).join("")}</tr>`;
  const sheet = v.players.map((p, i) => {
    const cell = (r, f) => (r ? f(r) : "");
    const row = (label, cls, f) => `<tr class="${cls}"><td>${label}</td>${Array.from({ length: upTo(v.rounds, 64) }, (_, k) => `<td>${cell(p.sheet[k], f)}</td>`).join("")}</tr>`;
    const green = (r) => (r.green === null ? "" : r.green ? `<span class="dd-circled">${r.green}</span>` : `<s>${bonus[p.sheet.indexOf(r)] ?? ""}</s>`);
    // the caption (coins, tiles: every purchase) is drawn as a table caption beside the
    // table, which is a part: its rows change once a round
    return `<div class="dd-sheetbox">${part(`dd-caption-${i}`, `<div class="dd-caption">${markChip(seatLetter(st, i), seatColour(st, i), 14)} <span class="sh-seat-name" style="--seat:${seatColour(st, i)}">${esc(p.name)}</span> · ${plural(p.coins, "coin")} · ${plural(p.score, "point")}` +
      `${p.books.length ? ` · books ${p.books.map((b) => `<span title="${esc(((st.advice || {}).books || {})[b] || "")}">${esc(b)}${p.ready.includes(b) ? "" : " (used)"}</span>`).join(", ")}` : ""}` +
      `${Object.keys(p.fairy).length ? ` · tiles ${Object.entries(p.fairy).map(([k, n]) => `${n} ${k}`).join(", ")}` : ""}` +
      ` · deck ${p.deck}, discard ${p.discard}${Array.isArray(p.hand) ? "" : `, hand ${p.hand} (hidden)`}</div>`)}${part(`dd-sheet-${i}`, `<table class="dd-sheet">${head}` +
      row(term("blue", "blau"), "dd-b", (r) => r.blue) + row(term("pink", "rosa"), "dd-p", (r) => r.pink) +
      row(term("time bonus", "Zeitbonus"), "dd-g", green) + row(term("exit", "Ausgang"), "dd-x", (r) => (r.exit ? "✓" : "")) + `</table>`)}</div>`;
  }).join("");
  return `<div class="sh-panel dd-sheets">${part("dd-sheets-title", `<div class="sh-panel-title">${term("Score sheets", "Wertungstafel")}</div>`)}${sheet}` +
    part("dd-sheets-hint", `<div class="sh-hint">Game end: blue sum + pink sum halved down + time bonus + exit majority (2/1) + coins ÷ 3 down.</div>`) + `</div>`;
}

// ---------------------------------------------------------------- the board for the shell
function syncDdUi(st, ui) {
  const places = legalBy(st, "place");
  const cards = [...new Set(places.map((a) => a.target.card))];
  if (!cards.includes(ui.card)) ui.card = cards[0] ?? null;
  if (ui.card && !places.some((a) => a.target.card === ui.card && a.target.turn === ui.turn)) {
    const any = places.find((a) => a.target.card === ui.card);
    if (any) ui.turn = any.target.turn;
  }
  if (ui.node && !legalBy(st, "node").some((a) => a.target.node === ui.node)) ui.node = null;
  if (ui.show !== null && ui.show >= st.view.players.length) ui.show = null;
  // the hand's places: kept while the hand only loses cards (in the same order), else anew
  const seat = st.status.seat ?? st.status.turn_owner, hand = seat === null || seat === undefined ? null : st.view.players[seat].hand;
  const h = ui.hand, keys = Array.isArray(hand) ? hand : [];
  const fits = h && h.seat === seat && new Set(keys).size === keys.length &&
    h.keys.filter((k) => keys.includes(k)).join("\n") === keys.join("\n");
  if (!fits) ui.hand = Array.isArray(hand) && new Set(keys).size === keys.length ? { seat, keys: [...keys] } : null;
  return ui;
}

defineBoard({
  title: "Dungeon Draw",
  prefix: "dd",
  autoLabel: "auto draw",
  autoTitle: "draw cards, books and goals on their own",
  scoreUnit: "points",
  scoreTitle: (st) => (st.status.over ? "Final score" : "Points so far"),
  newUi: () => ({ card: null, turn: 0, node: null, show: null, best: false, hand: null }),
  syncUi: syncDdUi,
  statusLeft: (st) => `<span class="dd-round">Round ${st.view.round} of ${st.view.rounds}</span>`,
  chanceHead(st) {
    const c = st.chance[0] || { id: "" };
    const what = c.id.startsWith("goal ") ? "A goal card is drawn" : c.id.startsWith("book ") ? "A spell book is drawn"
      : c.id.startsWith("draw ") ? "A card is drawn into the hand" : c.id.startsWith("card ") ? "A dungeon card is laid out" : "A face-down card is drawn";
    return `<div class="sh-panel-title">${esc(what)} · ${plural(st.chance.length, "outcome")}</div>`;
  },
  drawTable(st, ui, slots) {
    // Each panel has a slot that is always there, so a panel coming or going does not
    // shift the kept parts after it (a kept part is found only where it was drawn last).
    // The market and the building area change columns with the phase: their parts are
    // named by column, so a part is never kept in a place it was not drawn.
    const explore = ["explore", "score", "cleanup"].includes(st.view.phase);
    const slot = (html) => `<div class="dd-slot">${html}</div>`;
    const market = (col) => part(`dd-${col}-market`, marketHtml(st, col));
    return `<div class="dd-grid"><div class="dd-col">${part("dd-goals", goalsHtml(st))}${slot(part("dd-choices", buttonsHtml(st)))}` +
      `${slot(explore ? dungeonPanel(st, ui, "L") : "")}${slot(part("dd-hand", handHtml(st, ui)))}${slot(explore ? "" : market("L"))}</div>` +
      `<div class="dd-col">${slot(slots.chance)}${slot(solverHtml(st))}${part("dd-odds", nextHandHtml(st))}${part("sheets", sheetsHtml(st))}` +
      `${slot(explore ? market("R") : dungeonPanel(st, ui, "R"))}</div></div>`;
  },
  onUi(node, ui) {
    const kind = node.getAttribute("data-ui");
    if (kind === "card") { ui.card = node.getAttribute("data-card"); return true; }
    if (kind === "turn") { ui.turn = ui.turn === 180 ? 0 : 180; return true; }
    if (kind === "node") { const n = node.getAttribute("data-node"); ui.node = ui.node === n ? null : n; return true; }
    if (kind === "show") { ui.show = parseInt(node.getAttribute("data-seat"), 10); return true; }
    if (kind === "best") { ui.best = !ui.best; return true; }
    if (kind === "advised") { const p = node.getAttribute("data-id").split(" "); ui.card = p[1]; ui.turn = parseInt(p[4], 10); return true; }
    return false;
  },
  onAct(ui) { ui.node = null; },
  onKey(e, ui) {
    if (e.target && /^(INPUT|SELECT|TEXTAREA)$/.test(e.target.tagName || "")) return false;
    if (e.key === "r" || e.key === "R") { ui.turn = ui.turn === 180 ? 0 : 180; return true; }
    if (e.key === "Escape" && ui.node) { ui.node = null; return true; }
    return false;
  },
});
