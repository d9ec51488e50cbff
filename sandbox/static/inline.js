// Inline mode in the composer: "@bot query" shows the bot's results above the input;
// clicking one sends it "via @bot". Telegram asks once the username is followed by a space.

import * as api from "./api.js";

const $ = (id) => document.getElementById(id);
const DELAY_MS = 250;

export function inlineQuery(text, username) {
  if (!username) return null;
  const found = new RegExp(`^@${username}\\s([\\s\\S]*)$`, "i").exec(text);
  return found ? found[1] : null;
}

export class InlinePanel {
  // context(): {me, chatId, username}; attempt(action): runs it, toasts a refusal;
  // sent(chatId): after a result was sent; start(param): the results button (/start param);
  // webApp(queryId): the results button that opens a Mini App (web_app)
  constructor(context, attempt, sent, start, webApp) {
    Object.assign(this, { context, attempt, sent, start, webApp, timer: null, asked: 0 });
  }

  hide() {
    clearTimeout(this.timer);
    this.asked += 1; // an answer still on its way is dropped
    $("inline-results").hidden = true;
    $("inline-results").replaceChildren();
  }

  // Called on every change of the input: asks the bot after a short pause.
  typed(text) {
    const { username } = this.context();
    const query = inlineQuery(text, username);
    if (query === null) return this.hide();
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.ask(query), DELAY_MS);
  }

  async ask(query) {
    const { me, chatId } = this.context();
    const ticket = ++this.asked;
    $("inline-results").hidden = false;
    $("inline-results").textContent = "…";
    const answer = await this.attempt(() => api.inline(me, chatId, query));
    if (ticket !== this.asked) return;
    if (!answer) return this.hide();
    this.draw(answer);
  }

  draw(answer) {
    const panel = $("inline-results");
    panel.replaceChildren();
    panel.dataset.queryId = answer.query_id;
    if (answer.button?.start_parameter) {
      const switcher = this.item("inline-button", answer.button.text, "");
      switcher.addEventListener("click", () => {
        this.hide();
        this.start(answer.button.start_parameter);
      });
      panel.append(switcher);
    } else if (answer.button?.web_app_url) {
      const opener = this.item("inline-button", answer.button.text, "");
      opener.dataset.webApp = "1";
      opener.addEventListener("click", () => {
        this.hide();
        this.webApp(answer.query_id);
      });
      panel.append(opener);
    }
    for (const result of answer.results) {
      const item = this.item("inline-result", result.title, result.description ?? "");
      item.dataset.resultId = result.id;
      item.addEventListener("click", () => this.choose(answer.query_id, result.id));
      panel.append(item);
    }
    if (!answer.results.length) panel.append(this.item("inline-empty", "No results", ""));
    panel.hidden = false;
  }

  item(className, title, description) {
    const node = document.createElement("button");
    node.type = "button";
    node.className = className;
    node.innerHTML = "<b></b><span></span>";
    node.firstChild.textContent = title;
    node.lastChild.textContent = description;
    return node;
  }

  async choose(queryId, resultId) {
    const { me } = this.context();
    this.hide();
    const sent = await this.attempt(() => api.choose(me, queryId, resultId));
    if (sent) {
      $("text").value = "";
      await this.sent(sent.chat_id);
    }
  }
}
