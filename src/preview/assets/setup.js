// The setup page's script. Secrets stay in their boxes until Save sends them; they are never put in
// the browser's storage, and the boxes are emptied once saved.
"use strict";
const $ = (id) => document.getElementById(id);
const state = { mode: "socket", botOk: false, channels: [], manifest: "" };

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

/** Shows a check's answer under its box: the headline, more detail, and what to do. */
function show(id, answer) {
  const box = $(id);
  box.textContent = "";
  if (!answer) { box.className = "result"; return; }
  if (answer.busy || answer.hint) { box.className = "result busy"; box.textContent = answer.busy || answer.hint; return; }
  box.className = "result " + (answer.ok ? "ok" : "bad");
  box.appendChild(el("div", "headline", (answer.ok ? "✓ " : "✗ ") + answer.headline));
  if (answer.detail) box.appendChild(el("div", "detail", answer.detail));
  if (answer.fix && !answer.ok) box.appendChild(el("div", "fix", answer.fix));
}

async function call(path, body) {
  try {
    const res = await fetch(path, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return { status: res.status, body: await res.json() };
  } catch (e) {
    return { status: 0, body: { ok: false, headline: "The preview did not answer: is npm start still running?" } };
  }
}

/** Runs `work` a moment after the last keystroke or paste; a newer run makes an older answer stale. */
function checker(input, resultId, work) {
  let timer = null;
  let seq = 0;
  const run = async () => {
    const value = input.value.trim();
    if (!value) { show(resultId, null); return; }
    const mine = ++seq;
    show(resultId, { busy: "Checking…" });
    const answer = await work(value);
    if (mine === seq) show(resultId, answer);
  };
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(run, 400); });
  input.addEventListener("change", () => { clearTimeout(timer); run(); });
  return run;
}

// Step 1: the manifest and the link.
async function loadManifest() {
  const q = new URLSearchParams({ name: $("app-name").value, mode: state.mode, publicUrl: $("public-url").value });
  const res = await fetch("/setup/manifest?" + q.toString());
  const j = await res.json();
  state.manifest = JSON.stringify(j.manifest, null, 2);
  $("manifest").textContent = state.manifest;
  $("create-app").href = j.link;
}
let manifestTimer = null;
["app-name", "public-url"].forEach((id) => $(id).addEventListener("input", () => {
  clearTimeout(manifestTimer);
  manifestTimer = setTimeout(loadManifest, 250);
}));
document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", () => {
  state.mode = document.querySelector("input[name=mode]:checked").value;
  $("public-url-row").hidden = state.mode !== "http";
  $("app-token-row").hidden = state.mode !== "socket";
  $("signing-row").hidden = state.mode !== "http";
  loadManifest();
}));
$("copy-manifest").addEventListener("click", async () => {
  try {
    await navigator.clipboard.writeText(state.manifest);
    $("copied").textContent = "Copied.";
  } catch (e) {
    // No clipboard (an insecure context, a refusal): open the manifest and select it for Ctrl+C.
    $("manifest").parentElement.open = true;
    const range = document.createRange();
    range.selectNodeContents($("manifest"));
    const sel = window.getSelection();
    sel.removeAllRanges();
    sel.addRange(range);
    $("copied").textContent = "Selected: press Ctrl+C (⌘C on a Mac).";
  }
});

// Step 2: the tokens.
checker($("bot-token"), "bot-result", async (token) => {
  const r = await call("/setup/check/bot", { token });
  state.botOk = r.body.ok === true || (r.body.facts && r.body.facts.missing);
  if (state.botOk) listChannels();
  return r.body;
});
checker($("app-token"), "app-result", async (token) => (await call("/setup/check/app", { token })).body);
checker($("signing-secret"), "signing-result", async (secret) => (await call("/setup/check/signing", { secret })).body);

// Step 3: the kennel, the time zone, the channels.
const kennelCheck = async () => {
  const url = $("kennel-url").value.trim();
  const key = $("kennel-key").value.trim();
  if (!url || !key) return { hint: url ? "Now the API key." : "Now the API's address." };
  return (await call("/setup/check/kennel", { url, key })).body;
};
checker($("kennel-url"), "kennel-result", kennelCheck);
checker($("kennel-key"), "kennel-result", kennelCheck);

function fillZones() {
  const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  let zones = [];
  try { zones = Intl.supportedValuesOf("timeZone"); } catch (e) { zones = []; }
  if (!zones.includes(browserZone)) zones.unshift(browserZone);
  if (!zones.includes("UTC")) zones.push("UTC");
  const select = $("timezone");
  zones.forEach((z) => { const o = el("option", "", z); o.value = z; select.appendChild(o); });
  select.value = browserZone;
  $("timezone-hint").textContent = "Suggested: " + browserZone + ", this browser's own zone. Days (today, tomorrow) and every time shown are read in the zone chosen here.";
}

function channelOptions(select, none) {
  const kept = select.value;
  select.textContent = "";
  const o = el("option", "", none);
  o.value = "";
  select.appendChild(o);
  state.channels.forEach((c) => {
    const opt = el("option", "", "#" + c.name + (c.member ? "" : " (the bot is not in it yet)"));
    opt.value = c.id;
    select.appendChild(opt);
  });
  select.value = state.channels.some((c) => c.id === kept) ? kept : "";
}

