"""Static pictures that survive an untrusted notebook.

JupyterLab sanitizes the ``text/html`` output of a notebook it does not trust: inline
``<svg>`` elements are stripped (leaving their text as a jumble), while an ``<img>`` whose
``src`` is a ``data:`` URI passes (Lab checks URL schemes only on ``href`` and ``cite``).
GitHub and nbviewer show such images too. So every game's ``render_html`` wraps each SVG
drawing with :func:`svg_image` instead of inlining it.

>>> html = svg_image('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="8"/>', "a dot")
>>> html.startswith('<img alt="a dot" width="10" height="8" src="data:image/svg+xml;base64,')
True
"""

from __future__ import annotations

import base64
import re
from html import escape

_SIZE = re.compile(r'<svg\b[^>]*?\bwidth="([\d.]+)"[^>]*?\bheight="([\d.]+)"')


def svg_image(svg: str, alt: str, style: str = "") -> str:
    """An ``<img>`` tag showing ``svg`` from a base64 ``data:`` URI, sized as the SVG is.

    ``alt`` is read by screen readers and shown where images are off; keep it a sentence.
    """
    if 'xmlns="http://www.w3.org/2000/svg"' not in svg[:300]:
        svg = svg.replace("<svg", '<svg xmlns="http://www.w3.org/2000/svg"', 1)
    size = _SIZE.search(svg)
    dims = f' width="{size.group(1)}" height="{size.group(2)}"' if size else ""
    data = base64.b64encode(svg.encode("utf-8")).decode("ascii")
    st = f' style="{escape(style)}"' if style else ""
    return f'<img alt="{escape(alt)}"{dims}{st} src="data:image/svg+xml;base64,{data}">'
