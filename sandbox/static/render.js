// Messages as a Telegram client draws them: text + entities (never the bot's raw
// HTML: every character is a DOM text node), inline keyboards, edit marks.

const SAFE_SCHEMES = ["http:", "https:", "tg:"];

function safeUrl(url) {
  try {
    const parsed = new URL(url.includes("://") ? url : `https://${url}`);
    return SAFE_SCHEMES.includes(parsed.protocol) ? parsed.href : null;
  } catch {
    return null;
  }
}

function link(url, actions) {
  const href = safeUrl(url);
  if (href === null) return null;
  const a = document.createElement("a");
  a.href = href;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  a.addEventListener("click", (event) => {
    if (actions.followLink(href)) event.preventDefault();
  });
  return a;
}

// The element for one entity; `null` means: plain text.
function entityElement(entity, content, actions) {
  const make = (tag, cls) => {
    const node = document.createElement(tag);
    if (cls) node.className = cls;
    return node;
  };
  switch (entity.type) {
    case "bold": return make("b");
    case "italic": return make("i");
    case "underline": return make("u");
    case "strikethrough": return make("s");
    case "code": return make("code");
    case "pre": return make("pre");
    case "blockquote":
    case "expandable_blockquote": return make("blockquote");
    case "spoiler": {
      const node = make("span", "spoiler");
      node.addEventListener("click", () => node.classList.add("revealed"));
      return node;
    }
    case "text_link": return link(entity.url, actions);
    case "url": return link(content, actions);
    case "mention":
    case "text_mention": return make("span", "mention");
    case "bot_command": {
      const node = make("span", "command");
      node.addEventListener("click", () => actions.send(content));
      return node;
    }
    default: return null;
  }
}

// Entities nest (the stand-in sorts them as tdlib does); a child is clipped to its parent.
function build(parent, text, start, end, entities, actions) {
  let pos = start;
  let i = 0;
  while (i < entities.length) {
    const entity = entities[i];
    const from = Math.max(entity.offset, pos);
    const to = Math.min(entity.offset + entity.length, end);
    let j = i + 1;
    while (j < entities.length && entities[j].offset < entity.offset + entity.length) j++;
    if (from < to) {
      if (from > pos) parent.append(text.slice(pos, from));
      const node = entityElement(entity, text.slice(from, to), actions) ?? document.createDocumentFragment();
      build(node, text, from, to, entities.slice(i + 1, j), actions);
      parent.append(node);
      pos = to;
    }
    i = j;
  }
  if (pos < end) parent.append(text.slice(pos, end));
}

export function renderText(text, entities, actions) {
  const fragment = document.createDocumentFragment();
  const sorted = [...(entities || [])].sort((a, b) => a.offset - b.offset || b.length - a.length);
  build(fragment, text || "", 0, (text || "").length, sorted, actions);
  return fragment;
}

function renderKeyboard(message, actions) {
  const keyboard = document.createElement("div");
  keyboard.className = "keyboard";
  for (const row of message.buttons) {
    const line = document.createElement("div");
    line.className = row.length >= 6 ? "kb-row grid" : "kb-row";
    for (const button of row) {
      const node = document.createElement("button");
      node.type = "button";
      node.className = button.url ? "kb-btn url" : button.switch_inline != null ? "kb-btn switch" : "kb-btn";
      node.textContent = button.text;
      if (button.callback_data != null) node.dataset.callback = button.callback_data;
      if (button.url) node.dataset.url = button.url;
      node.title = button.url || "";
      node.addEventListener("click", () => actions.button(message, button, node));
      line.append(node);
    }
    keyboard.append(line);
  }
  return keyboard;
}

function clock(seconds) {
  const date = new Date(seconds * 1000);
  return date.toLocaleTimeString([], { hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
}

export function colorOf(id) {
  const palette = ["#e17076", "#faa774", "#a695e7", "#7bc862", "#6ec9cb", "#65aadd", "#ee7aae"];
  return palette[Math.abs(Number(id)) % palette.length];
}

// The quoted message above a reply; clicking it scrolls to the original.
function quote(message, actions) {
  const original = actions.lookup(message.reply_to);
  const node = document.createElement("div");
  node.className = "quote";
  const name = document.createElement("b");
  name.textContent = original ? original.from.name : "Deleted message";
  const line = document.createElement("span");
  line.textContent = original ? (original.text || "").split("\n")[0] : "";
  node.append(name, line);
  node.addEventListener("click", () => actions.reveal(message.reply_to));
  return node;
}

// A photo or animation (a GIF plays by itself, as Telegram plays an animation).
function picture(media) {
  const image = document.createElement("img");
  image.className = `media ${media.kind}`;
  image.src = media.url;
  image.width = media.width;
  image.height = media.height;
  image.alt = media.kind;
  return image;
}

function bubble(message, mine, showSender, actions) {
  const node = document.createElement("div");
  node.className = "bubble";
  if (showSender) {
    const sender = document.createElement("div");
    sender.className = "sender";
    sender.style.color = colorOf(message.from.id);
    sender.textContent = message.from.name;
    node.append(sender);
  }
  if (message.via_bot) {
    const via = document.createElement("div");
    via.className = "via";
    via.textContent = `via @${message.via_bot}`;
    node.append(via);
  }
  if (message.reply_to != null) node.append(quote(message, actions));
  if (message.media) node.append(picture(message.media));
  const text = document.createElement("div");
  text.className = "text";
  const media = message.media;
  text.append(media ? renderText(media.caption, media.caption_entities, actions)
                    : renderText(message.text, message.entities, actions));
  const meta = document.createElement("span");
  meta.className = "meta";
  // an edited message shows when it was edited, as Telegram does
  meta.textContent = message.edited ? `edited ${clock(message.edit_date)}` : clock(message.date);
  if (message.edited) meta.title = `sent ${clock(message.date)}`;
  node.append(text, meta);
  return node;
}

// One message row; `data-edits` counts the edits, so a test (or you) can follow them.
export function renderMessage(message, me, isGroup, actions) {
  const row = document.createElement("div");
  row.dataset.messageId = message.message_id;
  row.dataset.edits = message.edits;
  if (message.service) {
    row.className = "msg service";
    row.textContent = message.service;
    return row;
  }
  const mine = message.from.id === me;
  row.className = `msg ${mine ? "mine" : "theirs"}${message.from.is_bot ? " from-bot" : ""}`;
  if (message.buttons.length) row.classList.add("with-keyboard");
  const column = document.createElement("div");
  column.className = "column";
  column.append(bubble(message, mine, isGroup && !mine, actions));
  if (message.buttons.length) column.append(renderKeyboard(message, actions));
  row.append(column);
  return row;
}
