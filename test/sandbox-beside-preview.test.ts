/**
 * `npm run sandbox:env` in a folder where the preview runs: the sandbox is a kennel API of its own,
 * so it reads nothing of the preview's (before, it said "reading the preview running in this
 * folder…", and its setup hint named the preview's port as the one to open); it says the preview
 * runs here and keeps its port, and its hint names the setup page's own port. Run for real: the
 * command line's entry in its own process, in a folder holding a running preview's note.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
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
  } finally {
    sandbox.child.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  }
}, 60_000);
