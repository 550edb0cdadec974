"""Issue 23 §4: content whose every name and text is markup, and a check that rendered
HTML holds no element or attribute the board did not write.

``marked_content(key, path)`` writes a copy of a game's designed content in which every
string the schema lets carry ``<>"'`` (names, texts) is a payload such as
``"'><img src=x onerror=alert(3)>``; keys and codes (which the schema restricts to
letters) stay as they are. ``injected(html)`` lists what such a payload would have added
had it reached the DOM unescaped: ``img`` elements, ``on*`` attributes, ``src``.
"""

from __future__ import annotations

import base64
import json
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import deepwood_kernel as dk
from deepwood_kernel.core.registry import rules_for

PACKAGE = Path(dk.__file__).parent


def payload(n: int) -> str:
    return f"\"'><img src=x onerror=alert({n})><b onclick=x>{n}"


def _leaves(node, path=()):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _leaves(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _leaves(v, path + (i,))
    elif isinstance(node, str):
        yield path


def _set(data, path, value):
    for p in path[:-1]:
        data = data[p]
    data[path[-1]] = value


def _toml(value) -> str:
    """TOML for plain data (one line per top-level key; tables written inline)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return "{" + ", ".join(f"{json.dumps(k)} = {_toml(v)}" for k, v in value.items()) + "}"


def _file(data: dict) -> str:
    return "".join(f"{json.dumps(k)} = {_toml(v)}\n" for k, v in data.items())


def marked_content(key: str, dst: Path) -> tuple[Path, int]:
    """(path of the marked content file, how many strings carry a payload)."""
    rules = rules_for(key)
    data = tomllib.loads((PACKAGE / "games" / key / "content.toml").read_text("utf-8"))
    marked = 0
    for path in list(_leaves(data)):
        old = data
        for p in path:
            old = old[p]
        _set(data, path, payload(marked))
        try:
            rules.parse_content(_file(data), "marked.toml")
            marked += 1
        except Exception:        # the schema (or a cross-check) refuses markup here
            _set(data, path, old)
    dst.write_text(_file(data), encoding="utf-8")
    return dst, marked


class _Tags(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found: list[str] = []

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name.startswith("on"):
                self.found.append(f"<{tag} {name}>")
            elif name in ("src", "href") and value:
                # the boards draw pictures as inline SVG data: look inside them too
                if value.startswith("data:image/svg+xml;base64,"):
                    self.found += injected(base64.b64decode(value.split(",", 1)[1])
                                           .decode("utf-8"))
                elif not value.startswith(("data:image/", "#", "https://github.com/")):
                    self.found.append(f"<{tag} {name}={value[:40]}>")
        if tag in ("img", "script", "iframe") and not any(
                n == "src" and v and v.startswith("data:image/") for n, v in attrs):
            self.found.append(f"<{tag}>")

    handle_startendtag = handle_starttag


def injected(html: str) -> list[str]:
    """Elements and attributes a payload would add: ``on*=`` anywhere, an ``img`` (or
    ``script``, ``iframe``) that is not one of the board's inline pictures, a ``src`` or
    ``href`` pointing elsewhere; inline SVG pictures are searched as well."""
    p = _Tags()
    p.feed(html)
    p.close()
    return p.found
