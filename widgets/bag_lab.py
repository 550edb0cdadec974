"""Where the lessons import ``BagLab`` from (``from widgets.bag_lab import BagLab``); the
lab lives in :mod:`widgets.labs.bag`."""

from .labs.bag import BagLab

__all__ = ["BagLab"]
