/**
 * The setup page's Save checks what it saves, and the page reads what was saved: every box refuses
 * a control character or quotes before any check; the value checked is the value written (an address
 * as parsed); .env values survive the bot's own parser or nothing is "saved"; a channel the bot is not
 * in is saved only when accepted, and then listed as not ready; after a save the page is told every
 * setting (secrets as "set, ends …"), a box left empty keeps its saved value, and the saved key never
 * goes to a new address. Against the loopback Slack stand-in and the sandbox kennel API.
 */
import { readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { parseEnv } from "node:util";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import { manifestScopes } from "../../src/preview/manifest.ts";
import { callOrExplain } from "../../src/preview/setup-call.ts";
import { checkBotToken } from "../../src/preview/setup-checks.ts";
import { captureLogger } from "../helpers/log.ts";
import { freePort } from "../helpers/net.ts";
import { setupAnswers, useSetupPreview } from "../helpers/preview.ts";

const BOT = "xoxb-1111-2222-savebottoken7f3a";
const APP = "xapp-1-A111-333-saveapptokenc0de";
const logged = captureLogger();

const setup = useSetupPreview({
  sandbox: { seed: 5, customers: 20, today: "2026-11-22", timezone: "Europe/London" },
  teamId: "T0SAVE",
  preview: { log: logged.log, customers: 10, environment: { PORT: "3996" } },
});

beforeAll(() => {
  setup.slack.socketUrl = "ws://127.0.0.1:9/link";
});

beforeEach(() => {
  rmSync(setup.envFile, { force: true });
  rmSync(`${setup.envFile}.bak`, { force: true });
  setup.slack.authError = undefined;
  setup.slack.scopes = manifestScopes();
  setup.slack.channels = [
    { id: "C0FRONT", name: "front-desk", is_member: true },
    { id: "C0CARE", name: "care-rounds", is_member: false },
  ];
});

async function post(path: string, body: unknown) {
  const res = await fetch(`${setup.preview.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, json: JSON.parse(text) as Record<string, unknown> };
}

const good = () => setupAnswers(setup, { bot: BOT, app: APP });
const fileValues = () => parseEnv(readFileSync(setup.envFile, "utf8")) as Record<string, string>;
type Checks = Record<string, { ok: boolean; headline: string; fix?: string }>;

describe("every box refuses a control character or quotes, before any check", () => {
  it("a kennel address with a line break (a second setting smuggled in) is refused, and nothing is written", async () => {
    const smuggled = `${setup.sandbox.url}\nSLACK_API_URL=https://evil.example/api/`;
    const check = await post("/setup/check/kennel", { url: smuggled, key: setup.sandbox.keys.main });
    expect(check.json.headline).toBe("This contains a line break: paste it again on one line.");
    const saved = await post("/setup/save", { ...good(), kennelUrl: smuggled });
    expect(saved.status).toBe(422);
    expect((saved.json.checks as Checks).kennel?.headline).toMatch(/line break/);
    expect(() => statSync(setup.envFile)).toThrow();
  });

  it("a token with a line break, a tab or a control character: Slack is never asked", async () => {
    const before = setup.slack.api.length;
    const cases: Array<[string, RegExp]> = [
      [`${BOT}\nSLACK_API_URL=x`, /line break/],
      [`xoxb-1111\t2222`, /tab/],
      [`xoxb-1111\u00072222`, /control character/],
      [`xoxb-1111\u20282222`, /line break/],
    ];
    for (const [token, words] of cases) {
      const a = await post("/setup/check/bot", { token });
      expect(a.json.ok, JSON.stringify(token)).toBe(false);
      expect(a.json.headline).toMatch(words);
      expect(a.text).not.toContain(token);
      const app = await post("/setup/check/app", { token: token.replace("xoxb", "xapp") });
      expect(app.json.headline).toMatch(words);
    }
    for (const box of ["timezone", "port"] as const) {
      const a = await post(`/setup/check/${box}`, { [box]: "Europe/London\n" });
      expect(a.json.headline).toMatch(/line break/);
    }
    expect(setup.slack.api.length).toBe(before);
  });

  it("a value wrapped in quotes is explained: the quotes are not part of it", async () => {
    const before = setup.slack.api.length;
    for (const quoted of [`"${BOT}"`, `'${BOT}'`, `“${BOT}”`]) {
      const a = await post("/setup/check/bot", { token: quoted });
      expect(a.json.headline).toMatch(/^This is wrapped in quotes \(.….\): the quotes are not part of it\.$/);
      expect(a.json.fix).toBe("Paste it again without the quotes around it.");
    }
    const key = await post("/setup/check/kennel", {
      url: setup.sandbox.url,
      key: `"${setup.sandbox.keys.main}"`,
    });
    expect(key.json.headline).toMatch(/^The API key: This is wrapped in quotes/);
    expect(setup.slack.api.length).toBe(before);
  });
});

