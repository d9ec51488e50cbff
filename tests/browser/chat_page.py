"""The sandbox chat page as a person uses it: choose who you are, open a chat, write, press."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from tests.browser.cdp import Page

BLACK_DISCS = ("⚫", "🖤")
WHITE_DISCS = ("⚪", "🤍")


def js(value: object) -> str:
    return json.dumps(value)


def row(message_id: int) -> str:
    return f'document.querySelector("#messages .msg[data-message-id=\\"{message_id}\\"]")'


def find(selector: str, test: str, scope: str = "document") -> str:
    """JS: the first element matching ``selector`` under ``scope`` for which ``test`` holds."""
    return f"[...{scope}.querySelectorAll({js(selector)})].find((e) => {test})"


@dataclass(frozen=True)
class Shown:
    """One message as the page shows it."""

    message_id: int
    sender: str
    text: str
    edits: int
    buttons: list[list[str]]

    @property
    def board(self) -> list[str]:
        return [label for line in self.buttons if len(line) == 8 for label in line]

    def discs(self) -> tuple[int, int]:
        return (
            sum(label in BLACK_DISCS for label in self.board),
            sum(label in WHITE_DISCS for label in self.board),
        )

    def turn(self) -> str | None:
        """The name after "Turn: ⚫ " in the text, or None when nobody is to move."""
        for line in self.text.splitlines():
            if line.startswith("Turn: "):
                return line.split(" ", 2)[2]
        return None


READ_ROW = """(node) => node && {
  message_id: Number(node.dataset.messageId),
  sender: node.querySelector(".sender")?.textContent ?? "",
  text: node.querySelector(".text")?.innerText ?? node.textContent,
  edits: Number(node.dataset.edits),
  buttons: [...node.querySelectorAll(".kb-row")].map(
    (line) => [...line.querySelectorAll(".kb-btn")].map((b) => b.textContent)),
}"""


class ChatPage:
    def __init__(self, page: Page) -> None:
        self.page = page

    async def be(self, name: str) -> None:
        """Pick ``name`` in the "You are" switcher and wait until the page shows their view."""
        chip = find(".person", f"e.textContent.includes({js(name)})")
        await self.page.click(chip, f"the person {name}")
        await self.page.wait_for(
            f"""(() => {{ const chip = document.querySelector(".person.selected");
                 return chip && chip.textContent.includes({js(name)})
                   && document.querySelector("#messages").dataset.key
                        .startsWith(chip.dataset.userId + ":"); }})()""",
            f"the page to show {name}'s view",
        )

    async def open(self, title: str) -> None:
        item = find(
            ".chat-item", f'e.querySelector(".chat-title").textContent.startsWith({js(title)})'
        )
        await self.page.wait_for(f"{item} || null", f"the chat {title} in the list")
        await self.page.click(item, f"the chat {title}")
        await self.wait_title(title)

    async def wait_title(self, title: str) -> None:
        await self.page.wait_for(
            f'document.querySelector("#chat-title").textContent === {js(title)}',
            f"the chat {title!r} to be open",
        )

    async def write(self, text: str) -> None:
        await self.page.click('document.querySelector("#text")', "the message box")
        await self.page.type(text)
        await self.page.press_enter()

    async def message(self, message_id: int) -> Shown:
        return Shown(**await self.page.evaluate(f"({READ_ROW})({row(message_id)})"))

    async def wait_message(self, condition: str, what: str) -> Shown:
        """The last message row for which the JS ``condition`` (on ``m``, a read row) holds."""
        found = await self.page.wait_for(
            f"""[...document.querySelectorAll("#messages .msg[data-message-id]")]
                 .map({READ_ROW}).filter((m) => m && ({condition})).pop()""",
            what,
        )
        return Shown(**found)

    async def wait_edit(self, message_id: int, edits: int, what: str) -> Shown:
        """Wait until message ``message_id`` shows more than ``edits`` edits."""
        await self.page.wait_for(
            f"(() => {{ const n = {row(message_id)};"
            f" return n && Number(n.dataset.edits) > {edits}; }})()",
            what,
        )
        return await self.message(message_id)

    async def press(self, message_id: int, label: str, nth: int = 0) -> None:
        """Click the ``nth`` button labelled ``label`` on the message (0: the first)."""
        buttons = f'[...{row(message_id)}.querySelectorAll(".kb-btn")]'
        button = f"{buttons}.filter((e) => e.textContent === {js(label)})[{nth}]"
        await self.page.click(button, f"button {nth} labelled {label!r} on message {message_id}")

    async def bot_messages(self) -> list[int]:
        ids: list[Any] = await self.page.evaluate(
            '[...document.querySelectorAll("#messages .msg.from-bot")]'
            ".map((n) => Number(n.dataset.messageId))"
        )
        return [int(i) for i in ids]
