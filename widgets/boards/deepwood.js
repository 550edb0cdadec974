// Durch den tiefen Wald: the board module (the table as SVG). It follows widgets/shell.js
// in one ES module (see shell.py), draws only the game's own table and declares its
// click targets: every element that plays a legal action carries data-action="<id>" and
// the class dw-legal. Local choices (which strip, which direction, which dice) never
// leave the browser until they complete an action id.

const RES = ["potions", "books", "gold", "stones"];
const RES_INFO = {
  potions: { letter: "P", colour: "#d64541", dark: "#8e2622", name: "potion", de: "Stärketränke" },
  books: { letter: "B", colour: "#3a78c3", dark: "#1f4c85", name: "book", de: "Bücher" },
  gold: { letter: "G", colour: "#e3b505", dark: "#9a7b00", name: "gold", de: "Goldmünzen" },
  stones: { letter: "S", colour: "#7f8c99", dark: "#4c5864", name: "stone", de: "Markierungssteine" },
};
const CODE_RES = { P: "potions", B: "books", G: "gold", S: "stones" };
const SEAT_COLOUR = ["#c0392b", "#2471a3", "#1e8449", "#7d3c98"];
const TILE = {
  "?": { fill: "#4d6b45", name: "face-down tile" },
  forest: { fill: "#cde6c0", name: "forest (free to walk)" },
  thicket: { fill: "#8cc63f", name: "thicket: clear for 3 potions" },
  gate: { fill: "#c9b8ec", name: "gate: clear for 3 books" },
  guard: { fill: "#f2b8a8", name: "guard: clear for 3 gold" },
  sword: { fill: "#fbe38e", name: "sword: collect for 1 potion, 1 book, 1 gold" },
  troll: { fill: "#d39b55", name: "troll: appease with 1 gold" },
};
const FLOOR = "#efe8d6";
const DIRS = ["right", "up", "left", "down"];
const DIR_ARROW = { right: "→", up: "↑", left: "←", down: "↓" };
const DIR_DELTA = { right: [0, 1], left: [0, -1], up: [1, 0], down: [-1, 0] }; // [row, col]
const VERB_TEXT = {
  enter: "enter", move: "move", clear: "clear", sword: "take", appease: "1 gold",
  leave: "leave", troll: "troll",
};
// German rulebook terms beside the English ones, through the shell's term() everywhere
const GROUP_TITLE = {
  double: term("Rock monster 4", "Felsmonster 4"), exchange: term("Exchange (any time)", "Ressourcen tauschen"),
  back: term("Step back", "Rückwärts ziehen"), bonus: term("Fight result", "Felsmonsterkampf"),
  concede: term("Fight result", "Felsmonsterkampf"), monster: term("Choose the card", "Felsmonsterkarte"),
  return: term("Resource limit", "Ressourcen-Limit"), end: term("Turn", "Zugende"),
};
const GROUP_ORDER = ["monster", "bonus", "concede", "double", "return", "exchange", "back", "end"];

// ---------------------------------------------------------------- small helpers
const seatColour = (i) => SEAT_COLOUR[i % SEAT_COLOUR.length];
const seatLetter = (p) => initialOf(p && p.name);   // on a player's pieces
const cellName = (c) => `${"ABCD"[c % 4]}${Math.floor(c / 4) + 1}`;

// ---------------------------------------------------------------- icons (SVG strings)
function resIcon(res, cx, cy, s, letter = true) {
  const info = RES_INFO[res];
  if (!info) return "";
  const t = letter ? `<text x="${cx}" y="${cy + s * 0.16}" font-size="${s * 0.42}" class="dw-icon-letter">${info.letter}</text>` : "";
  if (res === "potions") {
    return `<g class="dw-res-icon"><rect x="${cx - s * 0.1}" y="${cy - s * 0.42}" width="${s * 0.2}" height="${s * 0.3}" fill="${info.dark}"/>` +
      `<circle cx="${cx}" cy="${cy + s * 0.08}" r="${s * 0.32}" fill="${info.colour}" stroke="${info.dark}"/>${t}</g>`;
  }
  if (res === "books") {
    return `<g class="dw-res-icon"><rect x="${cx - s * 0.3}" y="${cy - s * 0.36}" width="${s * 0.6}" height="${s * 0.72}" rx="${s * 0.05}" fill="${info.colour}" stroke="${info.dark}"/>` +
      `<line x1="${cx - s * 0.2}" y1="${cy - s * 0.36}" x2="${cx - s * 0.2}" y2="${cy + s * 0.36}" stroke="${info.dark}"/>${t}</g>`;
  }
  if (res === "gold") {
    return `<g class="dw-res-icon"><circle cx="${cx}" cy="${cy}" r="${s * 0.37}" fill="${info.colour}" stroke="${info.dark}" stroke-width="1.5"/>${t}</g>`;
  }
  return `<g class="dw-res-icon"><ellipse cx="${cx}" cy="${cy}" rx="${s * 0.4}" ry="${s * 0.3}" fill="${info.colour}" stroke="${info.dark}"/>${t}</g>`;
}

