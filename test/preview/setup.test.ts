import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer, request } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { manifestScopes } from "../../src/preview/manifest.ts";
import { startPreview } from "../../src/preview/server.ts";
import { captureLogger } from "../helpers/log.ts";
import { freePort } from "../helpers/net.ts";
import { setupAnswers, useSetupPreview } from "../helpers/preview.ts";
import { type SocketStandIn, startSocketStandIn } from "../helpers/socket-mode.ts";
import { spawnBot } from "../helpers/spawn.ts";

/** The bot's entry point, as `npm start` runs it (the tests start it in a folder of their own). */
const MAIN = fileURLToPath(new URL("../../src/main.ts", import.meta.url));
const BOT = "xoxb-1111-2222-setupbottoken";
const APP = "xapp-1-A111-333-setupapptoken";
let socket: SocketStandIn;
// The preview's log at every level, with no secret given to scrub: nothing may need scrubbing.
const logged = captureLogger();

const setup = useSetupPreview({
  sandbox: { seed: 3, customers: 30, today: "2026-11-22", timezone: "Europe/London" },
  teamId: "T0KENNEL",
  preview: { log: logged.log },
});

beforeAll(async () => {
  socket = await startSocketStandIn();
  setup.slack.socketUrl = socket.url;
});

afterAll(async () => {
  await socket?.close();
});

beforeEach(() => {
  setup.slack.authError = undefined;
  setup.slack.connectionsError = undefined;
  setup.slack.scopes = manifestScopes();
  setup.slack.channels = [
    { id: "C0FRONT", name: "front-desk", is_member: true },
    { id: "C0ROUNDS", name: "rounds", is_member: false },
  ];
});

interface Answer {
  ok: boolean;
  headline: string;
  fix?: string;
  facts?: Record<string, unknown>;
  channels?: Array<{ id: string; member: boolean }>;
}

async function post(path: string, body: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${setup.preview.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Answer & Record<string, unknown> };
}

const check = async (step: string, body: unknown) => (await post(`/setup/check/${step}`, body)).json;

describe("the app step", () => {
  it("the manifest from manifest.yml with the kennel's name, and Slack's create-an-app link holding it", async () => {
    const res = await fetch(
      `${setup.preview.url}/setup/manifest?name=${encodeURIComponent("  Paws\nInn Desk ")}`,
    );
    const { manifest, link, scopes } = (await res.json()) as {
      manifest: { display_information: { name: string }; settings: { socket_mode_enabled: boolean } };
      link: string;
      scopes: string[];
    };
    expect(manifest.display_information.name).toBe("Paws Inn Desk");
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(scopes).toEqual(expect.arrayContaining(["commands", "chat:write", "channels:read"]));
    const url = new URL(link);
    expect(`${url.origin}${url.pathname}`).toBe("https://api.slack.com/apps");
    expect(url.searchParams.get("new_app")).toBe("1");
    expect(JSON.parse(url.searchParams.get("manifest_json") ?? "")).toEqual(manifest);
  });

  it("HTTP mode: Socket Mode off and every request URL at the public address", async () => {
    const res = await fetch(
      `${setup.preview.url}/setup/manifest?mode=http&publicUrl=https://desk.example.com/`,
    );
    const { manifest } = (await res.json()) as {
      manifest: {
        settings: { socket_mode_enabled: boolean; interactivity: { request_url: string } };
        features: { slash_commands: Array<{ url: string }> };
      };
    };
    expect(manifest.settings.socket_mode_enabled).toBe(false);
    expect(manifest.settings.interactivity.request_url).toBe("https://desk.example.com/slack/events");
    expect(new Set(manifest.features.slash_commands.map((c) => c.url))).toEqual(
      new Set(["https://desk.example.com/slack/events"]),
    );
  });
});

