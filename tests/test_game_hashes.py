"""tools/game_hashes.py: the same checkout hashes the same; --check notices a change."""

from __future__ import annotations

import importlib.util
from pathlib import Path

TOOL = Path(__file__).resolve().parents[1] / "tools" / "game_hashes.py"
spec = importlib.util.spec_from_file_location("game_hashes", TOOL)
game_hashes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(game_hashes)


def test_listing_is_reproducible_and_check_notices_a_changed_hash(tmp_path, capsys):
    first = game_hashes.listing(["deepwood"], 1)
    assert first == game_hashes.listing(["deepwood"], 1)
    assert first[0] == "# tools/game_hashes.py --games 1" and len(first[1].split()[1]) == 64
    stored = tmp_path / "hashes.txt"
    stored.write_text("\n".join(first) + "\n")
    assert game_hashes.main(["--games", "1", "--only", "deepwood", "--check", str(stored)]) == 0
    stored.write_text(first[0] + "\ndeepwood " + "0" * 64 + "\n")
    assert game_hashes.main(["--games", "1", "--only", "deepwood", "--check", str(stored)]) == 1
    assert "deepwood: CHANGED" in capsys.readouterr().out
    assert game_hashes.main(["--games", "2", "--only", "deepwood", "--check", str(stored)]) == 2


def test_without_html_leaves_only_the_pictures_out(tmp_path, monkeypatch):
    """A change to the static HTML alone changes the full hash but not --without-html's."""
    import deepwood_kernel as dk
    full, bare = game_hashes.listing(["pig"], 1), game_hashes.listing(["pig"], 1, html=False)
    assert bare[0] == "# tools/game_hashes.py --games 1 --without-html" and full[1] != bare[1]
    monkeypatch.setattr(dk.Game, "render_html", lambda self, seat=None: "<b>redrawn</b>")
    assert game_hashes.listing(["pig"], 1)[1] != full[1]
    assert game_hashes.listing(["pig"], 1, html=False) == bare
    stored = tmp_path / "bare.txt"
    stored.write_text("\n".join(bare) + "\n")
    assert game_hashes.main(["--games", "1", "--only", "pig", "--without-html",
                             "--check", str(stored)]) == 0