// tile pictures drawn in a 24-unit square centred on 0,0 (placed by the shell's placed())
const TILE_ICON = {
  forest: `<path d="M0 -8 L6 2 H-6 Z M0 -3 L7 7 H-7 Z" fill="#7fb069" opacity="0.8"/><rect x="-1" y="7" width="2" height="3" fill="#7a5c3a"/>`,
  thicket: `<path d="M0 -10 L2.5 -3 L9 -6 L4 0 L9 6 L2.5 3 L0 10 L-2.5 3 L-9 6 L-4 0 L-9 -6 L-2.5 -3 Z" fill="#2e6b1f"/>`,
  gate: `<path d="M-8 9 V-2 A8 8 0 0 1 8 -2 V9" fill="none" stroke="#4b2c83" stroke-width="2.5"/><path d="M-4 9 V-4 M0 9 V-6 M4 9 V-4" stroke="#4b2c83" stroke-width="1.5"/>`,
  guard: `<path d="M0 -10 L8 -6 V1 Q8 7 0 10 Q-8 7 -8 1 V-6 Z" fill="#a8432c"/><path d="M0 -6 V6 M-4 -1 H4" stroke="#fff" stroke-width="1.6"/>`,
  sword: `<path d="M-7 7 L6 -6" stroke="#555" stroke-width="2.6" stroke-linecap="round"/><path d="M-7 1 L-1 7" stroke="#8a5a00" stroke-width="2.6" stroke-linecap="round"/><path d="M6 -6 L8 -8" stroke="#999" stroke-width="2"/>`,
  troll: `<path d="M-7 -4 L-10 -10 L-4 -7 Z M7 -4 L10 -10 L4 -7 Z" fill="#6b3d12"/><circle r="8" fill="#8a5a2b" stroke="#4a2a0a"/>` +
    `<circle cx="-3" cy="-2" r="1.6" fill="#fff"/><circle cx="3" cy="-2" r="1.6" fill="#fff"/><path d="M-4 4 Q0 2 4 4" stroke="#fff" stroke-width="1.3" fill="none"/>`,
  rock: `<path d="M-10 8 L-4 -6 L0 0 L4 -8 L10 8 Z" fill="#5d4a3f" stroke="#3b2e27"/><path d="M-4 -6 L-2 -1 M4 -8 L5 -2" stroke="#a89282" stroke-width="1"/>`,
};

function tileIcon(tile, cx, cy, s) {
  if (tile === "?") return `<text x="${cx}" y="${cy + s * 0.2}" font-size="${s * 0.55}" class="dw-facedown">?</text>`;
  // the pictures are drawn around 0,0: shift by half a box so placed() centres them
  return TILE_ICON[tile] ? placed(`<g transform="translate(12 12)">${TILE_ICON[tile]}</g>`, cx, cy, s, 24, "tile-icon") : "";
}
const trollIcon = (cx, cy, s) => tileIcon("troll", cx, cy, s);
const rockIcon = (cx, cy, s) => tileIcon("rock", cx, cy, s);

// ---------------------------------------------------------------- local UI state
function boardUi() {
  return { strip: null, dir: "right", trollRes: null, dice: [], diceKey: "", hoverKeep: null };
}

/** Bring local choices in line with the current state (selected strip still in hand, ...). */
function syncBoardUi(st, ui) {
  const places = legalBy(st, "market_cell");
  const strips = [...new Set(places.map((a) => a.target.strip))];
  if (!strips.includes(ui.strip)) ui.strip = strips.length ? strips[0] : null;
  if (!DIRS.includes(ui.dir)) ui.dir = "right";
  const trollRes = new Set(legalBy(st, "field").filter((a) => a.target.verb === "troll").map((a) => a.target.res));
  if (!trollRes.has(ui.trollRes)) ui.trollRes = null;
  const f = st.view && st.view.fight;
  const key = f ? JSON.stringify([f.rolled, f.kept, f.rolls, st.view.phase]) : "";
  if (key !== ui.diceKey) {
    ui.diceKey = key;
    ui.dice = [];
    ui.hoverKeep = null;
  }
  return ui;
}

/** The "keep ..." id for the dice currently selected (indices into fight.rolled). */
export function selectionKeepId(st, ui) {
  const f = st.view.fight;
  if (!f) return null;
  const vals = ui.dice.map((i) => f.rolled[i]).sort((a, b) => b - a);
  return vals.length ? `keep ${vals.join(" ")}` : "keep none";
}

function selectKeep(st, ui, values) {
  const f = st.view.fight;
  const used = new Set();
  const out = [];
  for (const v of values) {
    const i = f.rolled.findIndex((x, j) => x === v && !used.has(j));
    if (i >= 0) { used.add(i); out.push(i); }
  }
  ui.dice = out;
}

// ---------------------------------------------------------------- the forest boards
/** A forest's fields as markup, by the shell part each goes in (one per row on the big
 *  board, one in all on a small one), in drawing order. */
function fieldChunks(b, v, seat, big, name, cs, xy) {
  const chunks = new Map(), out = [];    // part name -> its fields' markup, in drawing order
  for (const f of b.fields) {
    const at = out.length;
    const [x, y] = xy(f.row, f.col);
    const fill = f.kind === "wall" ? "#a9a398" : f.kind === "rock" ? "#9c8878" : f.tile && TILE[f.tile] ? TILE[f.tile].fill : FLOOR;
    const tip = [`${f.name}`, f.kind === "wall" ? "wall" : f.kind === "rock" ? "rock (fight here)" :
      f.tile ? TILE[f.tile].name : "bare forest floor"];
    if (f.fight && f.kind !== "rock") tip.push("fight field (next to a rock)");
    if (f.stones) tip.push(plural(f.stones, "marker stone"));
    if (f.trolls) tip.push(`${plural(f.trolls, "troll")} placed here`);
    if (f.fog) tip.push("in the fog (leaving costs double)");
    out.push(`<g class="dw-field dw-kind-${f.kind}" data-field="${f.name}" data-board="${seat}"><title>${esc(tip.join(" · "))}</title>`);
    out.push(`<rect x="${x + 1}" y="${y + 1}" width="${cs - 2}" height="${cs - 2}" rx="${big ? 4 : 2}" fill="${fill}" class="dw-cell"/>`);
    out.push(f.kind === "wall" ? `<path d="M${x + 1} ${y + cs / 2} H${x + cs - 1} M${x + cs / 2} ${y + 1} V${y + cs / 2} M${x + cs / 4} ${y + cs / 2} V${y + cs - 1} M${x + 3 * cs / 4} ${y + cs / 2} V${y + cs - 1}" class="dw-bricks"/>`
      : f.kind === "rock" ? rockIcon(x + cs / 2, y + cs / 2, cs * 0.8) : f.tile ? tileIcon(f.tile, x + cs / 2, y + cs / 2, cs * 0.72) : "");
    if (f.fight) out.push(`<rect x="${x + 3}" y="${y + 3}" width="${cs - 6}" height="${cs - 6}" rx="3" class="dw-fightfield"/>`);
    if (f.fog) out.push(`<rect x="${x + 1}" y="${y + 1}" width="${cs - 2}" height="${cs - 2}" class="dw-fog"/>`);
    if (f.trolls) {
      const r = big ? 9 : 6;
      out.push(trollIcon(x + cs - r - 1, y + r + 1, r * 2.2));
      if (f.trolls > 1) out.push(`<text x="${x + cs - 3}" y="${y + cs / 2 + 4}" class="dw-count" font-size="${big ? 10 : 8}" text-anchor="end">×${f.trolls}</text>`);
    }
    if (f.stones) {
      const r = big ? 7.5 : 5;
      out.push(`<circle cx="${x + r + 2}" cy="${y + cs - r - 2}" r="${r}" class="dw-stone"/>`);
      out.push(`<text x="${x + r + 2}" y="${y + cs - r - 2 + r * 0.45}" font-size="${r * 1.3}" class="dw-stone-n">${f.stones}</text>`);
    }
    if (v.reveal_at === f.name && v.seat === seat) {
      out.push(`<rect x="${x + 2}" y="${y + 2}" width="${cs - 4}" height="${cs - 4}" rx="3" class="dw-reveal"/>`);
    }
    out.push(`</g>`);
    const key = big ? `${name}-r${f.row}` : `${name}-f`;
    chunks.set(key, (chunks.get(key) || "") + out.splice(at).join(""));
  }
  return chunks;
}

