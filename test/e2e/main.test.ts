/** `npm start` as a process: refusing incomplete settings, and stopping gracefully on SIGTERM. */
import { type ChildProcess, spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { commandForm, postSigned, type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";

const SECRET = "8f14e45fceea167a5a36dedd4bea2543";

function start(env: Record<string, string>): {
  child: ChildProcess;
  out: () => string;
  exit: Promise<number | null>;
} {
  const child = spawn(process.execPath, ["src/main.ts"], {
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  const exit = new Promise<number | null>((r) => child.on("exit", (code) => r(code)));
  return { child, out: () => out, exit };
}

let sandbox: Sandbox;
let slack: SlackStandIn;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 8, customers: 40, today: "2026-11-22", timezone: "Europe/London" });
  slack = await startSlackStandIn();
  slack.users.set("U0STAFF", { id: "U0STAFF" });
});
afterAll(async () => {
  await slack.close();
  await sandbox.close();
});

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
    const p = start({
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: sandbox.url,
      KENNEL_TIMEZONE: "Europe/London",
      SLACK_BOT_TOKEN: "xoxb-test-0000-process",
      SLACK_SIGNING_SECRET: SECRET,
      SLACK_API_URL: slack.apiUrl,
      PORT: String(port),
    });
    try {
      const until = Date.now() + 15_000;
      for (;;) {
        const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
          (r) => r.ok,
          () => false,
        );
        if (ok) break;
        if (Date.now() > until) throw new Error(`the bot did not start: ${p.out()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
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
  }, 30_000);
});
