"""The file where polled updates are written down (``UNFINISHED_FILE``): a JSON list
of updates, each once, rewritten whole (to a temporary file, synced, then renamed).

The bot writes an update there when Telegram may count it as received before it is
handled: one that takes long while polling (``bot.glue.polled``), and those still
unfinished at a stop (``bot.ops.kept``, which also hands them back at the next start).
Each change (read, then written whole) holds ``ONE_WRITER``: an update is written down
in a thread while the event loop makes the file forget others, and on a slow disk the
two overlapped (the loop wrote back what it had read before the thread's write, through
the same temporary file: an update confirmed to Telegram was in neither).
"""

from __future__ import annotations

import json
import logging
import os
import threading
from collections.abc import Collection, Sequence
from pathlib import Path

from telegram import Update

log = logging.getLogger(__name__)
ONE_WRITER = threading.RLock()  # a change of the file: the event loop's, or a thread's


def spill(path: str, updates: Sequence[object]) -> bool:
    """Write down polled updates still being handled (``bot.glue.polled``) beside the
    ones the file holds, so Telegram may count them as received; False when it cannot."""
    found = [u.to_dict() for u in updates if isinstance(u, Update)]
    with ONE_WRITER:
        if not write(path, unique([*read(path), *found])):
            return False
    log.info("%d updates still being handled written down in %s", len(found), path)
    return True


def forget(path: str, handled: Collection[int]) -> None:
    """The file without the updates ``handled`` (resumed, or written down while
    polling, and handled since)."""
    with ONE_WRITER:
        rewrite(path, [e for e in read(path) if e.get("update_id") not in handled])


def rewrite(path: str, entries: list[dict[str, object]]) -> None:
    """The file holding ``entries`` alone; removed when there are none."""
    if entries:
        write(path, entries)
        return
    try:
        Path(path).unlink(missing_ok=True)
    except OSError as error:
        log.error("the kept updates in %s cannot be removed: %s", path, error)


def unique(entries: list[dict[str, object]]) -> list[dict[str, object]]:
    """Each update once (the first of each update id)."""
    seen: set[object] = set()
    once = []
    for entry in entries:
        if entry.get("update_id") not in seen:
            seen.add(entry.get("update_id"))
            once.append(entry)
    return once


def write(path: str, entries: list[dict[str, object]]) -> bool:
    temporary = Path(f"{path}.tmp")
    try:
        with temporary.open("w", encoding="utf-8") as file:
            file.write(json.dumps(entries))
            file.flush()
            os.fsync(file.fileno())  # what Telegram no longer holds must outlive a power cut
        os.replace(temporary, path)
    except OSError as error:  # changed since start-up (``unusable``): said, not a crash
        log.error("%s cannot be written: %s", path, error)
        return False
    return True


def read(path: str) -> list[dict[str, object]]:
    try:
        found = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        log.error("the kept updates in %s cannot be read: %s", path, error)
        return []
    return [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []
