"""Adventure Land's game info and setup (AL-1): the adventures, the options, the board laid and
the first terrain cards queued. Part of the rules; the face :mod:`.rules` re-exports every
name.
"""

from __future__ import annotations

from ...core.rules import GameInfo, Option
from .board import rays
from .content import Content
from .flow import _settle
from .state import ALState, Player


ADVENTURES = ("fellowship", "magnificent", "escape")


ADVENTURE_TITLES = {"fellowship": "The Fellowship", "magnificent": "The Magnificent",
                    "escape": "Escape to the Cities"}


INFO = GameInfo(
    key="adventureland", title="Adventure Land", min_players=2, max_players=4,
    description="Lead your adventurers south and east across a land of cities, forests, "
                "mountains, a river and fog: gather companions, gold, herbs and swords, and "
                "fight the fog creatures (Adventure Land by Wolfgang Kramer and Michael "
                "Kiesling; two rulebook pages, the rest reconstructed).",
    # AL-0.2: 110 cards, 14 creatures, 48 herb/sword draws, at most ~60 turns of a few
    # plies each and one gold spend per gold piece taken: real games stay far below this.
    max_game_length=3000,
    options={
        "adventure": Option("fellowship", allowed=ADVENTURES,
                            help="which adventure (its scoring): fellowship, magnificent, "
                                 "escape"),
        "start_cards": Option(8, low=0, high=30,
                              help="terrain cards revealed before the first turn"),
        "cards_per_turn": Option(2, low=1, high=4,
                                 help="terrain cards revealed at the start of each turn"),
    },
)


def initial_state(players: int, options: dict, c: Content) -> ALState:
    """AL-1.1 .. AL-1.5: pieces by player count, stacks, the deck, the start cards."""
    g, pc = c.game, c.players[players]
    # AL-1.4: one adventurer on each start line (content.py checks the counts agree)
    ps = [Player(g["names"][i], g["colours"][i], lines=list(rays(c)["starts"][players]))
          for i in range(players)]
    s = ALState(
        content=c, adventure=options["adventure"], players=ps, deck=list(c.squares),
        creature_stack=dict(c.creatures), herbs_left=sum(c.herbs.values()),
        swords_left=sum(c.swords.values()) - pc["swords_removed"],
        swords_removed=pc["swords_removed"],
        companions_left=g["companions"] - pc["companions_removed"],
        companions_box=pc["companions_removed"], gold_left=g["gold"],
        to_reveal=options["start_cards"], cards_per_turn=options["cards_per_turn"])
    s.log.append(f"{players} players set out on {ADVENTURE_TITLES[s.adventure]} with "
                 f"{ps[0].start} adventurers each; {pc['companions_removed']} companions and "
                 f"{pc['swords_removed']} swords go back into the box.")
    _settle(s)
    return s
