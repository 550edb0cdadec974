// Klong! (Clank!): the board module (map, row, hand, dragon). It follows
// widgets/shell.js in one ES module (see shell.py), draws only the game's own table and
// declares its click targets: every element that plays a legal action carries
// data-action="<id>" and the class cl-legal. The one local choice (which of several ways
// into a room) never leaves the browser until it completes an action id.

const SEAT_FILL = { green: "#2a8040", blue: "#2f62b0", red: "#c8372d", yellow: "#d4a40a" };
const CUBE_FILL = { black: "#26221f", ...SEAT_FILL };
const TYPE_NAME = { action: "action", device: "device", monster: "monster" };
const ROOM_R = 26;                   // room radius in map units (the map is 1000 x 720)
const STATUS_TEXT = { in: "in the game", escaped: "escaped", rescued: "knocked out, rescued", lost: "knocked out, lost" };

// ---------------------------------------------------------------- small helpers
const colourOf = (p) => SEAT_FILL[p.colour] || "#777";
const seatLetter = (p) => initialOf(p && p.name);   // as the static map
const cubeOwner = (v, c) => v.players.find((p) => p.colour === c) || null;        // black cubes: nobody's
const isOver = (v) => v.phase === "over";
const roomNo = (id) => (id === "start" ? "S" : String(id).replace(/^r/, ""));

function cardInfo(st, key) {
  const c = st.view.cards && st.view.cards[key];
  return c || { name: key, type: "action", set: "", cost: 0, swords: 0, points: 0, dragon: false, danger: false, tags: [], text: "" };
}
/** A card's name with the German edition's name beside it (the shell's term()). */
const cardName = (st, key, c = cardInfo(st, key)) => term(c.name, c.german && c.german !== c.name ? c.german : "");

// ---------------------------------------------------------------- icons (16 x 16 SVG)
// Klong!'s own symbols; the generic ones (sword, boot, gold, heart, ...) are the shell's SHAPES
const ICON = {
  ...SHAPES,
  skill: `<path d="M8 1 L14.5 6.5 L8 15 L1.5 6.5 Z" fill="#2f6fb5" stroke="#1b4a80"/><path d="M1.5 6.5 H14.5 M5 6.5 L8 15 L11 6.5 M5 6.5 L8 1 L11 6.5" stroke="#9cc3ee" stroke-width="0.8" fill="none"/>`,
  teleport: `<circle cx="8" cy="8" r="6.2" fill="none" stroke="#7b3fa0" stroke-width="2"/><path d="M8 4.2 A3.8 3.8 0 1 1 4.4 9" fill="none" stroke="#b47ad6" stroke-width="1.6"/><circle cx="8" cy="8" r="1.6" fill="#7b3fa0"/>`,
  clank: `<rect x="2.5" y="3.5" width="10" height="10" rx="1.6" fill="#e0861e" stroke="#8c4d06"/><path d="M12.5 3.5 L14.5 1.8 V11.6 L12.5 13.5 M2.5 3.5 L4.5 1.8 H14.5" fill="#f3b465" stroke="#8c4d06" stroke-width="0.8"/>`,
  artifact: `<path d="M3 5.5 L8 1 L13 5.5 L8 15 Z" fill="#f2c232" stroke="#8a6200"/><path d="M3 5.5 H13 M6 5.5 L8 15 L10 5.5" stroke="#fff3c4" stroke-width="0.8" fill="none"/>`,
  idol: `<circle cx="8" cy="6" r="4.6" fill="#9b6a2f" stroke="#4e3414"/><circle cx="3.3" cy="5" r="1.8" fill="#9b6a2f" stroke="#4e3414" stroke-width="0.8"/><circle cx="12.7" cy="5" r="1.8" fill="#9b6a2f" stroke="#4e3414" stroke-width="0.8"/><ellipse cx="8" cy="7.5" rx="2.8" ry="2" fill="#e0b27a"/><rect x="4.5" y="10.5" width="7" height="4.5" rx="1.5" fill="#7b5020"/>`,
  minor: `<circle cx="8" cy="8" r="6" fill="#4e8fd0" stroke="#1f4c85" stroke-width="1.2"/><text x="8" y="11.3" font-size="9" text-anchor="middle" fill="#fff" font-weight="bold">?</text>`,
  major: `<path d="M8 1 L15 8 L8 15 L1 8 Z" fill="#7b3fa0" stroke="#45205f" stroke-width="1"/><text x="8" y="11.4" font-size="9" text-anchor="middle" fill="#fff" font-weight="bold">?</text>`,
  feet: `<ellipse cx="5" cy="5.2" rx="2.1" ry="3.4" fill="#5d4126"/><ellipse cx="5" cy="10.4" rx="1.5" ry="1.3" fill="#5d4126"/><ellipse cx="11" cy="7.2" rx="2.1" ry="3.4" fill="#5d4126"/><ellipse cx="11" cy="12.4" rx="1.5" ry="1.3" fill="#5d4126"/>`,
  crystal: `<path d="M3 14 L4.5 6 L7 2 L8.5 7 L7 14 Z M7.5 14 L9.5 5 L12 3 L13 9 L11.5 14 Z" fill="#6fc3e3" stroke="#1f6f8f" stroke-width="0.8"/>`,
  fountain: `<path d="M8 1.5 Q13 8 13 10.3 A5 5 0 0 1 3 10.3 Q3 8 8 1.5 Z" fill="#3aa0c8" stroke="#17607e"/><path d="M5.6 10.5 Q6 12.6 8 12.8" fill="none" stroke="#d5f1fb" stroke-width="1.1"/>`,
  market: `<path d="M2 6 L3.5 2 H12.5 L14 6 Z" fill="#c8372d"/><path d="M2 6 H14 V7 Q12.5 8.5 11 7 Q9.5 8.5 8 7 Q6.5 8.5 5 7 Q3.5 8.5 2 7 Z" fill="#f3f0e6" stroke="#7e1d16" stroke-width="0.6"/><rect x="3" y="8" width="10" height="6.5" fill="#b07a42" stroke="#4b2c10" stroke-width="0.8"/>`,
  shrine: `<path d="M1.5 6 L8 1.5 L14.5 6 Z" fill="#7b3fa0"/><rect x="3" y="6" width="2" height="8" fill="#9a72b2"/><rect x="11" y="6" width="2" height="8" fill="#9a72b2"/><rect x="1.5" y="13.5" width="13" height="2" fill="#5c2d78"/>`,
  mastery: `<circle cx="8" cy="8" r="6.6" fill="#2b2a26" stroke="#e8bb1c" stroke-width="1.4"/><path d="M8 3.5 L9.3 6.6 L12.6 6.8 L10 8.9 L10.9 12.2 L8 10.4 L5.1 12.2 L6 8.9 L3.4 6.8 L6.7 6.6 Z" fill="#e8bb1c"/>`,
};

