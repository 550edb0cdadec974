"""The probability labs: ``DiceLab`` (dice, set-aside, roll-under, a fight) and ``BagLab``
(cubes drawn from a bag). Each is a Python module (``dice.py``, ``bag.py``) and an ES
module (``dice.js``, ``bag.js``, both after ``common.js``), styled by ``labs.css``."""

from .bag import BagLab
from .dice import DiceLab

__all__ = ["DiceLab", "BagLab"]
