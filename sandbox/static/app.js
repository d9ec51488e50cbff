// The sandbox chat page: pick a person, open a chat, write, press buttons; live updates.

import * as api from "./api.js";
import { InlinePanel } from "./inline.js";
import { Switcher } from "./picker.js";
import { closeWebApp, isWebAppLink, openWebApp } from "./webapp.js";
import { drawChats, drawHeader, drawMessages, drawNewChat, drawPeople, drawTopics } from "./view.js";

const $ = (id) => document.getElementById(id);
// threadId: the open forum topic (null: General, or a chat without topics)
const state = { world: null, me: null, chatId: null, threadId: null, seen: {}, busy: null, again: false };

function person() {
  return state.world?.people.find((p) => p.id === state.me) ?? null;
}

function currentChat() {
  return state.world?.chats.find((c) => c.id === state.chatId) ?? null;
}

// The person's own chat with the bot (not a chat with another person).
function isBotChat(chat) {
  return chat?.type === "private" && !chat.person_chat;
}

// --- notices ---------------------------------------------------------------------------

function toast(text, kind = "info") {
  const node = document.createElement("div");
  node.className = `toast ${kind}`;
  node.textContent = text;
  $("toasts").append(node);
  setTimeout(() => node.remove(), kind === "error" ? 6000 : 3000);
}

function alertBox(text) {
  $("alert-text").textContent = text;
  const dialog = $("alert");
  if (!dialog.open) dialog.showModal();
}

async function attempt(action) {
  try {
    return await action();
  } catch (error) {
    toast(error instanceof api.Refused ? error.message : `Error: ${error}`, "error");
    return null;
  }
}

// --- what people do --------------------------------------------------------------------

function isBotLink(url) {
  const name = state.world?.bot.username?.toLowerCase();
  try {
    const parsed = new URL(url);
    const host = parsed.hostname.toLowerCase();
    const target = parsed.pathname.split("/")[1]?.toLowerCase();
    const tme = ["t.me", "telegram.me", "telegram.dog"].includes(host) && target === name;
    const resolve = parsed.protocol === "tg:" && parsed.searchParams.get("domain")?.toLowerCase() === name;
    return Boolean(name) && (tme || resolve);
  } catch {
    return false;
  }
}

async function send(text) {
  if (!text.trim() || state.chatId == null) return;
  await attempt(() => api.send(state.me, state.chatId, text, state.threadId));
  await refresh();
}

async function newTopic() {
  const name = window.prompt("The new topic's name");
  if (!name?.trim()) return;
  const made = await attempt(() => api.topic(state.me, state.chatId, name.trim()));
  if (made) state.threadId = made.thread_id;
  await refresh();
}

function chooseTopic(threadId) {
  state.threadId = threadId;
  draw();
}

async function toggleBlock() {
  await attempt(() => api.block(state.me, !person()?.blocked_bot));
  await refresh();
}

// In a forum, the open topic's messages only (General: those without a topic).
function inTopic(chat) {
  if (!chat?.forum) return chat;
  return { ...chat, messages: chat.messages.filter((m) => (m.thread_id ?? null) === state.threadId) };
}

async function openUrl(url) {
  const chat = currentChat();
  const sent = await attempt(() => api.openUrl(state.me, url, chat && chat.type !== "private" ? chat.id : null));
  if (sent) {
    state.chatId = sent.chat_id;
    await refresh();
  }
}

// A Mini App's direct link: the stand-in signs the launch, the panel opens the app.
async function launchWebApp(url) {
  const chat = currentChat();
  const opened = await attempt(() => api.webApp(state.me, url, chat ? chat.id : null));
  if (opened) openWebApp(opened.url, `${state.world.bot.name} · ${person()?.name ?? ""}`);
}

// An inline answer's web_app button: the same panel as a direct link's.
async function launchResultsWebApp(queryId) {
  const opened = await attempt(() => api.resultsWebApp(state.me, queryId));
  if (opened) openWebApp(opened.url, `${state.world.bot.name} · ${person()?.name ?? ""}`);
}

async function pressButton(message, button, node) {
  if (button.switch_inline != null) return switcher.press(message, button); // picker.js
  if (button.url) {
    if (followLink(button.url)) return;
    if (window.confirm(`Open this link?\n${button.url}`)) window.open(button.url, "_blank", "noopener");
    return;
  }
  const chatId = state.chatId;
  node.classList.add("pending");
  const answer = await attempt(() => api.press(state.me, chatId, message.message_id, button.callback_data));
  node.classList.remove("pending");
  if (!answer) return;
  if (answer.text && answer.show_alert) alertBox(answer.text);
  else if (answer.text) toast(answer.text);
  if (answer.url && !followLink(answer.url)) toast(`The bot answered with a link: ${answer.url}`);
}

// t.me/c/<id>/<message>: a message in a supergroup the person may be in.
function messageLink(url) {
  const found = /^https?:\/\/t\.me\/c\/(\d+)\/(?:\d+\/)?(\d+)/.exec(url);
  return found ? { chatId: Number(`-100${found[1]}`), messageId: Number(found[2]) } : null;
}

// A link inside Telegram opens in the page; anything else in a new tab (the default).
function followLink(url) {
  if (isWebAppLink(url, state.world?.bot.username)) {
    launchWebApp(url);
    return true;
  }
  if (isBotLink(url)) {
    openUrl(url);
    return true;
  }
  const target = messageLink(url);
  if (!target || !state.world?.chats.some((c) => c.id === target.chatId)) return false;
  openChat(target.chatId);
  reveal(target.messageId);
  return true;
}

function lookup(messageId) {
  return currentChat()?.messages.find((m) => m.message_id === messageId) ?? null;
}

