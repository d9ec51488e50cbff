"""Photos and animations the bot uploads: the file kept by the stand-in (its
``file_id`` may be sent again) and what a message shows of it, as Telegram's JSON."""

from __future__ import annotations

import hashlib
import io
from dataclasses import dataclass, field
from typing import Any

from PIL import Image

# Telegram's limits (core.telegram.org/bots/api#sendphoto, #sending-files)
MAX_PHOTO_BYTES = 10 * 1024 * 1024
MAX_PHOTO_SIDES = 10_000  # width + height
MAX_PHOTO_RATIO = 20
MAX_UPLOAD_BYTES = 50 * 1024 * 1024  # any multipart upload; beyond: HTTP 413
MAX_CAPTION = 1024  # characters after entity parsing


@dataclass(frozen=True)
class Upload:
    """A file part of a multipart request."""

    filename: str
    content_type: str
    data: bytes


@dataclass(frozen=True)
class StoredFile:
    """A file the bot uploaded: its bytes and what the stand-in read of it."""

    file_id: str
    file_unique_id: str
    data: bytes
    width: int
    height: int
    mime_type: str
    frames: int = 1
    file_name: str = ""


@dataclass
class Media:
    """A message's photo or animation (``kind``) with its caption."""

    kind: str  # "photo" or "animation"
    file: StoredFile
    caption: str | None = None
    caption_entities: list[dict[str, Any]] = field(default_factory=list)
    caption_html: str | None = None
    duration: int = 0

    def to_json(self) -> dict[str, Any]:
        f = self.file
        size = {"file_id": f.file_id, "file_unique_id": f.file_unique_id,
                "width": f.width, "height": f.height, "file_size": len(f.data)}  # fmt: skip
        data: dict[str, Any]
        if self.kind == "photo":
            data = {"photo": [size]}
        else:
            animation = {**size, "duration": self.duration, "mime_type": f.mime_type,
                         "file_name": f.file_name}  # fmt: skip
            document = {k: v for k, v in animation.items() if k not in ("width", "height")}
            data = {"animation": animation, "document": document}
        if self.caption:
            data["caption"] = self.caption
        if self.caption_entities:
            data["caption_entities"] = [dict(e) for e in self.caption_entities]
        return data


class Files:
    """Every file uploaded, by file_id."""

    def __init__(self) -> None:
        self.by_id: dict[str, StoredFile] = {}

    def store(self, upload: Upload, image: Image.Image, frames: int) -> StoredFile:
        digest = hashlib.sha256(upload.data).hexdigest()
        stored = StoredFile(
            file_id=f"AgAC{digest[:40]}", file_unique_id=f"AQAD{digest[:12]}",
            data=upload.data, width=image.width, height=image.height,
            mime_type=Image.MIME.get(image.format or "", "application/octet-stream"),
            frames=frames, file_name=upload.filename,
        )  # fmt: skip
        self.by_id[stored.file_id] = stored
        return stored


def read_image(data: bytes) -> tuple[Image.Image, int] | None:
    """The image and its frame count, or None when the bytes are no image."""
    try:
        image = Image.open(io.BytesIO(data))
        image.load()
    except Exception:  # Pillow raises many kinds for junk
        return None
    return image, int(getattr(image, "n_frames", 1))
