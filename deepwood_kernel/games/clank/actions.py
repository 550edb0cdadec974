"""Chance events and player actions of *Klong!* (rulebook: Dein Zug — Karten spielen,
kaufen, kämpfen, bewegen, Marker nehmen): what the pending chance event can bring and what
each legal action does."""

from __future__ import annotations

from ...core.log import Secret
from .effects import (_add, _check_watches, _prepare_draw, _reveal_secret, _set_draw, _take,
                      apply_effect, apply_effects, heal, raise_rage)
from .queries import trash_candidates
from .setup import _start_row
from .state import ESCAPED, ClankState
from .turn_end import _continue_refill, _draw_cube, _next_turn, _player_out, end_turn
from .words import arrive_sentence, lower_name


# ============================================================== chance
def chance_weights(s: ClankState) -> list[tuple[str, int]]:
    ph = s.phase
    if ph == "artifacts":
        return [(f"remove {v}", 1) for v in sorted(s.artifacts.values())]
    if ph == "row":                               # setup: only cards without the symbol
        cards = s.content.cards
        return [(f"row {k}", n) for k, n in sorted(s.dungeon.items())
                if n and not cards[k].dragon]
    if ph == "refill":
        return [(f"row {k}", n) for k, n in sorted(s.dungeon.items()) if n]
    if ph == "attack":
        out = [("cube black", s.black_bag)] if s.black_bag else []
        return out + [(f"cube {p.colour}", p.bag) for p in s.players if p.bag]
    if s.turn.secret_to_reveal:
        pool = s.secret_pool[s.turn.secret_to_reveal]
        return [(f"secret {k}", n) for k, n in sorted(pool.items()) if n]
    if s.to_draw:
        return [(f"draw {k}", n) for k, n in sorted(s.players[s.draw_seat].draw.items())
                if n]
    return []


def seat_chance_weights(s: ClankState, seat: int) -> list[tuple[str, int]] | None:
    """A card another player draws, as ``seat`` reasons about it (CL-2.6).

    *"Jede neu erhaltene Karte wird offen auf den eigenen Ablagestapel gelegt. Sobald eine
    Karte gezogen werden muss und der Nachziehstapel aufgebraucht ist, wird der
    Ablagestapel gemischt und verdeckt als neuer Nachziehstapel bereit gelegt."* A hand is
    held secret, the draw pile is face down. ``seat`` knows another player's draw pile and
    hand only together (the cards they own minus those in sight: discard pile, play area,
    trashed), so the card drawn is, as ``seat`` reasons, any of those, each copy equally
    likely: ``"?draw KEY"`` weighted by the copies in draw pile *and* hand, never the true
    pile. A player's own draw pile is known to them (they know their deck and hand), so
    their own draws keep the true outcomes (None), as do the dungeon row, the secrets'
    faces and the dragon bag, which everybody sees alike.

    **reading:** the same after a reshuffle of the discard pile (CL-2.6): a seat that
    remembers the discard pile just shuffled could narrow a draw to it; the engine keeps
    the one reading (draw pile and hand together), so the answer depends on the position
    only.
    """
    if not s.to_draw or s.turn.secret_to_reveal or s.phase not in ("deal", "hand", "turn"):
        return None
    if s.draw_seat == seat:
        return None
    p = s.players[s.draw_seat]
    unseen = dict(p.draw)
    for k, n in p.hand.items():
        unseen[k] = unseen.get(k, 0) + n
    return [(f"?draw {k}", n) for k, n in sorted(unseen.items()) if n]


def is_chance(s: ClankState) -> bool:
    ph = s.phase
    if ph in ("artifacts", "row", "refill", "attack"):
        return True
    if ph in ("deal", "hand", "turn"):
        return bool(s.to_draw or s.turn.secret_to_reveal)
    return False