/** An inline icon for HTML (size in px). */
const ico = (name, size = 14, title = "") => shape(name, size, title, ICON[name]);

/** An icon placed in map units, centred on (x, y), ``s`` map units wide. */
const mapIcon = (name, x, y, s) => placed(ICON[name] || "", x, y, s, 16, "map-icon");

/** One cube: a player's carries the player's letter (colour is never the only cue). */
const cube = (c, who, px = 12, title = "", cls = "cl-cube") => (who ? markChip(seatLetter(who), CUBE_FILL[c], px, title, cls, true)
  : `<span class="${cls}"${attr("title", title || undefined)} style="background:${CUBE_FILL[c] || "#999"}"></span>`);
/** A player's ``n`` cubes; a long run ends in "+n" so a panel never overflows. */
const cubes = (p, n, max = 12) => cube(p.colour, p).repeat(upTo(n, max)) + (n > upTo(n, max) ? `<span class="cl-more">+${n - upTo(n, max)}</span>` : "");

// ---------------------------------------------------------------- local UI state
const boardUi = () => ({ room: null });

/** Room id -> the legal actions that end there (move, move ... block k, teleport). */
const roomOptions = (st) => groupBy(legalBy(st, "room"), (a) => a.target.room);

/** Keep local choices consistent with the state: a room picker only stays open while
 *  that room still offers more than one legal way in. */
function syncBoardUi(st, ui) {
  const opts = ui.room !== null && ui.room !== undefined && st.view && st.legal ? roomOptions(st)[ui.room] : null;
  if (!opts || opts.length < 2) ui.room = null;
  return ui;
}

// ---------------------------------------------------------------- the map
function tunnelTitle(t) {
  const bits = [`${t.a} – ${t.b}: ${plural(t.boots, "boot")}`];
  if (t.monsters) bits.push(`${plural(t.monsters, "monster")} (${t.monsters} damage, each sword spent blocks 1)`);
  if (t.locked) bits.push("locked (needs a master key)");
  if (t.one_way) bits.push(`one way, ${t.a} → ${t.b} only`);
  if (t.wrap) bits.push("wraps around the board edge");
  return bits.join(" · ");
}

/** The tunnel's symbols in a small pill centred on (x, y). */
function tunnelSymbols(t, x, y) {
  const items = [];
  if (t.boots > 1) items.push("feet");
  for (let i = 0; i < upTo(t.monsters, 12); i++) items.push("monster");
  if (t.locked) items.push("lock");
  if (!items.length) return "";
  const s = 22, gap = 2;
  const w = items.length * (s + gap) - gap + 8;
  let out = `<rect x="${(x - w / 2).toFixed(1)}" y="${(y - s / 2 - 3).toFixed(1)}" width="${w.toFixed(1)}" height="${s + 6}" rx="${(s + 6) / 2}" class="cl-tunnel-pill"/>`;
  items.forEach((name, i) => { out += mapIcon(name, x - w / 2 + 4 + s / 2 + i * (s + gap), y, s); });
  return out;
}

function arrowHead(x1, y1, x2, y2, at) {
  // an arrowhead on the segment (x1,y1)->(x2,y2) at fraction ``at``, pointing to (x2,y2)
  const x = x1 + (x2 - x1) * at, y = y1 + (y2 - y1) * at;
  const ang = Math.atan2(y2 - y1, x2 - x1) * 180 / Math.PI;
  return `<path d="M8 0 L-7 -7 L-3 0 L-7 7 Z" transform="translate(${x.toFixed(1)} ${y.toFixed(1)}) rotate(${ang.toFixed(1)})" class="cl-oneway"/>`;
}

function tunnelSvg(v, t, rooms) {
  const a = rooms[t.a], b = rooms[t.b];
  if (!a || !b) return "";
  const W = v.map.width;
  const cls = `cl-tunnel${t.monsters ? " cl-tunnel-monster" : ""}${t.locked ? " cl-tunnel-locked" : ""}${t.boots > 1 ? " cl-tunnel-feet" : ""}`;
  const out = [`<g class="${cls}"><title>${esc(tunnelTitle(t))}</title>`];
  const seg = (x1, y1, x2, y2) => `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="cl-tunnel-edge"/><line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="cl-tunnel-core"/>`;
  if (t.wrap) {
    // drawn as two stubs running off the board edges, each labelled with the far room
    const [left, right] = a.x <= b.x ? [a, b] : [b, a];
    out.push(seg(left.x, left.y, 0, left.y), seg(right.x, right.y, W, right.y));
    out.push(`<text x="6" y="${left.y - 9}" class="cl-wrap-label">⇠ ${esc(roomNo(right.id))}</text>`);
    out.push(`<text x="${W - 6}" y="${right.y - 9}" class="cl-wrap-label" text-anchor="end">${esc(roomNo(left.id))} ⇢</text>`);
    out.push(tunnelSymbols(t, left.x / 2, left.y), tunnelSymbols(t, (right.x + W) / 2, right.y));
    if (t.one_way) {
      // a -> b: out of a's stub towards its edge, in along b's stub
      const aEdge = a === left ? 0 : W, bEdge = b === left ? 0 : W;
      out.push(arrowHead(a.x, a.y, aEdge, a.y, 0.6), arrowHead(bEdge, b.y, b.x, b.y, 0.45));
    }
  } else {
    out.push(seg(a.x, a.y, b.x, b.y));
    const mx = (a.x + b.x) / 2, my = (a.y + b.y) / 2;
    if (t.one_way) {
      const symbols = t.boots > 1 || t.monsters || t.locked;
      out.push(arrowHead(a.x, a.y, b.x, b.y, symbols ? 0.7 : 0.55));
    }
    out.push(tunnelSymbols(t, mx, my));
  }
  out.push(`</g>`);
  return out.join("");
}

