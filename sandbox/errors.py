"""Bot API error replies, with the texts the real Bot API sends.

Every failure inside the stand-in is an :class:`ApiError`; the HTTP layer turns it
into ``{"ok": false, "error_code": N, "description": "...", "parameters": {...}}``
with the same HTTP status, exactly as api.telegram.org does.

Where the texts come from (see the module README in ``sandbox/__init__.py``):
tdlib's ``MessageEntity.cpp`` (HTML parser errors), a live-recorded test suite
of the Bot API (sendMessage validation), and long-standing reports of the same
texts in public bot projects (403/409/429 texts, edit/delete errors).
"""

from __future__ import annotations

from typing import Any

# 400 texts (without the "Bad Request: " prefix).
CHAT_NOT_FOUND = "chat not found"
CHAT_ID_EMPTY = "chat_id is empty"
USER_NOT_FOUND = "user not found"
TEXT_EMPTY = "message text is empty"
TEXT_MUST_BE_NON_EMPTY = "text must be non-empty"
TEXT_TOO_LONG = "message is too long"
UNSUPPORTED_PARSE_MODE = "unsupported parse_mode"
NOT_MODIFIED = (
    "message is not modified: specified new message content and reply markup are exactly "
    "the same as a current content and reply markup of the message"
)
EDIT_NOT_FOUND = "message to edit not found"
CANT_BE_EDITED = "message can't be edited"
NO_TEXT_TO_EDIT = "there is no text in the message to edit"
DELETE_NOT_FOUND = "message to delete not found"
CANT_BE_DELETED = "message can't be deleted"
MESSAGE_ID_MISSING = "message identifier is not specified"
REPLY_NOT_FOUND = "message to be replied not found"
THREAD_NOT_FOUND = "message thread not found"
TOPIC_CLOSED = "TOPIC_CLOSED"
QUERY_TOO_OLD = "query is too old and response timeout expired or query ID is invalid"
ANSWER_TOO_LONG = "MESSAGE_TOO_LONG"
UPGRADED = "group chat was upgraded to a supergroup chat"
INLINE_KEYBOARD_EXPECTED = "inline keyboard expected"
NOT_ENOUGH_RIGHTS = "not enough rights to send {what} to the chat"  # a muted bot

# 403 texts (without the "Forbidden: " prefix).
CANT_INITIATE = "bot can't initiate conversation with a user"
BLOCKED = "bot was blocked by the user"
KICKED = "bot was kicked from the {kind} chat"
NOT_MEMBER = "bot is not a member of the {kind} chat"

# 409 texts (complete).
WEBHOOK_ACTIVE = (
    "Conflict: can't use getUpdates method while webhook is active; "
    "use deleteWebhook to delete the webhook first"
)
OTHER_GET_UPDATES = (
    "Conflict: terminated by other getUpdates request; "
    "make sure that only one bot instance is running"
)


class ApiError(Exception):
    """A Bot API failure: the HTTP status, the description and optional parameters."""

    def __init__(
        self, error_code: int, description: str, parameters: dict[str, Any] | None = None
    ) -> None:
        super().__init__(description)
        self.error_code = error_code
        self.description = description
        self.parameters = parameters

    def to_json(self) -> dict[str, Any]:
        reply: dict[str, Any] = {
            "ok": False,
            "error_code": self.error_code,
            "description": self.description,
        }
        if self.parameters:
            reply["parameters"] = dict(self.parameters)
        return reply


def bad_request(text: str) -> ApiError:
    return ApiError(400, f"Bad Request: {text}")


def forbidden(text: str) -> ApiError:
    return ApiError(403, f"Forbidden: {text}")


def too_many_requests(retry_after: int) -> ApiError:
    return ApiError(
        429, f"Too Many Requests: retry after {retry_after}", {"retry_after": retry_after}
    )


def upgraded(new_chat_id: int) -> ApiError:
    return ApiError(400, f"Bad Request: {UPGRADED}", {"migrate_to_chat_id": new_chat_id})


def unauthorized() -> ApiError:
    return ApiError(401, "Unauthorized")


def not_found() -> ApiError:
    return ApiError(404, "Not Found")