// A forest's fields are shell parts (one per row on the big board, one in all on a small
// one), named by the board's place (``name``), so a click redraws only the rows it changed.
function boardSvg(st, ui, seat, big, name) {
  const v = st.view;
  const b = v.boards[seat], p = v.players[seat];
  const cols = upTo(v.columns, 64), H = upTo(v.rows, 64) + 2;
  const trollMode = !!ui.trollRes;
  const cs = big ? 42 : trollMode ? 26 : 21;
  const L = big ? 16 : 2, T = big ? 22 : 18;
  const W = L + cols * cs + 2, Hpx = T + H * cs + (big ? 16 : 4);
  const xy = (row, col) => [L + col * cs, T + (H - 1 - row) * cs];
  const colour = seatColour(seat);
  const out = [];
  const isTurn = v.seat === seat && !v.over;
  out.push(`<svg class="dw-board${big ? " dw-board-big" : ""}" width="${W}" height="${Hpx}" viewBox="0 0 ${W} ${Hpx}" role="img" aria-label="${esc(p.name)}'s forest">`);
  const title = `${p.name}${b.left ? (big ? " — left the forest" : " ✓ left") : ""}${isTurn ? " ◂ to move" : ""}`;
  out.push(`<circle cx="${L + (big ? 5 : 4)}" cy="${big ? 10 : 9}" r="${big ? 5 : 4}" fill="${colour}"/><text x="${L + (big ? 13 : 11)}" y="${big ? 15 : 13}" class="dw-board-title" font-size="${big ? 14 : 11}">${esc(title)}</text>`);  // ink name, seat-coloured dot

  // legal targets on this board, grouped per field (first one = the field's main click)
  const targets = {};
  for (const a of legalBy(st, "field")) {
    const t = a.target;
    if (t.board !== seat) continue;
    if (t.verb === "troll" && t.res !== ui.trollRes) continue;
    (targets[t.name] = targets[t.name] || []).push(a);
  }

  // the fields are built again only when they (or how they are drawn) changed: the kernel's
  // patches keep a forest no click touched the very same object (sync.js memo)
  const chunks = memo(`dw-fields-${name}`, [b.fields, v.reveal_at, v.seat, seat, big, cs, H],
    () => fieldChunks(b, v, seat, big, name, cs, xy));
  const ground = [...chunks].map(([key, html]) => part(key, html, "g"));
  // labels
  if (big) {
    const ax = [];
    for (let c = 0; c < cols; c++) ax.push(`<text x="${L + c * cs + cs / 2}" y="${T + H * cs + 12}" class="dw-axis">${"abcdefgh"[c]}</text>`);
    for (let r = 0; r < H; r++) ax.push(`<text x="${L - 8}" y="${T + (H - 1 - r) * cs + cs / 2 + 4}" class="dw-axis">${r}</text>`);
    ground.push(part(`${name}-ax`, ax.join(""), "g"));
  }
  // the rows and labels in one more part: a click that changes no field keeps them all
  out.push(big ? part(`${name}-ground`, ground.join(""), "g") : ground.join(""));

  // fog line: above the highest row in fog
  if (v.fog_row) {
    const yLine = T + (H - 1 - v.fog_row) * cs;
    out.push(`<line x1="${L - (big ? 10 : 0)}" y1="${yLine}" x2="${L + cols * cs}" y2="${yLine}" class="dw-fogline"/>`);
    if (big) out.push(`<text x="${L + cols * cs - 3}" y="${yLine - 3}" class="dw-foglabel" text-anchor="end">fog ≤ row ${v.fog_row}</text>`);
  }

  // path and figure
  if (b.path && b.path.length > 1) {
    const byName = {};
    for (const f of b.fields) byName[f.name] = f;
    const pts = b.path.map((n) => { const f = byName[n]; const [x, y] = xy(f.row, f.col); return `${x + cs / 2},${y + cs / 2}`; });
    out.push(`<polyline points="${pts.join(" ")}" class="dw-path" stroke="${colour}" stroke-width="${big ? 4 : 2.5}"/>`);
  }
  if (b.figure) {
    const f = b.fields.find((q) => q.name === b.figure);
    const [x, y] = xy(f.row, f.col);
    out.push(`<g class="dw-figure"><title>${esc(p.name)}'s figure on ${esc(b.figure)}</title>` +
      `<circle cx="${x + cs / 2}" cy="${y + cs / 2}" r="${cs * 0.3}" fill="${colour}"/>` +
      markText(x + cs / 2, y + cs / 2, cs * 0.36, seatLetter(p), colour) + `</g>`);
  }

  // clickable targets last, so they are on top
  for (const name of Object.keys(targets)) {
    const f = b.fields.find((q) => q.name === name);
    if (!f) continue;
    const [x, y] = xy(f.row, f.col);
    const [main, ...alts] = targets[name];
    const t = main.target;
    out.push(`<g class="dw-legal dw-target dw-verb-${t.verb}" data-action="${esc(main.id)}"><title>${esc(main.label)}</title>` +
      `<rect x="${x + 1.5}" y="${y + 1.5}" width="${cs - 3}" height="${cs - 3}" rx="4" class="dw-hit"/>` +
      (big ? `<text x="${x + cs / 2}" y="${y + cs - 4}" class="dw-verb">${esc(VERB_TEXT[t.verb] || t.verb)}</text>` : "") +
      `</g>`);
    alts.forEach((a, i) => {
      const bx = x + 9 + i * 16, by = y + 9;
      out.push(`<g class="dw-legal dw-alt" data-action="${esc(a.id)}"><title>${esc(a.label)}</title>` +
        `<circle cx="${bx}" cy="${by}" r="8"/><text x="${bx}" y="${by + 3.5}" font-size="10">${a.target.verb === "move" ? "→" : esc((VERB_TEXT[a.target.verb] || "?")[0])}</text></g>`);
    });
  }
  out.push(`</svg>`);
  return out.join("");
}