function roomTitle(r, v) {
  const bits = [`${r.name} (${r.id})`];
  if (r.start) bits.push("outside the dungeon: the start space; you escape by coming back here with an artifact");
  if (r.depths) bits.push("in the depths");
  if (r.crystal) bits.push("crystal cave: entering stops your boots for this turn");
  if (r.fountain) bits.push("heal fountain: entering heals 1 damage");
  if (r.market) bits.push("market: buy wares for 7 gold each");
  if (r.shrine) bits.push(`monkey shrine: ${plural(r.idols, "idol")} left`);
  if (r.artifact) bits.push(`artifact worth ${r.artifact}`);
  if (r.secret) bits.push(`${r.secret} secret room: ${plural(r.secrets, "token")} left`);
  return bits.join(" · ");
}

function figureSvg(p, x, y, active) {
  const fill = colourOf(p);
  const out = p.status === "in" ? "" : " cl-fig-out";
  return `<g class="cl-figure${active ? " cl-fig-active" : ""}${out}"><title>${esc(p.name)} (${esc(p.colour)}) · ${esc(STATUS_TEXT[p.status] || p.status)}</title>` +
    `<path d="M${x - 10} ${y + 10} Q${x - 10} ${y - 4} ${x} ${y - 4} Q${x + 10} ${y - 4} ${x + 10} ${y + 10} Z" fill="${fill}"/>` +
    `<circle cx="${x}" cy="${y - 10}" r="7.5" fill="${fill}"/>${markText(x, y + 3.5, 11, seatLetter(p), fill)}</g>`;
}

function groundSvg(v, rooms) {
  const m = v.map, W = m.width, H = m.height, y = m.depths_y;
  return `<rect x="0" y="0" width="${W}" height="${H}" class="cl-map-bg"/><rect x="0" y="${y}" width="${W}" height="${H - y}" class="cl-depths"/>` +
    `<line x1="0" y1="${y}" x2="${W}" y2="${y}" class="cl-depths-line"/>${m.tunnels.map((t) => tunnelSvg(v, t, rooms)).join("")}` +
    // the depths labels go over the tunnels (with a halo) so no corridor hides them
    `<text x="8" y="${y + 20}" class="cl-depths-label">THE DEPTHS ▾</text><text x="8" y="${y - 8}" class="cl-depths-label cl-upper-label">upper dungeon ▴</text>`;
}

function roomSvg(r, v) {
  const { x, y } = r, R = ROOM_R, title = `<title>${esc(roomTitle(r, v))}</title>`;
  if (r.start) return `<g class="cl-room cl-room-start" data-room="${esc(r.id)}">${title}<rect x="${x - 80}" y="${y - 20}" width="160" height="40" rx="20" class="cl-start-bg"/><text x="${x}" y="${y + 6}" class="cl-start-text">OUTSIDE · start</text></g>`;
  const kind = r.market ? "market" : r.crystal ? "crystal" : r.fountain ? "fountain" : r.shrine ? "shrine" : "plain";
  return `<g class="cl-room cl-room-${kind}${r.depths ? " cl-room-deep" : ""}" data-room="${esc(r.id)}">${title}<circle cx="${x}" cy="${y}" r="${R}" class="cl-room-disc"/>` +
    `<text x="${x}" y="${y + 7}" class="cl-room-no">${esc(roomNo(r.id))}</text>${kind !== "plain" ? mapIcon(kind, x - R * 0.8, y + R * 0.72, 21) : ""}</g>`;
}

// Five SVG layers, each a shell part kept while its markup is unchanged: ground (fixed for a game),
// rooms, tokens (painted after every room; none overlaps another room), figures, click targets.
function mapSvg(st, ui) {
  const v = st.view, m = v.map;
  const W = m.width, H = m.height, R = ROOM_R;
  const rooms = {};
  for (const r of m.rooms) rooms[r.id] = r;
  const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
  const takeable = new Set(legalBy(st, "token").map((a) => a.target.token));
  // The ground (tunnels) and the rooms are built again only when the map's data changed:
  // the kernel's patches keep a map no click touched the very same object (sync.js memo).
  const ground = memo("cl-ground", [m.tunnels, m.rooms, W, H, m.depths_y], () => groundSvg(v, rooms));
  const roomLayer = memo("cl-rooms", [m.rooms], () => m.rooms.map((r) => roomSvg(r, v)).join(""));
  const toks = [], out = [];
  for (const r of m.rooms) {
    const { x, y } = r;
    if (r.start) continue;
    // tokens: artifact top right, secrets top left, idols top right (a room holds one kind)
    if (r.artifact) {
      const hot = takeable.has("artifact") && me && me.room === r.id;
      toks.push(`<g class="cl-token cl-token-artifact${hot ? " cl-takeable" : ""}"><title>artifact worth ${r.artifact}</title>` +
        `<path d="M${x + 20} ${y - 46} l18 14 l-18 27 l-18 -27 Z" class="cl-artifact-gem"/>` +
        `<text x="${x + 20}" y="${y - 25}" class="cl-token-no">${r.artifact}</text></g>`);
    }
    if (r.secret) {
      const hot = takeable.has(r.secret) && me && me.room === r.id;
      const n = r.secrets;
      const icons = [];
      for (let i = 0; i < Math.max(upTo(n, 12), 1); i++) icons.push(mapIcon(r.secret, x - 20 - i * 15, y - 24 - i * 7, 22));
      toks.push(`<g class="cl-token cl-token-${esc(r.secret)}${n ? "" : " cl-token-gone"}${hot ? " cl-takeable" : ""}"><title>${esc(r.secret)} secret${n === 1 ? "" : "s"}: ${n} face down</title>${icons.join("")}</g>`);
    }
    if (r.shrine) {
      const hot = takeable.has("idol") && me && me.room === r.id;
      toks.push(`<g class="cl-token cl-token-idol${r.idols ? "" : " cl-token-gone"}${hot ? " cl-takeable" : ""}"><title>${plural(r.idols, "monkey idol")} on the shrine</title>` +
        mapIcon("idol", x + 22, y - 26, 26) + `<text x="${x + 37}" y="${y - 32}" class="cl-token-count">×${r.idols}</text></g>`);
    }
  }
  // figures: below their room (beside the start box); the player to move is marked
  const byRoom = {};
  v.players.forEach((p, i) => { (byRoom[p.room] = byRoom[p.room] || []).push(i); });
  for (const [rid, seats] of Object.entries(byRoom)) {
    const r = rooms[rid];
    if (!r) continue;
    seats.forEach((i, j) => {
      const p = v.players[i];
      const active = v.seat === i && !isOver(v);
      const fx = r.start ? r.x + 100 + j * 24 : r.x + (j - (seats.length - 1) / 2) * 21;
      const fy = r.start ? r.y + 2 : r.y + R + 3;
      out.push(figureSvg(p, fx, fy, active));
    });
  }
  const figures = out.splice(0).join("");

  // legal targets last, so they sit on top: one click, or a picker for several ways in
  const opts = roomOptions(st);
  for (const [rid, acts] of Object.entries(opts)) {
    const r = rooms[rid];
    if (!r) continue;
    const ring = r.start
      ? `<rect x="${r.x - 85}" y="${r.y - 25}" width="170" height="50" rx="25" class="cl-hit"/>`
      : `<circle cx="${r.x}" cy="${r.y}" r="${R + 6}" class="cl-hit"/>`;
    // the word sits above the room, higher where a token badge already sits on its rim
    const ly = r.start ? r.y + 40 : r.y - R - (r.artifact || r.idols || r.secrets ? 26 : 12);
    if (acts.length === 1) {
      const a = acts[0];
      out.push(`<g class="cl-legal cl-target cl-verb-${a.target.verb}" data-action="${esc(a.id)}"><title>${esc(a.label)}</title>${ring}` +
        `<text x="${r.x}" y="${ly}" class="cl-target-word">${esc(a.target.word)}</text></g>`);
    } else {
      const open = ui.room === rid;
      out.push(`<g class="cl-target cl-multi${open ? " cl-open" : ""}" data-ui="room" data-room="${esc(rid)}"><title>${esc(r.name)}: ${acts.length} ways in — click to choose</title>${ring}` +
        `<text x="${r.x}" y="${ly}" class="cl-target-word">${acts.length} ways ▾</text></g>`);
    }
  }
  return `<svg class="cl-map" viewBox="0 0 ${W} ${H}" width="100%" role="img" aria-label="the dungeon map">` +
    part("map-ground", ground, "g") + part("map-rooms", roomLayer, "g") + part("map-tokens", toks.join(""), "g") +
    part("map-figures", figures, "g") + part("map-targets", out.join(""), "g") + `</svg>`;
}

