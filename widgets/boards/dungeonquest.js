// DungeonQuest: the board module (dungeon grid, sun track, hero sheets, combat duel, test
// roll, odds). It follows widgets/shell.js in one ES module (see shell.py), draws only the
// game's own table and declares its click targets: every element that plays a legal action
// carries data-action="<id>" and the class dq-legal. Room symbols are SVG shapes.

const Z = 40, M = 16;                       // square size and label margin (SVG units)
const HERO_FILL = ["#2e7d32", "#1565c0", "#c62828", "#e0a100"];
const ROOM_FILL = {
  dungeon: "#cdbd9c", corridor: "#bfb08f", trap: "#d9a07f", cave_in: "#b3a58f", chasm: "#a9a2b8",
  bridge: "#a9bccb", rotating: "#c4ace0", darkness: "#55535f", web: "#dcdcd6", pit: "#8d7d6d",
  tower: "#e9d68a", treasure: "#eab04a",
};
const DIR_XY = { N: [0, -1], E: [1, 0], S: [0, 1], W: [-1, 0] };
const STATUS = { setup: "choosing", in: "in the dungeon", catacombs: "in the catacombs", escaped: "escaped", dead: "dead" };
const ATTRS = ["strength", "agility", "toughness", "luck"];

// ---------------------------------------------------------------- helpers
const colOf = (sq) => sq.charCodeAt(0) - 97;
const rowOf = (sq) => parseInt(sq.slice(1), 10) - 1;
const sqX = (sq) => M + colOf(sq) * Z;
const sqY = (sq) => M + rowOf(sq) * Z;
const adv = (st) => st.advice || {};
/** A hero's mark on the map, the travel marker and the sheet: the seat number, as the
 * static picture draws it ("hero, seat no."): colour is never the only cue. */
const seatMark = (i) => String(i + 1);
/** A combat card's English name (shown) and German rulebook word (in the tooltip). */
function combatTerm(st, k) {
  const [en, de] = (adv(st).combat_terms || {})[k] || [k, ""];
  return { en, de, tip: de ? `${en} (${de})` : en };
}
const legalKind = (st, kind) => legalBy(st, kind);
function cardName(st, key) {
  const c = (adv(st).cards || {})[key];
  return c ? c.name : key;
}
function cardTitle(st, key) {
  const c = (adv(st).cards || {})[key];
  return c ? `${c.name}: ${c.text}` : key;
}
function roomTerm(st, type) {
  const r = (adv(st).rooms || {})[type];
  return r ? term(r[0], r[1]) : esc(type);
}
function roomOf(v, sq) {
  if (v.towers.includes(sq)) return { type: "tower", sides: edgeSides(v, sq, "oooo") };
  if (v.treasure.includes(sq)) return { type: "treasure", sides: edgeSides(v, sq, "oooo") };
  return v.tiles.find((t) => t.sq === sq) || null;
}
function edgeSides(v, sq, sides) {
  const c = colOf(sq), r = rowOf(sq);
  const edge = [r === 0, c === v.columns - 1, r === v.rows - 1, c === 0];
  return [...sides].map((k, i) => (edge[i] ? "w" : k)).join("");
}
function btn(a, extra) {
  return `<button class="sh-btn dq-btn dq-legal" data-action="${esc(a.id)}" title="${esc(a.label)}">${extra || esc(a.label)}</button>`;
}
const pct = (d) => `<span class="dq-p" title="${esc(d.p_text)}">${esc(d.p_pct)}</span>${d.p_den === 1 ? "" : ` <small class="dq-frac">${esc(fracText(d))}</small>`}`;

// ---------------------------------------------------------------- SVG shapes
function sideShape(x, y, i, kind) {
  // i: 0 N, 1 E, 2 S, 3 W; the edge runs from (x1,y1) to (x2,y2)
  const e = [[x, y, x + Z, y], [x + Z, y, x + Z, y + Z], [x, y + Z, x + Z, y + Z], [x, y, x, y + Z]][i];
  const [x1, y1, x2, y2] = e, mx = (x1 + x2) / 2, my = (y1 + y2) / 2, hor = y1 === y2;
  if (kind === "w") return `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="dq-wall"/>`;
  const wall = `<line x1="${x1}" y1="${y1}" x2="${x2}" y2="${y2}" class="dq-wall dq-thin"/>`;
  if (kind === "d") {
    const w = hor ? 16 : 6, h = hor ? 6 : 16;
    return wall + `<rect x="${mx - w / 2}" y="${my - h / 2}" width="${w}" height="${h}" rx="1.5" class="dq-door"><title>door (Tür)</title></rect>`;
  }
  if (kind === "p") {
    let bars = "";
    for (let k = -6; k <= 6; k += 4) bars += hor ? `<line x1="${mx + k}" y1="${my - 4}" x2="${mx + k}" y2="${my + 4}"/>` : `<line x1="${mx - 4}" y1="${my + k}" x2="${mx + 4}" y2="${my + k}"/>`;
    return wall + `<g class="dq-portcullis"><title>portcullis (Fallgitter)</title>${bars}</g>`;
  }
  return "";
}

