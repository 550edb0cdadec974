"""The deepwood_lab server extension: kernel websockets open with TCP_NODELAY."""

from __future__ import annotations

import asyncio

import pytest

import deepwood_lab


def test_the_extension_point_names_the_module():
    assert deepwood_lab._jupyter_server_extension_points() == [{"module": "deepwood_lab"}]


def test_kernel_websockets_set_nodelay_before_the_stock_open(monkeypatch):
    """The patched ``open`` turns Nagle's algorithm off first, then runs jupyter_server's
    own ``open`` with the same arguments and returns its result; patching twice wraps
    once."""
    websocket = pytest.importorskip("jupyter_server.services.kernels.websocket")
    handler_cls = websocket.KernelWebsocketHandler
    calls = []

    async def stock_open(self, kernel_id):
        calls.append(("open", kernel_id))
        return "opened"

    monkeypatch.setattr(handler_cls, "open", stock_open)
    monkeypatch.setattr(handler_cls, "_deepwood_nodelay", False, raising=False)
    assert deepwood_lab.nodelay_kernel_websockets()
    assert deepwood_lab.nodelay_kernel_websockets()       # idempotent

    class Handler:
        def set_nodelay(self, value):
            calls.append(("nodelay", value))

    result = asyncio.run(handler_cls.open(Handler(), "k1"))
    assert result == "opened"
    assert calls == [("nodelay", True), ("open", "k1")]
