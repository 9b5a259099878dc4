/**
 * The `kennel-desk` launcher (bin/kennel-desk.js) on the Node.js that runs the tests (24) and on an
 * older one found on PATH (this project's machines have Node.js 20 there): it runs the CLI with a
 * Node.js that can, passes the exit code and signals on, or says in one line what is needed.
 */
import { spawn, spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { nodeOnPath } from "../helpers/spawn.ts";

const LAUNCHER = fileURLToPath(new URL("../../bin/kennel-desk.js", import.meta.url));
const temp = mkdtempSync(join(tmpdir(), "kennel-desk-launcher-"));
afterAll(() => rmSync(temp, { recursive: true, force: true }));

/** A Node.js on PATH that cannot run TypeScript, or undefined. */
const OLD_NODE = nodeOnPath("Boolean(process.features.typescript)", (strips) => strips === "false");

function run(node: string, args: string[]) {
  return spawnSync(node, args, { encoding: "utf8", timeout: 30_000, env: { ...process.env, NO_COLOR: "1" } });
}

describe("the kennel-desk launcher", () => {
  it("on Node.js 24 runs the CLI: help on standard output, nothing on standard error, exit 0", () => {
    const result = run(process.execPath, [LAUNCHER, "help"]);
    expect(result.stderr).toBe("");
    expect(result.stdout).toMatch(/^Kennel Desk: the kennel's day in Slack\./);
    expect(result.status).toBe(0);
  });

  it("passes the CLI's exit code on (an unknown command is a usage error, 2)", () => {
    const result = run(process.execPath, [LAUNCHER, "no-such-command"]);
    expect(result.stderr).toMatch(/Unknown command "no-such-command"/);
    expect(result.status).toBe(2);
  });

  describe.skipIf(!OLD_NODE)(`on an older Node.js (${OLD_NODE ?? "none found on PATH"})`, () => {
    const old = OLD_NODE as string;

    it("runs the CLI with this folder's Node.js 24, with no warning", () => {
      const result = run(old, [LAUNCHER, "help"]);
      expect(result.stderr).toBe("");
      expect(result.stdout).toMatch(/^Kennel Desk: the kennel's day in Slack\./);
      expect(result.status).toBe(0);
      expect(run(old, [LAUNCHER, "no-such-command"]).status).toBe(2);
    });

    it("works through a link elsewhere, as `npm link` or a global install makes it", () => {
      const link = join(temp, "kennel-desk");
      symlinkSync(LAUNCHER, link);
      const result = run(old, [link, "help"]);
      expect(result.stderr).toBe("");
      expect(result.status).toBe(0);
    });

    it("without Node.js 24 in node_modules: one line naming Node.js 24 and the command that works, exit 2", () => {
      const bare = join(temp, "bare");
      mkdirSync(join(bare, "bin"), { recursive: true });
      copyFileSync(LAUNCHER, join(bare, "bin", "kennel-desk.js"));
      const result = run(old, [join(bare, "bin", "kennel-desk.js"), "status"]);
      expect(result.stdout).toBe("");
      expect(result.stderr.trimEnd().split("\n")).toEqual([
        expect.stringMatching(
          /^Kennel Desk needs Node\.js 24 and this is Node\.js \d+\.\d+\.\d+: install Node\.js 24, or run `npm install` in .*bare \(it brings Node\.js 24\) and then `npm run cli -- status` there\.$/,
        ),
      ]);
      expect(result.status).toBe(2);
    });

    it("passes SIGTERM on to the CLI: the sandbox stops too, not only the launcher", async () => {
      const child = spawn(old, [LAUNCHER, "sandbox", "--port", "0", "--customers", "20"], {
        stdio: ["ignore", "pipe", "pipe"],
      });
      let stdout = "";
      child.stdout.setEncoding("utf8");
      await new Promise<void>((resolve, reject) => {
        child.stdout.on("data", (chunk: string) => {
          stdout += chunk;
          if (stdout.includes("KENNEL_TIMEZONE=")) resolve();
        });
        child.once("exit", (code) => reject(new Error(`the sandbox stopped early (exit ${code})`)));
      });
      const url = /KENNEL_API_BASE_URL=(\S+)/.exec(stdout)?.[1] as string;
      await expect(fetch(`${url}/health`)).resolves.toBeDefined();
      const exit = new Promise<{ code: number | null; signal: string | null }>((resolve) =>
        child.once("exit", (code, signal) => resolve({ code, signal })),
      );
      child.kill("SIGTERM");
      // The sandbox stops cleanly (0), or, signalled before it listens for SIGTERM, by the signal, which
      // the launcher then passes on as its own way of ending.
      expect([
        { code: 0, signal: null },
        { code: null, signal: "SIGTERM" },
      ]).toContainEqual(await exit);
      // The sandbox itself stopped, not only the launcher.
      await expect(fetch(`${url}/health`)).rejects.toThrow();
    });
  });
});
