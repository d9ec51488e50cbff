"""Polled updates still waiting for the database when the bot stops, kept for the
next start.

With long polling the bot confirms an update to Telegram only once it is handled
(``bot.glue.polled``), so one whose handling is still failing on the database (and
being tried again, ``bot.glue.processor``) when the bot is stopped is Telegram's to
deliver again, for 24 hours at most (the file was written for python-telegram-bot's
updater, which confirmed a batch as soon as it had queued it). At the stop they are
written to a small JSON file (``UNFINISHED_FILE``, by default beside the
SQLite file), and the next start hands them to the application before polling
resumes; the file forgets them once every one is handled (a bot killed before that
finds them again at its next start). An update applied meanwhile is recognised by its
processed update id, so nothing is applied twice. A webhook needs none of this for its
own updates (an unfinished one is answered 503 and Telegram delivers it again), but a
bot that comes back with a webhook still handles what the file keeps, and keeps again
what of it still fails at its stop. Telegram is told the polled ones are received
once the file holds them (``bot.ops.serve``), so they come back from the file alone.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Collection, Sequence
from pathlib import Path

from telegram import Update
from telegram.ext import Application

from bot.glue.kept_file import ONE_WRITER, forget, read, rewrite, unique, write
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


def keep(path: str, updates: Sequence[object], handled: Collection[int] = ()) -> int:
    """Write the updates (the ones already kept first, but for those ``handled`` since
    the start resumed them, and each update once); how many the file holds."""
    found = [u.to_dict() for u in updates if isinstance(u, Update)]
    if handled:
        forget(path, handled)
    if not found:
        return 0
    with ONE_WRITER:
        kept = unique([*read(path), *found])
        written = write(path, kept)
    if not written:
        log.error("%d updates waiting for the database could not be kept in %s",
                  len(found), path)  # fmt: skip
        return 0
    log.warning("%d updates waiting for the database kept in %s for the next start",
                len(found), path)  # fmt: skip
    return len(kept)


async def resume(application: Application, path: str) -> int:  # type: ignore[type-arg]
    """Hand the kept updates to the started application; how many. The file keeps them
    until every one is handled (a bot killed meanwhile finds them again at its next
    start: their processed update ids keep them from being applied twice). One that
    cannot be read back (written by another version, damaged) is set aside in
    ``<path>.unreadable`` for the operator, with an error: it never stops a start."""
    readable, unreadable, updates = [], [], []
    for data in read(path):
        try:
            update = Update.de_json(data, application.bot)
        except Exception as error:  # anything python-telegram-bot raises on bad data
            log.error("a kept update cannot be read back: %s", type(error).__name__)
            update = None
        if update is None or not isinstance(update.update_id, int):
            unreadable.append(data)
        else:
            readable.append(data)
            updates.append(update)
    ids = {update.update_id for update in updates}
    if unreadable:
        write(f"{path}.unreadable", [*read(f"{path}.unreadable"), *unreadable])
        log.error("%d kept updates set aside in %s.unreadable", len(unreadable), path)
        rewrite(path, readable)
    processor = application.update_processor
    if isinstance(processor, KeyedUpdateProcessor):  # tried until it succeeds, in
        processor.kept_ids |= ids  # webhook mode too; then the file forgets them
        processor.resumed = frozenset(ids)
        processor.kept_done = lambda: forget(path, ids)
    for update in updates:
        await application.update_queue.put(update)
    if updates:
        log.info("%d updates kept at the last stop are handled now", len(updates))
    return len(updates)