def _apply_chance(s: ClankState, aid: str) -> None:
    verb, _, arg = aid.partition(" ")
    c = s.content
    if verb == "remove":                          # Spielaufbau B (CL-1)
        value = int(arg)
        room = next(r for r, v in s.artifacts.items() if v == value)
        del s.artifacts[room]
        s.log.append(f"Artifact {value} goes back into the box ({s.n} players).")
        s.to_remove -= 1
        if s.to_remove == 0:
            _start_row(s)
    elif verb == "row":
        _take(s.dungeon, arg)
        card = c.cards[arg]
        slot = s.row.index(None)
        s.row[slot] = arg
        if s.phase == "row":                       # Spielaufbau L
            s.log.append(f"{card.name} is laid in the dungeon row.")
            if None not in s.row:
                s.phase, s.draw_seat = "deal", 0
                _set_draw(s, 0, c.game["hand_size"])
        else:                                      # Zugende / Begegnung (CL-8)
            extra = " It shows the dragon symbol!" if card.dragon else ""
            s.log.append(f"{card.name} turns up in the dungeon row.{extra}")
            if card.dragon:
                s.refill_attack = True
            for eff in card.arrive:
                s.log.append(f"{card.name} arrives: {arrive_sentence(eff)}.")
                apply_effect(s, None, eff)
            _continue_refill(s)
    elif verb == "draw":
        p = s.players[s.draw_seat]
        _take(p.draw, arg)
        _add(p.hand, arg)
        s.to_draw -= 1
        if s.phase == "turn":                      # the hand is secret (CL-2.6)
            s.log.append(Secret(f"{p.name} draws {c.cards[arg].name}.",
                                f"{p.name} draws a card.", (s.draw_seat,)))
        _prepare_draw(s)
        if not s.to_draw:
            if s.phase == "deal":
                if s.draw_seat + 1 < s.n:
                    _set_draw(s, s.draw_seat + 1, c.game["hand_size"])
                else:
                    s.phase, s.seat = "turn", 0
                    s.log.append(f"Turn 1: it is {s.players[0].name}'s turn.")
            elif s.phase == "hand":
                _next_turn(s)
    elif verb == "secret":
        _reveal_secret(s, arg)
    elif verb == "cube":
        _draw_cube(s, arg)


# ============================================================== player actions
def apply(s: ClankState, aid: str) -> None:
    if is_chance(s):
        _apply_chance(s, aid)
        return
    verb, _, arg = aid.partition(" ")
    seat, p, t, c = s.seat, s.players[s.seat], s.turn, s.content
    if verb == "play":
        _play(s, seat, arg)
    elif verb in ("buy", "use", "fight") and arg.isascii() and arg.isdigit():
        _row_action(s, seat, int(arg))
    elif verb == "buy":
        card = c.cards[arg]
        t.skill -= card.cost
        s.reserve[arg] -= 1
        _add(p.discard, arg)
        s.log.append(f"{p.name} buys {card.name} from the reserve for {card.cost} skill.")
    elif verb == "fight":                          # the goblin stays (Monster bekämpfen)
        gob = c.cards["goblin"]
        t.swords -= gob.swords
        s.log.append(f"{p.name} defeats the {gob.name} with {gob.swords} swords.")
        apply_effects(s, seat, gob.reward)
    elif verb == "market":
        _market(s, seat, arg)
    elif verb == "move":
        rid, _, block = arg.partition(" block ")
        _move(s, seat, c.room_index[rid], int(block) if block else 0)
    elif verb == "teleport":
        t.teleports -= 1
        dest = c.room_index[arg]
        s.log.append(f"{p.name} teleports to {c.rooms[dest].name}.")
        _enter(s, seat, dest)
    elif verb == "take":
        _take_token(s, seat, arg)
    elif verb == "token":
        sec = c.secrets[arg]
        p.secrets.remove(arg)
        _add(s.box, arg)
        s.log.append(f"{p.name} uses the {lower_name(sec.name)}.")
        apply_effects(s, seat, sec.effects)
    elif verb == "discard":
        _, n = t.pending.pop(0)
        _take(p.hand, arg)
        _add(p.discard, arg)
        s.log.append(f"{p.name} discards {c.cards[arg].name} to draw {n}.")
        _set_draw(s, seat, n)
    elif verb == "trash":
        kind, n = t.pending[0]
        if p.discard.get(arg):                     # out of the deck at once
            _take(p.discard, arg)
            p.trashed.append(arg)
            s.log.append(f"{p.name} trashes {c.cards[arg].name} from the discard pile.")
        else:                                      # from the play area: at the turn's end
            t.to_trash.append(arg)
            s.log.append(f"{p.name} trashes {c.cards[arg].name} from the play area (it "
                         "leaves at the end of the turn).")
        if n > 1 and trash_candidates(s, seat):
            t.pending[0] = (kind, n - 1)
        else:
            t.pending.pop(0)
    elif verb == "skip":
        kind, _ = t.pending.pop(0)
        s.log.append(f"{p.name} chooses not to {kind}.")
    elif verb == "end":
        s.log.append(f"{p.name} ends the turn.")
        end_turn(s)
        return
    if s.phase == "turn" and s.seat == seat:
        _check_watches(s)


