/**
 * The preview's web page: a Slack-like channel and the app's Home tab, rendering the bot's real
 * Block Kit payloads as Slack would: mrkdwn (bold, italic, strike, code, code blocks, links,
 * mentions, emoji shortcodes), headers, sections with fields, a button or an image, context,
 * dividers, actions, thread replies, and the modals the bot opens (a form, Submit, Cancel). Text
 * is inserted as text; the only HTML made is the renderer's own tags. Images are drawn as a labelled frame, never fetched: the page stays offline.
 * A toggle shows everything as a guest account would see it. Usable from about 360 px wide.
 */
import { SANDBOX_REFERENCES } from "../sandbox/data.ts";

const STYLE = `
* { box-sizing: border-box; }
body { margin: 0; font: 15px/1.46668 -apple-system, "Segoe UI", Lato, Roboto, Helvetica, Arial, sans-serif; color: #1d1c1d; background: #fff; display: flex; height: 100vh; }
#sidebar { width: 240px; background: #3f0e40; color: #cfc3cf; padding: 14px 0; flex: none; }
#sidebar h1 { color: #fff; font-size: 18px; margin: 0 16px 16px; }
#sidebar .ch { padding: 3px 16px; }
#sidebar .ch.active { background: #1164a3; color: #fff; }
#main { flex: 1; display: flex; flex-direction: column; min-width: 0; }
#top { border-bottom: 1px solid #ddd; padding: 10px 20px; font-weight: 700; }
#banner { background: #fff8e1; border-bottom: 1px solid #f0d98a; padding: 8px 20px; font-size: 13px; }
#log { flex: 1; overflow-y: auto; padding: 8px 0 16px; }
.msg { display: flex; padding: 8px 20px; gap: 8px; }
.msg:hover { background: #f8f8f8; }
.msg.ephemeral { background: #f4f8fc; }
.avatar { width: 36px; height: 36px; border-radius: 4px; flex: none; display: flex; align-items: center; justify-content: center; color: #fff; font-weight: 700; font-size: 13px; }
.avatar.bot { background: #2f5d50; } .avatar.you { background: #8b5e3c; } .avatar.system { background: #888; }
.body { min-width: 0; flex: 1; }
.who { font-weight: 900; } .app { font-size: 10px; background: #ddd; color: #555; border-radius: 2px; padding: 1px 3px; margin-left: 4px; vertical-align: 2px; }
.when { color: #616061; font-size: 12px; margin-left: 6px; }
.only { color: #616061; font-size: 12px; margin-bottom: 2px; }
.typed { font-family: Monaco, Menlo, Consolas, monospace; }
.bk-header { font-size: 18px; font-weight: 900; margin: 4px 0; }
.bk-section { display: flex; gap: 12px; margin: 4px 0; align-items: flex-start; }
.bk-section > .txt { flex: 1; min-width: 0; white-space: normal; overflow-wrap: anywhere; }
.bk-fields { display: grid; grid-template-columns: 1fr 1fr; gap: 6px 16px; margin-top: 4px; }
.bk-context { color: #616061; font-size: 12px; margin: 4px 0; display: flex; gap: 8px; flex-wrap: wrap; }
.bk-actions { display: flex; gap: 8px; flex-wrap: wrap; margin: 8px 0 4px; }
hr.bk-divider { border: 0; border-top: 1px solid #ddd; margin: 8px 0; }
button.bk-button { border: 1px solid #bbb; background: #fff; border-radius: 4px; padding: 3px 12px; font-weight: 700; font-size: 13px; cursor: pointer; white-space: nowrap; }
button.bk-button:hover { background: #f4f4f4; }
button.bk-button.primary { background: #007a5a; border-color: #007a5a; color: #fff; }
button.bk-button.danger { background: #e01e5a; border-color: #e01e5a; color: #fff; }
code { font-family: Monaco, Menlo, Consolas, monospace; font-size: 12px; color: #e01e5a; background: #f6f6f6; border: 1px solid #ddd; border-radius: 3px; padding: 1px 3px; }
pre { font-family: Monaco, Menlo, Consolas, monospace; font-size: 12px; background: #f8f8f8; border: 1px solid #ddd; border-radius: 4px; padding: 8px; white-space: pre-wrap; overflow-wrap: anywhere; margin: 4px 0; }
a { color: #1264a3; } .mention { background: #e8f5fa; color: #1264a3; border-radius: 3px; padding: 0 2px; }
.thread { margin: 6px 0 0 0; border-left: 3px solid #ddd; padding-left: 10px; }
.thread .msg { padding: 6px 0; }
#composer { border-top: 1px solid #ddd; padding: 12px 20px 16px; }
#composer form { display: flex; gap: 8px; }
#input { flex: 1; font: inherit; padding: 9px 12px; border: 1px solid #999; border-radius: 6px; }
#chips { display: flex; gap: 6px; flex-wrap: wrap; margin-top: 8px; font-size: 13px; }
#chips button { border: 1px solid #ccc; background: #fafafa; border-radius: 12px; padding: 2px 10px; cursor: pointer; font-family: Monaco, Menlo, Consolas, monospace; font-size: 12px; }
#sidebar .ch { cursor: pointer; } #sidebar .ch:hover { background: #350d36; } #sidebar .ch.active:hover { background: #1164a3; }
#sidebar .section { font-size: 13px; margin: 12px 16px 4px; color: #bcabbc; }
#top { display: flex; align-items: center; gap: 12px; flex-wrap: wrap; }
#top .title { flex: 1; min-width: 0; }
#top label { font-weight: 400; font-size: 13px; color: #616061; display: flex; align-items: center; gap: 4px; cursor: pointer; }
#home { flex: 1; overflow-y: auto; padding: 12px 20px 24px; display: none; }
body.on-home #home { display: block; } body.on-home #log, body.on-home #composer { display: none; }
#home .loading { color: #616061; }
#home-view { max-width: 720px; }
#home-dm { margin-top: 16px; border-top: 1px solid #ddd; padding-top: 8px; } #home-dm:empty { display: none; }
#home-dm .msg { padding: 8px 0; }
.bk-image { flex: none; width: 72px; height: 72px; border-radius: 6px; background: #eef3f1; border: 1px solid #cfdcd7; color: #2f5d50; font-size: 11px; line-height: 1.2; display: flex; flex-direction: column; align-items: center; justify-content: center; text-align: center; padding: 4px; overflow: hidden; overflow-wrap: anywhere; }
.bk-image .glyph { font-size: 22px; }
.bk-image-block { margin: 6px 0; width: 100%; max-width: 360px; height: 120px; }
.guest .avatar.you { background: #b45309; }
@media (max-width: 640px) {
  body { flex-direction: column; font-size: 14px; }
  #sidebar { width: auto; display: flex; align-items: center; gap: 2px; padding: 6px 8px; overflow-x: auto; }
  #sidebar h1 { font-size: 15px; margin: 0 8px 0 4px; white-space: nowrap; }
  #sidebar .section { display: none; }
  #sidebar .ch { padding: 3px 8px; border-radius: 4px; white-space: nowrap; }
  #main { min-height: 0; }
  #top, #banner { padding-left: 10px; padding-right: 10px; }
  #banner { font-size: 12px; }
  .msg { padding: 8px 10px; }
  .avatar { width: 28px; height: 28px; font-size: 11px; }
  .bk-section { flex-wrap: wrap; gap: 6px; }
  .bk-section > .txt { flex: 1 1 200px; }
  .bk-fields { grid-template-columns: 1fr; }
  .bk-image { width: 56px; height: 56px; }
  #home { padding: 10px; }
  #composer { padding: 8px 10px 10px; }
  #composer form { flex-wrap: wrap; }
  #input { min-width: 0; width: 100%; flex: 1 1 160px; }
  #chips { flex-wrap: nowrap; overflow-x: auto; padding-bottom: 2px; }
  #chips button { flex: none; }
}
#modal { position: fixed; inset: 0; background: rgba(0,0,0,.45); display: none; align-items: center; justify-content: center; z-index: 10; }
#modal.open { display: flex; }
#modal .box { background: #fff; border-radius: 8px; width: min(520px, 94vw); max-height: 90vh; overflow: auto; padding: 16px 20px; box-shadow: 0 8px 30px rgba(0,0,0,.3); }
#modal h2 { font-size: 18px; margin: 0 0 12px; }
#modal .field { margin: 10px 0; }
#modal .field label { display: block; font-weight: 700; margin-bottom: 4px; }
#modal .hint { color: #616061; font-size: 12px; margin-top: 2px; }
#modal .err { color: #e01e5a; font-size: 12px; margin-top: 2px; }
#modal select, #modal textarea, #modal input { width: 100%; box-sizing: border-box; font: inherit; padding: 4px; }
#modal .buttons { display: flex; justify-content: flex-end; gap: 8px; margin-top: 14px; }
`;

