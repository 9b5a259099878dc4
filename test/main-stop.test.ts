/**
 * One stop: SIGTERM to `npm start` (a service manager, `kill`) stops the Kennel Desk it started, in
 * the preview and as the bot. npm passes the signal to its shell (`sh -c "node dist/main.js"`), which
 * dies without passing it on; before, the bot went on re-parented, still answering /healthz.
 *
 * Run for real: npm, its shell and the bot, in a folder holding the project's own start script (with
 * src/main.ts for dist/main.js, so the test needs no build) and its node_modules (npm puts
 * node_modules/.bin, and the Node.js 24 there, on the PATH, as in the project).
 */
import { mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manifestScopes } from "../src/preview/manifest.ts";
import { type Sandbox, startSandbox } from "../src/sandbox/server.ts";
import { type SlackStandIn, startSlackStandIn } from "./helpers/slack.ts";
import { type SocketStandIn, startSocketStandIn } from "./helpers/socket-mode.ts";
import { alive, descendants, spawnBot, until } from "./helpers/spawn.ts";

const ROOT = fileURLToPath(new URL("../", import.meta.url));
const START = (JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: { start: string } })
  .scripts.start;

/** `npm start` in a folder of its own, with these settings in .env (none: the preview). */
function npmStart(env: string) {
  const dir = mkdtempSync(join(tmpdir(), "kd-npm-start-"));
  symlinkSync(join(ROOT, "node_modules"), join(dir, "node_modules"));
  const main = join(ROOT, "src", "main.ts");
  writeFileSync(
    join(dir, "package.json"),
    JSON.stringify({
      name: "kd-stop",
      private: true,
      scripts: { start: START.replace("dist/main.js", main) },
    }),
  );
  if (env) writeFileSync(join(dir, ".env"), env);
  // The folder's node_modules/.bin first, as npm run would; the rest of this environment without
  // the test runner's own npm settings.
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(
      (e): e is [string, string] => !/^npm_/i.test(e[0]) && e[1] !== undefined,
    ),
  );
  const npm = spawnBot(
    { ...clean, PORT: "0", LOG_LEVEL: "info" },
    { command: "npm", args: ["start", "--silent"], cwd: dir },
  );
  return { dir, child: npm.child, out: npm.out, exited: npm.exit };
}

let sandbox: Sandbox;
let slack: SlackStandIn;
let socket: SocketStandIn;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 2, customers: 10, today: "2026-11-22", timezone: "Europe/London" });
  slack = await startSlackStandIn({ teamId: "T0STOP" });
  slack.scopes = manifestScopes();
  socket = await startSocketStandIn();
  slack.socketUrl = socket.url;
}, 60_000);

afterAll(async () => {
  await socket?.close();
  await slack?.close();
  await sandbox?.close();
});

describe("SIGTERM to npm start stops the Kennel Desk it started (no orphan)", () => {
  it("the start script runs the bot's entry through npm's shell", () => {
    expect(START).toBe("node dist/main.js");
  });

  const cases = [
    { mode: "the preview", env: () => "", ready: /Open http:\/\/localhost:\d+/ },
    {
      mode: "the bot",
      env: () =>
        [
          "SLACK_BOT_TOKEN=xoxb-1-2-stoptoken",
          "SLACK_APP_TOKEN=xapp-1-A1-2-stoptoken",
          `SLACK_API_URL=${slack.apiUrl}`,
          `KENNEL_API_BASE_URL=${sandbox.url}`,
          `KENNEL_API_KEY=${sandbox.keys.main}`,
          "KENNEL_TIMEZONE=Europe/London",
          "KENNEL_DATA_DIR=./data",
          "",
        ].join("\n"),
      ready: /Kennel Desk is running in Socket Mode/,
    },
  ];

  for (const c of cases) {
    it(`in ${c.mode}`, async () => {
      const npm = npmStart(c.env());
      let bot: { pid: number; cmd: string } | undefined;
      try {
        await until(() => c.ready.test(npm.out()), { ms: 60_000, why: () => `not started: ${npm.out()}` });
        // The node process itself, not the shell that started it (`sh -c node …/main.ts`).
        bot = descendants(npm.child.pid as number).find((p) => /^\S*node \S*main\.ts/.test(p.cmd));
        expect(bot, "the bot's process under npm").toBeDefined();
        npm.child.kill("SIGTERM");
        await npm.exited;
        const pid = (bot as { pid: number }).pid;
        await until(() => !alive(pid), {
          ms: 15_000,
          why: () => `Kennel Desk (pid ${pid}) still runs after npm stopped: ${npm.out()}`,
        });
      } finally {
        if (bot && alive(bot.pid)) process.kill(bot.pid, "SIGKILL");
        npm.child.kill("SIGKILL");
        rmSync(npm.dir, { recursive: true, force: true });
      }
    }, 90_000);
  }
});
