"""DungeonQuest: what the rulebook names but prints no content for, designed for this
project — loot cards without a gold value (DQ-8.5), secret doors revealed by searching
(DQ-5.3), and the heroes' special abilities from their hero sheets (DQ-14.7)."""

from __future__ import annotations

import pytest

import deepwood_kernel as dk
from deepwood_kernel.core.errors import ContentError, parse_content_toml
from deepwood_kernel.games.dungeonquest.content import DEFAULT_FILE, load_content, parse_content
from deepwood_kernel.games.dungeonquest.rules import side

from .helpers import check_invariants, place, play, put, start, take_card

TEXT = DEFAULT_FILE.read_text(encoding="utf-8")


def content_with(old: str, new: str):
    assert old in TEXT
    return parse_content(parse_content_toml(TEXT.replace(old, new, 1), "m.toml"), "m.toml")


# ------------------------------------------------------------------ loot without gold
def test_DQ_8_5_a_loot_card_without_a_gold_value():
    """DQ-8.5: "Beutekarten verfügen oftmals über einen Goldwert" — often, not always.
    The funeral mask (designed) is loot with no gold: it goes to your loot, lets you
    escape, weighs on the bridge, counts among your loot cards for a tie, adds 0 gold
    alone and 40 beside grave goods at the end."""
    c = load_content()
    mask = c.cards["funeral_mask"]
    assert mask.loot and mask.gold == 0 and mask.deck == "crypt"
    g = start(1)
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card sealed_crypt", "open", "card funeral_mask")
    s = g.state
    assert s.heroes[0].loot == ["funeral_mask"]
    assert "Funeral mask (loot, no gold value)" in " ".join(map(str, g.log))
    assert dict(g.score_breakdown(0)) == {"Funeral mask": 0, "total": 0}
    put(g, 0, "b1", came=1)
    g.state.decide = ("action", 0)
    g._invalidate()
    g.apply("move a1")
    assert g.legal_action_ids()[0] == "escape"       # 1 loot card, though no gold
    g = start(1)
    take_card(g, "funeral_mask")
    take_card(g, "grave_goods")
    assert dict(g.score_breakdown(0))["total"] == 40 + 40
    g = start(2)                                  # equal gold, equal best card: the mask
    take_card(g, "silver_chain")                  # is the one more loot card (DQ-8.2)
    take_card(g, "funeral_mask")
    g.state.heroes[1].loot.append("silver_chain")
    g.state.piles["treasure"]["silver_chain"] -= 1
    assert g.scores() == [80, 80] and g.winners() == [0]
    g = start(1)
    take_card(g, "funeral_mask")
    play(g, "move b1", "tile bridge")
    assert "drop funeral_mask" in g.legal_action_ids()
    play(g, "cross", "roll 6")                       # 6 + 1 loot card > agility 6
    assert g.state.heroes[0].wounds == 0 and g.is_chance        # a fall: a die of wounds


def test_DQ_8_5_loot_fields_are_validated():
    """DQ-8.5: `loot` is true or false; gold makes a card loot, so `loot = false` beside
    gold is refused; rune, door, monster and dragon cards cannot be loot."""
    with pytest.raises(ContentError, match=r"\[cards.funeral_mask.loot\] holds 'yes'; allowed: true or "):
        content_with('loot = true\nbonus_with', 'loot = "yes"\nbonus_with')
    with pytest.raises(ContentError, match=r"\[cards.dropped_purse\] a card with gold \(15\)"):
        content_with('gold = 15\n', 'gold = 15\nloot = false\n')
    with pytest.raises(ContentError, match=r"\[cards.door_opens\] a door card cannot be loot"):
        content_with('name = "The door swings open"\n',
                     'name = "The door swings open"\nloot = true\n')


# ------------------------------------------------------------------ secret doors
def searcher() -> dk.Game:
    """Solo: the hero stands in an alcove on b1 (arrow towards a1: walls N, E, S; the N
    wall is the board's edge), about to search."""
    g = start(1)
    place(g, "b1", "alcove", 1)
    put(g, 0, "b1", came=3)
    return g


def test_DQ_5_3_searching_reveals_a_secret_door():
    """DQ-5.3: "Das Durchsuchen eines Raumes kann … Geheimtüren … zum Vorschein bringen."
    The hidden door (designed, 2 of the 30 search cards): you choose a wall of your room
    (not the outer wall); the edge is an open passage from then on, both ways."""
    g = searcher()
    assert "move c1" not in g.legal_action_ids()
    g.apply("search")
    assert dict((a.id, p) for a, p in g.chance_outcomes())["card hidden_door"] * 30 == 2
    g.apply("card hidden_door")
    assert g.legal_action_ids() == ["secret E", "secret S"]
    assert [a.label for a in g.legal_actions()][0] == \
        "The secret door is in the east wall (towards c1)"
    g.apply("secret E")
    s = g.state
    assert s.secret == ["b1E", "c1W"] and s.round == 2
    assert "finds a secret door in the E wall, between b1 and c1" in " ".join(map(str, g.log))
    assert "move c1" in g.legal_action_ids()
    play(g, "move c1", "tile alcove")             # its arrow faces b1: through the door
    assert s.heroes[0].sq == "c1"
    check_invariants(g)
    g = searcher()
    place(g, "b2", "alcove", 0)                   # b2's own wall faces b1 too (N)
    play(g, "search", "card hidden_door", "secret S")
    assert side(g.state, "b1", 2) == "o" and side(g.state, "b2", 0) == "o"
    assert g.view()["tiles"][0]["sides"][2] == "o"    # the board draws the passage


