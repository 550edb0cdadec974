"""HTML to PDF (and PNG) with the Chromium the browser tests use (Playwright, no download).

The guide and the worksheets are HTML pages with print CSS; Chromium prints them exactly
as it renders them, so the stored board pictures (SVG) keep their coordinates and
labels. One Chromium serves a whole batch::

    with Printer() as printer:
        printer.pdf("<h1>Hello</h1>", Path("build/hello.pdf"), paper="A4")

Markdown becomes HTML with markdown-it-py (CommonMark plus tables): :func:`markdown`.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from markdown_it import MarkdownIt

from tools import browser as B

PAPERS = {"A4": "A4", "letter": "Letter"}
_MD = MarkdownIt("commonmark", {"html": False, "typographer": False}).enable("table")


def markdown(text: str) -> str:
    """Markdown to HTML; raw HTML in the text is shown as text, never run.

    >>> markdown("**5/36**, a *fraction*")
    '<p><strong>5/36</strong>, a <em>fraction</em></p>\\n'
    """
    return _MD.render(text)


def page(title: str, body: str, css: str, paper: str = "A4") -> str:
    """A whole HTML document with print CSS for ``paper`` ("A4" or "letter")."""
    size = PAPERS[_paper(paper)]
    return (f'<!doctype html><html lang="en"><head><meta charset="utf-8">'
            f"<title>{html.escape(title)}</title><style>@page {{ size: {size}; "
            f"margin: 16mm 15mm 18mm 15mm; }}\n{BASE_CSS}\n{css}</style></head>"
            f"<body>{body}</body></html>")


BASE_CSS = """
body { font-family: "DejaVu Serif", Georgia, serif; font-size: 11pt; line-height: 1.4;
       color: #111; font-variant-ligatures: none; }   /* PDF text reads back as typed */
h1, h2, h3, h4 { font-family: "DejaVu Sans", Arial, sans-serif; line-height: 1.2; }
h1 { font-size: 19pt; margin: 0 0 6pt; } h2 { font-size: 15pt; margin: 16pt 0 6pt; }
h3 { font-size: 12.5pt; margin: 12pt 0 4pt; } h4 { font-size: 11pt; margin: 10pt 0 3pt; }
table { border-collapse: collapse; } th, td { border: 0.6pt solid #777; padding: 2pt 5pt; }
code { font-family: "DejaVu Sans Mono", monospace; font-size: 9.5pt; }
img, svg { max-width: 100%; height: auto; }
.keep { break-inside: avoid; }
"""


def _paper(paper: str) -> str:
    for name in PAPERS:
        if name.lower() == paper.lower():
            return name
    raise ValueError(f"paper {paper!r} is not one of {', '.join(PAPERS)}")


class Printer:
    """One headless Chromium for a batch of PDFs (a context manager)."""

    def __enter__(self) -> Printer:
        problem = B.browser_problem()
        if problem:
            raise RuntimeError(f"cannot print PDFs: {problem}")
        self._cm = B.chromium()
        self._browser = self._cm.__enter__()
        self._page = self._browser.new_page()
        return self

    def __exit__(self, *exc) -> None:
        self._cm.__exit__(*exc)

    def pdf(self, document: str, out: Path, paper: str = "A4") -> Path:
        """Print ``document`` (from :func:`page`) to ``out``; return ``out``."""
        out.parent.mkdir(parents=True, exist_ok=True)
        self._page.set_content(document, wait_until="load")
        self._page.emulate_media(media="print")
        self._page.pdf(path=str(out), format=PAPERS[_paper(paper)], print_background=True,
                       prefer_css_page_size=True, display_header_footer=True,
                       header_template='<div style="font-size:8pt;width:100%;text-align:'
                       'right;color:#666;margin-right:15mm"><span class="title"></span></div>',
                       footer_template='<div style="font-size:8pt;width:100%;text-align:'
                       'center;color:#666"><span class="pageNumber"></span> / '
                       '<span class="totalPages"></span></div>')
        return out

    def png(self, document: str, out: Path, paper: str = "A4") -> Path:
        """A screenshot of the first printed page of ``document`` (for reading by eye)."""
        width = 794 if _paper(paper) == "A4" else 816        # CSS px at 96 dpi
        height = 1123 if _paper(paper) == "A4" else 1056
        out.parent.mkdir(parents=True, exist_ok=True)
        self._page.set_viewport_size({"width": width, "height": height})
        self._page.set_content(document, wait_until="load")
        self._page.emulate_media(media="print")
        self._page.screenshot(path=str(out))
        return out


def strip_scripts(fragment: str) -> str:
    """A stored HTML output without ``<script>`` elements or ``on...=`` handlers."""
    fragment = re.sub(r"<script\b.*?</script\s*>", "", fragment, flags=re.S | re.I)
    return re.sub(r"""\son\w+\s*=\s*("[^"]*"|'[^']*')""", "", fragment, flags=re.I)