/** The picker for a room with several legal ways in (HTML over the map). */
function pickerHtml(st, ui) {
  if (ui.room === null) return "";
  const v = st.view, m = v.map;
  const acts = roomOptions(st)[ui.room] || [];
  const r = m.rooms.find((q) => q.id === ui.room);
  if (!r || acts.length < 2) return "";
  const left = Math.min(84, Math.max(16, (r.x / m.width) * 100));
  const below = r.y / m.height < 0.62;
  const top = ((r.y + (below ? ROOM_R + 8 : -ROOM_R - 8)) / m.height) * 100;
  const rows = acts.map((a) => `<button class="cl-btn cl-legal cl-pick-opt" data-action="${esc(a.id)}" title="${esc(a.label)}">` +
    `${ico(a.target.verb === "teleport" ? "teleport" : a.target.block ? "sword" : "boot", 13)} ${esc(a.target.text)}</button>`).join("");
  return `<div class="cl-picker${below ? "" : " cl-picker-up"}" style="left:${left.toFixed(1)}%;top:${top.toFixed(1)}%" role="dialog" aria-label="ways into ${esc(r.name)}">` +
    `<div class="cl-picker-head"><b>${esc(r.name)}</b> <span class="cl-muted">(${esc(r.id)})</span>` +
    `<button class="cl-x" data-ui="close" title="close (Esc)">×</button></div>${rows}</div>`;
}

const mapLegend = () => memo("cl-legend", [], legendMarkup);   // never changes: built once
function legendMarkup(item = (icon, text, de) => [ico(icon, 14), term(text, de)]) {
  return legendRow([item("feet", "2 boots", "Fußabdrücke"), item("monster", "monster: 1 damage", "Monster"), item("lock", "needs a key", "Schloss"),
    [`<svg width="16" height="14" viewBox="0 0 16 14"><path d="M14 7 L3 1 L6 7 L3 13 Z" class="cl-oneway"/></svg>`, "one way"],
    item("crystal", "crystal cave", "Kristallhöhle"), item("fountain", "fountain +1", "Heilbrunnen"), item("market", "market", "Markt"),
    item("shrine", "idol shrine", "Affenschrein"), item("artifact", "artifact", "Artefakt"), item("minor", "minor secret", "kleines Versteck"),
    item("major", "major secret", "großes Versteck")], `<circle cx="10" cy="10" r="7"/>`);
}

// ---------------------------------------------------------------- cards
function costHtml(c) {
  if (c.type === "monster") return `<span class="cl-cost" title="defeat with ${c.swords} swords">${ico("sword", 13)}${c.swords}</span>`;
  if (c.set === "starter") return "";
  return `<span class="cl-cost" title="costs ${c.cost} skill">${ico("skill", 13)}${c.cost}</span>`;
}

/**
 * One card. ``opts``: action (a legal entry: the card becomes a clickable button),
 * count (copies), note (a line under the text), cls (extra classes).
 */
function cardHtml(st, key, opts = {}) {
  const c = cardInfo(st, key);
  const a = opts.action;
  const banner = c.set === "reserve" ? "reserve" : c.set === "starter" ? "starter" : c.type;
  const marks = (c.dragon ? `<span class="cl-mark" title="dragon symbol: revealing it in the row makes the dragon attack">${ico("dragon", 15)}</span>` : "") +
    (c.danger ? `<span class="cl-mark" title="danger: +1 cube in every dragon attack while it lies in the row">${ico("danger", 14)}</span>` : "") +
    (c.points ? `<span class="cl-points" title="${c.points} points at the end">${c.points}</span>` : "");
  const tags = (c.tags || []).length ? `<span class="cl-card-tags">${esc(c.tags.join(" · "))}</span>` : "";
  const body = `<span class="cl-card-banner cl-banner-${esc(banner)}"><span class="cl-card-name">${cardName(st, key, c)}</span>${opts.count > 1 ? `<span class="cl-count">×${opts.count}</span>` : ""}</span>` +
    `<span class="cl-card-marks">${marks}</span>` +
    `<span class="cl-card-text">${esc(c.text)}</span>` +
    `<span class="cl-card-foot"><span class="cl-card-type">${esc(TYPE_NAME[c.type] || c.type)}${tags ? " · " : ""}${tags}</span>${costHtml(c)}</span>` +
    (opts.note ? `<span class="cl-card-note">${opts.note}</span>` : "");
  const cls = `cl-card cl-type-${esc(c.type)}${opts.cls ? ` ${opts.cls}` : ""}`;
  if (a) return `<button class="${cls} cl-legal" data-action="${esc(a.id)}" title="${esc(a.label)}">${body}</button>`;
  return `<div class="${cls}" title="${esc(`${c.name}: ${c.text}`)}">${body}</div>`;
}

