"""``PigBoard``: Pig on the board shell (key ``"pig"``), the smallest board there is.

>>> from widgets import PigBoard
>>> w = PigBoard(players=2, seed=1, bot_delay=0, auto_chance=False)
>>> [a["id"] for a in w.legal], w.legal[0]["target"]
(['roll'], {'kind': 'button', 'group': 'roll'})
>>> w.play("roll"); [(c["id"], c["p_text"]) for c in w.chance][:2]
[('die 1', '1/6 ≈ 16.7%'), ('die 2', '1/6 ≈ 16.7%')]
>>> w.receive({"type": "force", "id": "die 4"}); w.view["turn_total"], w.advice["hold_at_20"]
(4, 'roll')

The browser (``boards/pig.js`` inside the shell) draws ``view``: every player's banked
points on a track to the goal, this turn's rolls and total, and the two buttons ``roll``
and ``hold`` (the shell's default click target: a button per verb). A roll is a chance
event: with ``auto_chance`` (the default here) the die is rolled at once; without it the
shell's what-if picker offers each face at exactly 1/6.

Advice (``advice``): what the "hold at 20" policy (PIG-6.1) would do now, and the exact
chance that the next roll loses the turn total (PIG-2.3).
"""

from __future__ import annotations

from fractions import Fraction

from ..shell import AUTO, GameWidget, board_module, board_styles, prob_dict


class PigBoard(GameWidget):
    """A Pig table you play by clicking *roll* and *hold*.

    ``PigBoard(game=None, *, players=2, seed=0, bots=(), seat="auto", bot_delay=0.4,
    auto_chance=True, bot="heuristic")``: ``bots`` are seats the "hold at 20" bot plays.
    """

    game_key = "pig"
    SECRETS = False      # both players see every die and score: the seed may be shown
    _esm = board_module("pig")
    _css = board_styles("pig")
    PHASES = {
        "decide": ("roll or hold", "", "Roll to add to your turn total (a 1 loses it), or "
                   "hold to bank it."),
        "roll": ("the die is rolled", "", "Each face is equally likely."),
        "over": ("game over", "", "The game is over."),
    }

    def __init__(self, game=None, *, players: int = 2, seed: int = 0, bots=(),
                 seat: int | None | str = AUTO, bot_delay: float = 0.4,
                 auto_chance: bool = True, bot="heuristic", **kwargs):
        super().__init__(game, players=players, seed=seed, bots=bots, seat=seat,
                         bot_delay=bot_delay, auto_chance=auto_chance, bot=bot, **kwargs)

    def compute_advice(self) -> dict:
        g = self.game
        if g.current_player is None:
            return {}
        s = g.state
        goal_left = s.content.goal - s.scores[s.seat]
        enough = s.turn_total and s.turn_total >= min(20, goal_left)
        return {"hold_at_20": "hold" if enough else "roll",
                "lose": prob_dict(Fraction(1, s.content.faces))}