// The client script. It uses no template literals, so it can live in this string as it is.
const SCRIPT = String.raw`
var since = -1;
var as = "staff";
var onHome = false;
var homeShown = 0;
var polling = null;
var log = document.getElementById("log");
var EMOJI = { warning: "⚠️", white_check_mark: "✅", x: "❌", pill: "💊", hourglass_flowing_sand: "⏳", lock: "🔒",
  dog: "🐕", cat: "🐈", paw_prints: "🐾", calendar: "📅", memo: "📝", stethoscope: "🩺", fork_and_knife: "🍽",
  sunny: "☀️", crescent_moon: "🌙", alarm_clock: "⏰", question: "❔", key: "🔑", electric_plug: "🔌", compass: "🧭",
  tada: "🎉", bell: "🔔", scissors: "✂️", shield: "🛡", clipboard: "📋", package: "📦", wastebasket: "🗑" };

function el(tag, cls, text) {
  var e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
function emoji(s) {
  return s.replace(/:([a-z0-9_+-]+):/g, function (m, name) { return EMOJI[name] || m; });
}
function escapeHtml(s) {
  return s.replace(/&(?!(?:amp|lt|gt|quot|#\d+);)/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}
/** Slack mrkdwn to HTML. The bot already escaped &, < and > in text from the API. */
function mrkdwn(src) {
  var tokens = [];
  var keep = function (html) { tokens.push(html); return "\u0000" + (tokens.length - 1) + "\u0000"; };
  var s = src.replace(/<([^<>\n]+)>/g, function (m, inner) {
    var parts = inner.split("|");
    var target = parts[0], label = parts[1];
    if (target.charAt(0) === "#") return keep('<span class="mention">#' + escapeHtml(label || "front-desk") + "</span>");
    if (target.charAt(0) === "@") return keep('<span class="mention">@' + escapeHtml(label || "someone") + "</span>");
    if (target.charAt(0) === "!") return keep('<span class="mention">@' + escapeHtml(target.slice(1).split("^")[0]) + "</span>");
    if (/^(https?:|mailto:)/.test(target)) {
      return keep('<a href="' + escapeHtml(target) + '" target="_blank" rel="noopener noreferrer">' + escapeHtml(label || target) + "</a>");
    }
    return m;
  });
  s = escapeHtml(s);
  s = s.replace(/${"```"}([\s\S]*?)${"```"}/g, function (m, code) { return keep("<pre>" + code.replace(/^\n/, "") + "</pre>"); });
  s = s.replace(/\x60([^\x60\n]+)\x60/g, function (m, code) { return keep("<code>" + code + "</code>"); });
  s = s.replace(/(^|[\s(\u0000])\*([^*\n]+)\*(?=$|[\s).,:;!?\u0000])/g, "$1<b>$2</b>");
  s = s.replace(/(^|[\s(\u0000])_([^_\n]+)_(?=$|[\s).,:;!?\u0000])/g, "$1<i>$2</i>");
  s = s.replace(/(^|[\s(\u0000])~([^~\n]+)~(?=$|[\s).,:;!?\u0000])/g, "$1<s>$2</s>");
  s = emoji(s).replace(/\n/g, "<br>");
  return s.replace(/\u0000(\d+)\u0000/g, function (m, i) { return tokens[Number(i)]; });
}
function textObject(t, node) {
  if (!t) return node;
  if (t.type === "mrkdwn") node.innerHTML = mrkdwn(t.text || "");
  else node.textContent = t.emoji === false ? t.text : emoji(t.text || "");
  return node;
}
function post(path, body) {
  body.as = as;
  return fetch(path, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
}
/** A button on a message ({ id }) or on the Home tab ({ home: true }). */
function button(b, where) {
  var btn = el("button", "bk-button" + (b.style ? " " + b.style : ""));
  textObject(b.text, btn);
  btn.dataset.actionId = b.action_id;
  btn.addEventListener("click", function () {
    btn.disabled = true;
    post("/preview/action", where.home ? { home: true, actionId: b.action_id, value: b.value }
      : { messageId: where.id, actionId: b.action_id, value: b.value })
      .finally(function () { btn.disabled = false; });
  });
  return btn;
}
/** An image, drawn as a labelled frame: the preview fetches nothing from outside. */
function image(i, cls) {
  var box = el("div", "bk-image" + (cls ? " " + cls : ""));
  box.setAttribute("role", "img");
  box.setAttribute("aria-label", i.alt_text || "image");
  box.title = (i.alt_text || "image") + " — " + (i.image_url || "");
  box.appendChild(el("span", "glyph", "📷"));
  box.appendChild(el("span", "alt", i.alt_text || "image"));
  return box;
}
function block(b, message) {
  if (b.type === "header") return textObject(b.text, el("div", "bk-header"));
  if (b.type === "divider") return el("hr", "bk-divider");
  if (b.type === "context") {
    var c = el("div", "bk-context");
    (b.elements || []).forEach(function (e) { c.appendChild(textObject(e, el("span"))); });
    return c;
  }
  if (b.type === "actions") {
    var a = el("div", "bk-actions");
    (b.elements || []).forEach(function (e) { if (e.type === "button") a.appendChild(button(e, message)); });
    return a;
  }
  if (b.type === "section") {
    var s = el("div", "bk-section");
    var txt = el("div", "txt");
    if (b.text) txt.appendChild(textObject(b.text, el("div")));
    if (b.fields) {
      var f = el("div", "bk-fields");
      b.fields.forEach(function (x) { f.appendChild(textObject(x, el("div"))); });
      txt.appendChild(f);
    }
    s.appendChild(txt);
    if (b.accessory && b.accessory.type === "button") s.appendChild(button(b.accessory, message));
    if (b.accessory && b.accessory.type === "image") s.appendChild(image(b.accessory));
    return s;
  }
  if (b.type === "image") return image(b, "bk-image-block");
  return el("div", "", "[" + b.type + "]");
}
function messageNode(m, replies, privately) {
  var row = el("div", "msg" + (m.ephemeral || privately ? " ephemeral" : ""));
  row.dataset.messageId = String(m.id);
  var guest = m.author === "you" && m.user && m.user.indexOf("GUEST") >= 0;
  if (guest) row.classList.add("guest");
  var who = m.author === "bot" ? "Kennel Desk" : m.author === "you" ? (guest ? "You (guest)" : "You") : "Slackbot";
  row.appendChild(el("div", "avatar " + m.author, m.author === "bot" ? "KD" : m.author === "you" ? "You" : "SB"));
  var body = el("div", "body");
  var head = el("div");
  head.appendChild(el("span", "who", who));
  if (m.author === "bot") head.appendChild(el("span", "app", "APP"));
  head.appendChild(el("span", "when", new Date(Number(m.ts.split(".")[0]) * 1000).toLocaleTimeString([], { hour: "2-digit", minute: "2-digit" })));
  body.appendChild(head);
  if (m.ephemeral || privately) body.appendChild(el("div", "only", "👁 Only visible to you"));
  if (m.blocks && m.blocks.length) m.blocks.forEach(function (b) { body.appendChild(block(b, m)); });
  else if (m.author === "you") body.appendChild(el("div", "typed", m.text));
  else body.appendChild(textObject({ type: "mrkdwn", text: m.text }, el("div")));
  if (replies.length) {
    var t = el("div", "thread");
    t.appendChild(el("div", "when", replies.length + (replies.length === 1 ? " reply" : " replies")));
    replies.forEach(function (r) { t.appendChild(messageNode(r, [], privately)); });
    body.appendChild(t);
  }
  row.appendChild(body);
  return row;
}
/** Top-level messages with their thread replies under them. */
function fill(node, messages, privately) {
  node.textContent = "";
  messages.filter(function (m) { return !m.thread_ts; }).forEach(function (m) {
    var replies = messages.filter(function (r) { return r.thread_ts && r.thread_ts === m.ts; });
    node.appendChild(messageNode(m, replies, privately));
  });
}
function render(messages) {
  var atBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 80;
  fill(log, messages, false);
  if (atBottom) log.scrollTop = log.scrollHeight;
}
function renderHome(view, dm) {
  var node = document.getElementById("home-view");
  if (!view || view.version <= homeShown) {
    if (!node.firstChild) node.appendChild(el("div", "loading", "Opening the Home tab…"));
  } else {
    node.textContent = "";
    view.blocks.forEach(function (b) { node.appendChild(block(b, { home: true })); });
    node.dataset.version = String(view.version);
  }
  var list = document.getElementById("home-dm");
  var grew = dm.length > Number(list.dataset.count || 0);
  list.dataset.count = String(dm.length);
  if (dm.length) {
    var msgs = el("div");
    fill(msgs, dm, true);
    list.textContent = "";
    list.appendChild(el("div", "when", "Messages from Kennel Desk (only you see them)"));
    list.appendChild(msgs);
    // A click's answer arrives below the Home view: bring it into sight.
    if (grew && onHome && msgs.lastChild) msgs.lastChild.scrollIntoView({ block: "start" });
  } else list.textContent = "";
}
/** A modal the bot opened (views.open): its fields, Submit and Cancel; the bot's errors shown under them. */
var modalShown = "";
function renderModal(m) {
  var root = document.getElementById("modal");
  if (!m) { root.classList.remove("open"); root.textContent = ""; modalShown = ""; return; }
  if (modalShown === m.id + ":" + m.version) return;
  modalShown = m.id + ":" + m.version;
  root.textContent = "";
  var box = el("div", "box");
  box.setAttribute("role", "dialog");
  box.appendChild(textObject(m.view.title, el("h2")));
  var inputs = [];
  (m.view.blocks || []).forEach(function (b) {
    if (b.type !== "input") { box.appendChild(block(b, {})); return; }
    var f = el("div", "field");
    var label = textObject(b.label, el("label"));
    f.appendChild(label);
    var e = b.element || {};
    var input;
    if (e.type === "static_select") {
      input = el("select");
      input.appendChild(el("option", "", "Choose…")).value = "";
      (e.options || []).forEach(function (o) {
        var opt = el("option", "", o.text.text);
        opt.value = o.value;
        if (e.initial_option && e.initial_option.value === o.value) opt.selected = true;
        input.appendChild(opt);
      });
    } else {
      input = el(e.multiline ? "textarea" : "input");
      if (e.max_length) input.maxLength = e.max_length;
    }
    input.setAttribute("aria-label", b.label ? b.label.text : "");
    f.appendChild(input);
    if (b.hint) f.appendChild(textObject(b.hint, el("div", "hint")));
    var err = el("div", "err");
    f.appendChild(err);
    inputs.push({ b: b, e: e, input: input, err: err });
    box.appendChild(f);
  });
  var buttons = el("div", "buttons");
  var cancel = el("button", "bk-button", (m.view.close && m.view.close.text) || "Cancel");
  var submit = el("button", "bk-button primary", (m.view.submit && m.view.submit.text) || "Submit");
  cancel.addEventListener("click", function () { post("/preview/cancel", {}); renderModal(null); });
  submit.addEventListener("click", function () {
    var values = {};
    inputs.forEach(function (x) {
      var v = {};
      v[x.e.action_id] = x.e.type === "static_select"
        ? { type: "static_select", selected_option: x.input.value ? { value: x.input.value } : null }
        : { type: x.e.type, value: x.input.value || null };
      values[x.b.block_id] = v;
      x.err.textContent = "";
    });
    submit.disabled = true;
    post("/preview/submit", { viewId: m.id, values: values })
      .then(function (r) { return r.json(); })
      .then(function (j) {
        if (j.errors) inputs.forEach(function (x) { x.err.textContent = j.errors[x.b.block_id] || ""; });
        else renderModal(null);
      })
      .finally(function () { submit.disabled = false; });
  });
  buttons.appendChild(cancel);
  buttons.appendChild(submit);
  box.appendChild(buttons);
  root.appendChild(box);
  root.classList.add("open");
}
function poll() {
  var ctl = new AbortController();
  polling = ctl;
  fetch("/preview/state?as=" + as + "&since=" + since, { signal: ctl.signal })
    .then(function (r) { return r.json(); })
    .then(function (j) {
      if (polling !== ctl) return;
      since = j.version;
      render(j.channel);
      renderHome(j.home, j.dm);
      renderModal(j.modal);
    })
    .catch(function () { if (polling === ctl) return new Promise(function (r) { setTimeout(r, 1000); }); })
    .then(function () { if (polling === ctl) poll(); });
}
function restart() {
  if (polling) polling.abort();
  polling = null;
  since = -1;
  poll();
}
function openHome() {
  var v = document.getElementById("home-view");
  homeShown = Number(v.dataset.version || 0);
  v.textContent = "";
  v.dataset.version = "";
  post("/preview/home", {});
}
function show(home) {
  onHome = home;
  document.body.classList.toggle("on-home", home);
  document.getElementById("nav-home").classList.toggle("active", home);
  document.getElementById("nav-channel").classList.toggle("active", !home);
  document.getElementById("title").textContent = home ? "Kennel Desk — Home" : "# front-desk";
  if (home) openHome();
}
document.getElementById("nav-home").addEventListener("click", function () { show(true); });
document.getElementById("nav-channel").addEventListener("click", function () { show(false); });
document.getElementById("as-guest").addEventListener("change", function (e) {
  as = e.target.checked ? "guest" : "staff";
  document.getElementById("home-view").dataset.version = "";
  homeShown = 0;
  document.getElementById("home-view").textContent = "";
  restart();
  if (onHome) openHome();
});
document.getElementById("composer-form").addEventListener("submit", function (e) {
  e.preventDefault();
  var input = document.getElementById("input");
  var text = input.value.trim();
  if (!text) return;
  input.value = "";
  log.scrollTop = log.scrollHeight;
  post("/preview/command", { text: text });
});
document.querySelectorAll("#chips button").forEach(function (b) {
  b.addEventListener("click", function () { var i = document.getElementById("input"); i.value = b.textContent; i.focus(); });
});
poll();
`;

