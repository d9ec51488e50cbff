// A Mini App opened from a direct link (t.me/<bot>/<app>?startapp=…), as Telegram Web
// opens one: a panel with a frame whose address carries the signed launch parameters
// (sandbox/webapp.py); the app's events (web_app_ready, web_app_expand, web_app_close)
// arrive by postMessage.

const $ = (id) => document.getElementById(id);

// t.me/<bot>/<app>: a Mini App's direct link (t.me/<bot>?start=… is a chat's).
export function isWebAppLink(url, botUsername) {
  try {
    const parsed = new URL(url);
    const path = parsed.pathname.split("/").filter(Boolean);
    const tme = ["t.me", "telegram.me", "telegram.dog"].includes(parsed.hostname.toLowerCase());
    return tme && path.length === 2 && path[0].toLowerCase() === botUsername?.toLowerCase();
  } catch {
    return false;
  }
}

export function openWebApp(address, title) {
  const panel = $("web-app");
  const frame = $("web-app-frame");
  panel.dataset.ready = "";
  panel.dataset.events = "";
  $("web-app-title").textContent = title;
  frame.src = address;
  panel.hidden = false;
  frame.focus();
}

export function closeWebApp() {
  const panel = $("web-app");
  panel.hidden = true;
  $("web-app-frame").src = "about:blank";
}

window.addEventListener("message", (event) => {
  const frame = $("web-app-frame");
  if (!frame || event.source !== frame.contentWindow) return;
  let data = null;
  try {
    data = typeof event.data === "string" ? JSON.parse(event.data) : event.data;
  } catch {
    return;
  }
  const panel = $("web-app");
  const type = data?.eventType;
  if (typeof type !== "string") return;
  panel.dataset.events = `${panel.dataset.events} ${type}`.trim();
  if (type === "web_app_ready") panel.dataset.ready = "1";
  if (type === "web_app_close") closeWebApp();
});