/** The band that splits a chasm, bridge or caved-in room: parallel to its lone side. */
function splitShape(x, y, type, far) {
  const near = "NESW".split("").filter((d) => !far.includes(d));
  const lone = far.length === 1 ? far : near.length === 1 ? near[0] : null;
  if (!lone) return "";
  const t = Z * 0.34, hor = lone === "N" || lone === "S";
  const off = lone === "N" ? t : lone === "S" ? Z - t : lone === "W" ? t : Z - t;
  const [bx, by, bw, bh] = hor ? [x, y + off - 4, Z, 8] : [x + off - 4, y, 8, Z];
  if (type === "cave_in") {
    let dots = "";
    for (let k = 0; k < 6; k++) {
      const cx = hor ? x + 4 + k * 6.5 : bx + 4, cy = hor ? by + 4 : y + 4 + k * 6.5;
      dots += `<circle cx="${cx}" cy="${cy + (k % 2 ? 1.5 : -1.5)}" r="3.2" class="dq-rubble"/>`;
    }
    return `<g><title>rubble: leaving beyond it needs an agility test</title>${dots}</g>`;
  }
  let out = `<rect x="${bx}" y="${by}" width="${bw}" height="${bh}" class="dq-chasm"><title>the chasm</title></rect>`;
  if (type === "bridge") {
    const [px, py, pw, ph] = hor ? [x + Z / 2 - 4, by - 3, 8, 14] : [bx - 3, y + Z / 2 - 4, 14, 8];
    out += `<rect x="${px}" y="${py}" width="${pw}" height="${ph}" class="dq-plank"><title>the bridge (Brücke)</title></rect>`;
  }
  return out;
}

function roomSymbol(x, y, type) {
  const cx = x + Z / 2, cy = y + Z / 2;
  switch (type) {
    case "pit": return `<circle cx="${cx}" cy="${cy}" r="11" class="dq-pit"/><circle cx="${cx}" cy="${cy}" r="6" fill="#000"/>`;
    case "rotating": return `<path d="M${cx - 9} ${cy} A9 9 0 0 1 ${cx + 9} ${cy}" class="dq-sym"/><path d="M${cx + 9} ${cy} l-3.5 -4 M${cx + 9} ${cy} l3.5 -3.5" class="dq-sym"/>` +
      `<path d="M${cx + 9} ${cy + 3} A9 9 0 0 1 ${cx - 9} ${cy + 3}" class="dq-sym"/>`;
    case "darkness": return `<circle cx="${cx}" cy="${cy}" r="8" fill="#2a2930"/><circle cx="${cx + 3}" cy="${cy - 2}" r="7" fill="#55535f"/>`;
    case "web": {
      let s = "";
      for (let k = 0; k < 8; k++) {
        const a = (k * Math.PI) / 4;
        s += `<line x1="${cx}" y1="${cy}" x2="${(cx + 15 * Math.cos(a)).toFixed(1)}" y2="${(cy + 15 * Math.sin(a)).toFixed(1)}"/>`;
      }
      return `<g class="dq-web">${s}<circle cx="${cx}" cy="${cy}" r="6"/><circle cx="${cx}" cy="${cy}" r="11"/></g>`;
    }
    case "trap": return `<path d="M${cx - 12} ${cy + 6} l4 -10 l4 10 l4 -10 l4 10 l4 -10 l4 10 Z" class="dq-spikes"/>`;
    case "corridor": return `<rect x="${x + 6}" y="${y + 6}" width="${Z - 12}" height="${Z - 12}" rx="3" class="dq-corridor"/>`;
    case "tower": return `<path d="M${cx - 9} ${cy + 10} V${cy - 6} h3 v-4 h3 v4 h6 v-4 h3 v4 h3 V${cy + 10} Z" class="dq-tower"/><rect x="${cx - 2.5}" y="${cy + 2}" width="5" height="8" fill="#6b4d1c"/>`;
    default: return "";
  }
}
const torchShape = (x, y) => `<g class="dq-torch"><title>torch symbol (Fackelsymbol): the room can be searched</title><rect x="${x + Z - 9}" y="${y + Z - 10}" width="3" height="8" fill="#6b4d1c"/><path d="M${x + Z - 7.5} ${y + Z - 17} q4 4 0 7 q-4 -3 0 -7 Z" fill="#f08c00"/></g>`;
const entranceShape = (x, y) => `<g><title>catacomb entrance</title><rect x="${x + 3}" y="${y + Z - 13}" width="10" height="10" fill="#1d1a17"/><path d="M${x + 4} ${y + Z - 10} h8 M${x + 4} ${y + Z - 7} h6 M${x + 4} ${y + Z - 4.5} h4" stroke="#8d7d6d" stroke-width="1"/></g>`;
const monsterShape = (x, y) => `<g><title>monster marker</title><circle cx="${x + 8}" cy="${y + 8}" r="6" fill="#a51d1d" stroke="#fff" stroke-width="1"/><path d="M${x + 5} ${y + 7} l1.5 3 l1.5 -3 l1.5 3 l1.5 -3" stroke="#fff" fill="none" stroke-width="1"/></g>`;
const searchedShape = (x, y) => `<g><title>searched marker</title><rect x="${x + Z - 14}" y="${y + 3}" width="11" height="11" rx="2" fill="#f4f1e8" stroke="#555"/><path d="M${x + Z - 12} ${y + 8.5} l3 3 l5 -6" stroke="#2e7d32" stroke-width="1.6" fill="none"/></g>`;

