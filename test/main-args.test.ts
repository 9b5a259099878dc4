/** `node dist/main.js`: its command line and its settings check, before anything starts. */

import type { AddressInfo } from "node:net";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import { main } from "../src/bot-main.ts";
import { wantsPreview } from "../src/preview-main.ts";

/** Runs the bot's main with these settings and arguments; its exit code and what it wrote to standard error. */
async function runMain(
  env: Record<string, string>,
  argv: string[],
  shell: Record<string, string> = env,
): Promise<{ code: number; stderr: string }> {
  const writes: string[] = [];
  const write = process.stderr.write.bind(process.stderr);
  process.stderr.write = ((s: string) => {
    writes.push(String(s));
    return true;
  }) as typeof process.stderr.write;
  try {
    return { code: await main(env, argv, false, shell), stderr: writes.join("") };
  } finally {
    process.stderr.write = write;
  }
}

describe("the bot's command line", () => {
  it("an unknown option is exit 2, before anything starts (never the preview in place of the bot)", async () => {
    const r = await runMain({}, ["--prod"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('unknown option "--prod"');
  });
});

describe("--setup", () => {
  it("with --production is exit 2, before anything starts", async () => {
    const r = await runMain({}, ["--production", "--setup"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("cannot go together");
  });

  it("asks for the preview and its setup page whatever the settings hold; --production never", async () => {
    const kennelOnly = { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1" };
    expect(wantsPreview(kennelOnly, [])).toBe(false);
    expect(wantsPreview(kennelOnly, ["--setup"])).toBe(true);
    expect(wantsPreview({}, ["--production"])).toBe(false);
  });
});

describe("the preview's port already in use", () => {
  it("says another port with the arguments typed kept: PORT=3001 npm start -- --setup", async () => {
    const holder = createServer();
    await new Promise<void>((r) => holder.listen(0, "127.0.0.1", r));
    const port = (holder.address() as AddressInfo).port;
    try {
      const kennelOnly = {
        KENNEL_API_KEY: "abc-key-123",
        KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1",
      };
      const r = await runMain({ ...kennelOnly, PORT: String(port), LOG_LEVEL: "silent" }, ["--setup"]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain(
        `Port ${port} is already in use. Set PORT to another port, for example PORT=3001 npm start -- --setup.`,
      );
    } finally {
      await new Promise<void>((r) => holder.close(() => r()));
    }
  }, 60_000);
});

describe("the bot's settings", () => {
  it("every problem at once: a kennel setting that cannot be read and the Slack tokens not set", async () => {
    const r = await runMain({ KENNEL_API_KEY: "abc-key-123" }, ["--production"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("KENNEL_API_BASE_URL");
    expect(r.stderr).toContain("SLACK_BOT_TOKEN");
    expect(r.stderr).toContain("SLACK_APP_TOKEN");
    expect(r.stderr).not.toContain("abc-key-123");
  });

  it("only kennel settings (as the sandbox writes them): says how to reach the setup page, at the port in use", async () => {
    const r = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1" },
      [],
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("No Slack setting is set yet. Connect Slack on the setup page");
    expect(r.stderr).toContain("npm start -- --setup and open http://localhost:3000/setup");
    // The hint names the port the setup page will listen on, from the environment or from .env (it
    // said 3000 with PORT=42145 in .env).
    const port = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1", PORT: "3996" },
      [],
    );
    expect(port.stderr).toContain("http://localhost:3996/setup");
    const fromFile = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1", PORT: "42145" },
      [],
      {},
    );
    expect(fromFile.stderr).toContain("http://localhost:42145/setup");
    const withToken = await runMain({ KENNEL_API_KEY: "abc-key-123", SLACK_BOT_TOKEN: "xoxb-1-2-3" }, []);
    expect(withToken.stderr).not.toContain("No Slack setting is set yet");
  });
});
