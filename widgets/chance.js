// The what-if picker of every board: the pending chance event's outcomes with their exact
// probabilities, to force one (or, for a draw hidden from the seat, to read as the seat
// reasons about it). widgets/shell.py joins this file after shell.js (whose helpers it
// uses) into the one ES module a board ships; shell.js's renderMarkup() calls chanceHtml().

function chanceHtml(st) {
  const ch = st.chance || [];
  if (!ch.length) return "";
  const status = st.status || {};
  const disabled = st.busy && status.auto ? " disabled" : "";
  const sorted = [...ch].sort((a, b) => b.p - a.p || (a.label < b.label ? -1 : 1));
  const forceable = ch.every((c) => c.force !== false);
  // Words every outcome shares ("Anna draws a … strip") go once into the heading, so a
  // narrow picker shows what differs instead of 23 rows cut to "Anna draws…".
  const shared = BOARD.chanceLabel || ch.some((c) => c.short) ? null : sharedWords(ch.map((c) => c.label));
  const rows = sorted.map((c) => {
    const colour = BOARD.chanceColour ? BOARD.chanceColour(st, c) : null;
    const sw = colour ? `<span class="sh-swatch" style="background:${colour}"></span>` : `<span></span>`;
    const off = c.force === false ? " disabled" : disabled;
    // a board may send a short label (``short``; the full one stays the tooltip)
    const label = BOARD.chanceLabel ? BOARD.chanceLabel(st, c) : c.short || (shared ? shared.part(c.label) : c.label);
    // what the row's colour means, in words (colour is never the only cue)
    const note = BOARD.chanceNote ? BOARD.chanceNote(st, c) : "";
    return `<button class="sh-chance-row" data-chance="${esc(c.id)}"${off} title="${c.force === false ? "as your seat reasons about it (cannot be forced)" : "what if: force this outcome"}: ${esc(c.label)}${note ? ` (${esc(note)})` : ""}">` +
      `${sw}<span class="sh-chance-label">${esc(label)}${note ? ` · ${esc(note)}` : ""}</span><span class="sh-num">${esc(fracText(c))}</span><span class="sh-num">${esc(c.p_pct)}</span>${pctBar(c.p, colour)}</button>`;
  }).join("");
  const [stepText, advText] = BOARD.chanceButtons ? BOARD.chanceButtons(st) : ["Roll / draw (step)", "Advance to the next decision"];
  const head = BOARD.chanceHead ? BOARD.chanceHead(st) : `<div class="sh-panel-title">Chance event · ${plural(ch.length, "outcome")}</div>`;
  const common = shared ? `<div class="sh-hint sh-chance-common">Each row: ${esc(shared.pattern)}</div>` : "";
  const auto = status.auto ? `<div class="sh-hint">Resolved automatically${st.busy ? " in a moment" : ""}.</div>` : "";
  const what = forceable ? "What if? Click an outcome to force it (exact probabilities)."
    : "Hidden from your seat: the chances as you reason about them (the pile and the hands you cannot see); they cannot be forced.";
  return `<div class="sh-panel sh-chance">${head}` +
    `<div class="sh-chance-buttons"><button class="sh-btn sh-primary" data-cmd="step"${disabled} title="draw with the game's seeded random numbers">${esc(stepText)}</button>` +
    `<button class="sh-btn" data-cmd="advance"${disabled} title="resolve chance events until someone must decide">${esc(advText)}</button></div>${auto}` +
    `<div class="sh-hint">${what}</div>${common}<div class="sh-chance-list" data-scroll="chance">${rows}</div></div>`;
}

/** The words all ``labels`` share at their start and end, when they share at least two
 * and every label keeps a differing middle: {pattern: "Anna draws a … strip", part(label)
 * -> the middle}; else null. */
export function sharedWords(labels) {
  if (labels.length < 3) return null;
  const words = labels.map((l) => String(l).split(" "));
  const shortest = Math.min(...words.map((w) => w.length));
  let head = 0, tail = 0;
  while (head < shortest - 1 && words.every((w) => w[head] === words[0][head])) head++;
  while (tail < shortest - 1 - head && words.every((w) => w[w.length - 1 - tail] === words[0][words[0].length - 1 - tail])) tail++;
  if (head + tail < 2) return null;
  const first = words[0];
  const pattern = [...first.slice(0, head), "…", ...first.slice(first.length - tail)].join(" ");
  return { pattern, part: (label) => { const w = String(label).split(" "); return w.slice(head, w.length - tail).join(" "); } };
}
