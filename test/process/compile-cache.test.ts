/**
 * The compile cache (src/process/compile-cache.ts): src/main.ts turns it on before the bot loads,
 * and the bot writes it once it listens, not only at a clean exit (a killed process never has one).
 * Run for real (`node src/main.ts`, its temporary folder a test's own), and the switch itself against
 * each answer Node can give.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type CompileCacheApi, saveCompileCache, useCompileCache } from "../../src/process/compile-cache.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { freePort } from "../helpers/net.ts";
import { type SlackStandIn, startSlackStandIn } from "../helpers/slack.ts";
import { httpBotEnv, spawnBot, until, untilHealthy } from "../helpers/spawn.ts";

/** The files under a folder, at any depth. */
const filesIn = (dir: string): number =>
  existsSync(dir)
    ? readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).length
    : 0;

describe("the bot's own process", () => {
  let sandbox: Sandbox;
  let slack: SlackStandIn;
  const dirs: string[] = [];
  const folder = () => {
    const d = mkdtempSync(join(tmpdir(), "kd-compile-cache-"));
    dirs.push(d);
    return d;
  };

  beforeAll(async () => {
    sandbox = await startSandbox({ seed: 3, customers: 10, today: "2026-11-22" });
    slack = await startSlackStandIn();
  }, 60_000);
  afterAll(async () => {
    await slack.close();
    await sandbox.close();
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  });

  /** Starts the bot with this temporary folder (and `extra`), waits for /healthz; the running process. */
  const startIn = async (tmp: string, extra: Record<string, string> = {}) => {
    const port = await freePort();
    const env = httpBotEnv(sandbox, slack, "c4ca4238a0b923820dcc509a6f75849b", port, {
      KENNEL_DATA_DIR: join(tmp, "data"),
      TMPDIR: tmp,
      LOG_LEVEL: "warn",
      ...extra,
    });
    const bot = spawnBot(env);
    await untilHealthy(port, bot);
    return bot;
  };

  it("writes the code it compiled to the temporary folder's node-compile-cache while it runs", async () => {
    const tmp = folder();
    const bot = await startIn(tmp);
    try {
      // Before any exit: Node alone would write it only when the process ends cleanly.
      await until(() => filesIn(join(tmp, "node-compile-cache")) > 100, {
        ms: 20_000,
        why: () => `${filesIn(join(tmp, "node-compile-cache"))} files cached; ${bot.out()}`,
        p: bot,
      });
    } finally {
      bot.child.kill("SIGTERM");
      expect(await bot.exit).toBe(0);
    }
  }, 60_000);

  it("NODE_DISABLE_COMPILE_CACHE=1 keeps nothing, and the bot starts all the same", async () => {
    const tmp = folder();
    const bot = await startIn(tmp, { NODE_DISABLE_COMPILE_CACHE: "1" });
    bot.child.kill("SIGTERM");
    expect(await bot.exit).toBe(0);
    expect(filesIn(join(tmp, "node-compile-cache"))).toBe(0);
  }, 60_000);
});

describe("the switch", () => {
  const constants = { compileCacheStatus: { FAILED: 0, ENABLED: 1, ALREADY_ENABLED: 2, DISABLED: 3 } };
  const answering = (status: number): CompileCacheApi => ({
    constants,
    enableCompileCache: () => ({ status, directory: "/tmp/node-compile-cache/v24" }),
  });

  it("names the folder when the cache is on (turned on here, or already by NODE_COMPILE_CACHE)", () => {
    expect(useCompileCache(answering(1))).toBe("/tmp/node-compile-cache/v24");
    expect(useCompileCache(answering(2))).toBe("/tmp/node-compile-cache/v24");
  });

  it("is off, without a word or an error, where it failed, was turned off, or this Node.js has none", () => {
    expect(useCompileCache(answering(0))).toBeUndefined();
    expect(useCompileCache(answering(3))).toBeUndefined();
    expect(useCompileCache({})).toBeUndefined();
    const throwing: CompileCacheApi = {
      constants,
      enableCompileCache: () => {
        throw new Error("EROFS: read-only file system");
      },
      flushCompileCache: () => {
        throw new Error("EROFS: read-only file system");
      },
    };
    expect(useCompileCache(throwing)).toBeUndefined();
    expect(() => saveCompileCache(throwing)).not.toThrow();
  });
});
