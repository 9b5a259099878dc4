/**
 * `kennel-desk status` run in the folder where the preview runs, with settings of its own (a kennel
 * API of its own, PORT the preview's): its first line says the preview running in this folder keeps
 * its own record, and its Slack line now says the same preview answered (before: "a preview answered
 * …, not the one running in this folder: it may be another folder's", of this folder's own preview).
 * Every Slack line that is sentences ends with a full stop. Run for real: the command line's entry in
 * its own process, in a folder holding a running preview's note (this test's process stands for it).
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, expect, it } from "vitest";
import { PREVIEW_STATE_FILE } from "../../src/preview/folder-state.ts";
import { freePort } from "../helpers/net.ts";
import { spawnBot } from "../helpers/spawn.ts";
import { runCommand } from "./helpers.ts";

const CLI = fileURLToPath(new URL("../../src/cli.ts", import.meta.url));

// The preview's own server: its /healthz says it is the preview; it has no /readyz (no Slack).
const preview = createServer((req, res) => {
  if (req.url === "/healthz")
    return res.writeHead(200, { "content-type": "application/json" }).end('{"status":"ok","preview":true}');
  res.writeHead(404, { "content-type": "application/json" }).end('{"ok":false,"error":"not found"}');
});
let port = 0;
beforeAll(async () => {
  await new Promise<void>((r) => preview.listen(0, "127.0.0.1", r));
  port = (preview.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => preview.close(() => r())));

it("beside this folder's preview, with settings of its own: the Slack line names this folder's preview, as the first line does", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kd-status-beside-"));
  writeFileSync(
    join(dir, PREVIEW_STATE_FILE),
    JSON.stringify({
      pid: process.pid,
      port,
      timezone: "Europe/London",
      clockOffsetMs: 0,
      apiBaseUrl: "http://127.0.0.1:4999/api/v1",
      apiKey: "preview-key",
      dataDir: join(dir, "preview-data"),
    }),
  );
  const api = `http://127.0.0.1:${await freePort()}/api/v1`;
  const status = spawnBot(
    { KENNEL_API_BASE_URL: api, KENNEL_API_KEY: "own-key", KENNEL_TIMEZONE: "UTC", PORT: String(port) },
    { args: [CLI, "status"], cwd: dir },
  );
  try {
    expect(await status.exit, status.out()).toBe(1); // its own kennel API does not answer
    const out = status.out();
    expect(out).toContain(
      `kennel-desk: the preview running in this folder (pid ${process.pid}, port ${port}) keeps its own record and sandbox`,
    );
    expect(out).toContain(
      `💬 Slack: the preview running in this folder answered at http://127.0.0.1:${port} (PORT ${port}): it has no link to Slack (its page stands in for Slack). This command reads the kennel API and care record of its own settings, not the preview's.\n`,
    );
    expect(out).not.toContain("not the one running in this folder");
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

it("a preview that is not this folder's, and no bot: each Slack line ends with a full stop", async () => {
  const api = `http://127.0.0.1:${await freePort()}/api/v1`;
  const env = { KENNEL_API_BASE_URL: api, KENNEL_API_KEY: "own-key", KENNEL_TIMEZONE: "UTC" };
  const other = await runCommand(["status", "--json"], { ...env, PORT: String(port) });
  expect(JSON.parse(other.stdout).slack).toBe(
    `a preview answered at http://127.0.0.1:${port} (PORT ${port}), not the one running in this folder: it may be another folder's, with its own kennel API and record; it has no link to Slack (its page stands in for Slack). This folder's bot, when it runs, answers on its own PORT: set PORT to it here.`,
  );
  const read = await runCommand(["status", "--json"], { ...env, PORT: String(port) }, { previewHere: true });
  expect(JSON.parse(read.stdout).slack).toBe(
    `the preview answered at http://127.0.0.1:${port} (PORT ${port}): it has no link to Slack (its page stands in for Slack).`,
  );
  const nobody = await freePort();
  const none = await runCommand(["status", "--json"], { ...env, PORT: String(nobody) });
  expect(JSON.parse(none.stdout).slack).toBe(
    `no running bot answered at http://127.0.0.1:${nobody} (PORT ${nobody}: set PORT to the port the bot listens on).`,
  );
});
