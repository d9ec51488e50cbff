// The sidebar (who you are, your chats) and the open chat, redrawn from the world JSON.

import { colorOf, renderMessage } from "./render.js";

const $ = (id) => document.getElementById(id);

function element(tag, className) {
  const node = document.createElement(tag);
  if (className) node.className = className;
  return node;
}

function paintAvatar(node, name, id) {
  node.style.background = colorOf(id);
  node.textContent = (name || "?").slice(0, 1).toUpperCase();
}

// Update a list in place, keyed by id: a node that stays keeps its identity, so a click
// that is under way while the world changes (mouse down, redraw, mouse up) still lands.
function reconcile(list, items, create, update) {
  const existing = new Map([...list.children].map((n) => [n.dataset.key, n]));
  let previous = null;
  for (const item of items) {
    const key = String(item.id);
    let node = existing.get(key);
    existing.delete(key);
    if (!node) {
      node = create(item);
      node.dataset.key = key;
    }
    update(node, item);
    const wanted = previous ? previous.nextSibling : list.firstChild;
    if (node !== wanted) list.insertBefore(node, wanted);
    previous = node;
  }
  for (const node of existing.values()) node.remove();
}

export function drawPeople(world, me, choose) {
  const create = (person) => {
    const chip = element("button", "person");
    chip.type = "button";
    chip.dataset.userId = person.id;
    chip.append(element("span", "avatar"), element("span", "name"), element("span", "lang"));
    chip.addEventListener("click", () => choose(person.id));
    return chip;
  };
  const update = (chip, person) => {
    const [face, name, lang] = chip.children;
    chip.classList.toggle("selected", person.id === me);
    chip.title = `${person.name} (${person.language_code || "no language"})`;
    paintAvatar(face, person.name, person.id);
    name.textContent = person.name;
    const code = person.language_code && person.language_code !== "en" ? person.language_code : "";
    lang.textContent = code;
    lang.hidden = !code;
  };
  reconcile($("people"), world.people, create, update);
}

function preview(chat, me) {
  const last = chat.messages[chat.messages.length - 1];
  const botChat = chat.type === "private" && !chat.person_chat;
  if (!last) return botChat ? "Press START to talk to the bot" : "No messages yet";
  if (last.service) return last.service;
  const text = (last.text || "").split("\n")[0];
  if (last.from.id === me) return `You: ${text}`;
  return chat.type === "private" ? text : `${last.from.name}: ${text}`;
}

export function drawChats(world, me, chatId, unread, open) {
  const create = (chat) => {
    const item = element("button", "chat-item");
    item.type = "button";
    item.dataset.chatId = chat.id;
    const body = element("span", "chat-body");
    body.append(element("span", "chat-title"), element("span", "chat-preview"));
    item.append(element("span", "avatar"), body, element("span", "badge"));
    item.addEventListener("click", () => open(chat.id));
    return item;
  };
  const update = (item, chat) => {
    const [face, body, badge] = item.children;
    item.classList.toggle("selected", chat.id === chatId);
    paintAvatar(face, chat.title, chat.id);
    const botChat = chat.type === "private" && !chat.person_chat;
    body.children[0].textContent = botChat ? `${chat.title} 🤖` : chat.title;
    body.children[1].textContent = preview(chat, me);
    const count = chat.id === chatId ? 0 : unread(chat);
    badge.textContent = count;
    badge.hidden = count === 0;
  };
  reconcile($("chats"), world.chats, create, update);
}

export function drawHeader(world, chat, blocked) {
  $("chat-title").textContent = chat ? chat.title : "";
  let subtitle = "";
  const botChat = chat?.type === "private" && !chat.person_chat;
  if (chat?.person_chat) subtitle = "private chat · the bot is not here";
  else if (botChat) subtitle = `bot · @${world.bot.username}`;
  else if (chat) subtitle = `${chat.members.length} members: ${chat.members.join(", ")}`;
  if (blocked) subtitle += " · blocked";
  $("chat-subtitle").textContent = subtitle;
  const block = $("block-button");
  block.hidden = !botChat;
  block.textContent = blocked ? "Unblock bot" : "Block bot";
  block.dataset.blocked = blocked ? "1" : "";
}

// A forum's topics: General (no thread) and each topic; "+ Topic" opens a new one.
export function drawTopics(chat, threadId, choose, create) {
  const bar = $("topics");
  bar.hidden = !chat?.forum;
  bar.replaceChildren();
  if (!chat?.forum) return;
  const topics = [{ id: null, name: "# General" }, ...chat.topics.map((t) => ({ ...t, name: `# ${t.name}` }))];
  for (const topic of topics) {
    const item = element("button", topic.id === threadId ? "topic selected" : "topic");
    item.type = "button";
    item.dataset.threadId = topic.id ?? "";
    item.textContent = topic.name;
    item.addEventListener("click", () => choose(topic.id));
    bar.append(item);
  }
  const add = element("button", "topic new-topic");
  add.type = "button";
  add.textContent = "+ Topic";
  add.addEventListener("click", create);
  bar.append(add);
}

// Redraw the open chat in place: unchanged messages keep their element, an edited one
// is replaced where it stands (and flashes), new ones are appended.
export function drawMessages(chat, me, key, actions) {
  const pane = $("messages");
  const atBottom = pane.scrollHeight - pane.scrollTop - pane.clientHeight < 40;
  if (pane.dataset.key !== key) {
    pane.replaceChildren();
    pane.dataset.key = key;
  }
  const existing = new Map([...pane.children].map((n) => [n.dataset.messageId, n]));
  const keep = new Set();
  let previous = null;
  for (const message of chat ? chat.messages : []) {
    const id = String(message.message_id);
    keep.add(id);
    let node = existing.get(id);
    if (!node || node.dataset.edits !== String(message.edits)) {
      const fresh = renderMessage(message, me, chat.type !== "private", actions);
      if (node) {
        node.replaceWith(fresh);
        fresh.classList.add("flash");
      } else {
        pane.insertBefore(fresh, previous ? previous.nextSibling : pane.firstChild);
      }
      node = fresh;
    }
    previous = node;
  }
  for (const [id, node] of existing) if (!keep.has(id)) node.remove();
  if (chat && chat.messages.length === 0) pane.append(emptyHint(chat));
  if (atBottom || pane.dataset.scrolled !== key) {
    pane.scrollTop = pane.scrollHeight;
    pane.dataset.scrolled = key;
  }
}

function emptyHint(chat) {
  const hint = document.createElement("div");
  hint.className = "msg service hint";
  hint.textContent =
    chat.type === "private"
      ? "Your private chat with the bot. Press START; a game command here plays the computer."
      : "Send a game command such as /reversi (the / button lists them). Privacy mode is on: " +
        "the bot sees commands and button presses, not plain chat.";
  return hint;
}

// "+ Chat with…": a private chat with another pretend person (the bot is not in it).
export function drawNewChat(world, me, start) {
  const select = $("new-chat");
  if (!select.dataset.wired) {
    select.dataset.wired = "1";
    select.addEventListener("change", () => {
      const other = Number(select.value);
      select.value = "";
      if (other) start(other);
    });
  }
  const options = [["", "+ Chat with…"], ...world.people.filter((p) => p.id !== me).map((p) => [p.id, p.name])];
  const wanted = options.map(([id, name]) => `${id}:${name}`).join("|");
  if (select.dataset.options === wanted) return;
  select.dataset.options = wanted;
  select.replaceChildren(
    ...options.map(([id, name]) => {
      const option = document.createElement("option");
      option.value = id;
      option.textContent = name;
      return option;
    }),
  );
}