function rowHtml(st) {
  const v = st.view;
  const acts = legalMap(st, "row", "slot");
  const cards = v.row.map((k, i) => {
    if (!k) return part(`row${i}`, `<div class="cl-card cl-empty"><span>slot ${i + 1}: empty</span><small>refilled at the end of the turn</small></div>`);
    const a = acts[i], c = cardInfo(st, k);
    return part(`row${i}`, cardHtml(st, k, { action: a, note: a ? `<b>${esc(a.target.verb)}</b> · ${c.type === "monster" ? plural(c.swords, "sword") : `${c.cost} skill`}` : "" }));
  }).join("");
  const danger = v.rage.danger;
  return panel("cl-row-panel", term("Dungeon row", "Verliesreihe"), `<div class="cl-row">${cards}</div>`,
    `deck ${v.dungeon_deck} · dungeon discard ${v.dungeon_discard}${danger ? ` · ${plural(danger, "danger card")}: +${danger} cube${danger === 1 ? "" : "s"} per attack` : ""}`);
}

function reserveHtml(st) {
  const v = st.view;
  const acts = legalMap(st, "reserve", "card");
  const keys = ["mercenary", "explore", "secret_tome", "goblin"];
  const cards = keys.map((k) => {
    const left = k === "goblin" ? null : v.reserve[k];
    const a = acts[k];
    const pile = left === null ? "never runs out" : left ? `${left} left` : "pile empty";
    return part(`rsv-${k}`, cardHtml(st, k, { action: a, cls: "cl-card-mini", note: `${a ? `<b>${esc(a.target.verb)}</b> · ` : ""}${pile}` }));
  }).join("");
  return panel("cl-reserve", term("Reserve", "Vorrat"), `<div class="cl-row cl-row-mini">${cards}</div>`);
}

function marketHtml(st) {
  const v = st.view, mk = v.market;
  const acts = legalMap(st, "market", "item");
  const me = v.seat !== null && v.seat !== undefined ? v.players[v.seat] : null;
  const marketRooms = v.map.rooms.filter((r) => r.market);
  const here = me && marketRooms.some((r) => r.id === me.room);
  const ware = (item, icon, name, left, pts) => {
    const a = acts[item];
    const inner = `${ico(icon, 20)}<span class="cl-ware-name">${name}</span><span class="cl-ware-left">${left}</span><span class="cl-ware-pts">${pts}</span>`;
    return a ? `<button class="cl-ware cl-legal" data-action="${esc(a.id)}" title="${esc(a.label)}">${inner}</button>`
      : `<div class="cl-ware${/^0 |none/.test(left) ? " cl-ware-gone" : ""}">${inner}</div>`;
  };
  const hint = here
    ? (Object.keys(acts).length ? "click a ware to buy it" : `you stand in a market room: each ware costs ${mk.price} gold`)
    : `buy in a market room (${marketRooms.map((r) => roomNo(r.id)).join(", ")}) for ${mk.price} gold each`;
  return panel("cl-market", term("Market", "Markt"), part("wares", ware("key", "key", term("Master key", "Generalschlüssel"), `${mk.keys} left`, "5 pts · opens locks") +
    ware("backpack", "backpack", term("Backpack", "Rucksack"), `${mk.backpacks} left`, "5 pts · +1 artifact") +
    ware("crown", "crown", term("Crown", "Krone"), mk.crowns.length ? `worth ${mk.crowns.join(", ")}` : "none left", mk.crowns.length ? `${mk.crowns[0]} pts next` : "") +
    `<div class="cl-hint">${esc(hint)}</div>`), part("price", `${ico("gold", 12)} ${mk.price} per ware`));
}

// ---------------------------------------------------------------- hand, play area, choices
function handHtml(st) {
  const v = st.view;
  if (v.seat === null || v.seat === undefined) return "";
  const p = v.players[v.seat];
  const plays = legalMap(st, "hand", "card");
  let body;
  if (Array.isArray(p.hand)) {
    body = p.hand.length
      ? grouped(p.hand).map(([k, n]) => part(`hand-${encodeURIComponent(k)}`, cardHtml(st, k, { action: plays[k], count: n, cls: "cl-card-hand" }))).join("")
      : `<span class="cl-muted cl-empty-hand">Hand empty${(st.legal || []).some((a) => a.id === "end") ? " — end your turn when you are done" : ""}.</span>`;
  } else {
    body = `<span class="cl-muted">${plural(p.hand_count, "card")} in hand (hidden)</span>`;
  }
  const trash = new Set(v.turn.to_trash || []);
  const play = p.play.length
    ? grouped(p.play).map(([k, n]) => {
      const c = cardInfo(st, k);
      return `<span class="cl-chip${trash.has(k) ? " cl-chip-trash" : ""}" title="${esc(c.text)}${trash.has(k) ? " (trashed at the end of the turn)" : ""}">${cardName(st, k)}${n > 1 ? ` ×${n}` : ""}</span>`;
    }).join("")
    : `<span class="cl-muted">nothing played yet</span>`;
  const playable = Object.keys(plays).length;
  return panel("cl-hand-panel", `${esc(p.name)}'s ${term("hand", "Kartenhand")}`, `<div class="cl-hand">${body}</div>` +
    `<div class="cl-playarea"><span class="cl-sub">${term("Play area", "Auslage")}</span>${play}</div>`,
    `${playable ? "click a card to play it · " : ""}draw pile ${p.draw_count} · discard ${p.discard.length} · deck ${p.deck_size}`);
}

