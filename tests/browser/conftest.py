"""Fixtures for the real-browser tests: one JupyterLab per session, one page per test.

Without ``/usr/bin/chromium`` (or playwright) these tests SKIP with the install hint --
unless the environment variable ``CI`` is set (non-empty), where a missing browser FAILS:
CI must never pass by silently skipping the browser.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
if str(REPO) not in sys.path:
    sys.path.insert(0, str(REPO))

from tools import browser as B  # noqa: E402

HERE = Path(__file__).resolve().parent


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    rep = outcome.get_result()
    setattr(item, f"rep_{rep.when}", rep)


# Module scope, not session: Playwright's sync API keeps an asyncio loop running in the
# main thread while it is open, which would break later tests that call asyncio.run().
@pytest.fixture(scope="module")
def browser_ok():
    problem = B.browser_problem()
    if problem:
        if os.environ.get("CI"):
            pytest.fail(f"CI is set but the browser test cannot run: {problem}", pytrace=False)
        pytest.skip(problem)


@pytest.fixture(scope="session")
def shared_lab():
    """ONE JupyterLab for the whole session (starting one costs seconds of both cores),
    serving temp copies of every test notebook here and of the lessons."""
    if B.browser_problem():
        pytest.skip(B.browser_problem())     # browser_ok says why (and fails under CI)
    files = {p.name: p for p in sorted(HERE.glob("*.ipynb"))}
    if (REPO / "notebooks").is_dir():
        files["notebooks"] = REPO / "notebooks"
    with B.lab_server(files, nodelay=True) as server:     # as make lab and Binder run it
        yield server


@pytest.fixture(scope="module")
def lab(browser_ok, shared_lab):
    """The shared Lab for one test module; the module's kernels are shut down after it,
    so every module starts from fresh kernels as with a Lab of its own."""
    shared_lab.shutdown_kernels()
    yield shared_lab
    shared_lab.shutdown_kernels()


@pytest.fixture(scope="module")
def browser(browser_ok):
    with B.chromium() as b:
        yield b


@pytest.fixture
def page(request, lab, browser):
    """A fresh browser page; on failure a screenshot and the Lab log tail are kept."""
    context = browser.new_context(viewport=B.VIEWPORT)
    pg = context.new_page()
    console: list[str] = []
    pg.on("console", lambda m: console.append(f"{m.type}: {m.text}") if m.type == "error" else None)
    pg.on("pageerror", lambda e: console.append(f"pageerror: {e}"))
    yield pg
    rep = getattr(request.node, "rep_call", None)
    if rep is not None and rep.failed:
        try:
            shot = B.screenshot(pg, f"FAILED-{request.node.name}.png")
            print(f"\nscreenshot: {shot}")
        except Exception as exc:  # noqa: BLE001 - best effort diagnostics
            print(f"\n(no screenshot: {exc})")
        print("browser console errors:\n  " + "\n  ".join(console[-20:]))
        print("lab log tail:\n" + lab.log_tail())
    context.close()
    lab.shutdown_kernels()          # kernels outlive the page


@pytest.fixture(scope="module")
def chromium_page(browser_ok):
    """A bare Chromium page (no Lab) for render tests, with ``page.errors`` collecting
    the page's uncaught errors."""
    with B.chromium() as b:
        ctx = b.new_context(viewport=B.VIEWPORT)
        pg = ctx.new_page()
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.errors = errors
        yield pg
        ctx.close()
