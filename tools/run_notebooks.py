"""Execute the lesson notebooks in place, so they are committed with clean seeded outputs.

Usage::

    python tools/run_notebooks.py                 # every notebook under notebooks/
    python tools/run_notebooks.py notebooks/deepwood
    python tools/run_notebooks.py notebooks/start_here.ipynb notebooks/deepwood

Each notebook runs top to bottom in a fresh ``python3`` kernel with its own folder as the
working directory (so relative links and paths behave as in JupyterLab). Widget state is
not stored (``store_widget_state=False``) and any leftover widget-state metadata is
stripped, as are per-cell timing stamps, so a re-run only changes what really changed.
The script prints the seconds each notebook took and exits non-zero if one fails.
This is what ``make notebooks`` runs; ``pytest --nbval`` then compares every stored output.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import nbformat
from nbconvert.preprocessors import CellExecutionError, ExecutePreprocessor

WIDGET_STATE = "application/vnd.jupyter.widget-state+json"
TIMEOUT = 300
KERNEL = "python3"


def find_notebooks(target: Path) -> list[Path]:
    """The notebooks to run: ``target`` itself or every ``*.ipynb`` below it, sorted,
    skipping Jupyter's checkpoint copies."""
    if target.is_file():
        return [target]
    return sorted(p for p in target.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


def strip_widget_state(nb: nbformat.NotebookNode) -> None:
    """Remove stored widget state and execution timestamps (they change on every run)."""
    widgets = nb.metadata.get("widgets")
    if isinstance(widgets, dict):
        widgets.pop(WIDGET_STATE, None)
        if not widgets:
            del nb.metadata["widgets"]
    for cell in nb.cells:
        cell.metadata.pop("execution", None)


def error_outputs(nb: nbformat.NotebookNode) -> list[int]:
    """Indices of code cells that stored an error output."""
    return [i for i, cell in enumerate(nb.cells) if cell.cell_type == "code"
            and any(o.get("output_type") == "error" for o in cell.get("outputs", []))]


def run_one(path: Path) -> float:
    """Execute one notebook in place; return the seconds it took."""
    nb = nbformat.read(path, as_version=4)
    ep = ExecutePreprocessor(timeout=TIMEOUT, kernel_name=KERNEL, store_widget_state=False,
                             record_timing=False)
    start = time.perf_counter()
    ep.preprocess(nb, {"metadata": {"path": str(path.parent)}})
    seconds = time.perf_counter() - start
    strip_widget_state(nb)
    bad = error_outputs(nb)
    if bad:
        raise RuntimeError(f"{path}: cells {bad} stored an error output")
    nbformat.write(nb, path)
    return seconds


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("targets", nargs="*", default=["notebooks"], metavar="target",
                        help="notebooks or folders of notebooks (default: notebooks/)")
    args = parser.parse_args(argv)
    notebooks: list[Path] = []
    for target in map(Path, args.targets):
        if not target.exists():
            print(f"{target}: no such file or folder", file=sys.stderr)
            return 2
        found = find_notebooks(target)
        if not found:
            print(f"{target}: no notebooks found", file=sys.stderr)
            return 2
        notebooks += [p for p in found if p not in notebooks]
    total, failed = 0.0, []
    for path in notebooks:
        try:
            seconds = run_one(path)
        except (CellExecutionError, RuntimeError) as e:
            failed.append(path)
            print(f"FAILED {path}\n{e}", file=sys.stderr)
            continue
        total += seconds
        print(f"{seconds:6.1f} s  {path}", flush=True)
    print(f"{total:6.1f} s  total for {len(notebooks) - len(failed)} notebook(s)"
          + (f", {len(failed)} failed" if failed else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
