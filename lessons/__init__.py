"""Lesson helpers: what the notebooks import so that their cells stay short.

The notebooks are for people who do not read Python, so every helper longer than a few
lines lives here, with a docstring and tests (``tests/lessons``), instead of in a cell.

* :func:`check` judges an exercise answer against the teacher's key
  (``lessons/keys/<series>.toml``; print it with ``python -m lessons.key``).
* :func:`show`, :func:`table`: exact value beside a seeded simulation and its 95%
  confidence interval, in lines under 90 characters, misses counted honestly.
* :func:`tree_diagram`, :func:`two_way_table`: the paper pictures of probability.
* :func:`say`: a sentence of Markdown with the computed figures filled in, so prose and
  output cannot drift apart.
* :mod:`lessons.probability`: the models the probability labs build on.

This package may import Jupyter-side libraries (matplotlib); the engine
``deepwood_kernel`` never imports it.
"""

from fractions import Fraction

from .compare import frac, interval_plot, pct_frac, show, table, wilson
from .drawing import tree_diagram, two_way_table
from .exercises import check
from .say import say

__all__ = ["Fraction", "check", "frac", "interval_plot", "pct_frac", "show", "table",
           "say", "tree_diagram", "two_way_table", "wilson"]
