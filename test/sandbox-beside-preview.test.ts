/**
 * `npm run sandbox:env` in a folder where the preview runs: the sandbox is a kennel API of its own,
 * so it reads nothing of the preview's (before, it said "reading the preview running in this
 * folder…", and its setup hint named the preview's port as the one to open); it says the preview
 * runs here and keeps its port, and its hint names the setup page's own port; and that the .env it
 * writes there is what the commands in the folder read from then on, not the preview. Once the
 * sandbox is stopped, that .env stays: a record command there (before: "There is no care record at
 * …/data-sandbox" and "npm start with no .env runs the preview", not a word of the preview running
 * there, so the morning's entries looked lost) names the running preview, the settings it uses
 * instead, and how to read the preview. Run for real: the command line's entry in its own process,
 * in a folder holding a running preview's note.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { expect, it } from "vitest";
import { PREVIEW_STATE_FILE } from "../src/preview/folder-state.ts";
import { freePort } from "./helpers/net.ts";
import { spawnBot, until } from "./helpers/spawn.ts";

const CLI = fileURLToPath(new URL("../src/cli.ts", import.meta.url));

it("the sandbox beside the preview reads nothing of it, and points to the setup page's own port", async () => {
  const dir = mkdtempSync(join(tmpdir(), "kd-sandbox-preview-"));
  // The preview's note, as a running preview leaves it (this test's own process stands for it).
  writeFileSync(
    join(dir, PREVIEW_STATE_FILE),
    JSON.stringify({
      pid: process.pid,
      port: 3187,
      timezone: "Europe/London",
      clockOffsetMs: 0,
      apiBaseUrl: "http://127.0.0.1:4999/api/v1",
      apiKey: "preview-key",
      dataDir: join(dir, "data"),
    }),
  );
  // A .env an earlier sandbox wrote: settings of the command's own, and the preview still runs here.
  writeFileSync(
    join(dir, ".env"),
    "KENNEL_API_BASE_URL=http://127.0.0.1:4998/api/v1\nKENNEL_DATA_DIR=./data-sandbox\n",
  );
  const port = await freePort();
  const sandbox = spawnBot(
    {},
    { args: [CLI, "sandbox", "--port", String(port), "--write-env", ".env"], cwd: dir },
  );
  try {
    await until(() => /Press Ctrl\+C to stop the sandbox/.test(sandbox.out()), { ms: 30_000, p: sandbox });
    const out = sandbox.out();
    expect(out).not.toContain("reading the preview running in this folder");
    expect(out).toContain(
      `kennel-desk: the preview is running in this folder (pid ${process.pid}, port 3187); this sandbox is a kennel API of its own and reads nothing of the preview's. Stop the preview (Ctrl+C where npm start runs) before npm start -- --setup.`,
    );
    expect(out).toContain("open http://localhost:3000/setup");
    expect(out).not.toContain("localhost:3187");
    expect(out).toContain(
      `The preview running in this folder (pid ${process.pid}, port 3187) keeps its own record and sandbox: from now on the commands in this folder use the sandbox's settings in .env, not the preview's, until .env is removed (or renamed).`,
    );
    expect(readFileSync(join(dir, ".env"), "utf8")).toContain("KENNEL_DATA_DIR=./data-sandbox");
  } finally {
    sandbox.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);

/** A folder where the preview runs (this test's process stands for it), and a .env of the sandbox's, left behind. */
function besidePreviewWithEnv(apiPort: number): string {
  const dir = mkdtempSync(join(tmpdir(), "kd-env-left-"));
  writeFileSync(
    join(dir, PREVIEW_STATE_FILE),
    JSON.stringify({
      pid: process.pid,
      port: 3187,
      timezone: "Europe/London",
      clockOffsetMs: 0,
      apiBaseUrl: "http://127.0.0.1:4999/api/v1",
      apiKey: "preview-key",
      dataDir: join(dir, "preview-data"),
    }),
  );
  writeFileSync(
    join(dir, ".env"),
    `KENNEL_API_BASE_URL=http://127.0.0.1:${apiPort}/api/v1\nKENNEL_API_KEY=kd_live_left\nKENNEL_TIMEZONE=Europe/London\nKENNEL_DATA_DIR=./data-sandbox\n`,
  );
  return dir;
}

const notReadNote = (apiPort: number) =>
  `kennel-desk: the preview running in this folder (pid ${process.pid}, port 3187) keeps its own record and sandbox; this command uses the settings in .env instead (KENNEL_DATA_DIR=./data-sandbox, KENNEL_API_BASE_URL=http://127.0.0.1:${apiPort}/api/v1). To read the preview, run it without those settings (remove or rename .env).\n`;

it("a record command with the sandbox's .env left beside the running preview names the preview and how to read it", async () => {
  // The sandbox has stopped: nothing listens on its port.
  const apiPort = await freePort();
  const dir = besidePreviewWithEnv(apiPort);
  try {
    const record = spawnBot({}, { args: [CLI, "record", "today"], cwd: dir });
    expect(await record.exit).toBe(3);
    const out = record.out();
    // Said once, first, before the record's own problem.
    expect(out.startsWith(notReadNote(apiPort))).toBe(true);
    expect(out.split("the preview running in this folder")).toHaveLength(2);
    expect(out).toContain(
      `There is no care record at ${join(dir, "data-sandbox", "care-record.sqlite")} yet`,
    );
    expect(out).not.toContain("kd_live_left");

    // A kennel command too: the sandbox's kennel API not answering is not the preview's.
    const arrivals = spawnBot({}, { args: [CLI, "arrivals"], cwd: dir });
    expect(await arrivals.exit).not.toBe(0);
    expect(arrivals.out().startsWith(notReadNote(apiPort))).toBe(true);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
