// ---------------------------------------------------------------- the pending mark
// The kernel answers a press some 20 ms later; meanwhile a dashed ring over the target
// says the press was taken, painted in the frame after it (issue 11 §2). The ring is an
// overlay on its own compositing layer (shell.css), the target untouched: styling the
// target repainted its whole SVG in that frame. It is placed over a target while the
// pointer or the focus rests there, unseen (``aim``), so a press only shows it, by an
// opacity the compositor applies: the frame after the press then neither lays out,
// hit-tests nor repaints for the mark while the kernel works (bench/README.md, "The
// pending mark, placed before the press").
export const PRESSABLE = "[data-action],[data-chance],[data-cmd],[data-ui]";

/** The pending mark of the board root ``el`` (its ``.sh-pending-mark`` overlay):
 *  ``aim(event)`` places it, unseen, over the target under the pointer or the focus;
 *  ``show(node, t0)`` shows it over ``node`` (``t0``: the press's event time);
 *  ``clear()`` hides it. */
export function pendingMark(el) {
  const mark = el.querySelector(".sh-pending-mark");
  let box = "", aiming = 0;
  const on = () => mark.classList.contains("sh-on");
  function place(node) {
    const r = node.getBoundingClientRect(), o = el.getBoundingClientRect();
    // in the board's own pixels: JupyterLab's notebook zoom (CSS zoom) scales what is measured
    const z = el.offsetWidth ? o.width / el.offsetWidth : 1;
    const b = [(r.left - o.left) / z - 3, (r.top - o.top) / z - 3, r.width / z + 6, r.height / z + 6]
      .map((v) => v.toFixed(1));
    if (b.join() === box) return;                  // placed there already: nothing to lay out
    box = b.join();
    Object.assign(mark.style, { transform: `translate(${b[0]}px, ${b[1]}px)`, width: `${b[2]}px`, height: `${b[3]}px` });
  }
  return {
    aim(e) {
      const node = e.target.closest && e.target.closest(PRESSABLE);
      if (!node || !el.contains(node) || on()) return;
      // in the next frame, which lays the page out anyway (the hover's own restyle too)
      cancelAnimationFrame(aiming);
      aiming = requestAnimationFrame(() => { if (node.isConnected && !on()) place(node); });
    },
    show(node, t0) {
      // data-feedback-ms: the press's event -> the frame that paints the mark;
      // data-handler-ms: from here to that frame (bench/widget_latency.py reports both)
      const t1 = performance.now();
      cancelAnimationFrame(aiming);
      place(node);              // the press's hit test left the layout clean: a cheap read
      mark.classList.add("sh-on");
      requestAnimationFrame(() => {
        const now = performance.now();
        el.setAttribute("data-feedback-ms", (now - t0).toFixed(2));
        el.setAttribute("data-handler-ms", (now - t1).toFixed(2));
      });
    },
    clear() { if (on()) mark.classList.remove("sh-on"); },
  };
}