describe("the Slack step", () => {
  it("a good bot token: the workspace and the bot's name, and no scope missing", async () => {
    const a = await check("bot", { token: BOT });
    expect(a.ok).toBe(true);
    expect(a.headline).toBe("Slack accepted it: the workspace T0KENNEL, as the bot @kennel-desk.");
    const call = setup.slack.api.filter((r) => r.path === "/api/auth.test").at(-1);
    expect(call?.authorization).toBe(`Bearer ${BOT}`);
  });

  it("a missing scope is named, with how to add it", async () => {
    setup.slack.scopes = manifestScopes().filter((s) => s !== "users:read" && s !== "channels:read");
    const a = await check("bot", { token: BOT });
    expect(a.ok).toBe(false);
    expect(a.headline).toMatch(/lacks scopes Kennel Desk needs: users:read, channels:read\.$/);
    expect(a.fix).toMatch(/Reinstall to Workspace/);
  });

  it("a revoked bot token: the page's words (paste it here), not the start-up ones (set a variable, restart)", async () => {
    setup.slack.authError = "token_revoked";
    const a = await check("bot", { token: BOT });
    expect(a.ok).toBe(false);
    expect(a.headline).toMatch(/^Slack refused this token \(token_revoked\)/);
    expect(a.fix).toMatch(/Copy the Bot User OAuth Token again .* paste it into this box/);
    expect(`${a.headline} ${a.fix}`).not.toMatch(/SLACK_BOT_TOKEN|start Kennel Desk again|service manager/);
  });

  it("a user token (xoxp-) in the bot box, or the app-level token: a clear sentence, and Slack is not asked", async () => {
    const before = setup.slack.api.length;
    const user = await check("bot", { token: "xoxp-1-2-3-usertoken" });
    expect(user.ok).toBe(false);
    expect(user.headline).toMatch(/^This is a user token \(xoxp-…\)/);
    expect(user.fix).toMatch(/starts with xoxb-/);
    const app = await check("bot", { token: APP });
    expect(app.headline).toMatch(
      /^This is an app-level token \(xapp-…\): it goes in the app-level token box/,
    );
    expect(setup.slack.api.length).toBe(before);
  });

  it("the app-level token: accepted by apps.connections.open; a bot token in its box is named", async () => {
    const good = await check("app", { token: APP });
    expect(good).toMatchObject({ ok: true, headline: expect.stringMatching(/Socket Mode/) });
    expect(setup.slack.api.at(-1)).toMatchObject({
      path: "/api/apps.connections.open",
      authorization: `Bearer ${APP}`,
    });
    const wrong = await check("app", { token: BOT });
    expect(wrong.headline).toMatch(/^This is the bot token \(xoxb-…\): it goes in the bot token box/);
    setup.slack.connectionsError = "invalid_auth";
    const revoked = await check("app", { token: APP });
    expect(revoked.headline).toMatch(/^Slack refused this token \(invalid_auth\)/);
    expect(revoked.fix).toMatch(/xapp-.*paste it into this box/);
  });

  it("Slack not reachable at the address: the network's words", async () => {
    const other = await startPreview({
      port: 0,
      timezone: "UTC",
      log: silentLogger(),
      customers: 5,
      envFile: join(setup.dir, "unused.env"),
      slackApiUrl: `http://127.0.0.1:${await freePort()}/api/`,
    });
    try {
      const res = await fetch(`${other.url}/setup/check/bot`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ token: BOT }),
      });
      const a = (await res.json()) as Answer;
      expect(a.headline).toMatch(
        /^This computer could not reach Slack at http:\/\/127\.0\.0\.1:\d+\/api\/ \(ECONNREFUSED\)\.$/,
      );
      // The address is SLACK_API_URL's: the page names it; no service manager restarts anything here.
      expect(a.fix).toMatch(/SLACK_API_URL/);
      expect(a.fix).not.toMatch(/service manager/);
    } finally {
      await other.close();
    }
  });

  it("the signing secret (HTTP mode): its shape", async () => {
    expect((await check("signing", { secret: "8f14e45fceea167a5a36dedd4bea2543" })).ok).toBe(true);
    const bad = await check("signing", { secret: "not-hex" });
    expect(bad.ok).toBe(false);
    expect(bad.headline).not.toContain("not-hex");
    expect(bad.fix).toMatch(/paste it into this box\.$/);
  });

  it("the channels: the bot's first, the others with how to invite it; a missing scope says so", async () => {
    const a = await check("channels", { token: BOT });
    expect(a.ok).toBe(true);
    expect(a.headline).toBe("The bot is in 1 of the 2 channels it can see.");
    expect(a.channels?.map((c) => [c.id, c.member])).toEqual([
      ["C0FRONT", true],
      ["C0ROUNDS", false],
    ]);
    expect(a.fix).toMatch(/\/invite @Kennel Desk/);
    setup.slack.scopes = ["commands", "chat:write"];
    const missing = await check("channels", { token: BOT });
    expect(missing.ok).toBe(false);
    expect(missing.headline).toMatch(/cannot list channels \(missing_scope: channels:read, groups:read\)/);
  });
});

