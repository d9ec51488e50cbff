"""The bot is built whole by the one function ``python -m bot`` uses
(``bot.glue.app.build_application``), before it starts: the services have every part
(no field left None to be filled in later) and the update processor can already try
an update again (that it shares its record of unfinished updates with the error
handler is proven end to end: tests/e2e/test_unfinished_in_production.py)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

from telegram.ext import Application

from bot.config import Config
from bot.glue.app import WEBHOOK_PATIENCE, build_application
from bot.glue.processor import KeyedUpdateProcessor
from bot.services import services_of
from storage.db import Database


def _processor(application: Application) -> KeyedUpdateProcessor:  # type: ignore[type-arg]
    processor = application.update_processor
    assert isinstance(processor, KeyedUpdateProcessor)
    return processor


async def test_every_part_is_there_before_the_application_starts(tmp_path: Path) -> None:
    db = await Database.open(str(tmp_path / "bot.db"))
    try:
        for webhook in (None, "https://example.org/hook"):
            path = str(tmp_path / "bot.db")
            config = Config(token="1:a", api_base_url=None, database_path=path, webhook_url=webhook)
            application = build_application(config, db)
            assert not application.running
            svc = services_of(application)
            empty = [f.name for f in dataclasses.fields(svc) if getattr(svc, f.name) is None]
            assert empty == []
            assert svc.db is db and svc.sender is not None and svc.sweep is not None
            processor = _processor(application)
            assert processor.redo is not None  # an unfinished update is tried again
            assert processor.patience == (WEBHOOK_PATIENCE if webhook else None)
    finally:
        await db.close()
