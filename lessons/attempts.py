"""The student's record of attempts: one JSON line per judged answer, kept in the Jupyter
data directory (see :mod:`lessons.progress` for the table and plot made from it).

``check()`` (in :mod:`lessons.exercises`) writes here and :mod:`lessons.progress` reads
here, so neither imports the other.
"""

from __future__ import annotations

import json
import os
from datetime import datetime, timezone
from pathlib import Path


def attempts_file() -> Path:
    """Where the attempts are kept: ``<jupyter data dir>/deepwood/attempts.jsonl``."""
    from jupyter_core.paths import jupyter_data_dir
    return Path(jupyter_data_dir()) / "deepwood" / "attempts.jsonl"


def record(exercise_id: str, verdict: str, when: datetime | None = None) -> bool:
    """Append one attempt; ``True`` if it was written, ``False`` if it could not be
    (the reason is not raised: recording must never stop a lesson)."""
    when = when or datetime.now(timezone.utc)
    line = json.dumps({"exercise": exercise_id, "verdict": verdict,
                       "time": when.isoformat(timespec="seconds")}) + "\n"
    try:
        path = attempts_file()
        path.parent.mkdir(parents=True, exist_ok=True)
        # O_APPEND: the kernel puts each write at the end as one piece, so lines from
        # two notebooks checking at the same moment stay whole.
        fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        try:
            os.write(fd, line.encode())
        finally:
            os.close(fd)
    except Exception:       # noqa: BLE001 - an unwritable record must not break check()
        return False
    return True


def attempts(path: Path | None = None) -> list[dict]:
    """The recorded attempts, oldest first; unreadable lines (a torn write after a
    crash, a hand edit) are skipped."""
    path = path or attempts_file()
    try:
        text = path.read_text(encoding="utf-8")
    except OSError:
        return []
    out = []
    for line in text.splitlines():
        try:
            row = json.loads(line)
        except ValueError:
            continue
        if isinstance(row, dict) and {"exercise", "verdict", "time"} <= row.keys():
            out.append(row)
    return out