const legendHtml = () => memo("dw-legend", [], legendMarkup);   // never changes: built once
function legendMarkup() {
  const sw = (fill, icon) => `<svg width="20" height="20" viewBox="0 0 20 20"><rect x="1" y="1" width="18" height="18" rx="3" fill="${fill}"/>${icon}</svg>`;
  const tile = (t, text, de) => [sw(TILE[t].fill, tileIcon(t, 10, 10, 14)), text, de];
  const items = [
    tile("?", "face down", "verdeckt"), tile("forest", "forest", "Wald"), [sw(FLOOR, ""), "bare floor"],
    tile("thicket", "thicket · 3 P", "Dickicht"), tile("gate", "gate · 3 B", "Tor"), tile("guard", "guard · 3 G", "Wache"),
    tile("sword", "sword · P+B+G", "Schwert"), tile("troll", "troll · 1 G", "Troll"),
    [sw("#9c8878", rockIcon(10, 10, 15)), "rock", "Fels"], [sw("#a9a398", ""), "wall", "Mauer"],
    [sw(FLOOR, `<rect x="3" y="3" width="14" height="14" rx="2" class="dw-fightfield"/>`), "fight field"],
    [`<svg width="20" height="20" viewBox="0 0 20 20"><circle cx="10" cy="10" r="7" class="dw-stone"/><text x="10" y="13.5" font-size="9" class="dw-stone-n">2</text></svg>`, "marker stones", "Markierungssteine"],
    [sw(FLOOR, `<rect x="1" y="1" width="18" height="18" class="dw-fog"/>`), "fog", "Nebel"],
  ];
  return legendRow(items.map(([i, t, de]) => [i, term(t, de)]));
}

// ---------------------------------------------------------------- the market
function marketSvg(st, ui) {
  const v = st.view, m = v.market;
  const cs = 44, gap = 6;
  const gx = cs + gap, gy = 20;
  const W = gx + 4 * cs + 4, Hpx = gy + 4 * cs + gap + cs + 4;
  const cx = (c) => gx + (c % 4) * cs, cy = (c) => gy + (3 - Math.floor(c / 4)) * cs;
  const out = [`<svg class="dw-market" width="${W}" height="${Hpx}" viewBox="0 0 ${W} ${Hpx}" role="img" aria-label="resource market">`];
  out.push(`<text x="0" y="13" class="dw-panel-svgtitle">${plural(m.strips, "strip")} laid · draw pile ${v.pile}</text>`);
  // layers as shell parts: the cells, the border fields (each target is drawn on its own
  // field only, so all targets after all fields look the same), then the click targets
  const cells = [], fields = [];
  for (let c = 0; c < 16; c++) {
    const res = m.cells[c];
    cells.push(`<g class="dw-mcell" data-cell="${c}"><title>${cellName(c)}: ${res ? esc(res) : "empty"}</title>` +
      `<rect x="${cx(c) + 1}" y="${cy(c) + 1}" width="${cs - 2}" height="${cs - 2}" rx="3" class="dw-mcell-bg"/>` +
      (res ? resIcon(res, cx(c) + cs / 2, cy(c) + cs / 2, cs * 0.8) : "") + `</g>`);
  }
  out.push(part("mk-cells", cells.join(""), "g"));
  // axis names inside the border fields
  const borderPos = {};
  for (let r = 0; r < 4; r++) borderPos[`row${r + 1}`] = [0, gy + (3 - r) * cs, `${r + 1}`];
  for (let c = 0; c < 4; c++) borderPos[`col${"ABCD"[c]}`] = [gx + c * cs, gy + 4 * cs + gap, "ABCD"[c]];
  borderPos.corner = [0, gy + 4 * cs + gap, "╱"];  // U+2571: DejaVu has it (U+27CB is an empty box)
  const legalBorders = legalMap(st, "border", "name"), hits = [];
  for (const [key, [x, y, label]] of Object.entries(borderPos)) {
    const who = m.borders[key];
    fields.push(`<g class="dw-border-field"><rect x="${x + 3}" y="${y + 3}" width="${cs - 6}" height="${cs - 6}" rx="${cs / 2 - 3}" class="dw-border-bg"/>`);
    if (who === undefined || who === null) {
      fields.push(`<text x="${x + cs / 2}" y="${y + cs / 2 + 4}" class="dw-border-label">${esc(label)}</text>`);
    } else if (who === -1) {
      fields.push(`<g><title>the fog marker blocks ${esc(key)}</title><ellipse cx="${x + cs / 2}" cy="${y + cs / 2 + 2}" rx="${cs * 0.34}" ry="${cs * 0.2}" class="dw-fogmarker"/>` +
        `<text x="${x + cs / 2}" y="${y + cs / 2 + 5}" font-size="9" class="dw-fogmarker-t">fog</text></g>`);
    } else {
      const name = v.players[who] ? v.players[who].name : `seat ${who}`;
      fields.push(`<g><title>${esc(name)} stands at ${esc(key)}</title><circle cx="${x + cs / 2}" cy="${y + cs / 2}" r="${cs * 0.28}" fill="${seatColour(who)}" stroke="#fff" stroke-width="2"/>` +
        markText(x + cs / 2, y + cs / 2, 12, seatLetter(v.players[who] || { name }), seatColour(who)) + `</g>`);
    }
    fields.push(`</g>`);
    const a = legalBorders[key];
    if (a) {
      hits.push(`<g class="dw-legal dw-border-target" data-action="${esc(a.id)}" data-hl="${a.target.cells.join(",")}"><title>${esc(a.label)}</title>` +
        `<rect x="${x + 2}" y="${y + 2}" width="${cs - 4}" height="${cs - 4}" rx="${cs / 2 - 2}" class="dw-hit"/></g>`);
    }
  }
  out.push(part("mk-borders", fields.join(""), "g"), ...hits);
  // strip placements for the selected strip and direction: the anchor cells
  if (ui.strip !== null) {
    const mine = legalBy(st, "market_cell").filter((a) => a.target.strip === ui.strip);
    const code = mine.length ? mine[0].target.code : "";
    for (const a of mine) {
      const c = (a.target.anchors || {})[ui.dir];   // the cell to click going ui.dir
      if (c === undefined) continue;
      const cells = a.target.dir === ui.dir ? a.target.cells : [...a.target.cells].reverse();
      out.push(`<g class="dw-legal dw-anchor" data-action="${esc(a.id)}" data-hl="${cells.join(",")}" data-ghost="${esc(code)}">` +
        `<title>${esc(a.label)}</title><rect x="${cx(c) + 2}" y="${cy(c) + 2}" width="${cs - 4}" height="${cs - 4}" rx="3" class="dw-hit"/>` +
        `<text x="${cx(c) + cs - 7}" y="${cy(c) + 12}" class="dw-anchor-arrow">${DIR_ARROW[ui.dir]}</text></g>`);
    }
  }
  out.push(`<g class="dw-ghost" data-gx="${gx}" data-gy="${gy}" data-cs="${cs}"></g>`);
  out.push(`</svg>`);
  return out.join("");
}

