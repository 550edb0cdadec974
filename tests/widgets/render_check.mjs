// Test helper (not shipped): render the widget's markup in node, without a browser.
// usage: node render_check.mjs <widget module path> <cases.json> [--brief]
// (--brief: no markup in the output, only what the checks read from it)
// cases.json: [{"state": {view, legal, chance, advice, status, ...}, "ui": {...}}]
// prints JSON: [{"actions": [...data-action values...], "chances": [...], "markup": "..."}]
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [, , modulePath, casesPath, mode] = process.argv;
const mod = await import(pathToFileURL(modulePath).href);
const cases = JSON.parse(readFileSync(casesPath, "utf8"));
const unescape = (s) => s.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, "<")
  .replace(/&gt;/g, ">").replace(/&amp;/g, "&");
const out = cases.map(({ state, ui }) => {
  const u = Object.assign(mod.syncUi(state, mod.newUi()), ui || {});
  const markup = mod.renderMarkup(state, u);
  const grab = (name) => [...markup.matchAll(new RegExp(` ${name}="([^"]*)"`, "g"))].map((m) => unescape(m[1]));
  return {
    actions: grab("data-action"), chances: grab("data-chance"),
    // elements with data-action that carry the widget's "<prefix>-legal" class (dw-, cl-, ...)
    legalClass: (markup.match(/class="[^"]*\b[a-z]+-legal\b[^"]*"[^>]*data-action=/g) || []).length,
    markup: mode === "--brief" ? "" : markup, ui: u,   // ui: the local UI state after syncUi
    scoreTable: (markup.match(/<table class="sh-score-table">[\s\S]*?<\/table>/) || [""])[0],
    bad: ["undefined", "NaN", "[object Object]"].filter((w) => markup.includes(w)),
    hasDefault: typeof mod.default === "object" && typeof mod.default.render === "function",
  };
});
process.stdout.write(JSON.stringify(out));
