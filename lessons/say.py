"""``say``: a sentence of Markdown whose figures come from the code, not from typing.

A lesson that states a computed result (a probability, a count, a mean, "more often") in
prose would drift from its output when a seed or a content file changes. So the sentence
is a template and the figures are passed in::

    say("Keeping the 6 wins {p:.1%} of fights.", p=fight_odds(...))

The cell's output is the rendered Markdown; its plain-text form (what GitHub, nbval and
the figures test read) is the same text, so a changed figure changes the stored output
and nbval notices. Fractions print as ``41/72``; format specs work as in ``str.format``.
"""

from __future__ import annotations

import textwrap
from fractions import Fraction

from IPython.display import Markdown

__all__ = ["Said", "say"]


class Said(Markdown):
    """Rendered Markdown whose plain-text form is the text itself (not an object repr),
    wrapped below 90 characters a line like the rest of the lessons' printed output.

    >>> Said("a **b**")
    a **b**
    >>> print(repr(Said("* " + "word " * 20)).replace(" ", "."))
    *.word.word.word.word.word.word.word.word.word.word.word.word.word.word.word.word.word
    ..word.word.word
    """

    def __repr__(self) -> str:
        lines = []
        for line in self.data.splitlines() or [""]:
            bullet = "  " if line.lstrip().startswith(("* ", "- ")) else ""
            lines += textwrap.wrap(line, 88, subsequent_indent=bullet) or [""]
        return "\n".join(lines)


class _Figure:
    """Formats like the value, except that ``%`` on a Fraction goes through float."""

    def __init__(self, value):
        self.value = value

    def __format__(self, spec: str) -> str:
        v = self.value
        if isinstance(v, Fraction) and spec and spec[-1] in "%fegFEG":
            v = float(v)
        return format(v, spec)

    def __str__(self) -> str:
        return str(self.value)


def say(template: str, /, **figures) -> Said:
    """``template`` (Markdown) with ``figures`` filled in, shown as the cell's output.

    >>> say("a 7 passes {p} = {p:.1%} of tests", p=Fraction(21, 36))
    a 7 passes 7/12 = 58.3% of tests
    >>> say("{n:,} trials", n=21316)
    21,316 trials
    >>> say("{q}", p=1)
    Traceback (most recent call last):
    ...
    KeyError: 'say(): the template names {q}, which was not passed; passed: p'
    """
    try:
        text = template.format(**{k: _Figure(v) for k, v in figures.items()})
    except KeyError as err:
        raise KeyError(f"say(): the template names {{{err.args[0]}}}, which was not passed; "
                       f"passed: {', '.join(figures) or 'nothing'}") from None
    return Said(text)
