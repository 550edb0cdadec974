"""Pictures for the paper side of probability: tree diagrams and two-way tables.

Both draw on a matplotlib ``Axes`` and show exact fractions, so a teacher can put the
figure next to a student's hand-drawn version and compare branch by branch.
"""

from __future__ import annotations

from fractions import Fraction

from .compare import frac


def _leaves(branches) -> int:
    return sum(_leaves(kids) if kids else 1 for _, _, kids in branches)


def tree_diagram(ax, branches, *, highlight=None, title: str | None = None):
    """Draw a probability tree left to right and return its leaves.

    ``branches`` is a list of ``(label, probability, children)`` where ``children`` is
    again such a list (empty at a leaf). Each edge carries its probability; each leaf
    shows the path and the product of the probabilities along it (the multiplication
    rule). ``highlight(path)`` — a function of the tuple of labels on the path — picks
    leaves to colour; their probabilities add up (the addition rule), and the total is
    printed under the tree.

    Returns ``[(path, probability), ...]`` for the leaves, top to bottom.
    """
    leaves: list[tuple[tuple[str, ...], Fraction]] = []
    depth = _depth(branches)
    n_leaves = _leaves(branches)
    counter = iter(range(n_leaves - 1, -1, -1))        # leaf heights, top to bottom

    def place(kids):
        # (label, q, children, y, placed children): leaves first, a node at their middle
        out = []
        for label, q, grand in kids:
            sub = place(grand) if grand else []
            y = sum(s[3] for s in sub) / len(sub) if sub else next(counter)
            out.append((label, Fraction(q), grand, y, sub))
        return out

    def draw(placed, x, y, path, p):
        for label, q, grand, cy, sub in placed:
            ax.plot([x, x + 1], [y, cy], color="#6b6b6b", lw=1.2, zorder=1)
            ax.text(x + 0.4, y + 0.4 * (cy - y), frac(q), ha="center", va="center",
                    fontsize=8, color="#08519c",
                    bbox=dict(boxstyle="round,pad=0.15", fc="white", ec="none"))
            ax.text(x + 1, cy + 0.16, label, ha="center", va="bottom", fontsize=9, zorder=3,
                    bbox=dict(boxstyle="round,pad=0.1", fc="white", ec="none", alpha=0.8))
            ax.plot([x + 1], [cy], "o", color="#6b6b6b", ms=3, zorder=2)
            full, pr = path + (label,), p * q
            if sub:
                draw(sub, x + 1, cy, full, pr)
                continue
            leaves.append((full, pr))
            hit = highlight is not None and highlight(full)
            ax.text(depth + 0.35, cy, f"{' · '.join(full)}:  {frac(pr)}", ha="left",
                    va="center", fontsize=9, color="#b30000" if hit else "#222",
                    fontweight="bold" if hit else "normal")

    placed = place(branches)
    root_y = sum(s[3] for s in placed) / len(placed)
    ax.plot([0], [root_y], "o", color="#333", ms=5)
    draw(placed, 0, root_y, (), Fraction(1))
    ax.set_xlim(-0.2, depth + 2.6)
    ax.set_ylim(-1.0, n_leaves - 0.3)
    ax.axis("off")
    if highlight is not None:
        total = sum(p for path, p in leaves if highlight(path))
        ax.text(depth + 0.35, -0.8, f"red leaves add up to {frac(total)}", fontsize=9,
                color="#b30000", ha="left", va="center")
    if title:
        ax.set_title(title, fontsize=10)
    return leaves


def _depth(branches) -> int:
    return 1 + max((_depth(kids) for _, _, kids in branches if kids), default=0)


def two_way_table(ax, counts, rows, cols, *, title: str | None = None, highlight=None):
    """Draw a two-way table of counts with row and column totals.

    ``counts[i][j]`` is the number of equally likely cases in row ``rows[i]`` and
    column ``cols[j]``. Each cell shows the count; the margins show the totals, the
    corner the grand total. ``highlight`` is a list of ``(i, j)`` cells to shade, or the
    strings ``"row i"``/``"col j"`` for a whole line. Returns the grand total.
    """
    n_r, n_c = len(rows), len(cols)
    row_tot = [sum(r) for r in counts]
    col_tot = [sum(counts[i][j] for i in range(n_r)) for j in range(n_c)]
    total = sum(row_tot)
    shade = set()
    for h in highlight or ():
        if isinstance(h, str):
            kind, k = h.split()
            shade |= {(int(k), j) for j in range(n_c)} if kind == "row" else \
                {(i, int(k)) for i in range(n_r)}
        else:
            shade.add(tuple(h))
    cells = [[str(counts[i][j]) for j in range(n_c)] + [str(row_tot[i])] for i in range(n_r)]
    cells.append([str(c) for c in col_tot] + [str(total)])
    colours = [["#fdd0a2" if (i, j) in shade else "white" for j in range(n_c)] + ["#f0f0f0"]
               for i in range(n_r)]
    colours.append(["#f0f0f0"] * (n_c + 1))
    tab = ax.table(cellText=cells, rowLabels=list(rows) + ["total"],
                   colLabels=list(cols) + ["total"], cellColours=colours,
                   loc="center", cellLoc="center")
    tab.auto_set_font_size(False)
    tab.set_fontsize(10)
    tab.scale(1, 1.6)
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return total