async function listChannels() {
  const token = $("bot-token").value.trim();
  show("channels-result", { busy: "Listing the bot's channels…" });
  const r = await call("/setup/check/channels", { token });
  state.channels = r.body.channels || [];
  channelOptions($("digest-channel"), "No morning post");
  channelOptions($("rounds-channel"), "No round posts");
  show("channels-result", r.body.ok ? { ok: true, headline: r.body.headline + " " + r.body.fix } : r.body);
}
$("list-channels").addEventListener("click", listChannels);
["digest-channel", "rounds-channel"].forEach((id) => $(id).addEventListener("change", () => {
  const c = state.channels.find((x) => x.id === $(id).value);
  if (c && !c.member) {
    show("channels-result", { ok: false, headline: "The bot is not in #" + c.name + " yet, so it cannot post there.",
      fix: "Open #" + c.name + " in Slack and type /invite @" + ($("app-name").value.trim() || "Kennel Desk") + ", then press “List the bot's channels again”." });
  }
}));

// Step 4: the port, and Save.
checker($("port"), "port-result", async (port) => (await call("/setup/check/port", { port })).body);

$("save").addEventListener("click", async () => {
  const button = $("save");
  button.disabled = true;
  show("save-result", { busy: "Checking everything once more and saving…" });
  const r = await call("/setup/save", {
    mode: state.mode,
    botToken: $("bot-token").value,
    appToken: $("app-token").value,
    signingSecret: $("signing-secret").value,
    kennelUrl: $("kennel-url").value,
    kennelKey: $("kennel-key").value,
    timezone: $("timezone").value,
    digestChannel: $("digest-channel").value,
    roundsChannel: $("rounds-channel").value,
    port: $("port").value,
  });
  button.disabled = false;
  const box = $("save-result");
  box.textContent = "";
  if (r.body.ok) {
    // Saved: the secrets leave the page.
    ["bot-token", "app-token", "signing-secret", "kennel-key"].forEach((id) => { $(id).value = ""; });
    box.className = "result ok";
    box.appendChild(el("div", "headline", "✓ Saved " + r.body.settings.join(", ") + " in " + r.body.file + "."));
    if (!r.body.written) box.appendChild(el("div", "detail", "(The file already said exactly this: nothing changed.)"));
    if (r.body.backup) box.appendChild(el("div", "detail", "The file as it was before: " + r.body.backup + "."));
    box.appendChild(el("div", "fix next", r.body.next));
    if (r.body.canStart) {
      const start = el("button", "primary", "Start Kennel Desk now");
      start.type = "button";
      start.id = "start-bot";
      start.addEventListener("click", () => startBot(start));
      box.appendChild(start);
    }
    return;
  }
  box.className = "result bad";
  box.appendChild(el("div", "headline", "✗ Not saved: fix these first."));
  const list = el("ul");
  Object.values(r.body.checks || {}).forEach((c) => {
    const li = el("li", "", c.headline);
    if (c.fix) li.appendChild(el("div", "fix", c.fix));
    list.appendChild(li);
  });
  (r.body.problems || []).forEach((p) => list.appendChild(el("li", "", p.variable + ": " + p.problem + " " + p.fix)));
  if (!r.body.checks && !r.body.problems) list.appendChild(el("li", "", r.body.headline || r.body.error || "The preview refused."));
  box.appendChild(list);
});

/** Stops the preview and starts the bot; then watches /healthz until the bot (not the preview) answers. */
async function startBot(button) {
  button.disabled = true;
  const r = await call("/setup/start", {});
  if (!r.body.ok) { show("start-result", r.body); button.disabled = false; return; }
  show("start-result", { busy: "The preview is stopping and Kennel Desk is connecting to Slack…" });
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    await new Promise((done) => setTimeout(done, 1000));
    try {
      const health = await (await fetch("/healthz", { cache: "no-store" })).json();
      if (health && health.preview !== true) {
        show("start-result", { ok: true, headline: "Kennel Desk is running as your bot. In Slack, invite it to your channel (/invite @" +
          ($("app-name").value.trim() || "Kennel Desk") + ") and type /kennel status. This page was the preview's: it is gone now." });
        return;
      }
    } catch (e) {
      // Between the preview and the bot nothing answers for a moment.
    }
  }
  show("start-result", { ok: false, headline: "Kennel Desk did not answer here within a minute.",
    fix: "Look in the terminal where npm start runs: it says what went wrong, and which setting to fix." });
}

fetch("/setup/state").then((r) => r.json()).then((s) => {
  $("env-file").textContent = "Saving writes " + s.envFile + " (readable by you only; the old file is kept as .env.bak)." +
    (s.set.length ? " It already sets: " + s.set.join(", ") + "." : "");
  if (s.previewPort) $("port").value = String(s.previewPort === 0 ? 3000 : s.previewPort);
});
fillZones();
loadManifest();
