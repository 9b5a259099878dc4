/** `node dist/main.js`: its command line and its settings check, before anything starts. */
import { describe, expect, it } from "vitest";
import { main } from "../src/bot-main.ts";

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

describe("the bot's settings", () => {
  it("every problem at once: a kennel setting that cannot be read and the Slack tokens not set", async () => {
    const r = await runMain({ KENNEL_API_KEY: "abc-key-123" }, ["--production"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("KENNEL_API_BASE_URL");
    expect(r.stderr).toContain("SLACK_BOT_TOKEN");
    expect(r.stderr).toContain("SLACK_APP_TOKEN");
    expect(r.stderr).not.toContain("abc-key-123");
  });

  it("only kennel settings (as the sandbox writes them): says how to reach the setup page, which only the preview serves", async () => {
    const r = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1" },
      [],
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("No Slack setting is set yet. The setup page that fills them in");
    expect(r.stderr).toContain("mv .env .env.old");
    expect(r.stderr).toContain("(http://localhost:3000/setup)");
    // The hint names the port the preview would use.
    const port = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1", PORT: "3996" },
      [],
    );
    expect(port.stderr).toContain("(http://localhost:3996/setup)");
    // A PORT that came from .env goes with it when .env is moved aside: the hint names the shell's.
    const fromFile = await runMain(
      { KENNEL_API_KEY: "abc-key-123", KENNEL_API_BASE_URL: "http://127.0.0.1:4010/api/v1", PORT: "3100" },
      [],
      {},
    );
    expect(fromFile.stderr).toContain("(http://localhost:3000/setup)");
    const withToken = await runMain({ KENNEL_API_KEY: "abc-key-123", SLACK_BOT_TOKEN: "xoxb-1-2-3" }, []);
    expect(withToken.stderr).not.toContain("No Slack setting is set yet");
  });
});
