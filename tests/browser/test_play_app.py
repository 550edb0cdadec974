"""make play: the Voila app, in a real browser. Every page shows its board and no code;
a few moves are played on every board by clicking; no Python traceback appears anywhere;
the seat chooser offers every seat and, labelled, the spectator."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

from tools import browser as B

pytestmark = pytest.mark.browser

REPO = Path(__file__).resolve().parents[2]
GAMES = ["deepwood", "clank", "dungeonquest", "dungeondraw", "adventureland"]
LEGAL = '[class*="-legal"][data-action]'


@pytest.fixture(scope="module")
def voila(browser_ok):
    home = Path(tempfile.mkdtemp(prefix="deepwood-voila-"))
    port = B.free_port()
    env = {**os.environ, "JUPYTER_DATA_DIR": str(home / "data"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTER_CONFIG_DIR": str(home / "cfg")}
    log = open(home / "voila.log", "wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "voila", "--no-browser", "--Voila.ip=127.0.0.1",
         f"--port={port}", "--Voila.port_retries=0", str(REPO / "play")],
        env=env, stdout=log, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
        start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while True:
        try:
            urllib.request.urlopen(url + "/voila/tree", timeout=5).read()
            break
        except OSError:
            if proc.poll() is not None or time.monotonic() > deadline:
                pytest.fail("Voila did not start:\n" + (home / "voila.log").read_text())
            time.sleep(0.3)
    yield url
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout=10)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout=10)
    log.close()


@pytest.fixture
def page(voila, browser):
    """A fresh page (this module needs no JupyterLab, only its own Voila)."""
    context = browser.new_context(viewport=B.VIEWPORT)
    yield context.new_page()
    context.close()


def test_a_lesson_link_on_a_page_opens_the_lesson(page, voila):
    """Voila serves only play/, so a page links its lessons to the lesson as GitHub shows it
    (lessons.play says why). The test has no network: it answers GitHub's URL itself and
    checks that the click asked for the lesson's page."""
    asked: list[str] = []

    def github(route):
        asked.append(route.request.url)
        route.fulfill(status=200, content_type="text/html", body="<h1>the lesson</h1>")

    page.context.route("https://github.com/**", github)
    page.set_default_timeout(60_000)
    page.goto(voila + "/voila/render/dungeonquest.ipynb")
    link = page.locator("a", has_text="Heroes and the 2d6 test")
    link.wait_for()
    with page.context.expect_event(
            "requestfinished", predicate=lambda r: r.url.startswith("https://github.com/")):
        link.click()
    lesson = "notebooks/dungeonquest/01_heroes_and_tests.ipynb"
    assert asked == [f"https://github.com/deepwood/deepwood/blob/HEAD/{lesson}"]
    assert (REPO / lesson).is_file()


def no_code_no_traceback(page):
    text = page.locator("body").inner_text()
    assert "Traceback" not in text and "Error:" not in text, text[:2000]
    assert "lessons.play" not in text and "page(" not in text, "code is shown"
    assert page.locator(".jp-CodeCell .jp-InputArea, .jp-InputArea-editor, .cm-editor").count() == 0


def test_index_lists_every_game(page, voila):
    page.goto(voila + "/voila/render/index.ipynb")
    for key in GAMES:
        assert page.locator(f'a[href*="{key}.ipynb"]').count() == 1
    no_code_no_traceback(page)
    # the links work as served: they resolve to the very URLs the tests below play on
    hrefs = page.eval_on_selector_all("a[href$='.ipynb']", "as => as.map(a => a.href)")
    assert sorted(hrefs) == sorted(f"{voila}/voila/render/{key}.ipynb" for key in GAMES)


@pytest.mark.parametrize("key", GAMES)
def test_play_a_few_moves_by_clicking(page, voila, key):
    page.set_default_timeout(60_000)
    page.goto(voila + f"/voila/render/{key}.ipynb")
    chooser = page.locator("select").first
    chooser.wait_for()
    options = [o.replace("\xa0", " ") for o in chooser.locator("option").all_inner_texts()]
    assert options[0].startswith("Player 1") and any("Spectator" in o for o in options)
    assert "Learn the game step by step" in page.locator("body").inner_text()
    back = page.locator("a", has_text="All games").get_attribute("href")
    assert back == "./index.ipynb"
    moves = 0
    for _ in range(3):
        legal = page.locator(LEGAL).first
        legal.wait_for(state="visible", timeout=30_000)
        before = page.locator("body").inner_text()
        legal.click()
        page.wait_for_function("(before) => document.body.innerText !== before", arg=before,
                               timeout=30_000)
        moves += 1
    assert moves == 3
    no_code_no_traceback(page)