describe("the kennel step (kennel-desk status's checks and words)", () => {
  it("a good address and key: up, key accepted, and it reads bookings", async () => {
    const a = await check("kennel", { url: setup.sandbox.url, key: setup.sandbox.keys.main });
    expect(a.ok).toBe(true);
    expect(a.headline).toMatch(
      /^The kennel API is up and accepted the key\. It reads the business's bookings \(\d+ in all\)\.$/,
    );
  });

  it("a rejected key: said once, and 'check you copied the whole key' before 'generate a new one'", async () => {
    const a = await check("kennel", { url: setup.sandbox.url, key: "kd_wrong_key_000000000000" });
    expect(a.ok).toBe(false);
    expect(a.headline).toMatch(/^The kennel API refused this key \(request id [^)]+\)\.$/);
    // The headline is not said again below it.
    expect(a.detail).toBeUndefined();
    const fix = a.fix ?? "";
    expect(fix).toMatch(/^Check you copied the whole key/);
    expect(fix.indexOf("whole key")).toBeLessThan(fix.indexOf("generate a new key"));
    // On the page the fix is the box, not a setting to edit and a bot to restart.
    expect(fix).toMatch(/paste it into the API key box again/);
    expect(fix).not.toMatch(/KENNEL_API_KEY|restart/);
  });

  it("a wrong address: nothing there, not the API, or plain http to another computer", async () => {
    const nothing = await check("kennel", {
      url: `http://127.0.0.1:${await freePort()}/api/v1`,
      key: setup.sandbox.keys.main,
    });
    expect(nothing.headline).toMatch(
      /^The kennel API at 127\.0\.0\.1:\d+ did not answer from this computer \(the connection was refused\)\.$/,
    );
    const notApi = await check("kennel", {
      url: `${setup.preview.url}/api/v1`,
      key: setup.sandbox.keys.main,
    });
    expect(notApi.ok).toBe(false);
    const plain = await check("kennel", {
      url: "http://kennel.example.com/api/v1",
      key: setup.sandbox.keys.main,
    });
    expect(plain.headline).toMatch(/^The address: plain http:\/\/ is refused/);
    const noPath = await check("kennel", {
      url: "https://kennel.example.com/",
      key: setup.sandbox.keys.main,
    });
    expect(noPath.headline).toMatch(/does not end in \/api\/v1/);
  });

  it("the time zone as KENNEL_TIMEZONE is read", async () => {
    expect((await check("timezone", { timezone: "Europe/Dublin" })).ok).toBe(true);
    expect((await check("timezone", { timezone: "BST" })).headline).toMatch(/BST is not a zone/);
  });

  it("a taken port is named, with what to do; the preview's own port is fine", async () => {
    const busy = createServer();
    await new Promise<void>((r) => busy.listen(0, r));
    const port = (busy.address() as AddressInfo).port;
    try {
      const a = await check("port", { port: String(port) });
      expect(a.ok).toBe(false);
      expect(a.headline).toBe(
        `Port ${port} is already in use on this computer: another program (or another Kennel Desk) listens there.`,
      );
      expect(a.fix).toMatch(/^Choose another port in this box/);
      const own = await check("port", { port: new URL(setup.preview.url).port });
      expect(own.ok).toBe(true);
    } finally {
      busy.close();
    }
  });
});