/** SVG for the market's hover layer: the cells a strip would cover (or a border takes). */
export function ghostMarkup(cells, code, gx, gy, cs) {
  return cells.map((c, i) => {
    const x = gx + (c % 4) * cs, y = gy + (3 - Math.floor(c / 4)) * cs;
    const res = code ? CODE_RES[code[i]] : null;
    return `<rect x="${x + 1}" y="${y + 1}" width="${cs - 2}" height="${cs - 2}" rx="3" class="dw-ghost-cell"/>` +
      (code ? (res ? resIcon(res, x + cs / 2, y + cs / 2, cs * 0.7) : `<text x="${x + cs / 2}" y="${y + cs / 2 + 4}" class="dw-ghost-empty">empty</text>`) : "");
  }).join("");
}

function stripSvg(code, s, dir = "right") {
  // a strip drawn in its placing direction: cell 0 at the anchor end
  const [dr, dc] = DIR_DELTA[dir];
  const horizontal = dc !== 0;
  const W = horizontal ? 3 * s : s, H = horizontal ? s : 3 * s;
  const parts = [];
  for (let i = 0; i < 3; i++) {
    const col = horizontal ? (dc > 0 ? i : 2 - i) : 0;
    const row = horizontal ? 0 : (dr > 0 ? 2 - i : i);
    const x = col * s, y = row * s;
    const res = CODE_RES[code[i]];
    parts.push(`<rect x="${x + 0.5}" y="${y + 0.5}" width="${s - 1}" height="${s - 1}" rx="2" class="dw-strip-cell${i === 0 ? " dw-strip-anchor" : ""}"/>` +
      (res ? resIcon(res, x + s / 2, y + s / 2, s * 0.78) : ""));
  }
  return `<svg width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" class="dw-strip-svg">${parts.join("")}</svg>`;
}

function handHtml(st, ui) {
  const v = st.view;
  const p = v.players[v.seat];
  if (!p) return "";
  const places = legalBy(st, "market_cell");
  const placing = places.length > 0;
  let body;
  if (Array.isArray(p.hand)) {
    body = p.hand.map((h, j) => {
      const sel = placing && h.id === ui.strip;
      // a span even when pickable (a11y.js makes it a button): a new tag would replace it
      const cls = `dw-hand-strip${sel ? " dw-selected" : ""}${placing ? " dw-pick" : ""}`;
      return part(`strip${j}`, `<span class="${cls}"` +
        (placing ? ` data-ui="strip" data-strip="${h.id}" title="place strip ${h.id} (${esc(h.code)})"` : ` title="strip ${h.id} (${esc(h.code)})"`) +
        `>${part(`strip${j}-svg`, stripSvg(h.code, 24), "span")}</span>`);
    }).join("");
    if (!p.hand.length) body = `<span class="dw-muted">no strips</span>`;
  } else {
    body = `<span class="dw-muted">${plural(p.hand, "secret strip")}</span>`;
  }
  let rotate = "";
  if (placing) {
    const code = places.find((a) => a.target.strip === ui.strip)?.target.code || "";
    rotate = `<div class="dw-rotate-row"><button class="dw-btn dw-rotate" data-ui="rotate" title="cycle the direction: right, up, left, down">Rotate ${DIR_ARROW[ui.dir]} ${ui.dir}</button>` +
      `<span class="dw-rot-preview" title="cell 0 (outlined) lies on the cell you click">${code ? stripSvg(code, 16, ui.dir) : ""}</span>` +
      `<span class="dw-hint">then click a highlighted market cell</span></div>`;
  }
  return panel("dw-hand", `${esc(p.name)}'s ${term("strips", "Ressourcenstreifen")}`, `<div class="dw-hand-row">${body}</div>${rotate}`);
}