def _play(s: ClankState, seat: int, key: str) -> None:
    """Ausspielen (CL-2): a card from hand goes to the play area and its effects happen."""
    p, card = s.players[seat], s.content.cards[key]
    _take(p.hand, key)
    p.play.append(key)
    s.log.append(f"{p.name} plays {card.name}.")
    apply_effects(s, seat, card.play, tags=card.tags)


def _row_action(s: ClankState, seat: int, slot: int) -> None:
    """Neue Karten kaufen / Werkzeug benutzen / Monster bekämpfen (CL-3)."""
    p, t, c = s.players[seat], s.turn, s.content
    key = s.row[slot]
    card = c.cards[key]
    s.row[slot] = None
    if card.type == "monster":
        t.swords -= card.swords
        _add(s.dungeon_discard, key)
        s.log.append(f"{p.name} defeats {card.name} with {card.swords} "
                     f"sword{'s' if card.swords != 1 else ''}.")
        apply_effects(s, seat, card.reward)
    elif card.type == "device":
        t.skill -= card.cost
        _add(s.dungeon_discard, key)
        s.log.append(f"{p.name} uses {card.name} for {card.cost} skill.")
        apply_effects(s, seat, card.use)
    else:
        t.skill -= card.cost
        _add(p.discard, key)
        s.log.append(f"{p.name} buys {card.name} for {card.cost} skill.")
        apply_effects(s, seat, card.acquire)


def _market(s: ClankState, seat: int, item: str) -> None:
    """Auf den Markt gehen / Waren (CL-4): 7 gold each; crowns highest first."""
    p, m, price = s.players[seat], s.market, s.content.market["price"]
    p.gold -= price
    if item == "key":
        m["keys"] -= 1
        p.keys += 1
        what = "a master key"
    elif item == "backpack":
        m["backpacks"] -= 1
        p.backpacks += 1
        what = "a backpack"
    else:
        v = m["crowns"].pop(0)
        p.crowns.append(v)
        what = f"the crown worth {v}"
    s.log.append(f"{p.name} buys {what} for {price} gold.")


def _move(s: ClankState, seat: int, dest: int, block: int) -> None:
    """Tunnel durchqueren (CL-5): boots per tunnel; monsters hurt unless swords are spent."""
    p, t, c = s.players[seat], s.turn, s.content
    tunnel = next(tn for d, tn in c.exits[p.room] if d == dest)
    t.boots -= tunnel.boots
    msg = f"{p.name} moves to {c.rooms[dest].name}"
    if tunnel.monsters:
        t.swords -= block
        hurt = tunnel.monsters - block
        p.supply -= hurt
        p.damage += hurt
        msg += (f", blocking {block} of {tunnel.monsters} monster attacks with swords"
                f" and taking {hurt} damage")
    s.log.append(msg + ".")
    _enter(s, seat, dest)


def _enter(s: ClankState, seat: int, dest: int) -> None:
    """Entering a room: tokens, crystal caves, fountains (CL-6) and escaping (CL-10)."""
    p, c = s.players[seat], s.content
    p.room = dest
    room = c.rooms[dest]
    if dest == c.start:
        # Entkommen / Schicksalsweg (CL-10.3): escaped players "führen keine Spielzüge mehr
        # aus" -- no more turns; nothing ends the current one, so it goes on (no moves back)
        p.status, p.mastery, p.may_take = ESCAPED, True, False
        s.log.append(f"{p.name} escapes from the dungeon with an artifact and takes a "
                     f"mastery token worth {c.game['mastery_points']}! This turn is "
                     f"{p.name}'s last; there is no way back in.")
        _player_out(s, seat)
        return
    p.may_take = True
    if room.crystal:
        s.turn.boots_locked = True
        s.log.append(f"{room.name} is a crystal cave: no more boots this turn.")
    if room.fountain and p.damage:
        s.log.append(f"The fountain in {room.name} heals {p.name}.")
        heal(s, seat, 1)


def _take_token(s: ClankState, seat: int, what: str) -> None:
    """Marker nehmen (CL-6): one token per entry into a room."""
    p, c = s.players[seat], s.content
    p.may_take = False
    if what == "artifact":
        v = s.artifacts.pop(p.room)
        p.artifacts.append(v)
        s.log.append(f"{p.name} takes the artifact worth {v}.")
        raise_rage(s, 1)
    elif what == "idol":
        s.idols -= 1
        p.idols += 1
        s.log.append(f"{p.name} takes a monkey idol from the shrine.")
    else:
        s.secret_slots[p.room] -= 1
        if not s.secret_slots[p.room]:
            del s.secret_slots[p.room]
        s.turn.secret_to_reveal = what
        s.log.append(f"{p.name} takes a {what} secret.")