function arrowShape(cx, cy, dir, len, cls, extra) {
  const [dx, dy] = DIR_XY[dir], px = -dy, py = dx;
  const tip = [cx + dx * len, cy + dy * len], b = [cx + dx * (len - 9), cy + dy * (len - 9)];
  const pts = [tip, [b[0] + px * 6, b[1] + py * 6], [b[0] - px * 6, b[1] - py * 6]].map((p) => p.map((n) => n.toFixed(1)).join(",")).join(" ");
  return `<polygon points="${pts}" class="${cls}"${extra || ""}/>`;
}

// ---------------------------------------------------------------- the grid
function drawSquare(st, sq) {
  const v = st.view, x = sqX(sq), y = sqY(sq), room = roomOf(v, sq);
  if (!room) return `<rect x="${x}" y="${y}" width="${Z}" height="${Z}" class="dq-unexplored" data-sq="${sq}"/>`;
  const type = room.type;
  let out = type === "treasure" ? "" : `<rect x="${x}" y="${y}" width="${Z}" height="${Z}" fill="${ROOM_FILL[type] || "#ccc"}" class="dq-room"><title>${esc(sq)}: ${esc(((adv(st).rooms || {})[type] || [type])[0])}</title></rect>`;
  const far = (adv(st).far || {})[sq];
  if (far) out += splitShape(x, y, type, far);
  out += roomSymbol(x, y, type);
  if (room.torch) out += torchShape(x, y);
  [...room.sides].forEach((k, i) => { out += sideShape(x, y, i, k); });
  if (room.entrance || v.entrances.includes(sq)) out += entranceShape(x, y);
  if (v.searched.includes(sq)) out += searchedShape(x, y);
  if (v.monsters.includes(sq)) out += monsterShape(x, y);
  return out;
}

function treasureShape(v) {
  const [a, b] = v.treasure, x = Math.min(sqX(a), sqX(b)), y = Math.min(sqY(a), sqY(b));
  const w = Math.abs(sqX(a) - sqX(b)) + Z, h = Math.abs(sqY(a) - sqY(b)) + Z, cx = x + w / 2, cy = y + h / 2;
  let coins = "";
  [[-12, 6], [-4, 9], [5, 7], [13, 5], [0, 2]].forEach(([dx, dy]) => { coins += `<circle cx="${cx + dx}" cy="${cy + dy}" r="4.5" class="dq-coin"/>`; });
  return `<rect x="${x}" y="${y}" width="${w}" height="${h}" fill="${ROOM_FILL.treasure}" class="dq-room"><title>treasure chamber (Schatzkammer): one room on two squares</title></rect>` +
    `${coins}<path d="M${cx - 8} ${cy - 6} q8 -9 16 0 q-8 7 -16 0 Z" fill="#fff4c0" stroke="#7a3b00"/><ellipse cx="${cx}" cy="${cy - 6}" rx="1.6" ry="3.2" fill="#7a3b00"><title>the sleeping dragon</title></ellipse>`;
}