describe("safe by construction", () => {
  it("a request from another site (Origin) is refused, and nothing is checked", async () => {
    const before = setup.slack.api.length;
    const r = await post("/setup/check/bot", { token: BOT }, { origin: "https://evil.example" });
    expect(r.status).toBe(403);
    expect(setup.slack.api.length).toBe(before);
    const save = await post("/setup/save", {}, { origin: "http://localhost.evil.example:80" });
    expect(save.status).toBe(403);
  });

  it("a request under another name (DNS rebinding: Host evil.example) is refused, on every route", async () => {
    const port = Number(new URL(setup.preview.url).port);
    const get = (path: string, headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        request({ host: "127.0.0.1", port, path, headers }, (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        })
          .on("error", reject)
          .end();
      });
    for (const path of ["/setup", "/setup/state", "/", "/preview/state"]) {
      expect(await get(path, { host: `evil.example:${port}` }), path).toBe(403);
      expect(await get(path, { host: `localhost.evil.example:${port}` }), path).toBe(403);
    }
    // Through a tunnel (ssh -L 8080:localhost:PORT) the page still opens, and calls from itself pass;
    // a page of another local program (another port) is refused.
    expect(await get("/setup", { host: "localhost:8080" })).toBe(200);
    expect(await get("/setup/state", { host: "localhost:8080", origin: "http://localhost:8080" })).toBe(200);
    expect(await get("/setup/state", { host: `localhost:${port}`, origin: "http://localhost:8080" })).toBe(
      403,
    );
  });

  it("a POST that is not JSON (a plain form from another page) is refused", async () => {
    const res = await fetch(`${setup.preview.url}/setup/save`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "botToken=x",
    });
    expect(res.status).toBe(415);
  });

  it("listens on 127.0.0.1 only", async () => {
    const port = Number(new URL(setup.preview.url).port);
    const nets = (await import("node:os")).networkInterfaces();
    const other = Object.values(nets)
      .flat()
      .find((n) => n && n.family === "IPv4" && !n.internal)?.address;
    if (!other) return; // A machine with loopback only: nothing else to try.
    await expect(fetch(`http://${other}:${port}/setup`)).rejects.toThrow();
  });
});

const good = () => setupAnswers(setup, { bot: BOT, app: APP });

