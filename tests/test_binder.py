"""Replay the Binder set-up in a fresh virtual environment and run the landing lesson.

What Binder (repo2docker) does with ``binder/``: install ``requirements.txt`` into a
Python given by ``runtime.txt``, run ``postBuild`` from the repository root, then open
``notebooks/start_here.ipynb`` (the README badge's ``urlpath``). This test does the same
in a fresh virtual environment in a temp dir, built ONLY from ``binder/`` -- nothing else
is installed: the lesson is executed with ``jupyter nbconvert``, which jupyterlab brings --
from a temp copy of the repository, so nothing is written into the checkout. The venv and
the pinned requirements are installed with uv when it is there (``make install`` brings it;
the same exact pins, ~5x faster than pip), else with ``python -m venv`` and pip as Binder
does; postBuild itself runs as written, with the venv's pip.

~25 s with uv and a warm cache (~50 s with pip; needs PyPI). Deselect with ``-m "not binder"``.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
BINDER = REPO / "binder"
LANDING = "notebooks/start_here.ipynb"
IGNORE = shutil.ignore_patterns(".git", ".venv", "venv", "build", "dist", "*.egg-info",
                                "__pycache__", ".pytest_cache", ".hypothesis",
                                ".ipynb_checkpoints", "node_modules")


def run(cmd, *, env, cwd, timeout=900):
    """Run ``cmd``; on failure show its output in the assertion message."""
    t0 = time.monotonic()
    p = subprocess.run([str(c) for c in cmd], env=env, cwd=cwd, stdin=subprocess.DEVNULL,
                       stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                       timeout=timeout)
    assert p.returncode == 0, f"{' '.join(map(str, cmd))} failed ({p.returncode}):\n{p.stdout[-6000:]}"
    print(f"{time.monotonic() - t0:5.1f} s  {' '.join(Path(str(c)).name for c in cmd[:4])}")
    return p.stdout


def test_binder_files_are_consistent():
    """Fast checks: pins are exact, the Python matches pyproject, postBuild is runnable."""
    reqs = [l.split("#")[0].strip() for l in (BINDER / "requirements.txt").read_text().splitlines()]
    reqs = [r for r in reqs if r]
    assert reqs and all(re.fullmatch(r"[A-Za-z0-9_.\-\[\]]+==[\w.]+", r) for r in reqs), reqs
    names = {r.split("==")[0].lower() for r in reqs}
    assert {"jupyterlab", "ipykernel", "ipywidgets", "anywidget", "numpy"} <= names
    pyproject = (REPO / "pyproject.toml").read_text()
    deps = re.search(r"^dependencies = \[(.*?)\]", pyproject, re.M | re.S).group(1)
    needed = {re.split(r"[<>=!~ \[]", d.strip().strip('"'))[0].lower()
              for d in deps.split(",") if d.strip()}
    assert needed <= names, f"postBuild installs with --no-deps: pin {needed - names}"
    runtime = (BINDER / "runtime.txt").read_text().strip()
    assert re.fullmatch(r"python-3\.\d+", runtime), runtime
    pyproject = (REPO / "pyproject.toml").read_text()
    m = re.search(r'requires-python\s*=\s*">=\s*3\.(\d+)"', pyproject)
    if m:
        assert int(runtime.split(".")[1]) >= int(m.group(1)), "runtime.txt below requires-python"
    assert os.access(BINDER / "postBuild", os.X_OK), "binder/postBuild must be executable"


def test_kernel_messages_are_packed_with_orjson():
    """``make install`` (and Binder's requirements.txt) bring orjson, which jupyter_client's
    Session then uses for every kernel message instead of the json module (a board's
    answer is packed some ten times faster: bench/README.md)."""
    from jupyter_client.session import Session

    assert Session().packer == "orjson"
    assert any(r.startswith("orjson==") for r in (BINDER / "requirements.txt").read_text().split())


def test_lab_settings_turn_news_and_update_checks_off():
    """The files postBuild and ``make lab`` install: no news pop-up, no update check."""
    overrides = json.loads((BINDER / "overrides.json").read_text())
    assert overrides["@jupyterlab/apputils-extension:notification"] == {
        "fetchNews": "false", "checkForUpdates": False}
    cfg = json.loads((BINDER / "jupyter_lab_config.json").read_text())["LabApp"]
    assert cfg == {"news_url": None,
                   "check_for_updates_class": "jupyterlab.NeverCheckForUpdate"}
    server = json.loads((BINDER / "jupyter_server_config.json").read_text())["ServerApp"]
    assert server == {"jpserver_extensions": {"deepwood_lab": True}}
    post = (BINDER / "postBuild").read_text()
    make = (REPO / "Makefile").read_text()
    for name in ("overrides.json", "jupyter_lab_config.json", "jupyter_server_config.json"):
        assert f"binder/{name}" in post and f"binder/{name}" in make, name


def lab_sees_no_news(url: str) -> None:
    """Ask a running Lab (REST) for the news switch and the notification defaults."""
    import urllib.request

    with urllib.request.urlopen(f"{url}/lab", timeout=10) as r:
        page = r.read().decode()
    assert '"news": {"disabled": true}' in page, "Lab still fetches the news feed"
    with urllib.request.urlopen(
            f"{url}/lab/api/settings/@jupyterlab/apputils-extension:notification",
            timeout=10) as r:
        props = json.load(r)["schema"]["properties"]
    assert props["fetchNews"]["default"] == "false"
    assert props["checkForUpdates"]["default"] is False


def free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_make_lab_starts_headless_and_as_root(tmp_path):
    """``make lab`` on a box without a display (and as root, if we are root -- every
    container): Lab starts, prints its URL, and has news and update checks off."""
    import signal

    if shutil.which("make") is None:
        pytest.skip("make is not installed")
    port = free_port()
    env = {k: v for k, v in os.environ.items() if k not in {"DISPLAY", "WAYLAND_DISPLAY"}}
    env.update(JUPYTER_RUNTIME_DIR=str(tmp_path / "run"),
               JUPYTERLAB_WORKSPACES_DIR=str(tmp_path / "ws"))
    out = tmp_path / "lab.log"
    with open(out, "wb") as log:
        # This environment, as installed: never let the test create a venv or pip install.
        proc = subprocess.Popen(["make", "--no-print-directory", "lab", f"VENV={sys.prefix}",
                                 "-o", f"{sys.prefix}/.installed",
                                 f"LAB_ARGS=--port={port} --port-retries=0"],
                                cwd=REPO, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 90
        url = f"http://127.0.0.1:{port}/lab?token="
        while url not in out.read_text(errors="replace"):
            assert proc.poll() is None, f"make lab exited:\n{out.read_text()[-3000:]}"
            assert time.monotonic() < deadline, f"no URL printed:\n{out.read_text()[-3000:]}"
            time.sleep(0.3)
        text = out.read_text()
        assert "Running as root is not recommended" not in text
        assert "--no-browser" in text          # the command make echoed
        assert "deepwood_lab: TCP_NODELAY on kernel websockets" in text
        token = re.search(r"token=([0-9a-f]+)", text).group(1)
        base = f"http://127.0.0.1:{port}"
        import urllib.error
        import urllib.request

        opener = urllib.request.build_opener()
        opener.addheaders = [("Authorization", f"token {token}")]
        urllib.request.install_opener(opener)
        try:
            # Lab prints its URL as it starts listening; on a loaded machine (the browser
            # tests start servers alongside) the first request may still be refused, so
            # it is retried for a few seconds, and a Lab that died shows its log.
            for attempt in range(20):
                try:
                    lab_sees_no_news(base)
                    break
                except urllib.error.URLError as e:
                    if not isinstance(e.reason, ConnectionRefusedError) or attempt == 19:
                        raise AssertionError(f"Lab did not answer ({e}); "
                                             f"make lab exited: {proc.poll() is not None}\n"
                                             f"{out.read_text()[-3000:]}") from e
                    time.sleep(0.5)
        finally:
            urllib.request.install_opener(urllib.request.build_opener())
    finally:
        # make and Lab are in their own session: the group holds only what make started.
        os.killpg(proc.pid, signal.SIGTERM)
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait(timeout=10)


def uv_available() -> bool:
    """Is uv (make install puts it in .venv) importable here?"""
    import importlib.util

    return importlib.util.find_spec("uv") is not None


@pytest.fixture
def workdir(tmp_path):
    """tmp_path, emptied afterwards: a venv is ~450 MB and pytest keeps 3 tmp dirs."""
    yield tmp_path
    for child in tmp_path.iterdir():
        shutil.rmtree(child, ignore_errors=True) if child.is_dir() else child.unlink()


@pytest.mark.binder
def test_binder_environment_runs_the_landing_lesson(workdir):
    tmp_path = workdir
    repo = tmp_path / "repo"
    shutil.copytree(REPO, repo, ignore=IGNORE)
    venv = tmp_path / "venv"
    bindir = venv / "bin"
    base_python = getattr(sys, "_base_executable", sys.executable)
    env = {k: v for k, v in os.environ.items()
           if k not in {"PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "JUPYTER_PATH",
                        "CONDA_PREFIX", "PIP_REQUIRE_VIRTUALENV"}}
    env.update(
        VIRTUAL_ENV=str(venv), PATH=f"{bindir}{os.pathsep}{env.get('PATH', '')}",
        PIP_DISABLE_PIP_VERSION_CHECK="1", PIP_NO_INPUT="1", PYTHONNOUSERSITE="1",
        JUPYTER_CONFIG_DIR=str(tmp_path / "jcfg"), JUPYTER_DATA_DIR=str(tmp_path / "jdata"),
        JUPYTER_RUNTIME_DIR=str(tmp_path / "jrun"), IPYTHONDIR=str(tmp_path / "ipy"),
        MPLCONFIGDIR=str(tmp_path / "mpl"), MPLBACKEND="Agg", JUPYTER_PLATFORM_DIRS="1",
        PYDEVD_DISABLE_FILE_VALIDATION="1")

    reqs = repo / "binder" / "requirements.txt"
    if uv_available():
        # uv installs the very same pinned wheels (every pin is exact) 5x faster; --seed
        # puts pip in the venv, for postBuild's `python -m pip install -e .`
        run([sys.executable, "-m", "uv", "venv", "--quiet", "--seed", "--python",
             base_python, venv], env=env, cwd=tmp_path)
        run([sys.executable, "-m", "uv", "pip", "install", "--quiet", "--python",
             bindir / "python", "-r", reqs], env=env, cwd=repo)
    else:
        run([base_python, "-m", "venv", venv], env=env, cwd=tmp_path)
        run([bindir / "python", "-m", "pip", "install", "--quiet", "--no-compile", "-r",
             reqs], env=env, cwd=repo)
    run([repo / "binder" / "postBuild"], env=env, cwd=repo)

    # The kernel must import the package from *this* environment (the temp copy).
    out = run([bindir / "python", "-c",
               "import json, deepwood_kernel as dk, widgets; "
               "from jupyter_client.session import Session; "
               "g = dk.new_game('deepwood', players=2, seed=0); g.advance(); "
               "print(json.dumps([dk.__file__, widgets.__file__, g.legal_action_ids(), "
               "Session().packer]))"],
              env=env, cwd=tmp_path)
    dk_file, widgets_file, legal, packer = json.loads(out.strip().splitlines()[-1])
    assert Path(dk_file).is_relative_to(repo) and Path(widgets_file).is_relative_to(repo)
    assert legal, "no legal actions in a fresh game"
    assert packer == "orjson", "the kernel packs its messages with the slow json packer"
    # postBuild's Lab settings: start this environment's Lab and ask it over REST.
    port = free_port()
    lab_log = tmp_path / "lab.log"
    lab = subprocess.Popen([bindir / "jupyter", "lab", "--no-browser", "--allow-root",
                            f"--port={port}", "--port-retries=0", "--IdentityProvider.token=",
                            f"--ServerApp.root_dir={repo}"], env=env, cwd=tmp_path,
                           stdin=subprocess.DEVNULL, stdout=lab_log.open("wb"),
                           stderr=subprocess.STDOUT)
    try:
        for _ in range(300):
            try:
                lab_sees_no_news(f"http://127.0.0.1:{port}")
                break
            except OSError:
                assert lab.poll() is None, "the Binder environment's Lab did not start"
                time.sleep(0.2)
        else:
            pytest.fail("the Binder environment's Lab did not answer in 60 s")
    finally:
        lab.terminate()
        lab.wait(timeout=30)
    # postBuild's server extension is loaded: kernel websockets without the Nagle stall
    assert "deepwood_lab: TCP_NODELAY on kernel websockets" in lab_log.read_text(), \
        lab_log.read_text()[-3000:]
    specs = json.loads(run([bindir / "jupyter", "kernelspec", "list", "--json"],
                           env=env, cwd=tmp_path))["kernelspecs"]
    assert Path(specs["python3"]["resource_dir"]).is_relative_to(venv), specs["python3"]

    landing = repo / LANDING
    if not landing.exists():
        pytest.skip(f"{LANDING} does not exist yet (the environment itself was built fine)")
    outdir = tmp_path / "executed"
    run([bindir / "jupyter", "nbconvert", "--to", "notebook", "--execute",
         "--ExecutePreprocessor.kernel_name=python3", "--ExecutePreprocessor.timeout=300",
         "--ExecutePreprocessor.store_widget_state=False",
         "--output-dir", outdir, landing], env=env, cwd=landing.parent)
    executed = json.loads((outdir / landing.name).read_text())
    errors = [o for c in executed["cells"] for o in c.get("outputs", [])
              if o.get("output_type") == "error"]
    assert not errors, errors