function reveal(messageId) {
  const node = document.querySelector(`#messages .msg[data-message-id="${Number(messageId)}"]`);
  if (!node) return;
  node.scrollIntoView({ block: "center", behavior: "smooth" });
  node.classList.remove("flash");
  void node.offsetWidth; // restart the animation
  node.classList.add("flash");
}

const actions = { send, followLink, lookup, reveal, button: pressButton };

// --- drawing ---------------------------------------------------------------------------

function seenKey(chat) {
  return `${state.me}:${chat.id}`;
}

function lastId(chat) {
  return chat.messages.length ? chat.messages[chat.messages.length - 1].message_id : 0;
}

function unread(chat) {
  const seen = state.seen[seenKey(chat)] ?? 0;
  return chat.messages.filter((m) => m.message_id > seen && m.from.id !== state.me && !m.service).length;
}

function draw() {
  const world = state.world;
  const chats = world.chats;
  for (const chat of chats) state.seen[seenKey(chat)] ??= lastId(chat);
  if (!chats.some((c) => c.id === state.chatId)) state.chatId = chats.find((c) => c.type !== "private")?.id ?? chats[0]?.id ?? null;
  const chat = currentChat();
  if (chat) state.seen[seenKey(chat)] = lastId(chat);
  if (!chat?.topics?.some((t) => t.id === state.threadId)) state.threadId = null;
  const blocked = isBotChat(chat) && Boolean(person()?.blocked_bot);
  drawPeople(world, state.me, choosePerson);
  drawNewChat(world, state.me, newPrivateChat);
  drawChats(world, state.me, state.chatId, unread, openChat);
  drawHeader(world, chat, blocked);
  drawTopics(chat, state.threadId, chooseTopic, newTopic);
  drawMessages(inTopic(chat), state.me, `${state.me}:${state.chatId}:${state.threadId ?? ""}`, actions);
  drawComposer(world, chat);
  document.title = chat ? `${chat.title} — ${person()?.name} — sandbox` : "Table Bot sandbox";
  location.replace(`#user=${state.me}&chat=${state.chatId}`);
  document.body.dataset.version = world.version;
}

function drawComposer(world, chat) {
  // a blocked bot is restarted as in Telegram: RESTART sends /start, which unblocks it
  const blocked = isBotChat(chat) && Boolean(person()?.blocked_bot);
  const notStarted = isBotChat(chat) && (!person()?.started_bot || blocked);
  $("composer").hidden = notStarted || !chat;
  $("start-bar").hidden = !notStarted;
  $("start-button").textContent = blocked ? "RESTART" : "START";
  $("text").placeholder = chat ? `Message as ${person()?.name}` : "";
  const menu = $("commands-menu");
  menu.replaceChildren();
  for (const command of world.commands) {
    const item = document.createElement("button");
    item.type = "button";
    item.className = "command-item";
    item.innerHTML = "<b></b><span></span>";
    item.firstChild.textContent = `/${command.command}`;
    item.lastChild.textContent = command.description;
    item.addEventListener("click", () => {
      menu.hidden = true;
      send(`/${command.command}`);
    });
    menu.append(item);
  }
}

// Coalesces bursts of changes into as few fetches as needed; always ends up current.
async function refresh() {
  if (state.busy) {
    state.again = true;
    return state.busy;
  }
  state.busy = (async () => {
    do {
      state.again = false;
      const world = await attempt(() => api.world(state.me));
      if (world) {
        state.world = world;
        draw();
      }
    } while (state.again);
  })().finally(() => {
    state.busy = null;
  });
  return state.busy;
}

function choosePerson(userId) {
  const chat = currentChat();
  state.me = userId;
  if (isBotChat(chat)) state.chatId = userId;
  inline.hide();
  refresh();
}

async function newPrivateChat(otherId) {
  const made = await attempt(() => api.privateChat(state.me, otherId));
  if (made) {
    await refresh();
    openChat(made.chat_id);
  }
}

async function sentInline(chatId) {
  state.chatId = chatId;
  await refresh();
}

const inline = new InlinePanel(
  () => ({ me: state.me, chatId: state.chatId, username: state.world?.bot.username }),
  attempt,
  sentInline,
  (parameter) => openUrl(`https://t.me/${state.world.bot.username}?start=${parameter}`),
  launchResultsWebApp,
);

const switcher = new Switcher(() => state, attempt, (chatId) => refresh().then(() => openChat(chatId)), inline);

function openChat(chatId) {
  if (chatId !== state.chatId) state.threadId = null;
  state.chatId = chatId;
  $("commands-menu").hidden = true;
  inline.hide();
  draw();
  $("text").focus();
}

// --- start -----------------------------------------------------------------------------

function wire() {
  $("composer").addEventListener("submit", (event) => {
    event.preventDefault();
    const text = $("text").value;
    $("text").value = "";
    inline.hide();
    send(text);
  });
  $("text").addEventListener("input", () => inline.typed($("text").value));
  $("menu-button").addEventListener("click", () => {
    $("commands-menu").hidden = !$("commands-menu").hidden;
  });
  $("start-button").addEventListener("click", () => send("/start"));
  $("block-button").addEventListener("click", toggleBlock);
  $("web-app-close").addEventListener("click", closeWebApp);
  api.follow(refresh, (connected) => {
    $("connection").hidden = connected;
  });
}

async function boot() {
  const hash = new URLSearchParams(location.hash.slice(1));
  const everyone = await attempt(() => api.world(null));
  if (!everyone) return;
  const wanted = Number(hash.get("user"));
  state.me = everyone.people.some((p) => p.id === wanted) ? wanted : everyone.people[0]?.id ?? null;
  state.chatId = Number(hash.get("chat")) || null;
  wire();
  await refresh();
}

boot();
