"""Sentence makers of *Klong!*: card effects, log clauses and secrets' names in words.

Both the rules (which write the log) and ``render.py`` (labels, view, table) import them,
so they live below both and need nothing but the content's condition names.

>>> from deepwood_kernel.games.clank.content import Effect
>>> effect_text(Effect("swords", 2))
'+2 swords'
>>> a_name("Elixir")
'an elixir'
"""

from __future__ import annotations

from .content import CONDITIONS


_RES = {"skill": "skill", "swords": "sword", "boots": "boot", "gold": "gold",
        "teleport": "teleport", "heal": "heal", "draw": "card", "trash": "trash"}


def _n(n: int, word: str) -> str:
    """``_n(1, "sword")`` -> ``'1 sword'``, ``_n(2, "sword")`` -> ``'2 swords'``."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def effect_text(eff) -> str:
    """``Effect('skill', 2)`` -> ``'+2 skill'``; conditions and clank read naturally."""
    v, n = eff.verb, eff.n
    if v == "clank":
        body = f"{n:+d} clank"
    elif v == "draw":
        body = f"draw {n}"
    elif v == "heal":
        body = f"heal {n}"
    elif v == "trash":
        body = f"trash up to {n} card{'s' if n > 1 else ''}"
    elif v == "discard_draw":
        body = f"discard 1 card to draw {n}"
    elif v == "clank_all":
        body = f"every player in the dungeon +{n} clank"
    elif v == "rage":
        body = f"rage +{n}"
    elif v == "skill_per_clank":
        body = f"+{n} skill per clank you make this turn"
    elif v == "teleport":
        body = f"teleport {n}" if n > 1 else "teleport"
    else:
        word = _RES.get(v, v)
        body = f"+{n} {word}{'s' if n > 1 and word in ('sword', 'boot', 'teleport') else ''}"
    if eff.cond:
        body = f"if {CONDITIONS[eff.cond]}: {body}"
    return body


#: a condition (content.CONDITIONS) said of a named player, for log sentences
_COND_SAID = {"companion": "has another companion in the play area",
              "gem": "has another gem in the play area", "crown": "owns a crown",
              "key": "owns a master key", "artifact": "carries an artifact",
              "depths": "is in the depths"}


def effect_clause(name: str, eff) -> str:
    """What an effect does, said of a player: ``effect_clause("Anna", Effect("swords", 2))``
    -> ``'Anna gains 2 swords'`` (no condition, no full stop)."""
    v, n = eff.verb, eff.n
    if v == "clank":
        return f"{name} makes {n} clank" if n > 0 else f"{name} takes back {-n} clank"
    if v == "clank_all":
        return f"every player in the dungeon makes {n} clank"
    if v == "rage":
        return f"the dragon's rage rises by {n}"
    if v == "heal":
        return f"{name} heals {n} damage"
    if v == "draw":
        return f"{name} draws {_n(n, 'card')}"
    if v == "trash":
        return f"{name} may trash up to {_n(n, 'card')}"
    if v == "discard_draw":
        return f"{name} may discard 1 card to draw {n}"
    if v == "skill_per_clank":
        return f"{name} gains {n} skill for each clank made this turn"
    if v in ("swords", "boots", "teleport"):
        return f"{name} gains {_n(n, _RES[v])}"
    return f"{name} gains {n} {_RES.get(v, v)}"


def arrive_sentence(eff) -> str:
    """An arrive effect as the log says it (no player: it concerns the table)."""
    if eff.verb == "clank_all":
        return f"every player in the dungeon makes {eff.n} clank"
    if eff.verb == "rage":
        return f"the dragon's rage rises by {eff.n}"
    return effect_text(eff)


def condition_sentence(name: str, eff) -> str:
    """A watched condition that now holds (CL-12.9): ``'Now that Anna owns a crown, Anna
    gains 1 sword.'``"""
    return f"Now that {name} {_COND_SAID[eff.cond]}, {effect_clause(name, eff)}."


def lower_name(name: str) -> str:
    """A secret's name inside a sentence: ``'Swiftness potion'`` -> ``'swiftness potion'``."""
    return name[:1].lower() + name[1:]


def a_name(name: str) -> str:
    """``'Swiftness potion'`` -> ``'a swiftness potion'``, ``'Elixir'`` -> ``'an elixir'``."""
    word = lower_name(name)
    return f"{'an' if word[:1] in 'aeiou' else 'a'} {word}"


def card_text(card) -> str:
    parts = []
    for fld, head in (("play", ""), ("acquire", "when acquired: "), ("use", "use: "),
                      ("reward", "reward: "), ("arrive", "arrives: ")):
        effects = getattr(card, fld)
        if effects:
            parts.append(head + ", ".join(effect_text(e) for e in effects))
    if card.points:
        parts.append(_n(card.points, "point"))
    return "; ".join(parts) or "no effect"
