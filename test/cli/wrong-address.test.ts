/**
 * A wrong API address (a path the kennel API does not serve): the answer's own error says so, with
 * what to set, and no second note for the same failure ("departures not loaded for the house
 * check") follows it, even once every request the command made has come back.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";

const TODAY = "2026-11-22";
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 50, customers: 4, today: TODAY, timezone: "Europe/London" });
}, 60_000);
afterAll(async () => {
  await sandbox?.close();
});

/** The command in-process; its output read once every request it made has come back. */
async function run(args: string[], baseUrl: string) {
  let stdout = "";
  let stderr = "";
  const pending: Promise<unknown>[] = [];
  const tracking: typeof fetch = (input, init) => {
    const p = fetch(input, init);
    // Read to its end on a copy (the command reads its own), so the command has had its answer too.
    pending.push(p.then((r) => r.clone().arrayBuffer()).catch(() => undefined));
    return p;
  };
  const code = await runCli(args, {
    env: {
      KENNEL_API_KEY: sandbox.keys.main,
      KENNEL_API_BASE_URL: baseUrl,
      KENNEL_TIMEZONE: "Europe/London",
      LOG_LEVEL: "warn",
    },
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    fetch: tracking,
    clock: { now: () => new Date(`${TODAY}T10:00:00Z`) },
  });
  await Promise.allSettled(pending);
  await new Promise((r) => setImmediate(r));
  return { code, stdout, stderr };
}

it("a wrong address says so once: no note of departures not loaded after the answer's error", async () => {
  const wrong = sandbox.url.replace(/\/api\/v1$/, "/wrong/api/v1");
  for (const command of ["rounds", "inhouse"]) {
    const r = await run([command], wrong);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain("KENNEL_API_BASE_URL does not seem to point at the kennel API");
    expect(r.stderr).not.toContain("departures not loaded");
  }
  // The right address answers, with no such note.
  const right = await run(["inhouse"], sandbox.url);
  expect(right.code).toBe(0);
  expect(right.stderr).not.toContain("departures not loaded");
}, 60_000);

it("https:// to the sandbox, which speaks plain http://: says to use http://, not that nothing answers", async () => {
  const https = sandbox.url.replace(/^http:/, "https:");
  const r = await run(["status"], https);
  expect(r.code).toBe(1);
  const plain = sandbox.url.replace(/\/api\/v1$/, "");
  expect(r.stdout).toContain(
    `The address set for the kennel API is https://, but what answers there on this computer speaks plain HTTP (as the sandbox does): use ${plain}/api/v1.`,
  );
  expect(r.stdout).toContain(
    `The sandbox speaks plain http://, not https://: set KENNEL_API_BASE_URL to ${plain}/api/v1`,
  );
  expect(r.stdout).not.toContain("Nothing answers");
  // A command's error says the same.
  const rounds = await run(["rounds"], https);
  expect(rounds.stderr).toContain("what answers there speaks plain HTTP, not HTTPS");
  expect(rounds.stderr).toContain(`set KENNEL_API_BASE_URL to ${plain}/api/v1 (http://, not https://)`);
}, 60_000);
