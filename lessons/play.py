"""The pages of the play app (``make play``, Voilà): one game per page, no code shown.

Each page in ``play/`` runs ``page(<game>)``: a short summary of the rules in the
project's own words, the lessons that teach the game, a seat chooser and the board.
The board is the same widget as in the lessons, with the same seat privacy: it is built
with ``seat=`` the chosen seat (every other seat is a bot), so only that seat's hand is
shown; the spectator, who sees every hand, is a separate, labelled choice for a
projector. Whatever goes wrong is shown as one line of text, never as a traceback
(Voilà hides code, and a student must not meet a stack trace either).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
SPECTATOR = "spectator"
# Where a page's lesson and rules links lead. Voila serves only the notebooks under its
# root, at /voila/render/<path> (the pages here: /voila/render/deepwood.ipynb); `make play`
# serves play/, so /voila/render/../notebooks/... is refused as "outside root contents
# directory", and Voila has no JupyterLab at the same root to hand the lesson to. The
# links therefore go to the lesson as GitHub renders it, with its stored outputs, the
# same repository URL the lessons use for docs/ (tests/lessons/test_links.py); the page
# also says how to open it in JupyterLab.
GITHUB = "https://github.com/deepwood/deepwood/blob/HEAD/"


@dataclass(frozen=True)
class Game:
    key: str
    title: str
    board: str          # the class name in widgets.boards
    summary: str        # Markdown, our own words


GAMES = {g.key: g for g in (
    Game("deepwood", "Deep Wood (Durch den tiefen Wald)", "DeepWoodBoard",
         "Each player enters the forest from the wall and explores it. At the market you "
         "place strips and take the resources lying in their row or column; in the forest "
         "you move, clear obstacles, collect swords and fight rock monsters with dice, "
         "setting dice aside and rerolling the rest. The board shows the odds of a fight "
         "before you roll."),
    Game("clank", "Klong! (Clank!)", "ClankBoard",
         "A deck-building race into a dungeon: play your cards for skill, swords and boots, "
         "buy better cards, move through the tunnels, grab an artifact and get out before "
         "the dragon's attacks knock you out. Noise (clank) puts your cubes into the "
         "bag the dragon draws from."),
    Game("dungeonquest", "DungeonQuest", "DungeonQuestBoard",
         "Enter the dungeon, draw a room tile for every step into the unknown, survive "
         "its traps and monsters, loot the dragon's chamber if you dare, and leave before "
         "the sun sets. Much of the game is chance: the lessons work out how "
         "likely each outcome is."),
    Game("dungeondraw", "Dungeon Draw", "DungeonDrawBoard",
         "Six rounds. Each round a goal is revealed, you buy at the fairy market with "
         "coins, draw up to five cards, build your dungeon from them and draw one path "
         "through it; the path and the goals score victory points. Most points after "
         "round six wins."),
    Game("adventureland", "Adventure Land", "AdventureLandBoard",
         "In your turn you move one adventurer twice, two adventurers once each, one "
         "once, or none; an adventurer moves in a straight line south or east, as far as "
         "you like. Gather treasures, herbs and companions, fight the fog creatures, and "
         "mind the water sprite, which follows the river."),
)}


def lessons_of(key: str) -> list[tuple[str, str]]:
    """``(path under notebooks/, title)`` of every lesson of a game, in order."""
    import nbformat

    out = []
    for path in sorted((NOTEBOOKS / key).glob("*.ipynb")):
        nb = nbformat.read(path, as_version=4)
        title = next((c.source.splitlines()[0].lstrip("# ").strip() for c in nb.cells
                      if c.cell_type == "markdown" and c.source.strip()), path.stem)
        out.append((path.relative_to(NOTEBOOKS).as_posix(), title))
    return out


def intro(key: str) -> str:
    """The page's text: rules summary and the lessons that teach the game."""
    game = GAMES[key]
    lines = [f"# {game.title}", "", game.summary, "",
             f"The full rules, rule by rule: [docs/rules/{key}.md]({GITHUB}docs/rules/{key}.md). "
             "Learn the game step by step in these lessons (a link shows the lesson; to "
             "work in it, open it in JupyterLab with `make lab`):", ""]
    lines += [f"- [**{title}**]({GITHUB}notebooks/{path}) (`notebooks/{path}`)"
              for path, title in lessons_of(key)]
    lines += ["", "[All games](./index.ipynb)"]
    return "\n".join(lines)


def seat_options(players: int) -> list[tuple[str, object]]:
    """The seat chooser: one entry per seat (the others are bots), then the spectator."""
    return [(f"Player {i + 1} (the other players are bots)", i) for i in range(players)] + \
        [("Spectator: every hand is shown (for a projector)", SPECTATOR)]


def build_board(key: str, choice, *, players: int = 2, seed: int = 0):
    """The game's board for a seat (``choice`` an int) or the spectator."""
    import widgets.boards as boards

    cls = getattr(boards, GAMES[key].board)
    if choice == SPECTATOR:
        return cls(players=players, seed=seed, bots=(), seat=None, auto_chance=True)
    bots = tuple(i for i in range(players) if i != choice)
    return cls(players=players, seed=seed, bots=bots, seat=choice, bot_delay=0.3,
               auto_chance=True)


def page(key: str, players: int = 2) -> None:
    """Display one game's page (the code cell of ``play/<key>.ipynb``)."""
    from IPython.display import Markdown, display

    try:
        import ipywidgets as w

        display(Markdown(intro(key)))
        chooser = w.Dropdown(options=seat_options(players), value=0,
                             description="Play as", style={"description_width": "initial"},
                             layout=w.Layout(width="32em"))
        holder = w.VBox()
        message = w.HTML()

        def show(_=None):
            try:
                holder.children = [build_board(key, chooser.value, players=players)]
                message.value = ""
            except Exception as err:    # noqa: BLE001 - a student sees a sentence
                holder.children = []
                message.value = f"<p>The board could not start: {_escape(err)}</p>"

        chooser.observe(show, names="value")
        show()
        display(w.VBox([chooser, message, holder]))
    except Exception as err:            # noqa: BLE001 - no traceback on a play page
        print(f"This page could not be shown: {type(err).__name__}: {err}")


def _escape(err: Exception) -> str:
    import html
    return html.escape(f"{type(err).__name__}: {err}")