function heroShapes(st) {
  const v = st.view;
  let out = "";
  v.heroes.forEach((h, i) => {
    const fill = HERO_FILL[i % 4], nm = `${h.name}${h.hero ? ` (${h.hero})` : ""}`;
    if (h.sq) {
      const shared = v.heroes.filter((o) => o.sq === h.sq).length > 1;
      const cx = sqX(h.sq) + Z / 2 + (shared ? (i % 2 ? 8 : -8) : 0), cy = sqY(h.sq) + Z / 2 + (shared && i > 1 ? 8 : 0);
      out += `<g class="dq-hero" data-seat="${i}"><title>${esc(nm)}</title><circle cx="${cx}" cy="${cy}" r="10" fill="${fill}" stroke="#fff" stroke-width="2"/>` +
        markText(cx, cy, 11, seatMark(i), fill) + `</g>`;
    } else if (h.travel) {
      const [tsq, d] = h.travel, cx = sqX(tsq) + Z / 2, cy = sqY(tsq) + Z / 2;
      out += `<g class="dq-travel"><title>${esc(h.name)}'s travel marker (Reisemarker), heading ${"NESW"[d]}</title>` +
        `<circle cx="${cx}" cy="${cy}" r="9" fill="none" stroke="${fill}" stroke-width="2.5" stroke-dasharray="3 2"/>${arrowShape(cx, cy, "NESW"[d], 17, "dq-travel-arrow", ` fill="${fill}"`)}` +
        `<circle cx="${cx}" cy="${cy}" r="6.5" fill="${fill}"/>${markText(cx, cy, 9, seatMark(i), fill)}</g>`;
    }
  });
  return out;
}

function targetShapes(st) {
  let out = "";
  const bySq = {};
  for (const a of legalKind(st, "square")) (bySq[a.target.sq] = bySq[a.target.sq] || []).push(a);
  for (const [sq, acts] of Object.entries(bySq)) {
    const a = acts[0], x = sqX(sq), y = sqY(sq);
    out += `<rect x="${x + 2}" y="${y + 2}" width="${Z - 4}" height="${Z - 4}" rx="4" class="dq-target dq-legal dq-${esc(a.target.verb)}" data-action="${esc(a.id)}"><title>${esc(acts.map((b) => b.label).join(" / "))}</title></rect>`;
  }
  for (const a of legalKind(st, "dir")) {
    const cx = sqX(a.target.sq) + Z / 2, cy = sqY(a.target.sq) + Z / 2;
    out += arrowShape(cx, cy, a.target.dir, Z * 0.95, "dq-dir dq-legal", ` data-action="${esc(a.id)}"`).replace("/>", `><title>${esc(a.label)}</title></polygon>`);
  }
  return out;
}

function gridSvg(st) {
  const v = st.view, cols = upTo(v.columns, 64), rows = upTo(v.rows, 64), W = cols * Z + 2 * M, H = rows * Z + 2 * M;
  let out = `<svg class="dq-grid" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}" role="img" aria-label="the dungeon">` +
    `<rect width="${W}" height="${H}" class="dq-bg"/>`;
  for (let c = 0; c < cols; c++) {
    const letter = String.fromCharCode(97 + c);
    out += `<text x="${M + c * Z + Z / 2}" y="${M - 4}" class="dq-coord">${letter}</text>`;
    for (let r = 0; r < rows; r++) if (!v.treasure.includes(`${letter}${r + 1}`)) out += drawSquare(st, `${letter}${r + 1}`);
  }
  for (let r = 0; r < rows; r++) out += `<text x="${M / 2}" y="${M + r * Z + Z / 2 + 4}" class="dq-coord">${r + 1}</text>`;
  out += treasureShape(v);
  for (const sq of v.treasure) out += drawSquare(st, sq);
  out += `<rect x="${M}" y="${M}" width="${v.columns * Z}" height="${v.rows * Z}" class="dq-outer"/>`;
  return out + heroShapes(st) + targetShapes(st) + `</svg>`;
}

// ---------------------------------------------------------------- sun track
function sunSvg(st) {
  const v = st.view, n = upTo(v.sun_length, 200), w = 19, W = n * w + 4;
  let out = `<svg class="dq-sun" viewBox="0 0 ${W} 30" width="${W}" height="30" role="img" aria-label="the sun track">`;
  for (let k = 1; k <= n; k++) {
    const x = 2 + (k - 1) * w, num = v.sun_numbers[String(k)];
    out += `<rect x="${x}" y="4" width="${w - 2}" height="22" rx="3" class="dq-sun-cell${k < v.sun ? " dq-past" : ""}${num ? " dq-numbered" : ""}"><title>space ${k}${num ? `: the sun sets on a die roll of ${num} or less` : ""}</title></rect>`;
    if (num) out += `<text x="${x + (w - 2) / 2}" y="19" class="dq-sun-num">${num}</text>`;
    if (k === v.sun) {
      const cx = x + (w - 2) / 2;
      out += `<g class="dq-sun-marker"><title>the sun marker (Sonnenmarker) on space ${k}</title><circle cx="${cx}" cy="15" r="6.5"/>` +
        [0, 1, 2, 3, 4, 5, 6, 7].map((j) => { const a = (j * Math.PI) / 4; return `<line x1="${(cx + 7.5 * Math.cos(a)).toFixed(1)}" y1="${(15 + 7.5 * Math.sin(a)).toFixed(1)}" x2="${(cx + 10 * Math.cos(a)).toFixed(1)}" y2="${(15 + 10 * Math.sin(a)).toFixed(1)}"/>`; }).join("") + `</g>`;
    }
  }
  return out + `</svg>`;
}

