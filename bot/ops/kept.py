"""Polled updates still waiting for the database when the bot stops, kept for the
next start.

With long polling Telegram counts an update as received once the bot asks for the
next ones, so an update whose handling is still failing on the database (and being
tried again, ``bot.glue.processor``) when the bot is stopped would be lost. At the
stop they are written to a small JSON file (``UNFINISHED_FILE``, by default beside the
SQLite file), and the next start hands them to the application before polling
resumes, then removes the file. An update applied meanwhile is recognised by its
processed update id, so nothing is applied twice. A webhook needs none of this for its
own updates (an unfinished one is answered 503 and Telegram delivers it again), but a
bot that comes back with a webhook still handles what the file keeps, and keeps again
what of it still fails at its stop.
"""

from __future__ import annotations

import json
import logging
import os
from collections.abc import Sequence
from pathlib import Path

from telegram import Update
from telegram.ext import Application

from bot.glue.processor import KeyedUpdateProcessor

log = logging.getLogger(__name__)


def unusable(path: str) -> str | None:
    """Why the file could not be written at a stop (None: it can), checked at start-up
    like every other path: found only at the stop, the updates it should keep are lost."""
    target = Path(path).absolute()
    if target.is_dir():
        return f"UNFINISHED_FILE {path} is a folder: name a file"
    folder = target.parent
    ancestor = next(a for a in (folder, *folder.parents) if a.exists())
    if not ancestor.is_dir():
        return f"UNFINISHED_FILE {path} lies under {ancestor}, which is a file"
    if ancestor != folder:
        return f"UNFINISHED_FILE {path}: the folder {folder} does not exist"
    if not os.access(folder, os.W_OK | os.X_OK):
        return f"UNFINISHED_FILE {path}: the bot cannot write in {folder}"
    return None


def keep(path: str, updates: Sequence[object]) -> int:
    """Write the updates (the ones already kept first); how many the file holds."""
    found = [u.to_dict() for u in updates if isinstance(u, Update)]
    if not found:
        return 0
    kept = [*_read(path), *found]
    temporary = Path(f"{path}.tmp")
    try:
        temporary.write_text(json.dumps(kept), encoding="utf-8")
        os.replace(temporary, path)
    except OSError as error:  # changed since start-up (``unusable``): said, not a crash
        log.error("%d updates waiting for the database could not be kept in %s: %s",
                  len(found), path, error)  # fmt: skip
        return 0
    log.warning("%d updates waiting for the database kept in %s for the next start",
                len(found), path)  # fmt: skip
    return len(kept)


async def resume(application: Application, path: str) -> int:  # type: ignore[type-arg]
    """Hand the kept updates to the started application, then remove the file; how many."""
    kept = _read(path)
    processor = application.update_processor
    for data in kept:
        update = Update.de_json(data, application.bot)
        if update is not None:
            if isinstance(processor, KeyedUpdateProcessor):  # tried until it succeeds,
                processor.kept_ids.add(update.update_id)  # in webhook mode too
            await application.update_queue.put(update)
    if kept:
        log.info("%d updates kept at the last stop are handled now", len(kept))
    try:
        Path(path).unlink(missing_ok=True)
    except OSError as error:
        log.error("the kept updates in %s cannot be removed: %s", path, error)
    return len(kept)


def _read(path: str) -> list[dict[str, object]]:
    try:
        found = json.loads(Path(path).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return []
    except (OSError, ValueError) as error:
        log.error("the kept updates in %s cannot be read: %s", path, error)
        return []
    return [item for item in found if isinstance(item, dict)] if isinstance(found, list) else []