// ---------------------------------------------------------------- buttons, fight, chance
function actionsHtml(st, ui) {
  const fieldActs = legalBy(st, "field");
  const trollRes = [...new Set(fieldActs.filter((a) => a.target.verb === "troll").map((a) => a.target.res))];
  const ownField = fieldActs.filter((a) => a.target.verb !== "troll");
  const parts = [];
  if (ownField.length) {
    parts.push(`<div class="dw-hint">Click a highlighted field of your forest (${ownField.length} possible: ${esc([...new Set(ownField.map((a) => VERB_TEXT[a.target.verb] || a.target.verb))].join(", "))}).</div>`);
  }
  if (legalBy(st, "border").length) parts.push(`<div class="dw-hint">Click a highlighted ${term("border field", "Randfeld")} of the market.</div>`);
  if (trollRes.length) {
    // DW-8.3: any time in the turn (market part, after the last roll, after a won fight)
    parts.push(group(`Place a ${term("troll", "Troll")} on another forest and take 2 of:`,
      trollRes.map((r) => `<button class="dw-btn dw-mode${ui.trollRes === r ? " dw-selected" : ""}" data-ui="troll" data-res="${r}">${esc(r)}</button>`).join("") +
      (ui.trollRes ? `<span class="dw-hint"> then click a highlighted field on another board</span>` : "")));
  }
  parts.push(buttonGroups(legalBy(st, "button"), GROUP_ORDER, GROUP_TITLE, undefined, (a) => a.id));
  const body = parts.join("");
  return body ? panel("dw-actions", term("Actions", "Aktionen"), body) : "";
}

function fightHtml(st, ui) {
  const adv = st.advice || {};
  const v = st.view;
  if (adv.kind === "fight") {
    const dice = [...new Set(adv.rows.flatMap((r) => r.cells.map((c) => c.dice)))].sort((a, b) => a - b);
    const head = dice.map((d) => `<th title="${d} swords = ${d} dice; a win turns ${Math.max(0, d - 2)} face down">${d} ${shape("sword", 12)}</th>`).join("");
    const rows = adv.rows.map((r) => {
      const bonus = r.bonus_res ? `${r.bonus_have} ${r.bonus_res}` : "no bonus";
      const cells = dice.map((d) => {
        const c = r.cells.find((q) => q.dice === d);
        if (!c) return `<td></td>`;
        return `<td>${actButton(c, `<b>${esc(c.p_pct)}</b>${pctBar(c.p)}${r.bonus_res && c.plain_pct !== c.p_pct ? `<small>${esc(c.plain_pct)} w/o bonus</small>` : ""}`,
          `dw-fightbtn${c.id === r.best ? " dw-best" : ""}`, c.tip)}</td>`;
      }).join("");
      return `<tr><th class="dw-strength" title="monster${r.numbers.length > 1 ? "s" : ""} #${r.numbers.join(", #")}, up to ${r.gold} gold">${r.strength}<small>${esc(bonus)}</small></th>${cells}</tr>`;
    }).join("");
    return panel("dw-fight", `Fight a ${term("rock monster", "Felsmonster")} · exact win chance`,
      `<div class="dw-hint">You have ${plural(adv.swords, "usable sword")}. Each cell: strength × swords used (dice), optimal set-aside play over 3 rolls, bonus resources you hold included. Click to fight.</div>` +
      `<table class="dw-fight-table"><tr><th>strength</th>${head}</tr>${rows}</table>`);
  }
  if (adv.kind === "keep" || adv.kind === "roll" || adv.kind === "bonus") {
    const f = v.fight;
    if (!f) return "";
    const keeping = adv.kind === "keep" && (st.legal || []).some((a) => a.target && a.target.kind === "keep");
    const s = 34;
    const sel = new Set(ui.dice);
    const keptSum = f.kept.reduce((a, b) => a + b, 0);
    const n = f.kept.length + Math.max(f.rolled.length, adv.kind === "roll" ? adv.to_roll : 0);
    const W = Math.max(n, 1) * (s + 8) + 20;
    const dice = [];
    f.kept.forEach((d, i) => dice.push(pipDie(d, 4 + i * (s + 8), 8, s, "dw-die-kept", ` aria-label="set aside: ${d}"`)));
    const dx = (i) => 4 + (f.kept.length + i) * (s + 8) + (f.kept.length ? 12 : 0);   // rolled die i
    f.rolled.forEach((d, i) => {
      const on = sel.has(i);
      dice.push(pipDie(d, dx(i), on ? 2 : 8, s, `dw-die-rolled${on ? " dw-die-selected" : ""}${keeping ? " dw-pick" : ""}`,
        keeping ? ` data-ui="die" data-idx="${i}" data-value="${d}"` : ""));
    });
    if (adv.kind === "roll") {
      for (let i = 0; i < upTo(adv.to_roll, 12); i++) dice.push(pipDie(0, dx(i), 8, s, "dw-die-blank", "", "?"));
    }
    const diceSvg = `<svg width="${W + 12}" height="${s + 16}" viewBox="0 0 ${W + 12} ${s + 16}" class="dw-dice">${dice.join("")}</svg>`;
    const bonus = f.bonus ? `bonus: you hold ${adv.bonus_have} ${f.bonus} (+1 pip each after the last roll)` : "no bonus resource for this monster";
    const parts = [`<div class="dw-panel dw-fight"><div class="dw-panel-title">${term("Fight", "Felsmonsterkampf")}: strength ${f.strength} with ${f.dice} dice · roll ${f.rolls}/3</div>`,
      `<div class="dw-fight-line">set aside <b>${keptSum}</b>${f.rolled.length ? `, just rolled <b>${f.rolled.reduce((a, b) => a + b, 0)}</b>` : ""} · ${esc(bonus)}</div>`,
      diceSvg];
    if (adv.kind === "roll") {
      parts.push(`<div class="dw-fight-line">Rolling ${plural(adv.to_roll, "die")} (${plural(adv.rolls_left, "roll")} left). Win chance from here with optimal play: <b title="${esc(adv.p_text)}">${esc(adv.p_pct)}</b> ${pctBar(adv.p)}</div>`);
    }
    if (adv.kind === "bonus") {
      parts.push(`<div class="dw-fight-line">Total ${adv.total} of ${adv.strength}: ${adv.need} pip${adv.need === 1 ? "" : "s"} missing; you hold ${adv.have} ${esc(adv.res || "")}.` +
        (adv.committed ? " You placed a troll in this fight, so it must be won now: pay (exchange first if needed)." : "") + `</div>`);
    }
    if (keeping) {
      const selId = selectionKeepId(st, ui);
      const all = f.rolled.length;
      const stopId = `keep ${[...f.rolled].sort((a, b) => b - a).join(" ")}`;
      const choice = (id) => adv.choices.find((c) => c.id === id);
      const legalIds = new Set(st.legal.map((a) => a.id));
      const btns = [];
      if (ui.dice.length < all && legalIds.has(selId)) {
        const c = choice(selId);
        const label = ui.dice.length ? `Set aside ${ui.dice.map((i) => f.rolled[i]).sort((a, b) => b - a).join("-")}, reroll ${plural(all - ui.dice.length, "die")}` : `Reroll all ${plural(all, "die")}`;
        btns.push(`<button class="dw-btn dw-legal dw-reroll" data-action="${esc(selId)}" title="${esc(c ? `win chance ${c.p_text}` : selId)}">${esc(label)}${c ? ` · ${esc(c.p_pct)}` : ""}</button>`);
      }
      if (legalIds.has(stopId)) {
        const c = choice(stopId);
        btns.push(`<button class="dw-btn dw-legal dw-stop" data-action="${esc(stopId)}" title="${esc(c ? `win chance ${c.p_text}` : stopId)}">Stop: set all aside (total ${keptSum + f.rolled.reduce((a, b) => a + b, 0)})${c ? ` · ${esc(c.p_pct)}` : ""}</button>`);
      }
      parts.push(`<div class="dw-keep-buttons">${btns.join("")}</div>`);
      // the advisor: best choices first, plus the learner's own selection
      const top = adv.choices.slice(0, 5);
      const row = (c, mark) => `<tr class="dw-advice-row${c.id === selId ? " dw-advice-sel" : ""}" data-ui="choose" data-keep="${c.keep.join(" ")}" data-hover-keep="${c.keep.join(" ")}" data-p="${esc(c.p_pct)}" title="${esc(c.p_text)}">` +
        `<td>${mark}</td><td>${esc(c.text)}</td><td class="dw-num">${esc(c.p_pct)}</td><td>${pctBar(c.p)}</td></tr>`;
      const rows = top.map((c, i) => row(c, i === 0 ? "★" : `${i + 1}.`));
      const mine = choice(selId);
      if (mine && !top.includes(mine)) rows.push(row(mine, "you"));
      parts.push(`<div class="dw-hint">Advisor (${plural(adv.rolls_left, "reroll")} left, bonus counted): ★ = optimal. Click a row to select those dice.</div>` +
        `<table class="dw-advice">${rows.join("")}</table>` +
        `<div class="dw-hoverline">${mine ? `Your selection (${esc(selId.slice(5))}): win ${esc(mine.p_text)}` : ""}</div>`);
    }
    parts.push(`</div>`);
    return parts.join("");
  }
  return "";
}