/** An attribute in English with its value ("Strength 9"; bold on the sheet), the German
 * name in the tooltip (the rulebook's word). */
function attrText(st, k, value, bold = false) {
  const de = (adv(st).attr_de || {})[k];
  const en = k[0].toUpperCase() + k.slice(1);
  return `<span title="${esc(de ? `${en} (${de})` : en)}">${en} ${bold ? `<b>${esc(value)}</b>` : esc(value)}</span>`;
}

/** A hero's status: during set-up "choosing a hero" until the player has chosen, then "setting up". */
function statusText(h) {
  if (h.status === "setup") return h.hero ? "setting up" : "choosing a hero";
  return STATUS[h.status] || h.status;
}

// ---------------------------------------------------------------- panels
function heroChoice(st) {
  const acts = legalKind(st, "hero");
  if (!acts.length) return "";
  const hs = adv(st).heroes || {};
  return `<div class="dq-heroes-pick">` + acts.map((a) => {
    const h = hs[a.target.hero] || {};
    return `<button class="dq-herocard dq-legal" data-action="${esc(a.id)}" title="${esc(a.label)}"><b>${esc(h.name || a.target.hero)}</b>` +
      `<span>${ATTRS.map((k) => attrText(st, k, h[k])).join(" · ")}</span><span>life ${h.life}</span></button>`;
  }).join("") + `</div>`;
}

function testPanel(st) {
  const t = adv(st).test;
  if (!t) return "";
  const name = st.view.heroes[t.seat].name;
  const rolled = t.roll ? `rolled <b class="dq-roll">${t.roll}</b>${t.mod ? ` + ${t.mod} (loot)` : ""}` : `rolling 2d6${t.mod ? ` + ${t.mod} (one per loot card)` : ""}…`;
  const acts = legalKind(st, "test").map((a) => btn(a, a.target.verb === "spend" ? `Spend ${a.target.n} determination → pass` : "Accept the failure (take 1 token)")).join("");
  const need = t.roll && t.need > 0 ? `<div>${t.need} over: ${t.need <= t.determination ? `spend ${t.need} of ${t.determination} token${t.determination === 1 ? "" : "s"} to pass` : "too few tokens: the test fails"}</div>` : "";
  return `<div class="sh-panel dq-test"><div class="sh-panel-title">${term(`${t.attr} test`, `${t.de}sprobe`)} · ${esc(name)}</div>` +
    `<div>passes at <b>${t.target}</b> or less · ${rolled}</div>${need}` +
    `<div class="dq-odds-line">chance to pass: ${pct(t.plain)} without tokens, ${pct(t.with)} with ${t.determination} ${term("determination", "Entschlossenheit")}</div>${acts}</div>`;
}

