"""The widget ships as package data, offline: the wheel holds the JS and CSS, no JS file
loads anything from the network, and the module parses as ESM."""

from __future__ import annotations

import fnmatch
import re
import shutil
import subprocess
import sys
import tomllib
import zipfile
from pathlib import Path

import pytest

from .widget_helpers import REPO, needs_node, node_check

WIDGETS = REPO / "widgets"
URL_IMPORT = re.compile(r"""\bimport\b[^;]*?\bfrom\s*['"][a-z][a-z0-9+.-]*://""", re.I | re.S)
DYNAMIC_URL_IMPORT = re.compile(r"""\bimport\s*\(\s*['"`][a-z][a-z0-9+.-]*://""", re.I)


def js_files():
    return sorted(WIDGETS.rglob("*.js"))


BOARDS = sorted(p.stem for p in (WIDGETS / "boards").glob("*.py") if p.stem != "__init__")


@pytest.mark.parametrize("key", BOARDS)
def test_the_package_data_ships_every_boards_module_and_styles(key):
    """pyproject's package-data patterns cover ``boards/<key>.js`` and ``.css`` of every
    board, and both files exist."""
    cfg = tomllib.loads((REPO / "pyproject.toml").read_text())
    patterns = cfg["tool"]["setuptools"]["package-data"]["widgets.boards"]
    for name in (f"{key}.js", f"{key}.css"):
        assert (WIDGETS / "boards" / name).is_file(), name
        assert any(fnmatch.fnmatch(name, pat) for pat in patterns), name


def test_there_is_a_widget_module():
    assert WIDGETS / "shell.js" in js_files()
    assert WIDGETS / "boards" / "deepwood.js" in js_files()


@pytest.mark.parametrize("path", js_files(), ids=lambda p: p.name)
def test_no_js_file_reaches_the_network(path):
    text = path.read_text(encoding="utf-8")
    assert "http://" not in text and "https://" not in text
    assert not URL_IMPORT.search(text) and not DYNAMIC_URL_IMPORT.search(text)
    # no bare-specifier imports either: the module must be self-contained
    assert not re.search(r"^\s*import\s", text, re.M)


def test_the_url_checks_would_catch_a_cdn_import():
    bad = 'import confetti from "https://esm.sh/canvas-confetti@1";\n'
    assert URL_IMPORT.search(bad)
    assert DYNAMIC_URL_IMPORT.search('const m = await import("https://cdn.example/x.js");')


@needs_node
@pytest.mark.parametrize("path", js_files(), ids=lambda p: p.name)
def test_js_parses_as_an_es_module(path, tmp_path):
    copy = tmp_path / (path.stem + ".mjs")
    shutil.copy(path, copy)
    node_check(copy)


def _build_wheel(src: Path, dest: Path) -> Path:
    base = [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", "-w", str(dest), str(src)]
    out = subprocess.run(base[:5] + ["--no-build-isolation"] + base[5:], capture_output=True,
                         text=True, timeout=300)
    if out.returncode != 0:               # e.g. no 'wheel' package for the in-venv build
        out = subprocess.run(base, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stdout + out.stderr
    wheels = list(dest.glob("deepwood-*.whl"))
    assert len(wheels) == 1, wheels
    return wheels[0]


def test_the_wheel_ships_the_widget_module_and_styles(tmp_path):
    # build from a clean copy of the sources, so nothing is written into the repo
    src = tmp_path / "src"
    src.mkdir()
    shutil.copy(REPO / "pyproject.toml", src)
    for extra in ("README.md", "LICENSE"):
        if (REPO / extra).exists():
            shutil.copy(REPO / extra, src)
    ignore = shutil.ignore_patterns("__pycache__", "*.pyc", "*.egg-info")
    for pkg in ("deepwood_kernel", "widgets"):
        shutil.copytree(REPO / pkg, src / pkg, ignore=ignore)
    wheel = _build_wheel(src, tmp_path / "dist")
    names = set(zipfile.ZipFile(wheel).namelist())
    for f in ("widgets/__init__.py", "widgets/shell.py", "widgets/shell.js", "widgets/a11y.js",
              "widgets/chance.js", "widgets/sync.js", "widgets/sync.py", "widgets/pending.js",
              "widgets/shell.css",
              "widgets/boards/deepwood.py", "widgets/boards/deepwood.js",
              "widgets/boards/deepwood.css", "widgets/boards/clank.js"):
        assert f in names, f
    with zipfile.ZipFile(wheel) as z:
        shipped = z.read("widgets/boards/deepwood.js").decode()
    assert shipped == (WIDGETS / "boards" / "deepwood.js").read_text(encoding="utf-8")