// ---------------------------------------------------------------- players, monsters, score
const chip = (res, n, i = RES_INFO[res]) => `<span class="dw-chip-wrap" title="${esc(res)} (${i.de})"><span class="dw-chip" style="--chip:${i.colour};border-color:${i.dark}">${i.letter}</span>${n}</span>`;

function playersHtml(st) {
  const v = st.view;
  const rows = v.players.map((p, i) => {
    const ob = p.obstacles;
    const hand = Array.isArray(p.hand) ? p.hand.length : p.hand;
    const tileIcons = (tile, n) => `<span class="dw-tilecount" title="${n} ${tile}${n === 1 ? "" : "s"}"><svg width="16" height="16" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${TILE[tile].fill}"/>${tileIcon(tile, 8, 8, 13)}</svg>${n}</span>`;
    return part(`seat${i}`, seatCard(st, i, {
      name: p.name, colour: seatColour(i), mark: seatLetter(p), turn: v.seat === i && !v.over, score: `${v.scores[i]} gold`, scoreTitle: "gold if the game ended now",
      tags: p.left ? [`<span class="dw-tag">left the forest</span>`] : [],
      lines: [part(`p${i}`, `<div class="dw-player-res">${RES.map((r) => chip(r, p.res[r])).join("")}` +
        `<span class="dw-stat" title="usable swords (Schwerter, face up); turned face down after fights: ${p.swords_spent}">${shape("sword", 12)} ${p.swords}${p.swords_spent ? ` <small>(${p.swords_spent} spent)</small>` : ""}</span>` +
        `<span class="dw-stat" title="step-back tiles (Rückwärts ziehen) left">↶ ${p.step_backs}</span></div>` +
      `<div class="dw-player-res">${tileIcons("thicket", ob.thicket)}${tileIcons("gate", ob.gate)}${tileIcons("guard", ob.guard)}${tileIcons("troll", p.trolls)}` +
        `<span class="dw-stat" title="trolls ready to place on another board">ready ${p.trolls_ready}</span>` +
        `<span class="dw-stat" title="rock monsters (Felsmonster) beaten">monsters ${p.monsters.length ? p.monsters.map((n) => `#${n}`).join(" ") : "–"}</span></div>`),
      `<div class="dw-player-meta">${plural(hand, "strip")} in hand · market: ${esc(p.market_field || "–")} · path ${p.path_length}</div>`],
    }));
  });
  return panel("dw-players", term("Players", "Spieler"), rows.join(""));
}

function monstersHtml(st) {
  const v = st.view;
  const ADV = { gold_each_round: "+1 gold every round", obstacle_wildcard: "counts as any obstacle", double_market: "double 1 market resource" };
  const byNo = Object.fromEntries(v.middle.map((m) => [m.number, m]));
  const cards = grouped(v.middle.map((m) => m.number)).map(([no, copies]) => ({ ...byNo[no], copies })).map((m) => `<div class="dw-monster" title="${esc(m.advantage ? ADV[m.advantage] || m.advantage : "")}">` +
    `<div class="dw-monster-n">#${m.number}${m.copies > 1 ? ` ×${m.copies}` : ""}</div><div class="dw-monster-s">${m.strength}</div>` +
    `<div class="dw-monster-g">${m.gold} gold</div><div class="dw-monster-b">${m.bonus ? `bonus: ${esc(m.bonus)}` : "no bonus"}</div>` +
    (m.advantage ? `<div class="dw-monster-a">${esc(ADV[m.advantage] || m.advantage)}</div>` : "") + `</div>`).join("");
  return panel("dw-monsters", `${term("Rock monsters", "Felsmonster")} in the middle`, `<div class="dw-monster-row">${cards || `<span class="dw-muted">none left</span>`}</div>`);
}

// ---------------------------------------------------------------- the board for the shell

defineBoard({
  title: "Durch den tiefen Wald",
  prefix: "dw",
  autoLabel: "auto chance",
  autoTitle: "resolve draws, reveals and dice rolls on their own",
  scoreUnit: "gold",
  scoreTitle: (st) => (st.status.over ? "Final score (gold)" : "Score breakdown (gold)"),
  newUi: boardUi, syncUi: syncBoardUi,
  statusLeft(st) {
    const v = st.view;
    const fog = v.fog_row ? ` · fog (Nebel) up to row ${v.fog_row}` : v.round <= 10 ? " · fog from round 11" : "";
    return `<span class="dw-round">Round ${v.round}/15${fog}</span>`;
  },
  chanceHead(st) {
    const v = st.view;
    let title = "Chance event";
    if (v.phase === "deal" || v.phase === "draw") title = "Which strip is drawn?";
    else if (v.phase === "reveal") title = `What lies at ${v.reveal_at}?`;
    else if (v.phase === "roll" && v.fight) title = `Rolling ${plural(v.fight.dice - v.fight.kept.length, "die")}`;
    return `<div class="sh-panel-title">${esc(title)} · ${plural(st.chance.length, "outcome")}</div>`;
  },
  drawTable(st, ui, slots) {
    const v = st.view;
    const others = v.players.map((_, i) => i).filter((i) => i !== v.seat);
    const troll = !!ui.trollRes;
    return `<div class="dw-grid">` +
      `<div class="dw-col dw-col-board"><div class="dw-panel">${boardSvg(st, ui, v.seat, true, "big")}</div>${part("legend", legendHtml())}</div>` +
      `<div class="dw-col dw-col-market">${panel("dw-market-panel", term("Market", "Ressourcen-Markt"), marketSvg(st, ui))}${part("hand", handHtml(st, ui))}${part("actions", actionsHtml(st, ui))}</div>` +
      `<div class="dw-col dw-col-side">${part("chance", slots.chance)}${part("fight", fightHtml(st, ui))}${part("players", playersHtml(st))}</div></div>` +
      `<div class="dw-lower">${part("others", `<div class="dw-panel dw-others${troll ? " dw-troll-mode" : ""}"><div class="dw-panel-title">${term("Other forests", "Spielpläne")}${troll ? " — click a field to place the troll" : ""}</div>` +
      `<div class="dw-others-row">${others.map((i, k) => boardSvg(st, ui, i, false, `small${k}`)).join("")}</div></div>`)}${part("monsters", monstersHtml(st))}</div>`;
  },
  onUi(node, ui, st) {
    const what = node.getAttribute("data-ui");
    if (what === "strip") ui.strip = parseInt(node.getAttribute("data-strip"), 10);
    else if (what === "rotate") ui.dir = DIRS[(DIRS.indexOf(ui.dir) + 1) % DIRS.length];
    else if (what === "troll") { const r = node.getAttribute("data-res"); ui.trollRes = ui.trollRes === r ? null : r; }
    else if (what === "die") {
      const i = parseInt(node.getAttribute("data-idx"), 10);
      ui.dice = ui.dice.includes(i) ? ui.dice.filter((j) => j !== i) : [...ui.dice, i];
    } else if (what === "choose") {
      const keep = node.getAttribute("data-keep");
      selectKeep(st, ui, keep ? keep.split(" ").map(Number) : []);
    }
    return true;
  },
  onOver(e, main) {
    const hl = e.target.closest && e.target.closest("[data-hl]");
    const g = main.querySelector(".dw-ghost");
    if (hl && g) {
      g.innerHTML = ghostMarkup(hl.getAttribute("data-hl").split(",").map(Number), hl.getAttribute("data-ghost") || "",
        +g.getAttribute("data-gx"), +g.getAttribute("data-gy"), +g.getAttribute("data-cs"));
    }
    const hk = e.target.closest && e.target.closest("[data-hover-keep]");
    const line = main.querySelector(".dw-hoverline");
    if (hk && line) {
      const keep = hk.getAttribute("data-hover-keep");
      line.textContent = `${keep ? `Set aside ${keep.replace(/ /g, "-")}` : "Reroll everything"}: win ${hk.getAttribute("title")}`;
    }
  },
  onOut(e, main) {
    const hl = e.target.closest && e.target.closest("[data-hl]");
    const g = main.querySelector(".dw-ghost");
    if (hl && g && !(e.relatedTarget && hl.contains(e.relatedTarget))) g.innerHTML = "";
  },
});
