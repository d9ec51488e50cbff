// Switch-to-inline buttons, as Telegram's clients do them: switch_inline_query_current_chat
// types "@bot query" into this chat's input; switch_inline_query and
// switch_inline_query_chosen_chat first show a chat picker, restricted to the kinds of chat
// the button allows (the stand-in refuses any other), and the query starts in the chat
// picked, its answer above that chat's input.

import * as api from "./api.js";

const $ = (id) => document.getElementById(id);
const KIND_NAMES = { user: "people", bot: "bots", group: "groups", channel: "channels" };

// The chats a button with switch_chats offers to ``me``: every other person (their
// private chat is made on first use, as a contact's in Telegram), their chat with the
// bot, the groups; each {title, chatId} or {title, personId}.
export function offered(world, me, allowed) {
  const people = allowed.includes("user") ? world.people.filter((p) => p.id !== me) : [];
  return [
    ...people.map((p) => ({ title: p.name, personId: p.id })),
    ...world.chats
      .filter((chat) => chat.kind !== "user" && allowed.includes(chat.kind))
      .map((chat) => ({ title: chat.title, chatId: chat.id })),
  ];
}

// Shows the picker; resolves with the entry picked, or null (cancelled).
export function pickChat(entries, allowed) {
  const dialog = $("chat-picker");
  $("chat-picker-kinds").textContent = `Offered: ${allowed.map((k) => KIND_NAMES[k] ?? k).join(", ")}`;
  $("chat-picker-list").replaceChildren(
    ...entries.map((entry, index) => {
      const item = document.createElement("button");
      item.type = "button";
      item.className = "picker-chat";
      item.textContent = entry.title;
      item.addEventListener("click", () => dialog.close(String(index)));
      return item;
    }),
  );
  if (!entries.length) $("chat-picker-list").textContent = "No chat of these kinds.";
  return new Promise((resolve) => {
    const picked = () => (dialog.returnValue === "" ? null : entries[Number(dialog.returnValue)] ?? null);
    dialog.addEventListener("close", () => resolve(picked()), { once: true });
    dialog.returnValue = "";
    dialog.showModal();
  });
}

// page(): {world, me, chatId}; attempt(action): runs it, toasts a refusal;
// openChat(chatId): once the page knows it; inline: the InlinePanel.
export class Switcher {
  constructor(page, attempt, openChat, inline) {
    Object.assign(this, { page, attempt, openChat, inline });
  }

  async press(message, button) {
    const { world, me, chatId } = this.page();
    const typed = (query) => `@${world.bot.username} ${query}`;
    if (!button.switch_chats) {
      $("text").value = typed(button.switch_inline);
      $("text").focus();
      return this.inline.typed($("text").value);
    }
    const entry = await pickChat(offered(world, me, button.switch_chats), button.switch_chats);
    if (!entry) return;
    const made = entry.personId && (await this.attempt(() => api.privateChat(me, entry.personId)));
    const target = entry.chatId ?? made?.chat_id;
    if (target == null) return;
    const answer = await this.attempt(() => api.switchInline(me, chatId, message.message_id, button.text, target));
    if (!answer) return;
    await this.openChat(answer.chat_id);
    $("text").value = typed(answer.query);
    this.inline.draw(answer);
  }
}
