// The setup page's script. Secrets stay in their boxes until Save sends them; they are never put in
// the browser's storage, and the boxes are emptied once saved. Reloaded after a save, the page shows
// what the file holds (secrets only as "set, ends …7f3a") and checks the saved values again: a box
// left empty keeps its saved value.
"use strict";
const $ = (id) => document.getElementById(id);
const state = { mode: "socket", botOk: false, channels: [], manifest: "", saved: { secrets: {} }, previewPort: 0, botPort: 3000 };
/** Each secret box, and what the file calls it. */
const SECRET_BOXES = { botToken: "bot-token", appToken: "app-token", signingSecret: "signing-secret", kennelKey: "kennel-key" };

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

const appName = () => $("app-name").value.trim() || "Kennel Desk";
/** "set, ends …7f3a", or "set" for a secret too short to show any of. */
const savedWords = (s) => "set" + (s && s.ends ? ", ends …" + s.ends : "");
const savedSecret = (box) => state.saved.secrets[box];

/**
 * Runs `work` a moment after the last keystroke or paste; a newer run makes an older answer stale.
 * An empty box runs the job `empty()` gives (the saved value's check), or shows nothing.
 */
function checker(input, resultId, work, empty) {
  let timer = null;
  let seq = 0;
  let checked = null;
  const run = async () => {
    const value = input.value.trim();
    checked = value;
    const mine = ++seq;
    const job = value ? () => work(value) : empty && empty();
    if (!job) { show(resultId, null); return; }
    show(resultId, { busy: "Checking…" });
    const answer = await job();
    if (mine === seq) show(resultId, answer);
  };
  input.addEventListener("input", () => { clearTimeout(timer); timer = setTimeout(() => { timer = null; run(); }, 400); });
  // Leaving a box checks it now, unless its value was checked already: an answer redrawn as
  // "Checking…" would move the page under the pointer, and a click on Save would miss.
  input.addEventListener("change", () => {
    if (timer === null && input.value.trim() === checked) return;
    clearTimeout(timer);
    timer = null;
    run();
  });
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
// The app's name (no secret) is kept in this browser, so a reload still says "/invite @Paws Inn".
const NAME_KEY = "kennel-desk-setup-app-name";
try { const kept = localStorage.getItem(NAME_KEY); if (kept) $("app-name").value = kept; } catch (e) { /* no storage */ }
$("app-name").addEventListener("input", () => { try { localStorage.setItem(NAME_KEY, $("app-name").value); } catch (e) { /* no storage */ } });
let manifestTimer = null;
["app-name", "public-url"].forEach((id) => $(id).addEventListener("input", () => {
  clearTimeout(manifestTimer);
  manifestTimer = setTimeout(loadManifest, 250);
}));
function setMode(mode) {
  state.mode = mode;
  document.querySelector("input[name=mode][value=" + mode + "]").checked = true;
  $("public-url-row").hidden = mode !== "http";
  $("app-token-row").hidden = mode !== "socket";
  $("signing-row").hidden = mode !== "http";
}
document.querySelectorAll("input[name=mode]").forEach((r) => r.addEventListener("change", () => {
  setMode(document.querySelector("input[name=mode]:checked").value);
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

// Step 2: the tokens. An empty box with a saved token checks the saved one.
const botCheck = async (body) => {
  const r = await call("/setup/check/bot", body);
  state.botOk = r.body.ok === true || Boolean(r.body.facts && r.body.facts.missing);
  if (state.botOk) listChannels();
  return r.body;
};
/** The saved value's check, for an empty box; none when nothing is saved. */
const ifSaved = (box, job) => () => (savedSecret(box) ? job : undefined);
const checkBot = checker($("bot-token"), "bot-result", (token) => botCheck({ token }),
  ifSaved("botToken", () => botCheck({ token: "", saved: true })));
const checkApp = checker($("app-token"), "app-result", async (token) => (await call("/setup/check/app", { token })).body,
  ifSaved("appToken", async () => (await call("/setup/check/app", { token: "", saved: true })).body));
const checkSigning = checker($("signing-secret"), "signing-result", async (secret) => (await call("/setup/check/signing", { secret })).body,
  ifSaved("signingSecret", async () => (await call("/setup/check/signing", { secret: "", saved: true })).body));

// Step 3: the kennel, the time zone, the channels.
const kennelCheck = async () => {
  const url = $("kennel-url").value.trim();
  const key = $("kennel-key").value.trim();
  const saved = !key && Boolean(savedSecret("kennelKey"));
  if (!url || (!key && !saved)) return { hint: url ? "Now the API key." : "Now the API's address." };
  return (await call("/setup/check/kennel", { url, key, saved })).body;
};
const checkKennel = checker($("kennel-url"), "kennel-result", kennelCheck, () => kennelCheck);
checker($("kennel-key"), "kennel-result", kennelCheck, () => kennelCheck);

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

// The house routine, read by the settings' own parser (the kennel's own round names too).
checker($("house-meals"), "house-meals-result", async (houseMeals) => (await call("/setup/check/house-meals", { houseMeals })).body);

/** The select's options: no channel, the bot's channels, and a saved channel the list does not have. */
function channelOptions(select, none, saved) {
  const kept = select.value || saved || "";
  select.textContent = "";
  const o = el("option", "", none);
  o.value = "";
  select.appendChild(o);
  state.channels.forEach((c) => {
    const opt = el("option", "", "#" + c.name + (c.member ? "" : " (the bot is not in it yet)"));
    opt.value = c.id;
    select.appendChild(opt);
  });
  if (kept && !state.channels.some((c) => c.id === kept)) {
    const opt = el("option", "", kept + (state.listed ? " (saved; the bot cannot see it)" : " (saved)"));
    opt.value = kept;
    select.appendChild(opt);
  }
  select.value = kept;
}

/** A chosen channel the bot is not in: said under the channels, with how to invite it. */
function channelWarning(id) {
  const c = state.channels.find((x) => x.id === $(id).value);
  if (!c || c.member) return false;
  show("channels-result", { ok: false, headline: "The bot is not in #" + c.name + " yet, so it cannot post there.",
    fix: "Open #" + c.name + " in Slack and type /invite @" + appName() + ", then press “List the bot's channels again”." });
  return true;
}

async function listChannels() {
  const token = $("bot-token").value.trim();
  show("channels-result", { busy: "Listing the bot's channels…" });
  const r = await call("/setup/check/channels", { token, saved: !token, appName: appName() });
  state.channels = r.body.channels || [];
  state.listed = r.body.ok === true;
  channelOptions($("digest-channel"), "No morning post", state.saved.digestChannel);
  channelOptions($("rounds-channel"), "No round posts", state.saved.roundsChannel);
  show("channels-result", r.body.ok ? { ok: true, headline: r.body.headline + " " + r.body.fix } : r.body);
  ["digest-channel", "rounds-channel"].some(channelWarning);
}
$("list-channels").addEventListener("click", listChannels);
["digest-channel", "rounds-channel"].forEach((id) => $(id).addEventListener("change", () => channelWarning(id)));

// Step 4: the port, and Save.
checker($("port"), "port-result", async (port) => (await call("/setup/check/port", { port })).body);

function saveBody(accept) {
  return {
    mode: state.mode,
    appName: appName(),
    botToken: $("bot-token").value,
    appToken: $("app-token").value,
    signingSecret: $("signing-secret").value,
    kennelUrl: $("kennel-url").value,
    kennelKey: $("kennel-key").value,
    timezone: $("timezone").value,
    houseMeals: $("house-meals").value,
    digestChannel: $("digest-channel").value,
    roundsChannel: $("rounds-channel").value,
    port: $("port").value,
    accept: accept || [],
  };
}

/** The Start button, once the file holds what the bot needs (after a Save, or reloaded after one). */
function startButton(box) {
  const start = el("button", "primary", "Start Kennel Desk now");
  start.type = "button";
  start.id = "start-bot";
  start.addEventListener("click", () => startBot(start));
  box.appendChild(start);
}

function showSaved(r) {
  const box = $("save-result");
  box.textContent = "";
  box.className = "result ok";
  box.appendChild(el("div", "headline", (r.kennelOnly ? "✓ Saved the kennel settings (" : "✓ Saved ") + r.settings.join(", ") + (r.kennelOnly ? ")" : "") + " in " + r.file + "."));
  if (r.kept && r.kept.length) box.appendChild(el("div", "detail", "Kept as saved (their boxes were left empty): " + r.kept.join(", ") + "."));
  if (!r.written) box.appendChild(el("div", "detail", "(The file already said exactly this: nothing changed.)"));
  if (r.backup) box.appendChild(el("div", "detail", "The file as it was before: " + r.backup + "."));
  if (r.notReady && r.notReady.length) {
    const wait = el("div", "not-ready");
    wait.appendChild(el("div", "headline warn", "Not ready yet:"));
    const list = el("ul");
    r.notReady.forEach((line) => list.appendChild(el("li", "", line)));
    wait.appendChild(list);
    box.appendChild(wait);
  }
  if (r.portNote) box.appendChild(el("div", "detail", r.portNote));
  box.appendChild(el("div", "fix next", r.next));
  if (r.canStart) startButton(box);
}

async function saveNow(accept, kennelOnly) {
  const button = $("save");
  button.disabled = true;
  $("accept-row").hidden = true;
  show("save-result", { busy: kennelOnly ? "Checking the kennel's part once more and saving it…" : "Checking everything once more and saving…" });
  const r = await call(kennelOnly ? "/setup/save-kennel" : "/setup/save", saveBody(accept));
  button.disabled = false;
  const box = $("save-result");
  box.textContent = "";
  if (r.body.ok) {
    // Saved: the secrets leave the page; the boxes now say what is saved.
    // (The kennel's part alone: Slack's boxes keep what was pasted, for when Slack can be reached.)
    (kennelOnly ? ["kennel-key"] : ["bot-token", "app-token", "signing-secret", "kennel-key"]).forEach((id) => { $(id).value = ""; });
    applySaved(r.body.saved);
    state.botPort = r.body.botPort;
    showSaved(r.body);
    return;
  }
  box.className = "result bad";
  const pending = r.body.pending || [];
  const accepting = r.body.canAccept === true;
  box.appendChild(el("div", "headline", accepting ? "✗ Not saved yet: not everything is ready." : "✗ Not saved: fix these first."));
  const list = el("ul");
  // Each problem under the name of its box: two "could not reach Slack" lines say which token.
  const boxes = { bot: "Bot User OAuth Token", app: "App-level token", signing: "Signing Secret", kennel: "The kennel API", timezone: "The kennel's time zone", houseMeals: "The rounds a pet with no diet on record is fed at", port: "Port", digestChannel: "Morning post channel", roundsChannel: "Round posts channel" };
  Object.entries(r.body.checks || {}).forEach(([name, c]) => {
    const li = el("li", "", (boxes[name] ? boxes[name] + ": " : "") + c.headline);
    if (c.fix) li.appendChild(el("div", "fix", c.fix));
    list.appendChild(li);
  });
  pending.forEach((p) => list.appendChild(el("li", "", p.headline)));
  (r.body.problems || []).forEach((p) => list.appendChild(el("li", "", p.variable + ": " + p.problem + " " + p.fix)));
  if (!r.body.checks && !r.body.problems) list.appendChild(el("li", "", r.body.headline || r.body.error || "The preview refused."));
  box.appendChild(list);
  if (r.body.kennelCanSave && !kennelOnly) {
    // Slack cannot be reached (or its part is not right yet), the kennel's part is: save that much now.
    box.appendChild(el("div", "fix", "The kennel's part is checked ✓: it can be saved on its own, and Slack connected later."));
    const kennel = el("button", "", "Save the kennel settings now; connect Slack later");
    kennel.type = "button";
    kennel.id = "save-kennel";
    kennel.addEventListener("click", () => saveNow([], true));
    box.appendChild(kennel);
  }
  if (accepting) {
    box.appendChild(el("div", "fix", "Invite the bot and press Save again, or save now knowing what will not work yet:"));
    const anyway = $("save-anyway");
    anyway.textContent = pending.length === 1 ? pending[0].accept : "Save anyway: " + pending.length + " things above will not work until they are fixed";
    anyway.onclick = () => saveNow(pending.map((p) => p.id));
    $("accept-row").hidden = false;
  }
}
$("save").addEventListener("click", () => saveNow([]));

/** Stops the preview and starts the bot; then watches the bot's health check until it answers. */
async function startBot(button) {
  button.disabled = true;
  const r = await call("/setup/start", {});
  if (!r.body.ok) { show("start-result", r.body); button.disabled = false; return; }
  const port = r.body.botPort;
  const here = String(port) === (location.port || "80");
  const health = here ? "/healthz" : location.protocol + "//" + location.hostname + ":" + port + "/healthz";
  show("start-result", { busy: "The preview is stopping and Kennel Desk is connecting to Slack…" });
  if (!port) {
    show("start-result", { ok: true, headline: "Kennel Desk is starting on the port PORT=0 picks: the terminal where npm start runs says which." });
    return;
  }
  const until = Date.now() + 60000;
  while (Date.now() < until) {
    await new Promise((done) => setTimeout(done, 1000));
    try {
      // On another port the bot's answer cannot be read from this page (another origin): that it
      // answers at all is enough, once the preview has stopped.
      const res = await fetch(health, here ? { cache: "no-store" } : { cache: "no-store", mode: "no-cors" });
      const body = here ? await res.json() : {};
      if (body && body.preview !== true) {
        show("start-result", { ok: true, headline: "Kennel Desk is running as your bot (its health check: http://localhost:" + port + "/healthz). In Slack, invite it to your channel (/invite @" +
          appName() + ") and type /kennel status. This page was the preview's: it is gone now." });
        return;
      }
    } catch (e) {
      // Between the preview and the bot nothing answers for a moment.
    }
  }
  show("start-result", { ok: false, headline: "Kennel Desk did not answer at http://localhost:" + port + "/healthz within a minute.",
    fix: "Look in the terminal where npm start runs: it says what went wrong, and which setting to fix." });
}

/** The saved file's settings in the boxes: values as they are, secrets as "set, ends …7f3a". */
function applySaved(saved) {
  state.saved = saved || { secrets: {} };
  Object.entries(SECRET_BOXES).forEach(([box, id]) => {
    const s = savedSecret(box);
    $(id).placeholder = s ? "Saved: " + savedWords(s) + ". Leave empty to keep it, or paste a new one." : "";
  });
}

function portHints(s) {
  const preview = s.previewPort ? "the preview uses " + s.previewPort + " now and frees it when it stops" : "";
  $("port-where").textContent = "(PORT" + (preview ? "; " + preview : "") + ")";
  $("port-hint").textContent = s.environmentPort
    ? "PORT=" + s.environmentPort + " is set in the environment npm start runs in: the bot listens on " + s.environmentPort + ", whatever this box says."
    : "";
}

async function loadState() {
  const s = await (await fetch("/setup/state")).json();
  state.previewPort = s.previewPort;
  state.botPort = s.botPort;
  applySaved(s.saved);
  const saved = state.saved;
  const any = Object.keys(saved.secrets).length > 0 || saved.kennelUrl;
  // .env.bak only when there is a file to keep.
  $("env-file").textContent = "Saving writes " + s.envFile + (s.exists ? " (readable by you only; the file as it is now is kept as .env.bak)." : " (readable by you only).") +
    (any ? " It holds saved settings: each box shows what is saved; change one box and save, and the others stay as saved." : "");
  if (saved.mode) setMode(saved.mode);
  if (saved.kennelUrl) $("kennel-url").value = saved.kennelUrl;
  if (saved.timezone) {
    const zone = $("timezone");
    if (![...zone.options].some((o) => o.value === saved.timezone)) { const o = el("option", "", saved.timezone); o.value = saved.timezone; zone.appendChild(o); }
    zone.value = saved.timezone;
  }
  if (saved.houseMeals) $("house-meals").value = saved.houseMeals;
  channelOptions($("digest-channel"), "No morning post", saved.digestChannel);
  channelOptions($("rounds-channel"), "No round posts", saved.roundsChannel);
  $("port").value = saved.port || s.environmentPort || String(s.previewPort || 3000);
  portHints(s);
  if (savedSecret("botToken")) checkBot();
  if (savedSecret("appToken") && state.mode === "socket") checkApp();
  if (savedSecret("signingSecret") && state.mode === "http") checkSigning();
  if (saved.kennelUrl && savedSecret("kennelKey")) checkKennel();
  if (!s.canStart && !saved.mode && saved.kennelUrl && savedSecret("kennelKey")) {
    // Reloaded after the kennel's part was saved on its own: Slack's is still to do.
    const box = $("save-result");
    box.textContent = "";
    box.className = "result ok";
    box.appendChild(el("div", "headline", "✓ The kennel settings are saved in " + s.envFile + "."));
    box.appendChild(el("div", "fix next", "Slack is still to connect: steps 1 and 2, then Save the settings."));
  }
  if (s.canStart) {
    // Reloaded after a save, while the preview still runs: the way on is still here.
    const box = $("save-result");
    box.textContent = "";
    box.className = "result ok";
    box.appendChild(el("div", "headline", "✓ Saved in " + s.envFile + ": everything Kennel Desk needs to start as your bot."));
    box.appendChild(el("div", "fix next", "Start it now (the preview stops and the bot connects; its health check is then http://localhost:" + s.botPort + "/healthz), or change a box and save again."));
    startButton(box);
  }
  loadManifest();
  // The saved state is on the page (its checks may still be running): a test waits for this.
  document.body.dataset.state = "loaded";
}

fillZones();
loadState();