function choiceHtml(st) {
  const picks = legalBy(st, "choice");
  const skip = legalBy(st, "button").filter((a) => a.target.group === "skip");
  if (!picks.length && !skip.length) return "";
  const ch = (st.advice || {}).choice || {};     // title and hint from the board's Python
  const buttons = picks.map((a) => actButton(a, `<b>${cardName(st, a.target.card)}</b><small>${esc(cardInfo(st, a.target.card).text)}</small>`, "cl-choice-card")).join("") +
    skip.map((a) => actButton(a, esc(a.label), "cl-skip")).join("");
  return `<div class="cl-panel cl-choice" role="group"><div class="cl-panel-title">${ch.title ? term(ch.title, ch.de) : "Choose"}</div><div class="cl-hint">${esc(ch.hint || "")}</div>` +
    `<div class="cl-choice-row">${buttons}</div></div>`;
}

// ---------------------------------------------------------------- the side: turn, chance, dragon
function resChip(icon, n, word, title, cls = "") {
  return part(`res-${icon}`, `<span class="cl-res${n ? "" : " cl-res-zero"}${cls}" title="${esc(title)}">${part(`res-${icon}-ico`, ico(icon, 16), "span")}<b>${n}</b><small>${esc(word)}</small></span>`);
}

function turnHtml(st) {
  const v = st.view, t = v.turn;
  if (isOver(v) || v.seat === null || v.seat === undefined) return "";
  const p = v.players[v.seat];
  const status = st.status || {};
  const parts = [];
  const here = v.map.rooms.find((r) => r.id === p.room);
  const hereLine = here ? `<div class="cl-here">${ico("boot", 12)} in <b>${esc(here.name)}</b> <span class="cl-muted">(${esc(here.id)}${here.depths ? ", depths" : ""})</span></div>` : "";
  const box = (what, body) => `<div class="cl-panel cl-turn" style="border-top-color:${colourOf(p)}">${part("turn-title", `<div class="cl-panel-title"><span><span class="sh-seat-name" style="--seat:${colourOf(p)}">${esc(p.name)}</span>'s ${what}</span>` +
    `${new Set(st.bots || []).has(v.seat) ? ` <span class="cl-tag">bot${st.busy ? " thinking…" : ""}</span>` : ""}<span class="cl-title-note">turn ${v.turn_no}</span></div>`)}${body}</div>`;
  // between turns (refill, attack, drawing) the turn's resources are already gone
  if (v.phase !== "turn") return box(`${term("turn", "Spielzug")} is ending`, `<div class="cl-hint">${esc((status.phase || {}).hint || "")}</div>${hereLine}`);
  parts.push(`<div class="cl-res-row">` +
    resChip("skill", t.skill, "skill", "skill: buy cards") + resChip("sword", t.swords, "swords", "swords: fight monsters, block tunnel monsters") +
    resChip("boot", t.boots, "boots", "boots: 1 per tunnel (2 through footprints)") + resChip("teleport", t.teleports, "teleport", "teleports: move to a neighbouring room for free") +
    resChip("clank", t.neg_clank ? -t.neg_clank : 0, "clank", "negative clank left: cancels clank you make later this turn (lost at the end)", t.neg_clank ? " cl-neg" : "") +
    `</div>`);
  const notes = [];
  if (t.boots_locked) notes.push(`<span class="cl-badge cl-badge-warn" title="CL-6.7">${ico("crystal", 12)} boots locked: you entered a crystal cave</span>`);
  if (t.clank_made) notes.push(`<span class="cl-badge">clank made this turn: ${t.clank_made}</span>`);
  if (t.watches) notes.push(`<span class="cl-badge" title="conditional effects waiting for their condition (CL-12.9)">${plural(t.watches, "condition")} watched</span>`);
  // both always drawn (a part, maybe empty), so the parts after them keep their places
  parts.push(part("notes", notes.length ? `<div class="cl-notes">${notes.join("")}</div>` : ""), part("here", hereLine));

  const rooms = legalBy(st, "room");
  const hints = [];
  if (rooms.length) {
    const walks = rooms.filter((a) => a.target.verb === "move").length, tele = rooms.filter((a) => a.target.verb === "teleport").length;
    hints.push(`Click a highlighted room to ${walks && tele ? "walk or teleport" : walks ? "walk" : "teleport"} there.`);
  }
  if (legalBy(st, "hand").length) hints.push("Click a card in your hand (below) to play it.");
  if (hints.length) parts.push(`<div class="cl-hint">${hints.join(" ")}</div>`);

  const takes = legalBy(st, "token"), secrets = legalBy(st, "secret");
  const others = legalBy(st, "button").filter((a) => a.target.group !== "end" && a.target.group !== "skip");
  if (takes.length) parts.push(group("Take a token here (one per visit)", takes.map((a) => actButton(a, `${ico(a.target.token, 14)} ${esc(a.label)}`, "cl-take")).join("")));
  // CL-13.9: the spring works at the end of the turn it was found, or never
  if (secrets.length) {
    parts.push(group(`Use a kept ${term("secret", "Versteck")}`, secrets.map((a) => actButton(a, esc(a.label.replace(/^Use the /, "")), "cl-use-secret")).join("") +
      (secrets.some((a) => a.id === "token magic_spring") ? `<div class="cl-hint">The magic spring is used at the end of this turn or lost.</div>` : "")));
  }
  if (others.length) parts.push(group("", others.map((a) => actButton(a, esc(a.label), "", a.id)).join("")));
  const end = legalBy(st, "button").find((a) => a.target.group === "end");
  if (end) {
    parts.push(actButton(end, `End turn ▸`, "cl-end"));
  } else if (status.human_to_move && Array.isArray(p.hand) && p.hand.length) {
    parts.push(`<button class="cl-btn cl-end" disabled title="CL-2.1: you must play every card in your hand first">End turn (play all ${p.hand.length} cards first)</button>`);
  }
  return box(term("turn", "Spielzug"), parts.join(""));
}

function rageHtml(v, adv) {
  const r = v.rage;
  const cells = r.track.map((n, i) => `<span class="cl-rage-cell${i === r.index ? " cl-rage-on" : ""}${i < r.index ? " cl-rage-past" : ""}" title="rage space ${i + 1}: ${n} cubes per attack">` +
    `${i === r.index ? ico("dragon", 14) : ""}<b>${n}</b></span>`).join("");
  const cd = v.countdown;
  const cdSpaces = [1, 2, 3, 4, 5].map((s) => {
    const label = s === 1 ? "start" : s === 5 ? "all out" : `+${cd.extra[s - 2]}`;
    const here = cd.seat !== null && cd.seat !== undefined && cd.space === s;
    const who = here ? v.players[cd.seat] : null;
    return `<span class="cl-cd-cell${here ? " cl-cd-on" : ""}${cd.space > s ? " cl-cd-past" : ""}" title="countdown space ${s}: ${s === 1 ? "the first player out starts here" : s === 5 ? "everyone still inside is knocked out" : `an attack with ${cd.extra[s - 2]} extra cube(s)`}">` +
      (who ? markChip(seatLetter(who), colourOf(who), 14, `${who.name}'s pawn`) : "") + `${esc(label)}</span>`;
  }).join("");
  const next = adv && adv.kind === "dragon" ? adv.cubes : r.cubes + r.danger;
  // A track's name goes above it: in the line's 66px label box "Rage (Zornesleiste)" ran over the spaces.
  const track = (label, cls, inner) => `<div class="cl-sub">${label}</div><div class="cl-track-line"><span class="${cls}">${inner}</span></div>`;
  return track(term("Rage", "Zornesleiste"), "cl-rage", cells) +
    (isOver(v) ? "" : `<div class="cl-hint">${adv && adv.ongoing ? `${plural(next, "cube")} still to draw in this attack` : `next attack draws <b>${next}</b> = ${r.cubes} (rage)${r.danger ? ` + ${r.danger} (danger)` : ""}`}</div>`) +
    track(term("Countdown", "Schicksalsweg"), "cl-cd", cdSpaces) +
    (adv && adv.countdown_note ? `<div class="cl-hint">${esc(adv.countdown_note)}</div>` : "");
}

