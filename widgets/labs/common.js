// Helpers shared by the dice and bag labs. anywidget does not resolve imports between
// modules, so widgets/labs/common.py prepends this file to each lab's module.
// Plain JavaScript, no imports, no network.

export function esc(s) {
  return String(s ?? "").replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;").replace(/'/g, "&#39;");
}

export function fmtInt(n) {
  return Number(n || 0).toLocaleString("en-US");
}

export function fracStr(p) {
  return p.p_den === 1 ? `${p.p_num}` : `${p.p_num}/${p.p_den}`;
}

export function pct(x, digits = 1) {
  return `${(100 * x).toFixed(digits)}%`;
}

export function histogramSvg(bars, counts, trials, opts = {}) {
  const W = opts.width || 600;
  const H = opts.height || 210;
  const padL = 38, padR = 8, padT = 16, padB = 22;
  const n = Math.max(1, bars.length);
  const freq = bars.map((_, i) => (trials ? (counts[i] || 0) / trials : 0));
  let top = Math.max(0.0001, ...bars.map((b) => b.p), ...freq);
  top = Math.min(1, top * 1.08);
  const bw = (W - padL - padR) / n;
  const ih = H - padT - padB;
  const y = (p) => H - padB - (ih * p) / top;
  const parts = [`<svg class="dl-hist" width="100%" viewBox="0 0 ${W} ${H}" preserveAspectRatio="xMidYMid meet" role="img" aria-label="histogram: observed against exact">`];
  const ticks = [0.25, 0.5, 0.75, 1].map((f) => f * top);
  for (const tv of ticks) {
    parts.push(`<line x1="${padL}" x2="${W - padR}" y1="${y(tv).toFixed(1)}" y2="${y(tv).toFixed(1)}" class="dl-grid"/>`);
    parts.push(`<text x="${padL - 4}" y="${(y(tv) + 3).toFixed(1)}" text-anchor="end" class="dl-axis">${pct(tv, tv < 0.1 ? 1 : 0)}</text>`);
  }
  parts.push(`<line x1="${padL}" x2="${W - padR}" y1="${H - padB}" y2="${H - padB}" class="dl-base"/>`);
  const step = Math.max(1, Math.ceil(n / 26));
  const showFrac = n <= 13 && bw >= 34;
  bars.forEach((b, i) => {
    const x = padL + i * bw;
    const zone = b.zone ? ` dl-zone-${b.zone}` : "";
    const tip = `${b.label}: exact ${b.p_text}` + (trials ? ` · observed ${fmtInt(counts[i])} of ${fmtInt(trials)} = ${pct(freq[i], 2)}` : "");
    parts.push(`<g class="dl-bar" data-x="${esc(b.x)}"><title>${esc(tip)}</title>`);
    parts.push(`<rect x="${x}" y="${padT}" width="${bw}" height="${ih}" class="dl-hit"/>`);
    if (trials) {
      const h = (ih * freq[i]) / top;
      parts.push(`<rect x="${(x + bw * 0.12).toFixed(1)}" y="${(H - padB - h).toFixed(1)}" width="${(bw * 0.76).toFixed(1)}" height="${h.toFixed(1)}" class="dl-obs${zone}"/>`);
    }
    const he = (ih * b.p) / top;
    if (n <= 30) parts.push(`<rect x="${(x + bw * 0.06).toFixed(1)}" y="${(H - padB - he).toFixed(1)}" width="${(bw * 0.88).toFixed(1)}" height="${he.toFixed(1)}" class="dl-exact"/>`);
    parts.push(`<line x1="${(x + bw * 0.02).toFixed(1)}" x2="${(x + bw * 0.98).toFixed(1)}" y1="${(H - padB - he).toFixed(1)}" y2="${(H - padB - he).toFixed(1)}" class="dl-exact-mark"/>`);
    if (showFrac) {
      parts.push(`<text x="${(x + bw / 2).toFixed(1)}" y="${(H - padB - he - 3).toFixed(1)}" text-anchor="middle" class="dl-frac">${esc(fracStr(b))}</text>`);
    }
    if (i % step === 0) parts.push(`<text x="${(x + bw / 2).toFixed(1)}" y="${H - 6}" text-anchor="middle" class="dl-axis">${esc(b.label)}</text>`);
    parts.push(`</g>`);
  });
  parts.push(`</svg>`);
  return parts.join("");
}

export function summaryHtml(summary) {
  if (!summary || !summary.length) return "";
  const rows = summary.map((r) => `<tr><td>${esc(r.label)}</td><td class="dl-exact-txt">${esc(r.exact)}</td><td>${esc(r.observed)}</td></tr>`).join("");
  return `<table class="dl-summary"><thead><tr><th></th><th>exact</th><th>simulated (95% CI)</th></tr></thead><tbody>${rows}</tbody></table>`;
}

/** Put a field back when the kernel answers a change sent from it: a refused value (99
 *  cubes where 40 is the limit) must not stay in the box while the lab uses another; the
 *  lab's message says what is allowed. `valueOf(node)` is the value in force. */
export function resetAnswered(model, el, valueOf) {
  let sent = null;
  const onChange = (e) => { if (e.target && e.target.matches && e.target.matches("input:not([type=checkbox]), select")) sent = e.target; };
  const onAnswer = () => {
    const node = sent;
    sent = null;
    const v = node ? valueOf(node) : undefined;
    if (v !== undefined && v !== null && node.value !== String(v)) node.value = String(v);
  };
  el.addEventListener("change", onChange, true);
  model.on("change:answered", onAnswer);
  return () => { el.removeEventListener("change", onChange, true); model.off("change:answered", onAnswer); };
}

/** Wire a lab's view: DOM listeners on `el`, a redraw on every trait in `names`, the
 *  refused-input reset; draws once and returns the teardown anywidget calls. */
export function wire(model, el, { names, schedule, draw, events, valueOf }) {
  for (const [k, f] of Object.entries(events)) el.addEventListener(k, f);
  const stopReset = resetAnswered(model, el, valueOf);
  for (const n of names) model.on(`change:${n}`, schedule);
  draw();
  return () => {
    stopReset();
    for (const n of names) model.off(`change:${n}`, schedule);
    for (const [k, f] of Object.entries(events)) el.removeEventListener(k, f);
  };
}