export function previewPage(timezone: string): string {
  const chips = [
    "/arrivals",
    "/departures",
    "/inhouse",
    "/rounds evening",
    "/rounds midday tomorrow",
    `/booking ${SANDBOX_REFERENCES.demo}`,
    "/pet Biscuit",
    "/customer O'Brien",
    "/kennel help",
    "/kennel status",
  ];
  const tz = timezone.replace(/[<>&"]/g, "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Kennel Desk preview</title>
<style>${STYLE}</style>
</head>
<body>
<nav id="sidebar"><h1>Kennel Desk</h1><div class="section">Apps</div><div class="ch" id="nav-home" role="button" tabindex="0">🏠 Home</div><div class="section">Channels</div><div class="ch active" id="nav-channel" role="button" tabindex="0"># front-desk</div></nav>
<main id="main">
<div id="top"><span class="title" id="title"># front-desk</span><label><input type="checkbox" id="as-guest"> View as a guest</label></div>
<div id="banner"><b>Preview.</b> These are the bot's real answers over synthetic data from the local sandbox (no real customers), in the kennel time zone ${tz}. To connect a Slack workspace, follow the README's "Connecting to Slack".</div>
<div id="log" aria-live="polite"></div>
<div id="home" aria-live="polite"><div id="home-view"></div><div id="home-dm"></div></div>
<div id="composer">
<form id="composer-form"><input id="input" autocomplete="off" placeholder="Message #front-desk: type a command such as /arrivals" aria-label="Message"><button class="bk-button primary" type="submit">Send</button></form>
<div id="chips">${chips.map((c) => `<button type="button">${c.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</button>`).join("")}</div>
</div>
</main>
<div id="modal"></div>
<script>${SCRIPT}</script>
</body>
</html>`;
}
