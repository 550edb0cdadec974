// Pig: the board module. It follows widgets/shell.js in one ES module (see shell.py) and
// draws only the game's own table: a track per player up to the goal, this turn's dice and
// total, and the roll / hold buttons (each carries data-action="<id>" and pig-legal).

function trackHtml(st) {
  const v = st.view;
  const rows = v.names.map((name, i) => {
    const pct = Math.min(100, (100 * v.scores[i]) / v.goal);
    const turn = i === v.seat && v.phase !== "over" ? Math.min(100 - pct, (100 * v.turn_total) / v.goal) : 0;
    return `<div class="pig-row${i === v.seat ? " pig-turn" : ""}"><span class="pig-name">${esc(name)}</span>` +
      `<span class="pig-track"><span class="pig-bank" style="width:${pct}%"></span><span class="pig-risk" style="width:${turn}%"></span></span>` +
      `<span class="pig-score">${v.scores[i]}</span></div>`;
  }).join("");
  return panel("", `Banked points <small>(first to ${v.goal})</small>`, rows);
}

function turnHtml(st) {
  const v = st.view;
  const dice = v.rolls.map((r, k) => pipDie(r, 4 + k * 30, 4, 26, r === 1 ? "pig-bust" : "")).join("");
  const svg = v.rolls.length ? `<svg class="pig-dice" width="${8 + v.rolls.length * 30}" height="34">${dice}</svg>` : `<div class="pig-muted">no roll yet this turn</div>`;
  const acts = st.legal.map((a) => actButton(a, esc(a.id === "roll" ? "Roll" : `Hold ${v.turn_total}`))).join("");
  const adv = st.advice || {};
  const hint = adv.lose ? `<div class="pig-hint">"Hold at 20" would ${esc(adv.hold_at_20)}; the next roll loses the turn total with probability ${esc(adv.lose.p_text)}.</div>` : "";
  const who = v.names[v.seat];
  return panel("", `${esc(who)}'s turn: ${v.turn_total} points at risk`, svg + `<div class="pig-acts">${acts}</div>` + hint);
}

defineBoard({
  title: "Pig",
  prefix: "pig",
  autoLabel: "auto roll",
  autoTitle: "roll the die at once after you choose to roll",
  scoreUnit: "points",
  drawTable(st, ui, slots) {
    return `<div class="pig-grid">${trackHtml(st)}${st.view.phase === "over" ? "" : turnHtml(st)}${slots.chance}</div>`;
  },
});
