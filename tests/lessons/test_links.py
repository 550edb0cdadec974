"""Every link in every notebook leads somewhere, in `make lab`, on Binder and on GitHub.

How links are written, and why (issue 24):

* Between notebooks: a relative path to a ``.ipynb`` file (``../probability/01_one_die_two_dice.ipynb``).
  `make lab` and Binder both serve ``notebooks/`` as the Lab root, and GitHub renders the same
  tree, so a relative path inside ``notebooks/`` resolves identically in all three. A link to a
  bare folder (``../probability/``) is not allowed: GitHub shows a listing but JupyterLab's
  Markdown renderer opens nothing useful.
* To the rules documents in ``docs/``: an absolute link to the repository on GitHub,
  ``https://github.com/deepwood/deepwood/blob/HEAD/docs/...``. A relative ``../docs/...`` leaves
  the Lab root and is a 404 in `make lab` and on Binder. A copy of ``docs/`` under
  ``notebooks/`` would be a second text of the rules that can drift from the first, and a
  symlink is refused by the Jupyter server when it points outside the root and is not
  followed by GitHub's renderer. The GitHub page renders the Markdown with working heading
  anchors everywhere, at the cost of needing the network, which Binder and GitHub need anyway.
  ``blob/HEAD`` follows the default branch, so no branch name is baked in.

The test does not use the network: a GitHub link must name a file that exists in this
checkout, and an anchor must name a heading of the target (GitHub's slug rule for Markdown,
a cell heading for notebooks).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
GITHUB = "https://github.com/deepwood/deepwood/blob/HEAD/"
ALL = sorted(NOTEBOOKS.rglob("*.ipynb"))

_MD_LINK = re.compile(r"(?<!!)\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")
_HTML_LINK = re.compile(r"""<a\s[^>]*href=["']([^"']+)["']""")
_HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.+?)\s*#*\s*$", re.M)


def _slug(heading: str) -> str:
    """GitHub's and JupyterLab's heading anchor: lower case, punctuation dropped, spaces to '-'.

    >>> _slug("5. Scoring: who wins?")
    '5-scoring-who-wins'
    """
    text = re.sub(r"<[^>]+>|[*_`]", "", heading).strip().lower()
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)
    text = re.sub(r"[^\w\- ]", "", text)
    return text.replace(" ", "-")


def _anchors(path: Path) -> set[str]:
    if path.suffix == ".ipynb":
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
    else:
        text = path.read_text(encoding="utf-8")
    found = {_slug(h) for h in _HEADING.findall(text)}
    found |= set(re.findall(r"""<a\s+(?:name|id)=["']([^"']+)["']""", text))
    return found


def _links(nb: Path) -> list[tuple[int, str]]:
    cells = json.loads(nb.read_text(encoding="utf-8"))["cells"]
    out = []
    for i, cell in enumerate(cells):
        if cell["cell_type"] != "markdown":
            continue
        src = "".join(cell["source"])
        out += [(i, m) for m in _MD_LINK.findall(src) + _HTML_LINK.findall(src)]
    return out


def _problem(nb: Path, link: str) -> str | None:
    """What is wrong with ``link`` in ``nb``, or None when it leads somewhere."""
    target, _, anchor = link.partition("#")
    if target.startswith(GITHUB):
        path = ROOT / unquote(target[len(GITHUB):])
        if not path.is_file():
            return f"names {path.relative_to(ROOT)}, which is not in the repository"
    elif re.match(r"[a-z][a-z+.-]*:", target):
        if target.startswith("https://github.com/deepwood/deepwood"):
            return f"a link into this repository must start with {GITHUB}"
        return None  # an outside page (mybinder, a publisher's site): not ours to check offline
    elif not target:
        path = nb
    else:
        path = (nb.parent / unquote(target)).resolve()
        if not path.is_relative_to(NOTEBOOKS):
            return ("leaves notebooks/, the root `make lab` and Binder serve (a 404 there); "
                    f"link to {GITHUB}... instead")
        if path.is_dir():
            return "names a folder; link to a notebook in it"
        if not path.is_file():
            return "names a file that does not exist"
    if anchor and path.suffix in {".md", ".ipynb"} and anchor not in _anchors(path):
        return f"anchor #{anchor} is not a heading of {path.name}"
    return None


@pytest.mark.parametrize("nb", ALL, ids=[str(p.relative_to(NOTEBOOKS)) for p in ALL])
def test_every_link_in_the_notebook_leads_somewhere(nb):
    broken = [f"cell {i}: {link} {why}" for i, link in _links(nb)
              if (why := _problem(nb, link)) is not None]
    assert not broken, "\n".join(broken)


def test_the_checker_catches_the_kinds_of_dead_link_we_had():
    nb = NOTEBOOKS / "start_here.ipynb"
    assert "leaves notebooks/" in _problem(nb, "../docs/rules/deepwood.md")
    assert "folder" in _problem(nb, "probability/")
    assert "does not exist" in _problem(nb, "probability/99_nothing.ipynb")
    assert "not in the repository" in _problem(nb, GITHUB + "docs/rules/nothing.md")
    assert "anchor" in _problem(nb, GITHUB + "docs/rules/deepwood.md#no-such-heading")
    assert _problem(nb, GITHUB + "docs/rules/deepwood.md") is None