describe("Save", () => {
  it("refuses while a check fails, and writes nothing", async () => {
    const r = await post("/setup/save", { ...good(), botToken: "xoxp-1-2-3-usertoken" });
    expect(r.status).toBe(422);
    expect(r.json.checks).toMatchObject({ bot: { ok: false } });
    expect(() => statSync(setup.envFile)).toThrow();
  });

  it("writes .env once and right: mode 600, other lines kept, the old file in .env.bak; secrets never sent back", async () => {
    const old = "# my notes\nLOG_LEVEL=debug\nDIGEST_CHANNEL=C0OLD\n";
    writeFileSync(setup.envFile, old, { mode: 0o644 });
    const first = await post("/setup/save", good());
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ ok: true, written: true, backup: `${setup.envFile}.bak` });
    const written = readFileSync(setup.envFile, "utf8");
    expect(written).toBe(
      [
        "# my notes",
        "LOG_LEVEL=debug",
        "DIGEST_CHANNEL=C0FRONT",
        "",
        "# Written by the preview's setup page (npm start, then /setup)",
        `SLACK_BOT_TOKEN=${BOT}`,
        `SLACK_APP_TOKEN=${APP}`,
        `KENNEL_API_BASE_URL=${setup.sandbox.url}`,
        `KENNEL_API_KEY=${setup.sandbox.keys.main}`,
        "KENNEL_TIMEZONE=Europe/London",
        `PORT=${new URL(setup.preview.url).port}`,
        "",
      ].join("\n"),
    );
    expect(statSync(setup.envFile).mode & 0o777).toBe(0o600);
    expect(readFileSync(`${setup.envFile}.bak`, "utf8")).toBe(old);
    expect(statSync(`${setup.envFile}.bak`).mode & 0o777).toBe(0o600);
    // Saving the same again (a double click) writes nothing and keeps the first backup.
    const again = await post("/setup/save", good());
    expect(again.json).toMatchObject({ ok: true, written: false });
    expect(readFileSync(`${setup.envFile}.bak`, "utf8")).toBe(old);
    // What the page can read back: names, never a value.
    const state = await (await fetch(`${setup.preview.url}/setup/state`)).text();
    expect(JSON.parse(state).set).toEqual(expect.arrayContaining(["SLACK_BOT_TOKEN", "KENNEL_API_KEY"]));
    for (const text of [first.text, again.text, state]) {
      for (const secret of [BOT, APP, setup.sandbox.keys.main]) expect(text).not.toContain(secret);
    }
  });

  it("HTTP mode: the signing secret is saved, and an app-level token left in the file is emptied", async () => {
    writeFileSync(setup.envFile, `SLACK_APP_TOKEN=${APP}\n`);
    const secret = "8f14e45fceea167a5a36dedd4bea2543";
    const r = await post("/setup/save", { ...good(), mode: "http", appToken: "", signingSecret: secret });
    expect(r.status).toBe(200);
    const text = readFileSync(setup.envFile, "utf8");
    expect(text).toMatch(/^SLACK_APP_TOKEN=\n/);
    expect(text).toContain(`SLACK_SIGNING_SECRET=${secret}\n`);
    expect(r.text).not.toContain(secret);
  });

  it("a double click saves once: two saves at the same moment leave the first file in .env.bak", async () => {
    const old = "# before the double click\n";
    writeFileSync(setup.envFile, old);
    const [a, b] = await Promise.all([post("/setup/save", good()), post("/setup/save", good())]);
    expect([a.json.written, b.json.written].sort()).toEqual([false, true]);
    expect(readFileSync(`${setup.envFile}.bak`, "utf8")).toBe(old);
    expect(readFileSync(setup.envFile, "utf8").match(/SLACK_BOT_TOKEN=/g)).toHaveLength(1);
  });

  it("Start Kennel Desk now: refused here, where no npm start waits for it", async () => {
    const r = await post("/setup/start", {});
    expect(r.status).toBe(409);
    expect(r.json.headline).toBe("Stop the preview (Ctrl+C) and run npm start again.");
  });

  it("`npm start` after saving connects to Slack in Socket Mode with what was saved", async () => {
    const port = await freePort();
    writeFileSync(setup.envFile, "");
    const saved = await post("/setup/save", { ...good(), port: String(port) });
    expect(saved.json.canStart).toBe(false);
    expect(saved.status).toBe(200);
    const before = socket.connections;
    const p = spawnBot({ SLACK_API_URL: setup.slack.apiUrl }, { args: [MAIN], cwd: setup.dir });
    try {
      await socket.waitForConnections(before + 1, 15_000).catch(() => {
        throw new Error(`the bot did not connect: ${p.out()}`);
      });
      const call = setup.slack.api.filter((r) => r.path === "/api/auth.test").at(-1);
      expect(call?.authorization).toBe(`Bearer ${BOT}`);
      expect(p.out()).not.toMatch(/PREVIEW/);
      p.child.kill("SIGTERM");
      expect(await p.exit).toBe(0);
    } finally {
      p.child.kill("SIGKILL");
    }
  }, 60_000);
});

describe("the preview's log, after every check and save above", () => {
  it("holds no token and no key", () => {
    const all = logged.lines.join("\n");
    for (const secret of [
      BOT,
      APP,
      setup.sandbox.keys.main,
      "xoxp-1-2-3-usertoken",
      "kd_wrong_key_000000000000",
    ])
      expect(all).not.toContain(secret);
  });
});