function combatPanel(st) {
  const v = st.view, cb = v.combat, tab = v.combat_table;
  const en = (k) => esc(combatTerm(st, k).en), tip = (k) => esc(combatTerm(st, k).tip);
  if (!cb) return "";
  const hero = v.heroes[cb.hero], plays = legalKind(st, "combat");
  const life = cb.life === null || cb.life === undefined ? "?" : cb.life;
  const card = (side, k, i) => {
    const a = plays.find((p) => p.target.side === side && p.target.card === k);
    const chosen = side === "hero" && cb.hero_card === k;
    const shown = rv && rv[side] === k;
    // the English name on the card, the German word in the tooltip (as the attributes)
    const t = combatTerm(st, k).tip;
    const name = a ? (side === "hero" ? `Play ${t}` : `The monster plays ${t}`) : `${side} card: ${t}`;
    return `<${a ? "button" : "div"} class="dq-ccard dq-${side}${a ? " dq-legal" : ""}${chosen || shown ? " dq-chosen" : ""}"${a ? ` data-action="${esc(a.id)}" aria-label="${esc(name)}"` : ""} title="${esc(name)}">` +
      `<span class="dq-cicon" aria-hidden="true">${["⚔", "➶", "✦"][i]}</span>${en(k)}</${a ? "button" : "div"}>`;
  };
  const rv = adv(st).revealed;
  const hc = rv ? `revealed: hero <b title="${tip(rv.hero)}">${en(rv.hero)}</b> vs monster <b title="${tip(rv.monster)}">${en(rv.monster)}</b> → hero <span class="dq-hw">−${rv.hero_wounds}</span>, monster <span class="dq-mw">−${rv.monster_wounds}</span>`
    : cb.hero_card === "chosen" ? "hero card: chosen, face down" : cb.hero_card ? `hero card: <b title="${tip(cb.hero_card)}">${en(cb.hero_card)}</b> (hidden from the monster)` : "hero card: choosing…";
  // the monster's card is asked of a player who is not fighting: say why (DQ-9.2)
  const why = plays.some((a) => a.target.side === "monster") && cb.monster_seat !== null && cb.monster_seat !== undefined
    ? `<div class="dq-why">${esc(v.heroes[cb.monster_seat].name)}, you play the <b>monster</b> in ${esc(hero.name)}'s fight: the player to the fighting hero's left always plays the monster (DQ-9.2). Pick its card; ${esc(hero.name)} cannot see it until both are revealed.</div>` : "";
  const head = tab.cards.map((k) => `<th title="${tip(k)}">${en(k)}</th>`).join("");
  const rows = tab.cards.map((k, i) => `<tr${cb.hero_card === k ? ` class="dq-row-on"` : ""}><th title="${tip(k)}">${en(k)}</th>` + tab.cards.map((m, j) =>
    `<td${rv && rv.hero === k && rv.monster === m ? ` class="dq-cell-on"` : ""} title="hero ${en(k)} vs monster ${en(m)}: the hero suffers ${tab.hero_wounds[i][j]}, the monster ${tab.monster_wounds[i][j]}"><span class="dq-hw">${tab.hero_wounds[i][j]}</span> / <span class="dq-mw">${tab.monster_wounds[i][j]}</span></td>`).join("") + `</tr>`).join("");
  return `<div class="sh-panel dq-combat"><div class="sh-panel-title">${term("Combat", "Kampf")} · round ${cb.round}: ${esc(hero.name)} vs the <b>${esc(cb.monster)}</b></div>` +
    `<div>monster wounds <b>${cb.wounds}</b> of ${esc(life)}${cb.escape !== null && cb.escape !== undefined ? ` · escape wounds ${cb.escape}` : ""} · ${hc}` +
    `${cb.monster_seat !== null && cb.monster_seat !== undefined ? ` · monster played by ${esc(v.heroes[cb.monster_seat].name)}` : " · monster card by policy"}</div>${why}` +
    `<div class="dq-duel"><div><div class="dq-small">hero cards</div>${tab.cards.map((k, i) => card("hero", k, i)).join("")}</div>` +
    `<div><div class="dq-small">monster cards (face down until revealed)</div>${tab.cards.map((k, i) => card("monster", k, i)).join("")}</div></div>` +
    `<table class="dq-table"><tr><th title="rows: hero card; columns: monster card">hero \\ monster</th>${head}</tr>${rows}</table>` +
    `<div class="dq-small">cells: <span class="dq-hw">wounds to the hero</span> / <span class="dq-mw">wounds to the monster</span></div></div>`;
}

function actionPanel(st) {
  const buttons = legalKind(st, "button");
  const sq = legalKind(st, "square").length, dir = legalKind(st, "dir").length;
  const hint = [sq ? `click a marked square (${sq})` : "", dir ? "click an arrow on the board" : ""].filter(Boolean).join(" or ");
  const cross = adv(st).cross;
  const body = heroChoice(st) + buttons.map((a) => btn(a, a.id === "cross" && cross ? `${esc(a.label)} · pass ${pct(cross)}` : null)).join("") + (hint ? `<div class="dq-small">${esc(hint)}</div>` : "");
  if (!body) return "";
  return `<div class="sh-panel dq-actions"><div class="sh-panel-title">Your move</div>${body}</div>`;
}

