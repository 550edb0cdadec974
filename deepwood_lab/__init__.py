"""A Jupyter server extension for Deepwood's boards: kernel replies without the Nagle stall.

jupyter_server (2.x) never turns on ``TCP_NODELAY`` for the kernel websocket. A kernel's
reply to a click arrives as several small frames (status busy, the widget update, status
idle); with Nagle's algorithm the server holds the second frame until the browser
acknowledges the first, and the browser delays that acknowledgement by up to 40 ms. So
about half of all clicks waited ~35 ms longer, at random (``bench/widget_latency.py
--variant both`` measures it). This extension sets ``TCP_NODELAY`` on every kernel
websocket the server opens, which is what Tornado's ``set_nodelay`` is for.

``make lab`` and Binder (``binder/postBuild``) enable it with
``binder/jupyter_server_config.json``; by hand::

    jupyter lab --ServerApp.jpserver_extensions='{"deepwood_lab": True}'

It imports nothing of Deepwood (the server need not load numpy or the widgets), and it
changes nothing else: if jupyter_server's handler is not where it is expected, it logs a
warning and the server runs as stock.
"""

from __future__ import annotations

import inspect

__all__ = ["nodelay_kernel_websockets"]


def _jupyter_server_extension_points():
    return [{"module": "deepwood_lab"}]


def nodelay_kernel_websockets() -> bool:
    """Patch jupyter_server's kernel websocket handler to open with ``TCP_NODELAY``.
    Idempotent; returns False (and patches nothing) if the handler is not found."""
    try:
        from jupyter_server.services.kernels.websocket import KernelWebsocketHandler
    except ImportError:
        return False
    if getattr(KernelWebsocketHandler, "_deepwood_nodelay", False):
        return True
    stock_open = KernelWebsocketHandler.open
    if not inspect.iscoroutinefunction(stock_open):
        return False

    async def open(self, *args, **kwargs):
        self.set_nodelay(True)          # tornado.websocket.WebSocketHandler.set_nodelay
        return await stock_open(self, *args, **kwargs)

    open.__doc__ = stock_open.__doc__
    KernelWebsocketHandler.open = open
    KernelWebsocketHandler._deepwood_nodelay = True
    return True


def _load_jupyter_server_extension(serverapp) -> None:
    if nodelay_kernel_websockets():
        serverapp.log.info("deepwood_lab: TCP_NODELAY on kernel websockets "
                           "(board replies without the ~40 ms Nagle stall)")
    else:
        serverapp.log.warning("deepwood_lab: jupyter_server's kernel websocket handler was "
                              "not found; kernel websockets keep the stock settings")