/** `npm start` with no settings, as a process in `cwd`: its output, and the preview's address once up. */
function startMain(cwd: string, env: Record<string, string>) {
  const p = spawnBot(env, { args: [MAIN], cwd });
  const url = async () => {
    // A deadline for a hung start, not a speed goal (start-up is timed by `npm run bench:start`).
    const until = Date.now() + 60_000;
    for (;;) {
      const found = /Open (http:\/\/localhost:\d+)/.exec(p.out())?.[1];
      if (found) return found;
      if (Date.now() > until) throw new Error(`the preview did not start: ${p.out()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  };
  return { ...p, url };
}

describe("from the preview to the bot, in one npm start", () => {
  it("Save, then Start Kennel Desk now: the preview stops and the bot connects", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "kd-setup-start-"));
    const p = startMain(cwd, { PORT: "0", SLACK_API_URL: setup.slack.apiUrl });
    try {
      const url = await p.url();
      const call = async (path: string, body: unknown) => {
        const res = await fetch(`${url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        });
        return { status: res.status, json: (await res.json()) as Record<string, unknown> };
      };
      // Start before Save: refused.
      expect((await call("/setup/start", {})).json.headline).toBe("Save the settings first.");
      const state = async () =>
        (await fetch(`${url}/setup/state`)).json() as Promise<Record<string, unknown>>;
      expect(await state()).toMatchObject({ canStart: false });
      const port = new URL(url).port;
      const saved = await call("/setup/save", { ...good(), port });
      expect(saved.json).toMatchObject({ ok: true, canStart: true, file: join(cwd, ".env") });
      // A reload of the page after the save: still startable, the saved settings shown as saved.
      expect(await state()).toMatchObject({
        canStart: true,
        saved: { mode: "socket", secrets: { botToken: { ends: BOT.slice(-4) } } },
      });
      const before = socket.connections;
      expect((await call("/setup/start", {})).status).toBe(200);
      await socket.waitForConnections(before + 1, 15_000).catch(() => {
        throw new Error(`the bot did not connect: ${p.out()}`);
      });
      expect(p.out()).toMatch(/Kennel Desk now starts as your bot/);
      // The bot's own health check answers (PORT=0 in this environment wins over the file's, as at any start).
      await expect
        .poll(() => p.out(), { timeout: 10_000 })
        .toMatch(/health checks on http:\/\/localhost:\d+/);
      const health = /health checks on (http:\/\/localhost:\d+)\/healthz/.exec(p.out())?.[1];
      await expect
        .poll(() =>
          fetch(`${health}/healthz`).then(
            (r) => r.json() as Promise<unknown>,
            () => undefined,
          ),
        )
        .toMatchObject({ status: "ok", slack: "connected" });
      for (const secret of [BOT, APP, setup.sandbox.keys.main]) expect(p.out()).not.toContain(secret);
      p.child.kill("SIGTERM");
      expect(await p.exit).toBe(0);
    } finally {
      p.child.kill("SIGKILL");
    }
  }, 120_000);

  it("a port changed on the page is the bot's port, not the one the old .env gave the preview", async () => {
    const cwd = mkdtempSync(join(tmpdir(), "kd-setup-port-"));
    const [first, second] = [await freePort(), await freePort()];
    // Only a port in .env (no Slack or kennel setting): npm start is the preview, on that port.
    writeFileSync(join(cwd, ".env"), `PORT=${first}\n`);
    const p = startMain(cwd, { SLACK_API_URL: setup.slack.apiUrl });
    try {
      const url = await p.url();
      expect(url).toBe(`http://localhost:${first}`);
      const post = (path: string, body: unknown) =>
        fetch(`${url}${path}`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(body),
        }).then((r) => r.json() as Promise<Record<string, unknown>>);
      expect(await post("/setup/save", { ...good(), port: String(second) })).toMatchObject({
        ok: true,
        botPort: second,
      });
      expect(await post("/setup/start", {})).toMatchObject({ ok: true, botPort: second });
      await expect
        .poll(() => p.out(), { timeout: 15_000 })
        .toContain(`health checks on http://localhost:${second}/healthz`);
      p.child.kill("SIGTERM");
      expect(await p.exit).toBe(0);
    } finally {
      p.child.kill("SIGKILL");
    }
  }, 120_000);
});
