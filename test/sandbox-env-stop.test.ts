/**
 * One stop for `npm run sandbox:env` too: SIGTERM to npm stops the sandbox it started, and frees the
 * port. npm passes the signal to its shell (`sh -c "node src/cli.ts sandbox --write-env .env"`), which
 * dies without passing it on; before, the sandbox went on, re-parented, still listening (as
 * test/main-stop.test.ts found for `npm start`, test/bin-stop.test.ts for `npx kennel-desk`).
 *
 * Run for real: npm, its shell and the command, in a folder holding the project's own script (with
 * the repository's src/cli.ts) and its node_modules (npm puts node_modules/.bin, and the Node.js 24
 * there, on the PATH, as in the project).
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { freePort, listening } from "./helpers/net.ts";
import { alive, descendants, spawnBot, until } from "./helpers/spawn.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const SCRIPT = (
  JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }
).scripts["sandbox:env"] as string;

describe("SIGTERM to npm run sandbox:env stops the sandbox it started (no orphan)", () => {
  it("the script runs the command line's entry through npm's shell", () => {
    expect(SCRIPT).toBe("node src/cli.ts sandbox --write-env .env");
  });

  it("the sandbox stops and the port is free", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kd-sandbox-env-"));
    symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
    writeFileSync(
      join(dir, "package.json"),
      JSON.stringify({
        name: "kd-sandbox-stop",
        private: true,
        scripts: { "sandbox:env": SCRIPT.replace("src/cli.ts", join(ROOT, "src", "cli.ts")) },
      }),
    );
    // This environment without the test runner's own npm settings: npm sets its own.
    const clean = Object.fromEntries(
      Object.entries(process.env).filter(
        (e): e is [string, string] => !/^npm_/i.test(e[0]) && e[1] !== undefined,
      ),
    );
    // A free port can be taken by another test's connection between freePort and the sandbox's listen
    // (npm takes a second or two to start it): the sandbox then says so and exits, and the test asks
    // for another port, at most three times.
    const startOn = async () => {
      for (let attempt = 1; ; attempt++) {
        const port = await freePort();
        const npm = spawnBot(clean, {
          command: "npm",
          args: ["run", "--silent", "sandbox:env", "--", "--port", String(port)],
          cwd: dir,
        });
        try {
          await until(() => /Sandbox kennel API on/.test(npm.out()), { ms: 30_000, p: npm });
          return { npm, port };
        } catch (error) {
          npm.child.kill("SIGKILL");
          if (attempt >= 3 || !/port \d+ is in use/.test(npm.out())) throw error;
        }
      }
    };
    const { npm, port } = await startOn();
    let sandbox: { pid: number; cmd: string } | undefined;
    try {
      // The node process itself, not the shell that started it (`sh -c node …/cli.ts …`).
      sandbox = descendants(npm.child.pid as number).find((p) => /^\S*node \S*cli\.ts sandbox/.test(p.cmd));
      expect(sandbox, "the sandbox's process under npm").toBeDefined();
      expect(await listening(port)).toBe(true);
      npm.child.kill("SIGTERM");
      await npm.exit;
      const pid = (sandbox as { pid: number }).pid;
      await until(() => !alive(pid), {
        ms: 15_000,
        why: () => `the sandbox (pid ${pid}) still runs after npm stopped: ${npm.out()}`,
      });
      await until(async () => !(await listening(port)), { ms: 5_000, why: () => `port ${port} still held` });
    } finally {
      if (sandbox && alive(sandbox.pid)) process.kill(sandbox.pid, "SIGKILL");
      npm.child.kill("SIGKILL");
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
