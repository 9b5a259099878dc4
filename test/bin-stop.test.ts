import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, listening } from "./helpers/net.ts";
import { alive, descendants, spawnBot, until } from "./helpers/spawn.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

describe("SIGTERM to npx kennel-desk stops what it started (no orphan)", () => {
  it("the launcher and the sandbox stop, and the port is free", async () => {
    const port = await freePort();
    // This environment without the test runner's own npm settings: npx sets its own.
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => !/^npm_/i.test(e[0]) && e[1] !== undefined,
      ),
    );
    const npx = spawnBot(clean, {
      command: "npx",
      args: ["--no-install", "kennel-desk", "sandbox", "--port", String(port)],
      cwd: ROOT,
    });
    let started: Array<{ pid: number; cmd: string }> = [];
    try {
      await until(() => /Sandbox kennel API on/.test(npx.out()), { ms: 30_000, p: npx });
      started = descendants(npx.child.pid as number).filter((p) => /kennel-desk|cli\.ts/.test(p.cmd));
      expect(started.some((p) => /bin\/kennel-desk/.test(p.cmd) || /\.bin\/kennel-desk/.test(p.cmd))).toBe(
        true,
      );
      expect(started.some((p) => /src\/cli\.ts sandbox/.test(p.cmd))).toBe(true);
      expect(await listening(port)).toBe(true);
      npx.child.kill("SIGTERM");
      await npx.exit;
      await until(() => started.every((p) => !alive(p.pid)), {
        ms: 15_000,
        why: () =>
          `still running after npx stopped: ${started.filter((p) => alive(p.pid)).map((p) => p.cmd)}`,
      });
      await until(async () => !(await listening(port)), { ms: 5_000, why: () => `port ${port} still held` });
    } finally {
      for (const p of started) if (alive(p.pid)) process.kill(p.pid, "SIGKILL");
      npx.child.kill("SIGKILL");
    }
  }, 60_000);
});
