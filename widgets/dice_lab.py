"""Where the lessons import ``DiceLab`` from (``from widgets.dice_lab import DiceLab``);
the lab lives in :mod:`widgets.labs.dice`."""

from .labs.dice import DiceLab

__all__ = ["DiceLab"]
