var since = -1;
var as = "staff";
var onHome = false;
var homeShown = 0;
var polling = null;
var log = document.getElementById("log");
/** A message's time on the kennel's clock, 24-hour, as every entry in it reads (issue 45: one clock). */
var STAMP = new Intl.DateTimeFormat("en-GB", { timeZone: document.body.dataset.timezone || "UTC", hour: "2-digit", minute: "2-digit", hourCycle: "h23" });
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
  s = s.replace(/```([\s\S]*?)```/g, function (m, code) { return keep("<pre>" + code.replace(/^\n/, "") + "</pre>"); });
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
/** A button on a message ({ id }), on the Home tab ({ home: true }) or in a modal ({ view }: modal.js). */
function button(b, where, blockId) {
  var btn = el("button", "bk-button" + (b.style ? " " + b.style : ""));
  textObject(b.text, btn);
  btn.dataset.actionId = b.action_id;
  btn.addEventListener("click", function () {
    var body = { actionId: b.action_id, value: b.value, blockId: blockId, text: b.text ? b.text.text : "" };
    if (where.view) { body.viewId = where.view.id; body.values = modalValues(); }
    else if (where.home) body.home = true;
    else body.messageId = where.id;
    btn.disabled = true;
    post("/preview/action", body).finally(function () { btn.disabled = false; });
  });
  return btn;
}
/**
 * Radio buttons in an actions block (a care plan form's question): a choice is sent at once, as
 * Slack sends it (block_actions with the option chosen), and the bot draws the form again.
 */
function radios(e, where, blockId) {
  var group = el("div", "choices");
  group.setAttribute("role", "radiogroup");
  var name = "radios" + blockId;
  (e.options || []).forEach(function (o) {
    var row = group.appendChild(el("label", "choice"));
    var box = row.appendChild(el("input"));
    box.type = "radio";
    box.name = name;
    box.value = o.value;
    box.checked = Boolean(e.initial_option && e.initial_option.value === o.value);
    textObject(o.text, row.appendChild(el("span")));
    box.addEventListener("change", function () {
      var body = { actionId: e.action_id, blockId: blockId, selected: { value: o.value, text: o.text } };
      if (where.view) { body.viewId = where.view.id; body.values = modalValues(); }
      else body.messageId = where.id;
      post("/preview/action", body);
    });
  });
  return group;
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
    (b.elements || []).forEach(function (e) {
      if (e.type === "button") a.appendChild(button(e, message, b.block_id));
      else if (e.type === "radio_buttons") a.appendChild(radios(e, message, b.block_id));
    });
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
    if (b.accessory && b.accessory.type === "button") s.appendChild(button(b.accessory, message, b.block_id));
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
  var who = m.author === "bot" ? "Kennel Desk" : m.author === "you" ? (guest ? "You (guest)" : "Jane (you)") : "Slackbot";
  row.appendChild(el("div", "avatar " + m.author, m.author === "bot" ? "KD" : m.author === "you" ? "You" : "SB"));
  var body = el("div", "body");
  var head = el("div");
  head.appendChild(el("span", "who", who));
  if (m.author === "bot") head.appendChild(el("span", "app", "APP"));
  head.appendChild(el("span", "when", STAMP.format(new Date(Number(m.ts.split(".")[0]) * 1000))));
  body.appendChild(head);
  if (m.ephemeral || privately) body.appendChild(el("div", "only", "👁 Only visible to you"));
  if (m.blocks && m.blocks.length) m.blocks.forEach(function (b) { body.appendChild(block(b, m)); });
  else if (m.author === "you") body.appendChild(el("div", "typed", m.text));
  else body.appendChild(textObject({ type: "mrkdwn", text: m.text }, el("div")));
  (m.files || []).forEach(function (f) {
    var a = el("a", "file", "📄 " + (f.title || f.name) + " (" + f.name + ")");
    a.href = "/preview/file/" + encodeURIComponent(f.id);
    a.target = "_blank";
    a.rel = "noopener";
    body.appendChild(a);
  });
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
// In a narrow window the suggestions scroll sideways: say so while some are out of sight.
(function () {
  var chips = document.getElementById("chips");
  var hint = document.getElementById("chips-hint");
  function update() {
    var more = chips.scrollWidth > chips.clientWidth + 2 && chips.scrollLeft + chips.clientWidth < chips.scrollWidth - 2;
    hint.hidden = !more;
    chips.classList.toggle("more", more);
  }
  chips.addEventListener("scroll", update, { passive: true });
  window.addEventListener("resize", update);
  update();
})();
poll();