describe("what is checked is what is written", () => {
  it("the kennel address as the settings parse it: spaces and a trailing slash gone, in the check and in .env", async () => {
    const typed = `  ${setup.sandbox.url}/  `;
    const check = await post("/setup/check/kennel", { url: typed, key: setup.sandbox.keys.main });
    expect(check.json).toMatchObject({ ok: true, facts: { baseUrl: setup.sandbox.url } });
    const saved = await post("/setup/save", { ...good(), kennelUrl: typed });
    expect(saved.status).toBe(200);
    expect(fileValues().KENNEL_API_BASE_URL).toBe(setup.sandbox.url);
  });

  it("a value with # = spaces or quotes is quoted so the bot reads it back whole", async () => {
    const tokens = [
      "xoxb-1111-2222-kd#7f3a9Q",
      "xoxb-1111-2222-a=b#c",
      'xoxb-1111-2222-say"hi"#1',
      "xoxb-1111-2222-it's#1",
    ];
    for (const token of tokens) {
      const r = await post("/setup/save", { ...good(), botToken: token });
      expect(r.status, token).toBe(200);
      expect(fileValues().SLACK_BOT_TOKEN, token).toBe(token);
      // As the bot itself loads the file.
      const env: Record<string, string> = {};
      const text = readFileSync(setup.envFile, "utf8");
      Object.assign(env, parseEnv(text));
      expect(env.SLACK_BOT_TOKEN).toBe(token);
    }
    expect(readFileSync(setup.envFile, "utf8")).toContain(`SLACK_BOT_TOKEN="xoxb-1111-2222-it's#1"`);
  });

  it("a value no quote can hold is not saved, and says which; the file stays as it was", async () => {
    writeFileSync(setup.envFile, "# mine\n");
    const r = await post("/setup/save", { ...good(), botToken: "xoxb-1111-2222-a'b\"c`d#e" });
    expect(r.status).toBe(422);
    expect(r.json.ok).toBe(false);
    expect(r.text).toMatch(/SLACK_BOT_TOKEN.*would not be read back/);
    expect(r.text).not.toContain("a'b");
    expect(readFileSync(setup.envFile, "utf8")).toBe("# mine\n");
  });

  it("read back with the bot's parser: a line of the old file that would swallow a setting means not saved", async () => {
    // A multi-line quoted value whose second line looks like the setting Save replaces in place.
    const old = 'NOTE="first line\nSLACK_BOT_TOKEN=xoxb-old\n"\n';
    writeFileSync(setup.envFile, old);
    const r = await post("/setup/save", good());
    expect(r.status).toBe(422);
    expect(r.text).toMatch(/"variable":"SLACK_BOT_TOKEN","problem":"would not be read back/);
    expect(r.text).not.toMatch(/Saved/);
    expect(readFileSync(setup.envFile, "utf8")).toBe(old);
  });
});

describe("a channel the bot is not in", () => {
  it("is not saved until accepted, and then listed as not ready", async () => {
    const first = await post("/setup/save", { ...good(), roundsChannel: "C0CARE", appName: "Paws Inn" });
    expect(first.status).toBe(422);
    expect(first.json).toMatchObject({
      ok: false,
      canAccept: true,
      pending: [
        {
          id: "ROUNDS_CHANNEL",
          accept: "Save anyway: round posts will fail until /invite @Paws Inn in #care-rounds",
        },
      ],
    });
    expect(() => statSync(setup.envFile)).toThrow();
    const accepted = await post("/setup/save", {
      ...good(),
      roundsChannel: "C0CARE",
      appName: "Paws Inn",
      accept: ["ROUNDS_CHANNEL"],
    });
    expect(accepted.status).toBe(200);
    expect(accepted.json.notReady).toEqual([
      "Round posts (ROUNDS_CHANNEL) will fail until you type /invite @Paws Inn in #care-rounds.",
    ]);
    expect(fileValues().ROUNDS_CHANNEL).toBe("C0CARE");
  });

  it("a channel the bot cannot see at all is pending too; one it is in needs nothing", async () => {
    const r = await post("/setup/save", { ...good(), digestChannel: "C0GONE" });
    expect(r.json.pending).toMatchObject([{ id: "DIGEST_CHANNEL" }]);
    expect((r.json.pending as Array<{ headline: string }>)[0]?.headline).toMatch(
      /cannot see the channel C0GONE/,
    );
    const fine = await post("/setup/save", good());
    expect(fine.json).toMatchObject({ ok: true, notReady: [] });
  });
});

describe("after a save, the page reads what was saved", () => {
  it("every setting, the secrets only as 'set, ends …'; the port the bot will use; no secret", async () => {
    await post("/setup/save", { ...good(), port: "3100", timezone: "Europe/Dublin" });
    const res = await fetch(`${setup.preview.url}/setup/state`);
    const text = await res.text();
    const s = JSON.parse(text) as Record<string, unknown>;
    expect(s.saved).toEqual({
      mode: "socket",
      secrets: {
        botToken: { ends: "7f3a" },
        appToken: { ends: "c0de" },
        kennelKey: { ends: setup.sandbox.keys.main.slice(-4) },
      },
      kennelUrl: setup.sandbox.url,
      timezone: "Europe/Dublin",
      digestChannel: "C0FRONT",
      port: "3100",
    });
    // PORT=3996 in the environment npm start runs in wins over the file's, as at any start.
    expect(s).toMatchObject({ environmentPort: "3996", botPort: 3996, canStart: false });
    for (const secret of [BOT, APP, setup.sandbox.keys.main]) expect(text).not.toContain(secret);
  });

  it("a box left empty keeps its saved value: one box changed, nothing pasted again", async () => {
    await post("/setup/save", good());
    const r = await post("/setup/save", {
      ...good(),
      botToken: "",
      appToken: "",
      kennelKey: "",
      timezone: "Europe/Paris",
    });
    expect(r.status).toBe(200);
    expect(r.json.kept).toEqual(["SLACK_BOT_TOKEN", "SLACK_APP_TOKEN", "KENNEL_API_KEY"]);
    expect(fileValues()).toMatchObject({
      SLACK_BOT_TOKEN: BOT,
      SLACK_APP_TOKEN: APP,
      KENNEL_API_KEY: setup.sandbox.keys.main,
      KENNEL_TIMEZONE: "Europe/Paris",
    });
    expect(r.json.next).toMatch(/http:\/\/localhost:3996\/healthz/);
    expect(r.json.portNote).toMatch(/^PORT=3996 is set in the environment npm start runs in/);
  });

  it("the saved values are checked again on request, and said to be the saved ones", async () => {
    await post("/setup/save", good());
    const bot = await post("/setup/check/bot", { token: "", saved: true });
    expect(bot.json.headline).toBe(
      "The saved one: Slack accepted it: the workspace T0SAVE, as the bot @kennel-desk.",
    );
    expect(setup.slack.api.filter((c) => c.path === "/api/auth.test").at(-1)?.authorization).toBe(
      `Bearer ${BOT}`,
    );
    const kennel = await post("/setup/check/kennel", { url: setup.sandbox.url, key: "", saved: true });
    expect(kennel.json).toMatchObject({ ok: true, headline: expect.stringMatching(/^The saved one: /) });
    // Without `saved`, an empty box is empty.
    expect((await post("/setup/check/bot", { token: "" })).json.headline).toBe("No bot token yet.");
  });

  it("the saved key never goes to a new address: it must be pasted again", async () => {
    await post("/setup/save", good());
    const seen: string[] = [];
    const other = createServer((req, res) => {
      seen.push(`${req.method} ${req.url}`);
      res.end("{}");
    });
    await new Promise<void>((r) => other.listen(0, "127.0.0.1", r));
    const url = `http://127.0.0.1:${(other.address() as AddressInfo).port}/api/v1`;
    try {
      const check = await post("/setup/check/kennel", { url, key: "", saved: true });
      expect(check.json.headline).toMatch(/^A new address needs its key/);
      const save = await post("/setup/save", { ...good(), kennelUrl: url, kennelKey: "" });
      expect(save.status).toBe(422);
      expect((save.json.checks as Checks).kennel?.headline).toMatch(/^A new address needs its key/);
      expect(seen).toEqual([]);
      expect(fileValues().KENNEL_API_BASE_URL).toBe(setup.sandbox.url);
    } finally {
      other.close();
    }
  });
});

describe("Slack's failures in the page's words", () => {
  const env = (fetch: typeof globalThis.fetch, apiUrl = "https://slack.com/api/") => ({
    fetch,
    slackApiUrl: apiUrl,
    customSlackUrl: apiUrl !== "https://slack.com/api/",
    log: silentLogger(),
    previewPort: 0,
  });

  it("no network from this computer is said plainly, with what to check here", async () => {
    const offline = (async () => {
      throw new TypeError("fetch failed", {
        cause: Object.assign(new Error("getaddrinfo ENOTFOUND"), { code: "ENOTFOUND" }),
      });
    }) as typeof fetch;
    const a = await checkBotToken(env(offline), BOT);
    expect(a.headline).toBe(
      "No network from this computer to Slack: slack.com could not be found (ENOTFOUND).",
    );
    expect(a.fix).toMatch(/^Check that this computer is online/);
    expect(`${a.headline} ${a.fix}`).not.toMatch(/SLACK_API_URL|service manager|start Kennel Desk/);
  });

  it("a request that cannot even be made (a token that is no header value) is never quoted", async () => {
    const secret = "xoxb-1111-2222-\nsupersecretpart";
    const called = await callOrExplain(env(globalThis.fetch, setup.slack.apiUrl), "bot", "auth.test", secret);
    expect("failed" in called).toBe(true);
    const words = JSON.stringify(called);
    expect(words).not.toContain("supersecretpart");
    expect(words).toMatch(/cannot be sent to Slack as a token/);
  });

  it("and the preview's log holds no token, key or header value after all of the above", async () => {
    const all = logged.lines.join("\n");
    for (const secret of [BOT, APP, setup.sandbox.keys.main, "supersecretpart", "kd#7f3a9Q"])
      expect(all).not.toContain(secret);
  });
});

describe("the house routine box (KENNEL_HOUSE_MEALS)", () => {
  it("checked by the settings' own parser: round names by any of their names, per species, the kennel's own names", async () => {
    const ok = await post("/setup/check/house-meals", { houseMeals: "dog:breakfast,dinner;cat:am,noon,pm" });
    expect(ok.json).toMatchObject({
      ok: true,
      headline:
        "A pet with no diet on record will have a meal due at: dog: morning and evening; cat: morning, midday and evening; others: morning and evening.",
    });
    // An empty box is the default.
    expect((await post("/setup/check/house-meals", { houseMeals: " " })).json.headline).toBe(
      "A pet with no diet on record will have a meal due at: morning and evening.",
    );
    const bad = await post("/setup/check/house-meals", { houseMeals: "morning,brunch" });
    expect(bad.json).toMatchObject({
      ok: false,
      headline: expect.stringMatching(/^The house routine: "brunch" is not a round/),
    });
    expect(bad.json.fix).toMatch(/dog:morning,evening;cat:morning,midday,evening/);
    expect(
      (await post("/setup/check/house-meals", { houseMeals: "morning\nSLACK_API_URL=x" })).json.headline,
    ).toMatch(/line break/);
    // The kennel's own round names, from the saved file, are understood.
    writeFileSync(setup.envFile, "ROUNDS_NAMES=Feed 1,Feed 2,Last feed\n");
    expect((await post("/setup/check/house-meals", { houseMeals: "feed 1,last feed" })).json.ok).toBe(true);
  });

  it("written to .env as typed (quoted where it needs to be), read back as the bot reads it; the default only over a line already there", async () => {
    const saved = await post("/setup/save", { ...good(), houseMeals: "morning,evening" });
    expect(saved.status).toBe(200);
    expect(fileValues().KENNEL_HOUSE_MEALS).toBeUndefined();
    const typed = "dog: breakfast, dinner; cat: morning, midday, evening";
    const r = await post("/setup/save", { ...good(), houseMeals: typed });
    expect(r.status).toBe(200);
    expect(r.json.settings).toContain("KENNEL_HOUSE_MEALS");
    expect(readFileSync(setup.envFile, "utf8")).toContain(`KENNEL_HOUSE_MEALS="${typed}"\n`);
    expect(fileValues().KENNEL_HOUSE_MEALS).toBe(typed);
    expect(loadConfig(fileValues()).rounds.houseMeals).toEqual({
      rounds: ["morning", "evening"],
      bySpecies: { dog: ["morning", "evening"], cat: ["morning", "midday", "evening"] },
    });
    expect((r.json.saved as Record<string, unknown>).houseMeals).toBe(typed);
    // Back to the default: the line stays, saying it.
    await post("/setup/save", { ...good(), houseMeals: "" });
    expect(fileValues().KENNEL_HOUSE_MEALS).toBe("morning,evening");
  });

  it("a routine that cannot be read is not saved, and the check says which box", async () => {
    writeFileSync(setup.envFile, "# mine\n");
    const r = await post("/setup/save", { ...good(), houseMeals: "dog:morning;dog:evening" });
    expect(r.status).toBe(422);
    expect((r.json.checks as Checks).houseMeals?.headline).toMatch(
      /^The house routine: .* gives dog twice\.$/,
    );
    expect(readFileSync(setup.envFile, "utf8")).toBe("# mine\n");
  });
});

describe("the port box", () => {
  it("digits only (0x10, 1e3 and friends are not ports), and a taken port in the page's words", async () => {
    for (const port of ["0x10", "1e3", "+80", "0", "70000"]) {
      const a = await post("/setup/check/port", { port });
      expect(a.json.ok, port).toBe(false);
      expect(a.json.headline).toMatch(/^The port: /);
    }
    const free = await freePort();
    expect((await post("/setup/check/port", { port: String(free) })).json.headline).toBe(
      `Port ${free} is free for the bot.`,
    );
  });
});
