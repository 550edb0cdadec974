"""A Jupyter server extension for ``widget_hops.py``: the server's own hops, logged.

Between the page's WebSocket and the kernel's ZMQ sockets sits jupyter_server. This
extension, enabled only in the bench's throw-away Lab, logs when the server takes a
message from the page ("srv ws in") and has passed it to the kernel ("srv zmq sent"), and
when it takes a kernel message off ZMQ ("srv zmq in", with its type and status) and has
written it to the page's WebSocket ("srv ws written"), one JSON line each, with
``time.time()`` in ms, to the file named by ``DEEPWOOD_SERVER_HOPS``.

It wraps two methods of jupyter_server's ``ZMQChannelsWebsocketConnection`` and changes
nothing they do; without the environment variable, or if the class is not where it is
expected, it logs a warning and patches nothing.
"""

from __future__ import annotations

import json
import os
import time


def _jupyter_server_extension_points():
    return [{"module": "bench.hops_server"}]


def message_kind(session, parts) -> tuple[str, str | None]:
    """A ZMQ message's type and, for a status message, its state (``widget_hops.py``'s
    kernel cell reads the IOPub thread's messages with it too)."""
    try:
        _, fed = session.feed_identities(parts)
        kind = json.loads(bytes(fed[1]))["msg_type"]
        state = json.loads(bytes(fed[4])).get("execution_state") if kind == "status" else None
        return kind, state
    except (ValueError, KeyError, IndexError, TypeError):
        return "?", None


def _load_jupyter_server_extension(serverapp) -> None:
    path = os.environ.get("DEEPWOOD_SERVER_HOPS")
    try:
        from jupyter_server.services.kernels.connection.channels import (
            ZMQChannelsWebsocketConnection as Conn)
    except ImportError:
        Conn = None
    if not path or Conn is None:
        serverapp.log.warning("bench.hops_server: no DEEPWOOD_SERVER_HOPS or no channels "
                              "connection class; the server's hops are not logged")
        return
    log = open(path, "a", buffering=1)    # noqa: SIM115 (open for the server's lifetime)

    def hop(t: float, ev: str, **kw) -> None:
        log.write(json.dumps({"t": t, "ev": ev, **kw}) + "\n")

    outgoing, incoming = Conn.handle_outgoing_message, Conn.handle_incoming_message

    def handle_outgoing_message(self, stream, outgoing_msg):
        t = time.time() * 1000
        result = outgoing(self, stream, outgoing_msg)
        written = time.time() * 1000
        kind, state = message_kind(self.session, outgoing_msg)    # after: it delays no message
        hop(t, "srv zmq in", kind=kind, state=state)
        hop(written, "srv ws written", kind=kind, state=state)
        return result

    def handle_incoming_message(self, incoming_msg):
        t = time.time() * 1000
        result = incoming(self, incoming_msg)
        hop(t, "srv ws in")
        hop(time.time() * 1000, "srv zmq sent")
        return result

    Conn.handle_outgoing_message = handle_outgoing_message
    Conn.handle_incoming_message = handle_incoming_message
    serverapp.log.info("bench.hops_server: logging the server's hops to %s", path)
