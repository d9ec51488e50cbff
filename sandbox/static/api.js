// The sandbox's JSON API (sandbox/web/routes.py) and its Server-Sent Events.

export class Refused extends Error {}

async function reply(response) {
  let body = null;
  try {
    body = await response.json();
  } catch {
    throw new Refused(`HTTP ${response.status} without a JSON body`);
  }
  if (!response.ok || body.ok === false) {
    throw new Refused(body.error || `HTTP ${response.status}`);
  }
  return body;
}

export async function world(userId) {
  const query = userId == null ? "" : `?user_id=${encodeURIComponent(userId)}`;
  return reply(await fetch(`/api/world${query}`, { cache: "no-store" }));
}

async function post(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return reply(response);
}

export const send = (userId, chatId, text, threadId) =>
  post("/api/send", { user_id: userId, chat_id: chatId, text, thread_id: threadId ?? null });

export const topic = (userId, chatId, name) =>
  post("/api/topic", { user_id: userId, chat_id: chatId, name });

export const block = (userId, blocked) => post("/api/block", { user_id: userId, blocked });

export const press = (userId, chatId, messageId, callbackData) =>
  post("/api/press", {
    user_id: userId,
    chat_id: chatId,
    message_id: messageId,
    callback_data: callbackData,
  });

export const openUrl = (userId, url, chatId) =>
  post("/api/open_url", { user_id: userId, url, chat_id: chatId ?? null });

export const webApp = (userId, url, chatId) =>
  post("/api/web_app", { user_id: userId, url, chat_id: chatId ?? null });

// The web_app button above an inline answer's results (InlineQueryResultsButton).
export const resultsWebApp = (userId, queryId) =>
  post("/api/web_app", { user_id: userId, query_id: queryId });

// Calls onChange() after every visible world change; onState(true/false) on (re)connect.
export function follow(onChange, onState) {
  const events = new EventSource("/api/events");
  events.addEventListener("hello", () => {
    onState(true);
    onChange();
  });
  events.addEventListener("change", () => onChange());
  events.addEventListener("error", () => onState(false));
  return events;
}

// Inline mode: the person typed "@bot query"; resolves with the bot's answer.
export const inline = (userId, chatId, query, offset) =>
  post("/api/inline", { user_id: userId, chat_id: chatId, query, offset: offset ?? "" });

export const choose = (userId, queryId, resultId) =>
  post("/api/choose", { user_id: userId, query_id: queryId, result_id: resultId });

// A switch-to-inline button pressed and a chat picked: the query starts there.
export const switchInline = (userId, chatId, messageId, text, targetChatId) =>
  post("/api/switch", {
    user_id: userId,
    chat_id: chatId,
    message_id: messageId,
    text,
    target_chat_id: targetChatId,
  });

export const privateChat = (userId, otherId) =>
  post("/api/private_chat", { user_id: userId, other_id: otherId });