function bagHtml(v) {
  const bag = v.bag;
  const total = Object.values(bag).reduce((a, b) => a + b, 0);
  // a player's share of the bag carries the letter where it is wide enough to read
  const who = (c) => cubeOwner(v, c), whose = (c) => (who(c) ? ` (${esc(who(c).name)})` : "");
  const segs = Object.entries(bag).filter(([, n]) => n).map(([c, n]) => `<span class="cl-bag-seg" style="flex:${n};background:${CUBE_FILL[c] || "#999"}` +
    `${who(c) ? `;color:${inkOn(CUBE_FILL[c])};font:bold 9px/12px sans-serif;text-align:center;overflow:hidden` : ""}" title="${n} ${esc(c)}${whose(c)}">${who(c) ? esc(seatLetter(who(c))) : ""}</span>`).join("");
  const legend = Object.entries(bag).map(([c, n]) => `<span class="cl-bag-key">${cube(c, who(c))}${n} ${esc(c)}${whose(c)}</span>`).join("");
  const area = v.players.map((p) => `<span class="cl-area-who" title="${esc(p.name)}: ${p.clank} in the clank area">` +
    `<span class="sh-seat-name" style="--seat:${colourOf(p)}">${esc(p.name)}</span> ${p.clank ? cubes(p, p.clank, 10) : `<span class="cl-muted">0</span>`}</span>`).join("");
  return `<div class="cl-sub">${term("Clank area", "Klong!-Bereich")} <span class="cl-muted">(goes into the bag at the next attack)</span></div><div class="cl-area">${area}</div>` +
    `<div class="cl-sub">${term("Dragon bag", "Drachenbeutel")} · ${total} cubes${v.black_aside ? ` <span class="cl-muted">(${v.black_aside} black set aside)</span>` : ""}</div>` +
    `<div class="cl-bag">${segs || `<span class="cl-muted">empty</span>`}</div><div class="cl-bag-legend">${legend}</div>`;
}

function oddsHtml(st) {
  const adv = st.advice || {};
  if (adv.kind !== "dragon") return "";
  const v = st.view;
  const bagTotal = Object.values(adv.bag).reduce((a, b) => a + b, 0);
  const intro = adv.ongoing
    ? `The rest of this attack: ${plural(adv.cubes, "cube")} from ${bagTotal}.`
    : `If the dragon attacked now, the clank area would join the bag (${bagTotal} cubes) and ${plural(adv.cubes, "cube")} would be drawn.`;
  const blocks = adv.rows.map((r) => {
    const p = v.players[r.seat];
    const name = `<span class="cl-odds-name sh-seat-name" style="--seat:${SEAT_FILL[r.colour] || "#555"}">${esc(r.name)}</span>`;
    if (r.status !== "in") return `<div class="cl-odds">${name}<span class="cl-muted"> ${esc(STATUS_TEXT[r.status] || r.status)}: out of the dragon's reach</span></div>`;
    const lines = r.damage.map((d) => oddsLine(d.k, d, d.k ? SEAT_FILL[r.colour] : "#9aa39a", `exactly ${d.k} damage: ${d.p_text}`)).join("");
    const left = p ? v.health - p.damage : v.health;
    return `<div class="cl-odds"><div class="cl-odds-head">${name} <span class="cl-odds-hit" title="${esc(r.p_hit.p_text)}">hit ${esc(r.p_hit.p_pct)}</span>` +
      `<span class="cl-muted"> · mean ${r.mean.toFixed(2)} · ${left} health left</span></div>${lines}</div>`;
  }).join("");
  return `<div class="cl-sub cl-odds-title">Damage if the dragon attacked now <span class="cl-muted">(exact)</span></div><div class="cl-hint">${esc(intro)}</div><div class="cl-odds-grid">${blocks}</div>`;
}

function dragonHtml(st) {
  const v = st.view;
  return panel("cl-dragon", part("dragon-title", `${ico("dragon", 16)} ${term("The dragon", "Drache")}`), part("rage", rageHtml(v, st.advice)) + part("bag", bagHtml(v)) + part("odds", oddsHtml(st)));
}

// ---------------------------------------------------------------- players, scores, log
function healthTrack(p, health) {
  let cells = "";
  for (let i = 0; i < upTo(health, 64); i++) {
    cells += i < p.damage ? markChip(seatLetter(p), colourOf(p), 13, "", "cl-hp cl-hp-hit", true) : `<span class="cl-hp"></span>`;   // the player's cube
  }
  return `<span class="cl-health" title="${p.damage} damage of ${health}: knocked out when the track is full">${ico("heart", 13)}${cells}<small>${p.damage}/${health}</small></span>`;
}

