/** `npm start` as a process: refusing incomplete settings, and stopping gracefully on SIGTERM. */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/record/schema.ts";
import { SQLITE_FILE, sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { httpBotEnv, spawnBot, until, untilHealthy } from "../helpers/spawn.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";

/** The bot with these settings; the care record in a folder of the test's own, never ./data. */
const start = (env: Record<string, string>) => spawnBot({ KENNEL_DATA_DIR: dataDir, ...env });

let sandbox: Sandbox;
let slack: SlackStandIn;
const dataDir = mkdtempSync(join(tmpdir(), "kennel-desk-main-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 8, customers: 40, today: "2026-11-22", timezone: "Europe/London" });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF" });
});
afterAll(async () => {
  await slack.close();
  await sandbox.close();
});

type Readiness = { status: number; body: { state?: string; store?: { ok: boolean; engine: string } } };

/**
 * /readyz once the start is over: the port is bound while Slack checks the token (it says
 * slack_connecting then), so the first answer may come before the state the test is about.
 */
async function readyOnceStarted(port: number, p: ReturnType<typeof start>): Promise<Readiness> {
  let ready: Readiness | undefined;
  await until(
    async () => {
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        async (r) => ({ status: r.status, body: (await r.json()) as Readiness["body"] }),
        () => undefined,
      );
      return ready !== undefined && ready.body.state !== "slack_connecting";
    },
    { p, why: () => `the bot did not start: ${p.out()}` },
  );
  if (!ready) throw new Error("no /readyz answer");
  return ready;
}

describe("npm start", () => {
  it("with Slack settings missing: says which variables and where to find them, exit 2, no stack trace", async () => {
    const p = start({ KENNEL_API_KEY: sandbox.keys.main, KENNEL_API_BASE_URL: sandbox.url });
    expect(await p.exit).toBe(2);
    expect(p.out()).toMatch(/SLACK_BOT_TOKEN: is not set\. In the Slack app's settings/);
    expect(p.out()).toMatch(/SLACK_APP_TOKEN: is not set \(nor SLACK_SIGNING_SECRET\)/);
    expect(p.out()).not.toMatch(/\n\s+at /);
    expect(p.out()).not.toContain(sandbox.keys.main);
  });

  it("on SIGTERM: stops taking commands, finishes the one in flight, exits 0", async () => {
    sandbox.setFaults({ latencyMs: 1_500 });
    const port = await freePort();
    const p = start(httpBotEnv(sandbox, slack, SECRET, port));
    try {
      await untilHealthy(port, p);
      const { form, id } = commandForm(slack, { command: "/kennel", text: "status" });
      const ack = await postSigned(`http://127.0.0.1:${port}/slack/events`, SECRET, form);
      expect(ack.status).toBe(200);
      p.child.kill("SIGTERM");
      expect(await p.exit).toBe(0);
      // The command in flight (the API takes 1.5 s) was answered before the process ended.
      expect(JSON.stringify(slack.responsesFor(id).map((r) => r.body))).toMatch(/up and accepted the key/);
      expect(p.out()).toMatch(/stopping: finishing the commands in flight/);
      await expect(fetch(`http://127.0.0.1:${port}/healthz`)).rejects.toThrow();
    } finally {
      sandbox.setFaults({});
      p.child.kill("SIGKILL");
    }
  }, 60_000);

  it("with a care record written by a newer version: refuses to start, in one line, exit 2", async () => {
    const newer = mkdtempSync(join(tmpdir(), "kennel-desk-newer-"));
    const driver = sqliteDriver({ dir: newer });
    const store = createStore(driver, { now: () => new Date() });
    await store.ready();
    await driver.transaction((q) =>
      q("INSERT INTO schema_version (version, what, applied_at) VALUES (?, ?, ?)", [
        SCHEMA_VERSION + 1,
        "a later Kennel Desk",
        new Date().toISOString(),
      ]),
    );
    await store.close();
    try {
      const p = start(httpBotEnv(sandbox, slack, SECRET, await freePort(), { KENNEL_DATA_DIR: newer }));
      expect(await p.exit).toBe(2);
      expect(p.out().trim().split("\n")).toEqual([
        expect.stringMatching(
          new RegExp(
            `^Kennel Desk will not start: The care record at .*${SQLITE_FILE} has schema version ${SCHEMA_VERSION + 1}, newer than this Kennel Desk knows`,
          ),
        ),
      ]);
    } finally {
      rmSync(newer, { recursive: true, force: true });
    }
  });

  it("/readyz names the care record's engine and its state, never its path", async () => {
    const port = await freePort();
    const p = start(httpBotEnv(sandbox, slack, SECRET, port));
    try {
      const { body } = await readyOnceStarted(port, p);
      // Which part, never where: no path (it may answer on an address others reach).
      expect(body.store).toEqual({ ok: true, engine: "sqlite" });
      expect(body.state).toBe("ok");
      expect(JSON.stringify(body)).not.toContain(dataDir);
    } finally {
      p.child.kill("SIGKILL");
    }
  }, 60_000);

  it("with PostgreSQL down at start: says so in one line, starts anyway, /readyz says store_unavailable, commands answer", async () => {
    const port = await freePort();
    const nowhere = await freePort();
    const p = start(
      httpBotEnv(sandbox, slack, SECRET, port, {
        DATABASE_URL: `postgres://kd:pg-secret-pw@127.0.0.1:${nowhere}/kennel`,
        LOG_LEVEL: "info",
      }),
    );
    try {
      const ready = await readyOnceStarted(port, p);
      expect(ready.status).toBe(503);
      expect(ready.body.state).toBe("store_unavailable");
      expect(ready.body.store).toEqual({ ok: false, engine: "postgres" });
      expect(JSON.stringify(ready.body)).not.toMatch(
        new RegExp(`127\\.0\\.0\\.1|${nowhere}|/kennel|ECONNREFUSED`),
      );
      const said = p
        .out()
        .split("\n")
        .filter((l) => l.includes("The care record cannot be used now"));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/cannot be reached.*Commands keep answering/);
      expect(p.out()).not.toContain("pg-secret-pw");
      const { form, id } = commandForm(slack, { command: "/kennel", text: "status" });
      expect((await postSigned(`http://127.0.0.1:${port}/slack/events`, SECRET, form)).status).toBe(200);
      await slack.waitFor(() =>
        slack.responsesFor(id).some((r) => /up and accepted the key/.test(JSON.stringify(r.body))),
      );
    } finally {
      p.child.kill("SIGKILL");
    }
  }, 40_000);
});
