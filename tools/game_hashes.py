"""One SHA-256 per game over many seeded games: proof that a refactoring changed no behaviour.

For every registered game (or ``--only KEY``) and every player count it allows, plays
``--games N`` seeded games to the end, alternating heuristic and random bots over the seats
(every other game all-random, so rarely chosen moves are reached too). Chance steps are
drawn from each game's own seeded RNG; on every fifth ply the pending chance event is
also read exactly (``chance_outcomes()``, for the spectator and for every seat) and the
legal actions' labels are read. Into the hash go: every history entry, those readings, the
final scores, winners and every seat's score breakdown, the log as each seat and the
spectator may read it, every seat's view, the static HTML and the engine's state
fingerprint. Two checkouts that print the same lines play the same games, say the same
things and show the same tables.

    python tools/game_hashes.py > before.txt          # on the old code
    python tools/game_hashes.py --check before.txt    # on the new code: exit 1 on a change

``--only KEY`` (repeatable) limits the games; ``--games N`` (default 10) sets the seeds per
player count; ``--without-html`` leaves the static HTML out, to check that a change meant
only for the pictures (a legend, a new mark) changed nothing the rules say or do. A listing made with other settings is refused by ``--check``; a game the
listing does not know (added since) is reported as new, not as a change.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from fractions import Fraction
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import deepwood_kernel as dk  # noqa: E402
from deepwood_kernel.sim import make_bot  # noqa: E402
from deepwood_kernel.sim.bots import RandomBot  # noqa: E402

READ_EVERY = 5     # plies between full readings of labels and chance events


def _json(value) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"),
                      default=lambda o: str(o) if isinstance(o, Fraction) else repr(o))


def _bots(key: str, players: int, seed: int) -> list:
    if seed % 2:                               # every other game: random bots only
        return [RandomBot(seed * 10 + i) for i in range(players)]
    try:
        return [make_bot(key, "heuristic" if i % 2 == 0 else "random", seed=seed * 10 + i)
                for i in range(players)]
    except ValueError:                         # a game without a heuristic bot
        return [RandomBot(seed * 10 + i) for i in range(players)]


def game_digest(key: str, players: int, seed: int, h, html: bool = True) -> None:
    """Play one seeded game and feed everything it says and shows into ``h``."""
    g = dk.new_game(key, players=players, seed=seed)
    bots = _bots(key, players, seed)
    put = lambda *parts: h.update((_json(parts) + "\n").encode())   # noqa: E731
    put("game", key, players, seed)
    while not g.is_over:
        ply = len(g.history)
        read = ply % READ_EVERY == 0
        if g.is_chance:
            if read:
                put("chance", [(a.id, a.label, p) for a, p in g.chance_outcomes()])
                for seat in range(players):
                    put("seat chance", seat,
                        [(a.id, p) for a, p in g.chance_outcomes(seat=seat)])
            step = g.step()
            put("step", step.id)
        else:
            seat = g.current_player
            if read:
                put("legal", seat, [(a.id, a.label) for a in g.legal_actions()])
            choice = bots[seat].choose(g)
            g.apply(choice)
            put("apply", seat, choice)
    put("history", [(s.id, s.player, s.sampled) for s in g.history])
    put("scores", g.scores(), g.winners(),
        [g.score_breakdown(seat) for seat in range(players)])
    for seat in [None, *range(players)]:
        put("log", seat, g.log_for(seat))
        put("view", seat, g.view(seat))
    if html:
        put("html", g.render_html())
    put("fingerprint", g.fingerprint())


def _header(games: int, html: bool) -> str:
    return f"# tools/game_hashes.py --games {games}" + ("" if html else " --without-html")


def listing(keys: list[str], games: int, html: bool = True) -> list[str]:
    lines = [_header(games, html)]
    for key in keys:
        info = dk.GAMES[key]
        h = hashlib.sha256()
        for players in range(info.min_players, info.max_players + 1):
            for seed in range(games):
                game_digest(key, players, seed, h, html)
        lines.append(f"{key} {h.hexdigest()}")
    return lines


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=10,
                    help="seeded games per player count (default 10)")
    ap.add_argument("--only", action="append", choices=sorted(dk.GAMES), metavar="KEY",
                    help="hash only this game (repeatable; default: every game)")
    ap.add_argument("--without-html", action="store_true",
                    help="leave the static HTML out of the hash (a change to pictures only)")
    ap.add_argument("--check", metavar="FILE",
                    help="compare with a stored listing; exit 1 if any game differs")
    args = ap.parse_args(argv)
    keys = [k for k in dk.GAMES if not args.only or k in args.only]
    if not args.check:
        print("\n".join(listing(keys, args.games, not args.without_html)), flush=True)
        return 0
    stored = Path(args.check).read_text(encoding="utf-8").splitlines()
    header, want = stored[0], dict(line.split() for line in stored[1:] if line.strip())
    if header != _header(args.games, not args.without_html):
        print(f"{args.check} was made with other settings: {header!r}", file=sys.stderr)
        return 2
    got = listing(keys, args.games, not args.without_html)[1:]
    changed = []
    for line in got:
        key, digest = line.split()
        if key not in want:                    # a game added since: nothing to compare
            print(f"{key}: new (not in {args.check})")
            continue
        same = want[key] == digest
        print(f"{key}: {'same' if same else 'CHANGED'}")
        if not same:
            changed.append(key)
    return 1 if changed else 0


if __name__ == "__main__":
    sys.exit(main())
