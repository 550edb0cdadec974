"""In a real IPython kernel (no browser): bots move on their own between cells, on the
kernel's event loop, and a custom comm message reaches the widget's ``on_msg`` handler."""

from __future__ import annotations

import time

import pytest

jupyter_client = pytest.importorskip("jupyter_client")
pytest.importorskip("ipykernel")


class Kernel:
    def __init__(self):
        from jupyter_client.manager import start_new_kernel
        self.km, self.kc = start_new_kernel(kernel_name="python3", startup_timeout=60)

    def run(self, code: str) -> str:
        msg_id = self.kc.execute(code)
        out = []
        while True:
            m = self.kc.get_iopub_msg(timeout=60)
            if m["parent_header"].get("msg_id") != msg_id:
                continue
            kind = m["msg_type"]
            if kind == "stream":
                out.append(m["content"]["text"])
            elif kind == "error":
                raise AssertionError("\n".join(m["content"]["traceback"]))
            elif kind == "status" and m["content"]["execution_state"] == "idle":
                return "".join(out).strip()

    def comm_msg(self, comm_id: str, content: dict) -> None:
        msg = self.kc.session.msg("comm_msg", {"comm_id": comm_id,
                                               "data": {"method": "custom",
                                                        "content": content}})
        self.kc.shell_channel.send(msg)

    def close(self):
        self.kc.stop_channels()
        self.km.shutdown_kernel(now=True)


@pytest.fixture(scope="module")
def kernel():
    k = Kernel()
    exe = k.run("import sys; print(sys.executable)")
    if "/work/main" not in exe and ".venv" not in exe:
        k.close()
        pytest.skip(f"the python3 kernel is not this venv's python: {exe}")
    yield k
    k.close()


def wait_for(kernel, expr: str, want, timeout: float = 20.0):
    end = time.monotonic() + timeout
    got = None
    while time.monotonic() < end:
        got = kernel.run(f"print({expr})")
        if got == want:
            return got
        time.sleep(0.1)
    return got


def test_bots_play_between_cells_on_the_kernel_loop(kernel):
    kernel.run("from widgets import DeepWoodBoard\n"
               "w = DeepWoodBoard(players=2, seed=3, bots=[0, 1], bot_delay=0.02, bot='random')\n"
               "import asyncio\n"
               "print(type(w._timer).__name__)")
    assert kernel.run("print(type(w._timer).__name__)") in ("TimerHandle", "NoneType")
    n0 = int(kernel.run("print(len(w.game.history))"))
    time.sleep(1.0)                            # the kernel is idle: only the loop runs
    n1 = int(kernel.run("print(len(w.game.history))"))
    assert n1 > n0 + 5
    kernel.run("w.receive({'type': 'bots', 'bots': []})")
    n2 = int(kernel.run("print(len(w.game.history))"))
    time.sleep(0.3)
    assert int(kernel.run("print(len(w.game.history))")) == n2
    assert kernel.run("print(w.busy)") == "False"


def test_a_comm_message_reaches_the_widget(kernel):
    comm_id = kernel.run("from widgets import DeepWoodBoard\n"
                         "b = DeepWoodBoard(players=2, seed=0, seat=None)\n"
                         "print(b.comm.comm_id)")
    kernel.comm_msg(comm_id, {"type": "act", "id": "enter c0", "ply": 6})
    assert wait_for(kernel, "b.game.history[-1].id", "enter c0") == "enter c0"
    kernel.comm_msg(comm_id, {"type": "act", "id": "enter c0", "ply": 7})   # now illegal
    got = wait_for(kernel, "b.message.startswith(\"'enter c0' is not legal now\")", "True")
    assert got == "True"
    assert kernel.run("print(len(b.game.history))") == "7"