function oddsPanel(st) {
  const a = adv(st), sun = a.sun, cmb = a.combat;
  if (!sun) return "";
  let out = `<div class="sh-panel dq-odds"><div class="sh-panel-title">Odds (exact)</div>`;
  if (a.attrs) {
    out += `<table class="dq-table"><tr><th>next test</th><th>at or under</th><th>plain</th><th>with tokens</th></tr>` +
      a.attrs.map((r) => `<tr><td>${term(r.attr, r.de)}</td><td class="sh-num">${r.value}</td><td>${pct(r.plain)}</td><td>${pct(r.with)}</td></tr>`).join("") + `</table>`;
  }
  out += `<div class="dq-odds-line">${term("Sun sets", "Sonnenuntergang")} within ` + sun.rows.map((r) =>
    `${r.turns} move${r.turns === 1 ? "" : "s"}: ${pct(r)}`).join(" · ") +
    `<div class="dq-small">space ${sun.space} of ${sun.length}${sun.next_numbered ? `; next numbered space ${sun.next_numbered} (sets on ${sun.next_number} or less)` : ""}</div></div>`;
  if (cmb) {
    out += `<table class="dq-table"><tr><th>combat card</th><th>hero mix</th><th>monster mix</th><th title="expected monster wounds minus hero wounds per round against the monster's ${esc(cmb.against)} mix">balance vs ${esc(cmb.against)}</th></tr>` +
      cmb.rows.map((r) => `<tr><td title="${esc(combatTerm(st, r.card).tip)}">${esc(combatTerm(st, r.card).en)}</td><td>${pct(r.hero_mix)}</td><td>${pct(r.monster_mix)}</td><td class="sh-num">${esc(r.ev)}</td></tr>`).join("") +
      `</table><div class="dq-small">${term("equilibrium", "Gleichgewicht")}: value ${esc(cmb.value)} wounds per round for the hero</div>`;
  }
  return out + `</div>`;
}

function heroSheet(st, h, i) {
  const v = st.view, a = adv(st), drops = legalKind(st, "loot");
  const active = v.seat === i && !v.over;
  const attrs = h.attributes ? ATTRS.map((k) => attrText(st, k, h.attributes[k], true)).join(" · ") : "";
  // wounds past the life total change nothing (the hero is dead): never "20/16"
  const life = h.life || 0, wounds = life ? Math.min(h.wounds, life) : h.wounds;
  const wpct = life ? (100 * wounds) / life : 0;
  const loot = h.loot.map((k) => {
    const d = drops.find((x) => x.target.card === k);
    const c = (a.cards || {})[k] || {};
    return d ? `<button class="dq-loot dq-legal" data-action="${esc(d.id)}" title="${esc(d.label)}">drop ${esc(c.name || k)} (${c.gold})</button>`
      : `<span class="dq-loot" title="${esc(cardTitle(st, k))}">${esc(c.name || k)} <b>${c.gold}</b></span>`;
  }).join("");
  const chips = (keys, cls) => keys.map((k) => `<span class="${cls}" title="${esc(cardTitle(st, k))}">${esc(cardName(st, k))}</span>`).join("");
  return `<div class="dq-sheet${active ? " dq-active" : ""}${h.status === "dead" ? " dq-dead" : ""}" data-seat="${i}">` +
    `<div class="dq-sheet-head">${markChip(seatMark(i), HERO_FILL[i % 4], 15)}<b>${esc(h.name)}</b> ${h.hero ? `· ${esc(h.hero)}` : ""} <span class="dq-small">${esc(statusText(h))}${h.sq ? ` on ${esc(h.sq)}` : ""}</span><span class="dq-gold" title="gold value of the loot">${h.score} gold</span></div>` +
    (h.attributes ? `<div class="dq-attrs">${attrs}</div>` : "") +
    (life ? `<div class="dq-wounds" title="wounds (Wunden) of life (Lebenskraft)">${term("wounds", "Wunden")} ${wounds}/${life}<span class="dq-bar"><span style="width:${wpct.toFixed(1)}%"></span></span></div>` : "") +
    `<div>${term("determination", "Entschlossenheit")}: ${h.determination ? `<span class="dq-tokens">${"●".repeat(upTo(h.determination, 12))}</span> ${h.determination}` : "0"}` +
    `${h.rune_face_down ? ` · a rune card face down` : ""}</div>` +
    (h.loot.length ? `<div>${term("loot", "Beute")}: ${loot}</div>` : "") +
    (h.runes.length ? `<div>runes: ${chips(h.runes, "dq-chip dq-rune")}</div>` : "") +
    (h.keep.length ? `<div>lasting: ${chips(h.keep, "dq-chip")}</div>` : "") +
    (h.catacomb_cards.length ? `<div>catacomb cards: ${chips(h.catacomb_cards, "dq-chip dq-cat")}</div>` : "") + `</div>`;
}

