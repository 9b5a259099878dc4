import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/index.ts";
import { portInUseMessage, runSandboxCommand, updateEnvText } from "../../src/sandbox/command.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "kd-sandbox-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

function capture() {
  const out = { stdout: "", stderr: "" };
  return {
    out,
    io: {
      stdout: { write: (s: string) => (out.stdout += s) },
      stderr: { write: (s: string) => (out.stderr += s) },
    },
  };
}

/** Runs the command until it is ready, hands the sandbox to `check`, then stops it. */
async function runUntilReady(args: string[], check: (sbx: Sandbox) => Promise<void> | void = () => {}) {
  const { out, io } = capture();
  let stop = () => {};
  const until = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let failure: unknown;
  const code = await runSandboxCommand([...args, "--customers", "40", "--today", "2026-11-22"], {
    io,
    timezone: "Europe/London",
    until,
    onReady: (sbx) => {
      Promise.resolve()
        .then(() => check(sbx))
        .catch((e) => {
          failure = e;
        })
        .finally(stop);
    },
  });
  if (failure) throw failure;
  return { code, ...out };
}

async function busyPort(): Promise<{ port: number; server: Server }> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (typeof address !== "object" || address === null) throw new Error("no port");
  return { port: address.port, server };
}

describe("kennel-desk sandbox --write-env", () => {
  it("sets only its lines in .env, in place, keeping comments, Slack settings and everything else", async () => {
    const env = join(dir, ".env");
    const before = [
      "# my settings",
      "SLACK_BOT_TOKEN=xoxb-keep-me",
      "KENNEL_API_KEY=old-key",
      "",
      "KENNEL_TIMEZONE=Europe/London",
      "DIGEST_CHANNEL=C0123ABCD",
      "KENNEL_API_KEY=a-stale-duplicate",
      "",
    ].join("\n");
    await writeFile(env, before);
    const run = await runUntilReady(["--port", "0", "--write-env", env], async (sbx) => {
      const text = await readFile(env, "utf8");
      expect(text.split("\n")).toEqual([
        "# my settings",
        "SLACK_BOT_TOKEN=xoxb-keep-me",
        `KENNEL_API_KEY=${sbx.keys.main}`,
        "",
        "KENNEL_TIMEZONE=Europe/London",
        "DIGEST_CHANNEL=C0123ABCD",
        "",
        "# The local sandbox (kennel-desk sandbox --write-env)",
        `KENNEL_API_BASE_URL=${sbx.url}`,
        `OTHER_BUSINESS_API_KEY=${sbx.keys.other}`,
        // A bot on the sandbox keeps its record apart from the real kennel's (./data).
        "KENNEL_DATA_DIR=./data-sandbox",
        "",
      ]);
      // The address written is the one being served.
      const health = await fetch(`${sbx.url}/health`, { headers: { "x-api-key": sbx.keys.main } });
      expect(health.status).toBe(200);
    });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/in .*\.env \(its other lines are kept\)/);
    expect(run.stderr).not.toMatch(/lines above/);
    // The next step as the README gives it: the setup page (npm start -- --setup keeps these lines), not by hand.
    expect(run.stderr).toContain("run npm start -- --setup and open http://localhost:3000/setup");
    expect(run.stderr).not.toMatch(/by hand/);
  });

  it("creates the file when there is none; --write-env=FILE works too", async () => {
    const env = join(dir, "new.env");
    await runUntilReady(["--port", "0", `--write-env=${env}`], async (sbx) => {
      const text = await readFile(env, "utf8");
      expect(text).toContain(`KENNEL_API_BASE_URL=${sbx.url}\n`);
      expect(text).toContain(`KENNEL_API_KEY=${sbx.keys.main}\n`);
      expect(text).toContain("KENNEL_TIMEZONE=Europe/London\n");
    });
  });

  it("a busy port: one clear line, exit 1, and .env untouched", async () => {
    const { port, server } = await busyPort();
    try {
      const env = join(dir, ".env");
      await writeFile(env, "SLACK_BOT_TOKEN=xoxb-keep-me\nKENNEL_API_KEY=mine\n");
      const run = await runUntilReady(["--port", String(port), "--write-env", env]);
      expect(run.code).toBe(1);
      expect(run.stderr).toBe(`port ${port} is in use: --port ${port + 1} or stop the other sandbox\n`);
      expect(run.stdout).toBe("");
      expect(await readFile(env, "utf8")).toBe("SLACK_BOT_TOKEN=xoxb-keep-me\nKENNEL_API_KEY=mine\n");
    } finally {
      server.close();
    }
  });

  it("through runCli too: the sandbox subcommand says the same for a busy port, and prints nothing on stdout", async () => {
    const { port, server } = await busyPort();
    try {
      const { out, io } = capture();
      const code = await runCli(["sandbox", "--port", String(port), "--customers", "20"], {
        env: { KENNEL_TIMEZONE: "Europe/London" },
        io,
      });
      expect(code).toBe(1);
      expect(out.stderr.trim()).toBe(portInUseMessage(port));
      expect(out.stdout).toBe("");
    } finally {
      server.close();
    }
  });

  it("without --write-env it prints the lines once the port is bound, and the hint does not point at 'the lines above'", async () => {
    const run = await runUntilReady(["--port", "0"], (sbx) => {
      expect(sbx.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
    });
    expect(run.code).toBe(0);
    expect(
      run.stdout
        .split("\n")
        .filter(Boolean)
        .map((l) => l.split("=")[0]),
    ).toEqual([
      "KENNEL_API_BASE_URL",
      "KENNEL_API_KEY",
      "KENNEL_TIMEZONE",
      "OTHER_BUSINESS_API_KEY",
      "KENNEL_DATA_DIR",
    ]);
    expect(run.stderr).toMatch(/printed on standard output/);
    expect(run.stderr).toMatch(/npm run sandbox:env/);
    expect(run.stderr).not.toMatch(/above/);
  });

  it("bad options are a usage error (exit 2) naming the option", async () => {
    const run = await runUntilReady(["--port", "70000"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--port must be a whole number from 0 to 65535/);
  });
});

describe("updateEnvText", () => {
  it("keeps CRLF files CRLF, export prefixes, and values with = in them elsewhere", () => {
    expect(
      updateEnvText("export KENNEL_API_KEY=x\r\nOTHER=a=b\r\n", [
        ["KENNEL_API_KEY", "new"],
        ["KENNEL_TIMEZONE", "UTC"],
      ]),
    ).toBe(
      "KENNEL_API_KEY=new\r\nOTHER=a=b\r\n\r\n# The local sandbox (kennel-desk sandbox --write-env)\r\nKENNEL_TIMEZONE=UTC\r\n",
    );
    expect(updateEnvText("", [["KENNEL_API_KEY", "k"]])).toBe(
      "# The local sandbox (kennel-desk sandbox --write-env)\nKENNEL_API_KEY=k\n",
    );
    // A commented-out line is a comment, not a setting.
    expect(updateEnvText("# KENNEL_API_KEY=old\n", [["KENNEL_API_KEY", "k"]])).toBe(
      "# KENNEL_API_KEY=old\n\n# The local sandbox (kennel-desk sandbox --write-env)\nKENNEL_API_KEY=k\n",
    );
  });
});
