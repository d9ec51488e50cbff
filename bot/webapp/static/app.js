"use strict";
// The hand app (bot/webapp/server.py): the person's hand and the table, the legal
// moves as buttons. The launch's signed initData goes with every request.
(() => {
  const $ = (id) => document.getElementById(id);
  const hash = new URLSearchParams(location.hash.slice(1));
  // Telegram's own object when its script is there; else the launch parameters a client
  // puts in the address (#tgWebAppData=…), and its events to the host page or app.
  const tg = (window.Telegram && window.Telegram.WebApp) || bridge();
  function bridge() {
    const post = (type, data) => {
      const proxy = window.TelegramWebviewProxy;
      if (proxy && proxy.postEvent) proxy.postEvent(type, JSON.stringify(data || {}));
      else if (window.parent !== window) window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), "*");
    };
    let theme = {};
    try { theme = JSON.parse(hash.get("tgWebAppThemeParams") || "{}"); } catch (e) { theme = {}; }
    const initData = hash.get("tgWebAppData") || "";
    let user = null;
    try { user = JSON.parse(new URLSearchParams(initData).get("user") || "null"); } catch (e) { user = null; }
    return { initData, initDataUnsafe: { user, start_param: new URLSearchParams(initData).get("start_param") }, themeParams: theme,
             ready: () => post("web_app_ready"), expand: () => post("web_app_expand") };
  }
  const theme = tg.themeParams || {};
  for (const [key, name] of [["bg_color", "bg"], ["text_color", "text"], ["hint_color", "hint"],
    ["button_color", "button"], ["button_text_color", "button-text"], ["secondary_bg_color", "secondary-bg"]]) {
    if (theme[key]) document.documentElement.style.setProperty(`--tg-${name}`, theme[key]);
  }
  const auth = { Authorization: "tma " + (tg.initData || "") };
  // opened by an inline answer's button: no start_param, the table is in the address
  const table = new URLSearchParams(location.search).get("table");
  const named = (route, more) => {
    const query = new URLSearchParams(more || {});
    if (table) query.set("table", table);
    const text = query.toString();
    return text ? `${route}?${text}` : route;
  };
  let shown = null, busy = false, words = {};
  const RED = { H: true, D: true }, SUIT = { S: "♠", H: "♥", D: "♦", C: "♣" };

  function card(c) {
    const node = document.createElement("div");
    node.className = "card" + (RED[c.suit] ? " red" : "");
    node.setAttribute("role", "img");
    node.setAttribute("aria-label", c.label);
    node.innerHTML = `<span></span><span class="s"></span>`;
    node.children[0].textContent = c.rank;
    node.children[1].textContent = SUIT[c.suit] || c.suit;
    return node;
  }
  function note(text, bad) { $("note").textContent = text || ""; $("note").className = bad ? "bad" : ""; }

  function draw(s) {
    shown = s; words = s.labels || {};
    document.documentElement.lang = (s.labels && s.labels.lang) || "en";
    document.body.dataset.version = s.version;
    $("title").textContent = s.title;
    $("table-h").textContent = words.table; $("hand-h").textContent = words.hand; $("moves-h").textContent = words.moves;
    const piles = $("piles"); piles.replaceChildren();
    for (const pile of s.piles) {
      const box = document.createElement("div"); box.className = "pile";
      const cards = document.createElement("div"); cards.className = "cards";
      if (pile.name) { const b = document.createElement("b"); b.textContent = pile.name; box.append(b); }
      for (const pair of pile.pairs || []) { const p = document.createElement("div"); p.className = "pair"; p.setAttribute("role", "group"); p.append(...pair.map(card)); cards.append(p); }
      for (const c of pile.cards || []) cards.append(card(c));
      if (pile.books) { const b = document.createElement("b"); b.textContent = `${s.names[pile.seat]}: ${pile.books.join(" ") || "—"}`; box.append(b); }
      box.append(cards); piles.append(box);
    }
    $("facts").replaceChildren(...s.facts.map((f) => { const li = document.createElement("li"); li.textContent = f; return li; }));
    $("seats").replaceChildren(...s.names.map((name, i) => {
      const li = document.createElement("li");
      const count = s.counted[i];
      li.textContent = name + (count !== undefined ? ` — ${count}` : "");
      if (s.to_move.includes(i)) { li.className = "now"; li.textContent = "▶ " + li.textContent; }
      return li;
    }));
    const mine = s.seat !== null && s.seat !== undefined;
    $("hand-s").hidden = !mine; $("moves-s").hidden = !mine;
    // a card a move plays (or, in Go Fish, shows) chooses that move when tapped
    const byCard = {};
    for (const m of s.moves) for (const code of m.cards || []) (byCard[code] = byCard[code] || []).push(m);
    $("hand").replaceChildren(...s.hand.map((c) => {
      const n = card(c), options = byCard[c.code] || [];
      n.setAttribute("role", "listitem");
      if (!options.length) return n;
      n.setAttribute("role", "button"); n.tabIndex = 0; n.classList.add("playable");
      n.setAttribute("aria-label", `${c.label}: ${options.map((m) => m.title).join(", ")}`);
      const choose = () => tap(options);
      n.addEventListener("click", choose);
      n.addEventListener("keydown", (e) => { if (e.key === "Enter" || e.key === " ") { e.preventDefault(); choose(); } });
      return n;
    }));
    $("moves").replaceChildren(...s.moves.map((m) => {
      const b = document.createElement("button");
      b.type = "button"; b.textContent = m.title; b.dataset.move = m.argument;
      if (m.description) b.title = m.description;
      b.setAttribute("aria-label", m.description ? `${m.title}: ${m.description}` : m.title);
      b.addEventListener("click", () => play(m.argument));
      return b;
    }));
    $("words").querySelector("summary").textContent = words.words;
    $("table-text").textContent = s.table_text || "";
    if (!mine) note(words.watching);
    else if (s.status !== "running") note(words.over);
    else if (!s.moves.length) note(words.no_moves);
    else if (s.to_move.includes(s.seat)) note(words.your_turn);
    else note("");
  }

  async function load(again) {
    const v = again && shown ? { v: shown.version, l: shown.labels.lang } : {};
    const r = await fetch(named("api/state", v), { headers: auth, cache: "no-store" });
    if (r.status === 204) return;
    const body = await r.json();
    if (body.ok) draw(body.state); else note(body.text || body.error, true);
  }

  function tap(options) {
    if (options.length === 1) { play(options[0].argument); return; }
    const wanted = new Set(options.map((m) => m.argument));
    for (const b of $("moves").querySelectorAll("button")) b.classList.toggle("pick", wanted.has(b.dataset.move));
    note(words.choose);
  }

  async function play(move) {
    if (busy || !shown) return;
    busy = true;
    for (const b of $("moves").querySelectorAll("button")) b.disabled = true;
    try {
      const r = await fetch(named("api/move"), { method: "POST", headers: { ...auth, "Content-Type": "application/json" },
        body: JSON.stringify({ version: shown.version, move, seat: shown.seat }) });
      const body = await r.json();
      if (body.ok) draw(body.state);
      else { note(`${words.refused}: ${body.text || body.error}`, true); await load(false); }
    } catch (e) { note(String(e), true); }
    finally { busy = false; for (const b of $("moves").querySelectorAll("button")) b.disabled = false; }
  }

  async function poll() {
    try { if (!busy) await load(true); } catch (e) { /* the network: the next look */ }
    setTimeout(poll, 700);
  }
  tg.ready && tg.ready();
  tg.expand && tg.expand();
  load(false).catch((e) => note(String(e), true)).finally(() => setTimeout(poll, 700));
})();