function decksPanel(st) {
  const v = st.view, a = adv(st), de = a.decks_de || {}, last = a.last;
  const piles = Object.entries(v.piles).map(([d, n]) => `<span class="dq-deck" title="${esc(de[d] || d)}">${esc(d)} <b>${n}</b></span>`).join("");
  const lastHtml = last ? `<div class="dq-last"><div class="dq-small">last drawn</div><b>${esc(last.name)}</b> <span class="dq-small">${last.kind === "tile" ? term("room tile", last.de) : term(last.deck + " card", last.de)}</span>` +
    `${last.text ? `<div>${esc(last.text)}</div>` : ""}</div>` : "";
  return `<div class="sh-panel dq-decks"><div class="sh-panel-title">${term("Decks", "Kartenstapel")}</div><div class="dq-piles">${piles}` +
    `<span class="dq-deck">tiles <b>${v.tiles_left}</b></span><span class="dq-deck" title="determination / searched markers in the supply">tokens <b>${v.tokens}</b></span>` +
    `${v.dragon_drawn.length ? `<span class="dq-deck">dragon cards out <b>${v.dragon_drawn.length}</b></span>` : ""}</div>${lastHtml}</div>`;
}

const legend = () => memo("dq-legend", [], legendMarkup);   // never changes: built once
function legendMarkup() {
  return `<div class="dq-legend dq-small"><svg width="14" height="10"><line x1="0" y1="5" x2="14" y2="5" class="dq-wall"/></svg> wall ` +
    `<svg width="14" height="10"><rect x="2" y="2" width="10" height="6" class="dq-door"/></svg> ${term("door", "Tür")} ` +
    `<svg width="14" height="10"><g class="dq-portcullis"><line x1="3" y1="1" x2="3" y2="9"/><line x1="7" y1="1" x2="7" y2="9"/><line x1="11" y1="1" x2="11" y2="9"/></g></svg> ${term("portcullis", "Fallgitter")} ` +
    `<span class="dq-key dq-key-target"></span> click to move</div>`;
}

/** A test roll's outcome, in a colour and in words (DQ-6.1, DQ-6.3): green passes, amber
 * passes by spending determination, red fails. */
function testVerdict(st, c) {
  const t = adv(st).test, m = /^roll (\d+)$/.exec(c.id);
  if (!t || !m || t.roll) return null;
  const over = parseInt(m[1], 10) + t.mod - t.target;
  return over <= 0 ? { colour: "#3d8b37", text: "passes" }
    : over <= t.determination ? { colour: "#e0a100", text: `passes for ${over} determination` } : { colour: "#c0392b", text: "fails" };
}

// ---------------------------------------------------------------- the board
defineBoard({
  title: `DungeonQuest <small>(Verlies des Feuerdrachen)</small>`,
  prefix: "dq",
  autoLabel: "auto roll",
  autoTitle: "roll every die and draw every card on its own",
  scoreUnit: "gold",
  scoreTitle: (st) => (st.status.over ? "Final gold" : "Gold so far"),
  statusLeft: (st) => `<span class="dq-round">Round ${st.view.round} · sun ${st.view.sun}/${st.view.sun_length}</span>`,
  chanceHead(st) {
    const ph = (st.status && st.status.phase) || {};
    return `<div class="sh-panel-title">Chance: ${term(ph.name || "event", ph.de)} · ${plural(st.chance.length, "outcome")}</div>`;
  },
  chanceColour: (st, c) => (testVerdict(st, c) || {}).colour || null,
  chanceNote: (st, c) => (testVerdict(st, c) || {}).text || "",
  chanceButtons: () => ["Roll / draw (step)", "Advance to the next decision"],
  drawTable(st, ui, slots) {
    const v = st.view;
    // part(): the shell skips re-parsing a drawing whose markup did not change
    // (the legend, decks, odds and each hero's sheet too: a click changes one or two of them)
    const left = `<div class="dq-left">${part("dq-grid", gridSvg(st))}${part("dq-legend", legend())}<div class="dq-sunbox"><div class="dq-small">${term("sun track", "Sonnenleiste")}</div>${part("dq-sun", sunSvg(st))}</div>${part("dq-decks", decksPanel(st))}</div>`;
    const right = `<div class="dq-right">${part("dq-actions", actionPanel(st))}${testPanel(st)}${combatPanel(st)}${slots.chance}${part("dq-odds", oddsPanel(st))}` +
      `<div class="sh-panel dq-sheets"><div class="sh-panel-title">${term("Hero sheets", "Heldenbögen")}</div>${v.heroes.map((h, i) => part(`dq-sheet-${i}`, heroSheet(st, h, i))).join("")}</div></div>`;
    return `<div class="dq-table-wrap">${left}${right}</div>`;
  },
});
