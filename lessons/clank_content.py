"""*Klong!* lesson helpers that count and draw the designed content: cards per set, the
dungeon deck by banner, and the tree of a two-card refill. :mod:`lessons.clank`
re-exports them (the notebooks import them from there).

>>> BANNER["monster"]
'red'
"""

from __future__ import annotations

from fractions import Fraction

BANNER = {"action": "blue", "device": "purple", "monster": "red"}


def cards_of(content, card_set):
    """``{card name: copies}`` for one set of cards: starter, reserve or dungeon."""
    return {card.name: card.count for card in content.cards.values() if card.set == card_set}


def refill_tree(kinds, title="Two new cards for the row"):
    """Draw the tree of a two-slot refill (monster or other, without replacement) and
    return the chance of at least one monster, read from the tree's coloured leaves.

    ``kinds`` is ``{"monster": m, "other": o}``, the dungeon deck's make-up. The second
    card's branches count one card fewer, and one fewer of the kind drawn first.
    """
    import matplotlib.pyplot as plt

    from lessons.drawing import tree_diagram

    mon, oth = kinds["monster"], kinds["other"]
    n = mon + oth

    def second(mon_left, oth_left):
        return [("monster", Fraction(mon_left, n - 1), []),
                ("other", Fraction(oth_left, n - 1), [])]

    fig, ax = plt.subplots(figsize=(7, 3.4))
    leaves = tree_diagram(ax, [("monster", Fraction(mon, n), second(mon - 1, oth)),
                               ("other", Fraction(oth, n), second(mon, oth - 1))],
                          highlight=lambda path: "monster" in path, title=title)
    plt.show()
    return sum(p for path, p in leaves if "monster" in path)


def dungeon_deck_table(content):
    """Print the designed dungeon deck by banner: kinds, cards, and how many carry the
    dragon symbol, a danger mark, an arrive or acquire effect, or points."""
    dungeon = [c for c in content.cards.values() if c.set == "dungeon"]

    def count(cards, test=lambda c: True):
        return sum(c.count for c in cards if test(c))

    tests = [lambda c: c.dragon, lambda c: c.danger, lambda c: c.arrive,
             lambda c: c.acquire, lambda c: c.points]
    print(f"{'banner':14}{'kinds':>6}{'cards':>7}{'dragon':>8}{'danger':>8}{'arrive':>8}"
          f"{'acquire':>9}{'points':>8}")
    groups = [(BANNER[k] + " " + k, [c for c in dungeon if c.type == k])
              for k in ("action", "device", "monster")] + [("total", dungeon)]
    for title, cs in groups:
        print(f"{title:14}{len(cs):>6}{count(cs):>7}"
              + "".join(f"{count(cs, t):>{w}}" for t, w in zip(tests, (8, 8, 8, 9, 8))))