function playersHtml(st) {
  const v = st.view;
  const scores = (st.status && st.status.scores) || v.players.map((p) => p.score);
  const rooms = {};
  for (const r of v.map.rooms) rooms[r.id] = r;
  const tok = (icon, title, text) => `<span class="cl-tok" title="${esc(title)}">${icon ? ico(icon, 13) : ""}${text}</span>`;
  const cards = v.players.map((p, i) => {
    const room = rooms[p.room];
    const where = p.room === "start" ? (p.status === "escaped" ? "outside (escaped)" : "outside") : room ? `${room.name} (${p.room})${room.depths ? " · depths" : ""}` : p.room;
    const tokens = [
      ...p.artifacts.map((a) => tok("artifact", `artifact (Artefakt) worth ${a}`, a)),
      p.idols ? tok("idol", "monkey idols (Affengötzen, 5 points each)", `×${p.idols}`) : "",
      ...grouped(p.secrets).map(([k, n]) => tok("", "kept secret", `${esc(k)}${n > 1 ? ` ×${n}` : ""}`)),
      p.mastery ? tok("mastery", "mastery token: 20 points for escaping", "20") : "",
      p.keys ? tok("key", "master key (opens locked tunnels, 5 points)", p.keys > 1 ? `×${p.keys}` : "") : "",
      p.backpacks ? tok("backpack", "backpack (one more artifact, 5 points)", p.backpacks > 1 ? `×${p.backpacks}` : "") : "",
      ...p.crowns.map((c) => tok("crown", `crown worth ${c}`, c)),
    ];
    return part(`seat${i}`, seatCard(st, i, {
      name: p.name, colour: colourOf(p), mark: seatLetter(p), turn: v.seat === i && !isOver(v), score: `${scores[i]} pts`, scoreTitle: "points if the game ended now",
      cls: p.status === "in" ? "" : `cl-status-${esc(p.status)}`,
      tags: p.status !== "in" ? [`<span class="cl-tag cl-tag-${esc(p.status)}">${esc(STATUS_TEXT[p.status] || p.status)}</span>`] : [],
      lines: [`<div class="cl-player-line cl-muted">${esc(where)}</div>`, part(`p${i}`, `<div class="cl-player-line">${healthTrack(p, v.health)}</div>` +
        `<div class="cl-player-line cl-cubes-line" title="every one of the 30 cubes is in the supply, the clank area, the bag, on the health track or set aside">` +
        `<span>${cubes(p, 1)} supply <b>${p.supply}</b></span><span>clank <b>${p.clank}</b></span><span>bag <b>${p.bag}</b></span>${p.set_aside ? `<span>aside <b>${p.set_aside}</b></span>` : ""}</div>` +
        `<div class="cl-player-line">${tok("gold", "gold (1 point each)", p.gold)}${tokens.join("")}</div>`),
        `<div class="cl-player-line cl-muted">deck ${p.deck_size} · hand ${p.hand_count} · draw ${p.draw_count} · discard ${p.discard.length}${p.trashed.length ? ` · trashed ${p.trashed.length}` : ""}</div>`],
    }));
  }).join("");
  return panel("cl-players", term("Players", "Spieler"), `<div class="cl-player-grid cl-n${v.players.length}">${cards}</div>`);
}

// ---------------------------------------------------------------- the board for the shell
defineBoard({
  title: () => `${ico("dragon", 18)} Klong! <small>(Clank!)</small>`,
  prefix: "cl",
  autoLabel: "auto draw",
  autoTitle: "draw cards and refill the row on their own, and play out chance in bots' turns (dragon attacks in your turn still wait for you)",
  scoreUnit: "points",
  scoreTitle: () => "Final score",
  showScore: (st) => isOver(st.view),
  newUi: boardUi, syncUi: syncBoardUi,
  statusLeft: (st) => `<span class="cl-turnno">Turn ${st.view.turn_no}</span>`,
  phaseHint: (st) => (st.view.turn && st.view.turn.pending && st.view.turn.pending.length && !isOver(st.view) ? "A choice is pending: pick a card or skip." : ""),
  chanceColour: (st, c) => (st.view.phase === "attack" ? CUBE_FILL[c.id.replace(/^cube /, "")] || "#999" : null),
  chanceButtons: (st) => (st.view.phase === "attack" ? ["Draw a cube", "Draw the rest"] : ["Draw (step)", "Advance to the next decision"]),
  chanceHead(st) {
    const v = st.view, ch = st.chance;
    if (v.phase === "attack") {
      const drawn = v.attack.drawn || [];
      return `<div class="sh-panel-title">${ico("dragon", 16)} The dragon attacks · cube ${drawn.length + 1} of ${drawn.length + v.attack.left}</div>` +
        `<div class="cl-drawn">drawn so far: ${drawn.length ? drawn.map((c) => cube(c, cubeOwner(v, c), 14, `${c}${cubeOwner(v, c) ? ` (${cubeOwner(v, c).name})` : ""}`, "cl-cube cl-cube-big")).join("") : `<span class="cl-muted">none</span>`}</div>`;
    }
    // the event named by the board's Python (a card drawn, a secret turned over, ...)
    return `<div class="sh-panel-title">${esc((st.advice || {}).chance_title || "Chance event")} · ${plural(ch.length, "outcome")}</div>`;
  },
  drawTable(st, ui, slots) {
    return `<div class="cl-grid">` +
      `<div class="cl-col cl-col-map"><div class="cl-panel cl-map-panel"><div class="cl-map-wrap">${mapSvg(st, ui)}${pickerHtml(st, ui)}</div>${part("legend", mapLegend())}</div></div>` +
      `<div class="cl-col cl-col-side">${part("chance", slots.chance)}${part("turn", turnHtml(st))}${part("dragon", dragonHtml(st))}</div></div>` +
      `${part("choice", choiceHtml(st))}${part("hand", handHtml(st))}${part("row", rowHtml(st))}<div class="cl-lower">${part("reserve", reserveHtml(st))}${part("market", marketHtml(st))}</div>${part("players", playersHtml(st))}`;
  },
  onAct(ui) { ui.room = null; },
  onOutside(e, ui) {
    // a click elsewhere closes an open room picker
    if (ui.room === null || (e.target.closest && e.target.closest(".cl-picker"))) return false;
    ui.room = null;
    return true;
  },
  onKey(e, ui) {
    if (e.key !== "Escape" || ui.room === null) return false;
    ui.room = null;
    return true;
  },
  onUi(node, ui) {
    const what = node.getAttribute("data-ui");
    if (what === "room") {
      const rid = node.getAttribute("data-room");
      ui.room = ui.room === rid ? null : rid;
    } else if (what === "close") {
      ui.room = null;
    }
    return true;
  },
});