def test_DQ_5_3_no_wall_no_secret_door():
    """DQ-5.3: a room open on every side but the outer wall hides no door."""
    g = start(1)
    place(g, "b1", "hall_cross")
    put(g, 0, "b1", came=3)
    play(g, "search", "card hidden_door")
    assert "No wall of this room could hide a door." in g.log
    assert g.state.secret == [] and g.state.round == 2


def test_DQ_5_3_only_search_cards_reveal_secret_doors():
    """DQ-5.3: a content file may put `secret_door` on search cards only."""
    with pytest.raises(ContentError, match=r"\[cards.empty_hall\] 'secret_door' is found "
                                           r"only on search cards, not dungeon cards"):
        content_with('name = "Silent hall"\n', 'name = "Silent hall"\n'
                                               'effects = ["secret_door"]\n')


# ------------------------------------------------------------------ hero abilities
def test_DQ_14_7_an_action_ability_heals_and_is_used_up():
    """DQ-14.7: Brother Tamsin's Laying on of hands (designed): as the turn's one action,
    heal 4, twice a game; a third use is refused with the reason."""
    g = start(1, heroes=("tamsin",))
    s = g.state
    s.heroes[0].wounds = 6
    g._invalidate()
    assert "ability" in g.legal_action_ids()
    label = dict((a.id, a.label) for a in g.legal_actions())["ability"]
    assert label == "Use Laying on of hands (heal 4)"
    g.apply("ability")
    assert s.heroes[0].wounds == 2 and s.round == 2 and s.heroes[0].ability_used == 1
    assert "uses Laying on of hands (1 use left)" in " ".join(g.log)
    g.apply("ability")
    assert s.heroes[0].wounds == 0 and "ability" not in g.legal_action_ids()
    with pytest.raises(dk.IllegalAction, match=r"Laying on of hands is used up \(2 uses"):
        g.apply("ability")
    g = start(1)
    with pytest.raises(dk.IllegalAction, match="Brannoc the Bold's hero sheet has no special"):
        g.apply("ability")


def test_DQ_14_7_a_status_ability_heals_in_every_status_phase():
    """DQ-14.7: Lira's Ember-blood (designed) heals 1 in each status phase of hers, before
    the cards in her area act, with no limit; it is no action."""
    g = start(1, heroes=("lira",), runes=("rune_mending",))
    s = g.state
    assert "ability" not in g.legal_action_ids()
    s.heroes[0].wounds = 5
    place(g, "b1", "hall_cross")
    play(g, "move b1", "card empty_hall")
    assert s.heroes[0].wounds == 3                # Ember-blood 1, Rune of Mending 1
    i = max(k for k, line in enumerate(g.log) if "uses Ember-blood" in str(line))
    assert "heals 1 wound" in str(g.log[i + 1])
    with pytest.raises(dk.IllegalAction, match="Ember-blood acts by itself in your status"):
        g.apply("ability")


def test_DQ_14_7_oskar_takes_determination_once():
    """DQ-14.7: Oskar's Grim resolve (designed): as an action, 3 determination tokens,
    once a game, from the one pool (DQ-0.3)."""
    g = start(1, heroes=("oskar",))
    tokens = g.state.tokens
    g.apply("ability")
    assert g.state.heroes[0].determination == 3 and g.state.tokens == tokens - 3
    assert "ability" not in g.legal_action_ids()
    check_invariants(g)


def test_DQ_14_7_abilities_are_validated():
    """DQ-14.7: an ability is a table of name, when (status or action), effects (at least
    one, in the card vocabulary, no secret door) and uses (0 to 20)."""
    old = 'when = "action"\neffects = ["heal 4"]\nuses = 2'
    with pytest.raises(ContentError, match=r"\[heroes.tamsin.ability.when\] holds 'always'; "
                                           r"allowed: one of 'status', 'action'"):
        content_with(old, 'when = "always"\neffects = ["heal 4"]\nuses = 2')
    with pytest.raises(ContentError, match=r"\[heroes.tamsin.ability.uses\] holds 21; allowed: an integer "
                                           r"from 0 to 20"):
        content_with(old, 'when = "action"\neffects = ["heal 4"]\nuses = 21')
    with pytest.raises(ContentError, match=r"ability.effects\] holds \[\]; allowed: at least 1 entry"):
        content_with(old, 'when = "action"\neffects = []\nuses = 2')
    with pytest.raises(ContentError, match="unknown effect 'pray'"):
        content_with(old, 'when = "action"\neffects = ["pray 2"]\nuses = 2')
    with pytest.raises(ContentError, match="'secret_door' is found only on search cards"):
        content_with(old, 'when = "action"\neffects = ["secret_door"]\nuses = 2')
    with pytest.raises(ContentError, match=r"ability.cooldown\] holds 1; is not a field of this table"):
        content_with(old, old + '\ncooldown = 1')
    c = load_content()
    assert [k for k, h in c.heroes.items() if h.ability] == ["tamsin", "lira", "oskar"]
    assert "designed for this project" in TEXT
