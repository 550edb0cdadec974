"""Shared helpers: a throw-away JupyterLab server plus headless Debian Chromium (Playwright).

Used by ``tests/browser/`` and ``bench/widget_latency.py``. The facts behind every choice
here are in ``NOTES-jupyter.md`` (Jupyter stack section):

* the browser is the Debian package at ``/usr/bin/chromium`` -- never ``playwright
  install``; it needs ``--no-sandbox`` when run as root;
* Lab runs with no token, bound to 127.0.0.1, with its own config/data/runtime/settings/
  workspaces dirs in a temp dir and a temp *copy* of the notebooks (autosave would write
  into the repo otherwise); news, update checks and autosave are switched off;
* "ready" means the status bar says ``| Idle`` (the toolbar indicator is idle too early);
* Lab is stopped by its own PID (then its process group, which only holds the kernels it
  started), never by name.

Typical use::

    with lab_server({"board.ipynb": path}) as lab, chromium() as browser:
        page = browser.new_page(viewport={"width": 1400, "height": 1000})
        open_notebook(page, lab, "board.ipynb")
        run_all_cells(page)
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path
from typing import Iterator, Mapping

REPO = Path(__file__).resolve().parent.parent
CHROMIUM = os.environ.get("DEEPWOOD_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SCREENSHOTS = REPO / "build" / "browser"
VIEWPORT = {"width": 1400, "height": 2000}     # tall: a whole board fits on screen
INSTALL_HINT = ("apt-get update && apt-get install -y --no-install-recommends chromium "
                "(never `playwright install`)")

# JupyterLab user settings written before start: <plugin id> -> settings.
LAB_SETTINGS = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false", "checkForUpdates": False, "doNotDisturbMode": True},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
    # Every cell attached to the DOM, so locators see off-screen cells of long lessons.
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
}


def browser_problem() -> str | None:
    """Why a browser test cannot run here (``None`` when it can)."""
    if not os.access(CHROMIUM, os.X_OK):
        return f"{CHROMIUM} not found: {INSTALL_HINT}"
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError as exc:  # pragma: no cover - depends on the venv
        return f"playwright (python) not importable ({exc}): pip install playwright"
    return None


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class Lab:
    """A running JupyterLab server (see :func:`lab_server`)."""

    proc: subprocess.Popen
    port: int
    home: Path            # temp dir holding config, settings, log and the notebook copy
    root: Path            # the server's root dir (the notebook copy)
    log_path: Path
    _log: object = field(repr=False, default=None)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def api(self, path: str, method: str = "GET") -> object:
        req = urllib.request.Request(self.url + path, method=method)
        with urllib.request.urlopen(req, timeout=10) as r:
            body = r.read()
        return json.loads(body) if body else None

    def log_tail(self, n: int = 40) -> str:
        try:
            return "\n".join(self.log_path.read_text(errors="replace").splitlines()[-n:])
        except OSError:
            return ""

    def shutdown_kernels(self) -> None:
        """Kernels outlive the page: delete every session (and so its kernel)."""
        try:
            for s in self.api("/api/sessions") or []:
                self.api(f"/api/sessions/{s['id']}", method="DELETE")
        except (OSError, urllib.error.URLError):
            pass

    def stop(self) -> None:
        """Stop this Lab by its PID (SIGTERM, then SIGKILL), then its process group."""
        p = self.proc
        if p.poll() is None:
            self.shutdown_kernels()
            p.send_signal(signal.SIGTERM)      # jupyter_server shuts kernels down on TERM
            try:
                p.wait(timeout=10)
            except subprocess.TimeoutExpired:
                p.kill()
                p.wait(timeout=10)
        # Lab was started in its own session: the group (id == Lab's PID) now holds at
        # most kernels it left behind.
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(p.pid, signal.SIGKILL)
        if self._log is not None:
            self._log.close()


def _write_settings(settings_dir: Path) -> None:
    for plugin, values in LAB_SETTINGS.items():
        pkg, name = plugin.split(":")
        f = settings_dir / pkg / f"{name}.jupyterlab-settings"
        f.parent.mkdir(parents=True, exist_ok=True)
        f.write_text(json.dumps(values, indent=1))


def start_lab(files: Mapping[str, Path], *, home: Path | None = None,
              timeout: float = 60.0, python: str = sys.executable,
              nodelay: bool = False, extensions: Mapping[str, bool] | None = None,
              env_extra: Mapping[str, str] | None = None) -> Lab:
    """Start JupyterLab serving temp copies of ``files`` ({relative dest: source}).

    A source may be a file or a directory (copied recursively, checkpoints skipped).
    The kernel is this interpreter's ``python3`` kernel, with this checkout first on its
    ``PYTHONPATH``, so it imports this checkout's package. ``nodelay=True`` enables the
    ``deepwood_lab`` server extension (TCP_NODELAY on kernel websockets) as ``make lab``
    and Binder do; without it Lab is stock.
    ``extensions`` adds server extensions (module -> enabled) importable from the
    repository, such as a bench's (``bench.hops_server``), and ``env_extra`` environment
    variables for the server and its kernels. Raises ``RuntimeError`` with the server log
    if Lab does not come up.
    """
    home = Path(home or tempfile.mkdtemp(prefix="deepwood-lab-"))
    root = home / "root"
    root.mkdir(parents=True, exist_ok=True)
    for dest, src in files.items():
        src, target = Path(src), root / dest
        target.parent.mkdir(parents=True, exist_ok=True)
        if src.is_dir():
            shutil.copytree(src, target, ignore=shutil.ignore_patterns(
                ".ipynb_checkpoints", "__pycache__"))
        else:
            shutil.copyfile(src, target)
    dirs = {k: home / k.lower() for k in (
        "JUPYTER_CONFIG_DIR", "JUPYTER_DATA_DIR", "JUPYTER_RUNTIME_DIR",
        "JUPYTERLAB_SETTINGS_DIR", "JUPYTERLAB_WORKSPACES_DIR", "IPYTHONDIR")}
    for d in dirs.values():
        d.mkdir(parents=True, exist_ok=True)
    _write_settings(dirs["JUPYTERLAB_SETTINGS_DIR"])
    # No news feed, no update check: nothing may reach the network or cover the widget.
    lab_cfg = {"LabApp": {"news_url": None,
                          "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}}
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_lab_config.json").write_text(json.dumps(lab_cfg))
    # nodelay: as make lab and Binder run it (the deepwood_lab extension, binder/...json);
    # else stock, the extension switched off (`make install` enables it for every server
    # of the environment); then any extensions asked for
    server = (json.loads((REPO / "binder" / "jupyter_server_config.json").read_text()) if nodelay
              else {"ServerApp": {"jpserver_extensions": {"deepwood_lab": False}}})
    app = server["ServerApp"]
    app["jpserver_extensions"] = {**app["jpserver_extensions"], **(extensions or {})}
    (dirs["JUPYTER_CONFIG_DIR"] / "jupyter_server_config.json").write_text(
        json.dumps({**lab_cfg, **server}))
    env = {**os.environ, **{k: str(v) for k, v in dirs.items()},
           "JUPYTER_PLATFORM_DIRS": "1", "PYDEVD_DISABLE_FILE_VALIDATION": "1",
           **(env_extra or {})}
    env.pop("JUPYTER_PATH", None)
    # this checkout's modules first, for the server (bench.*) and the kernel (widgets): the
    # environment's editable install points at one checkout, so without this a second one
    # sharing the environment (a git worktree) would bench the first one's widgets
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO), env.get("PYTHONPATH")]))
    port = free_port()
    log_path = home / "lab.log"
    log = open(log_path, "wb")
    cmd = [python, "-m", "jupyterlab",
           "--no-browser", "--ip", "127.0.0.1", f"--port={port}", "--port-retries=0",
           "--allow-root", "--IdentityProvider.token=", "--ServerApp.password=",
           # Local throw-away server without a token: let urllib DELETE sessions.
           "--ServerApp.disable_check_xsrf=True",
           "--LabApp.expose_app_in_browser=True",
           f"--ServerApp.root_dir={root}"]
    proc = subprocess.Popen(cmd, cwd=root, env=env, stdin=subprocess.DEVNULL,
                            stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    lab = Lab(proc=proc, port=port, home=home, root=root, log_path=log_path, _log=log)
    deadline = time.monotonic() + timeout
    while True:
        if proc.poll() is not None:
            lab.stop()
            raise RuntimeError(f"JupyterLab exited with {proc.returncode}:\n{lab.log_tail()}")
        try:
            lab.api("/api/status")
            return lab
        except (OSError, urllib.error.URLError):
            pass
        if time.monotonic() > deadline:
            lab.stop()
            raise RuntimeError(f"JupyterLab not up after {timeout:.0f} s:\n{lab.log_tail()}")
        time.sleep(0.2)


@contextlib.contextmanager
def lab_server(files: Mapping[str, Path], *, keep: bool = False,
               home: Path | None = None, **kw) -> Iterator[Lab]:
    """:func:`start_lab` as a context manager: always stops Lab and deletes its temp dir
    (also when Lab fails to start), unless ``keep``."""
    home = Path(home or tempfile.mkdtemp(prefix="deepwood-lab-"))
    try:
        lab = start_lab(files, home=home, **kw)
        try:
            yield lab
        finally:
            lab.stop()
    finally:
        if not keep:
            shutil.rmtree(home, ignore_errors=True)


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    """Headless Debian Chromium through Playwright (a ``playwright.sync_api.Browser``)."""
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=30_000)
    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True,
                                     args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# ---------------------------------------------------------------- page helpers
def wait_kernel_idle(page, timeout: float = 60_000) -> None:
    """The status bar says ``| Idle`` (kernel connected *and* idle)."""
    from playwright.sync_api import expect

    expect(page.locator("#jp-main-statusbar")).to_contain_text("| Idle", timeout=timeout)


def open_notebook(page, lab: Lab, relpath: str, timeout: float = 60_000) -> None:
    """Open ``relpath`` (relative to the Lab root) in Lab and wait for an idle kernel."""
    page.set_default_timeout(timeout)
    # ?reset: start from an empty workspace, so notebooks opened by an earlier page
    # (Lab saves workspaces server-side) do not reopen and start kernels of their own.
    page.goto(f"{lab.url}/lab/tree/{relpath}?reset")
    page.wait_for_function("() => window.jupyterapp && window.jupyterapp.shell",
                           timeout=timeout)
    page.locator(".jp-NotebookPanel .jp-Cell").first.wait_for(timeout=timeout)
    wait_kernel_idle(page, timeout)


def lab_command(page, command: str, args: dict | None = None) -> None:
    page.evaluate("([c, a]) => window.jupyterapp.commands.execute(c, a)", [command, args or {}])


def code_cells(page):
    return page.locator(".jp-NotebookPanel:not(.lm-mod-hidden) .jp-CodeCell")


def run_all_cells(page, timeout: float = 120_000) -> bool:
    """Clear all outputs, run all cells, wait for the kernel; ``True`` if no cell failed.

    Outputs are cleared first so stored execution counts (lessons are committed with
    outputs) cannot pass for fresh ones. Lab stops "run all" at the first error; check
    what happened with :func:`error_outputs` / :func:`unexecuted_cells`.
    """
    lab_command(page, "notebook:clear-all-cell-outputs")
    ok = page.evaluate(
        """([ms]) => Promise.race([
               window.jupyterapp.commands.execute('notebook:run-all-cells'),
               new Promise((_, no) => setTimeout(() => no(new Error(
                   `run-all-cells did not finish in ${ms} ms`)), ms))])""", [timeout])
    wait_kernel_idle(page, timeout)
    return bool(ok)


def error_outputs(page) -> list[str]:
    """Texts of error outputs (tracebacks) in the visible notebook."""
    return page.evaluate(
        """() => [...document.querySelectorAll('.jp-NotebookPanel:not(.lm-mod-hidden) '
                 + '.jp-OutputArea-output[data-mime-type="application/vnd.jupyter.stderr"]')]
               .map(e => e.innerText)
               .filter(t => /Traceback|Error\\b/.test(t))""")


def unexecuted_cells(page) -> list[int]:
    """Indices of code cells (with source) that have no execution count.

    Read from the notebook's model, not the DOM: a cell whose code is collapsed (the
    student view, ``source_hidden``) shows a placeholder prompt without its count."""
    return page.evaluate(_CODE_MODELS + """
            .map((c, i) => [i, c.executionCount, c.sharedModel.getSource().trim()])
            .filter(([i, n, src]) => src && !n).map(([i]) => i)""")


_CODE_MODELS = """() => window.jupyterapp.shell.currentWidget.content.widgets
            .map(w => w.model).filter(m => m.type === 'code')"""


def run_cell(page, index: int, timeout: float = 60_000) -> None:
    """Run code cell ``index`` with Control+Enter and wait until it has finished.

    Finished = its model's execution count is higher than every count before the run
    (so a stale output is never mistaken for the new one). The counts come from the
    model, as a collapsed cell's placeholder prompt shows none.
    """
    cells = code_cells(page)
    before = page.evaluate("(" + _CODE_MODELS + ")().reduce((m, c) => "
                           "Math.max(m, c.executionCount || 0), 0)")
    cells.nth(index).locator(".jp-InputPrompt").first.click()
    page.keyboard.press("Control+Enter")
    page.wait_for_function(
        "([i, before]) => { const c = (" + _CODE_MODELS + ")()[i];"
        " return c && (c.executionCount || 0) > before; }",
        arg=[index, before], timeout=timeout, polling=50)


def legal_ids(target, prefix: str) -> list[str]:
    """The legal action ids a board draws (its ``.<prefix>-legal[data-action]`` elements),
    sorted, each once. ``target``: a locator (that board's root) or a page (every board)."""
    return target.evaluate(
        f"(root) => [...new Set([...(root ?? document).querySelectorAll("
        f"'.{prefix}-legal[data-action]')].map(e => e.dataset.action))].sort()")


def cell_output(page, index: int):
    """Locator of the output area of code cell ``index``."""
    return code_cells(page).nth(index).locator(".jp-OutputArea-output")


def screenshot(target, name: str) -> Path:
    """Save a PNG under build/browser/: of a page, or of the page with a locator (e.g. the
    board's output area) scrolled to the top of the notebook. Lab is a fixed-layout app,
    so element screenshots of tall outputs come out overlapped: use a tall viewport
    (:data:`VIEWPORT`) instead."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / name
    page = getattr(target, "page", None)
    if page is not None and not callable(page):        # a Locator
        target.evaluate("e => e.scrollIntoView({block: 'start'})")
        target = page
    target.screenshot(path=str(path))
    return path


# ---------------------------------------------------------------- axe-core (issue 25 §2)
AXE_DIR = REPO / "tests" / "browser" / "axe"
AXE_JS = AXE_DIR / "node_modules" / "axe-core" / "axe.min.js"


def axe_script() -> Path:
    """``axe.min.js`` from npm, installed project-locally (``npm ci`` in tests/browser/axe,
    pinned by its lockfile) on first use; never fetched from a CDN. Raises ``RuntimeError``
    saying what to install when npm is missing or fails."""
    if not AXE_JS.is_file():
        npm = shutil.which("npm")
        if npm is None:
            raise RuntimeError("axe-core needs npm: apt-get install -y npm "
                               f"(then `npm ci` in {AXE_DIR.relative_to(REPO)})")
        run = subprocess.run([npm, "ci", "--no-audit", "--no-fund", "--silent"], cwd=AXE_DIR,
                             capture_output=True, text=True, timeout=300)
        if run.returncode != 0 or not AXE_JS.is_file():
            raise RuntimeError(f"npm ci in {AXE_DIR.relative_to(REPO)} failed:\n{run.stderr[-2000:]}")
    return AXE_JS


def inject_axe(page) -> None:
    """Load axe-core into ``page`` (once)."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(axe_script()))


def axe_violations(target) -> list[dict]:
    """axe-core's violations inside the element of locator ``target`` (WCAG 2.x A/AA and
    best practices): ``[{id, impact, help, nodes, targets}]``."""
    return target.evaluate(
        """async (el) => {
            const r = await window.axe.run(el, {resultTypes: ['violations']});
            return r.violations.map((v) => ({id: v.id, impact: v.impact, help: v.help,
                nodes: v.nodes.length,
                targets: v.nodes.slice(0, 4).map((n) => n.target.join(' ').slice(-120)
                    + ' :: ' + (n.any.concat(n.all)[0] || {}).message)}));
        }""")
