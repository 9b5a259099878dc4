/**
 * Settings the bot cannot use are refused at start in the settings' own words (issue 36, items 1, 5):
 * a token with a line break inside it names the setting, not the network, and never echoes the token;
 * a DATABASE_URL the driver could not read (a % that is no encoding, a certificate that is not there)
 * is one settings line, exit 2, password never shown; a data folder that cannot be made (under
 * /proc, where Node's recursive mkdir loops for ever) is one line, exit 2, at once. Each as a real
 * process (`node src/main.ts`), killed if it has not exited within 30 s (that is the failure).
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { spawnBot } from "../helpers/spawn.ts";

const dataDir = mkdtempSync(join(tmpdir(), "kennel-desk-settings-start-"));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const BASE = {
  KENNEL_API_KEY: "kd-test-key-123456",
  KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1",
  SLACK_BOT_TOKEN: "xoxb-test-0000-settings",
  SLACK_APP_TOKEN: "xapp-test-0000-settings",
  SLACK_API_URL: "http://127.0.0.1:9/api/",
  KENNEL_TIMEZONE: "Europe/London",
  KENNEL_DATA_DIR: dataDir,
  PORT: "0",
};

/** The bot's process with these settings: its exit code (null: killed, it hung) and its output. */
async function start(env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  const p = spawnBot({ ...BASE, ...env });
  const watchdog = setTimeout(() => p.child.kill("SIGKILL"), 30_000);
  const code = await p.exit;
  clearTimeout(watchdog);
  return { code, out: p.out() };
}

describe("settings refused at start", () => {
  it("a bot token with a line break inside: names SLACK_BOT_TOKEN, never the network, never the token", async () => {
    const r = await start({ SLACK_BOT_TOKEN: "xoxb-test-0000\nX-Evil: yes" });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/SLACK_BOT_TOKEN: contains a line break or another control character/);
    expect(r.out).not.toMatch(/network|could not reach/i);
    expect(r.out).not.toContain("X-Evil");
    expect(r.out).not.toContain("xoxb-test-0000");
  }, 40_000);

  it("a house routine that cannot be read (KENNEL_HOUSE_MEALS): the settings' one line, exit 2", async () => {
    const r = await start({ KENNEL_HOUSE_MEALS: "morning,brunch" });
    expect(r.code).toBe(2);
    expect(r.out).toMatch(/KENNEL_HOUSE_MEALS: "brunch" is not a round \(morning, midday or evening/);
    expect(r.out).not.toMatch(/\n\s+at /);
  }, 40_000);

  it.each([
    [
      "a % that is not an encoding",
      "postgres://kd:pg-secret-pw@127.0.0.1:1/kennel%ZZ",
      /not a valid percent-encoding/,
    ],
    [
      "an sslrootcert that is not there",
      "postgres://kd:pg-secret-pw@127.0.0.1:1/kennel?sslrootcert=/nonexistent/root.crt",
      /sslrootcert=\/nonexistent\/root\.crt, which cannot be read \(there is no such file\)/,
    ],
  ])(
    "DATABASE_URL with %s: the settings' one line, exit 2, no password, no stack trace",
    async (_, url, words) => {
      const r = await start({ DATABASE_URL: url });
      expect(r.code).toBe(2);
      expect(r.out).toMatch(/DATABASE_URL: /);
      expect(r.out).toMatch(words);
      expect(r.out).not.toContain("pg-secret-pw");
      expect(r.out).not.toMatch(/\n\s+at /);
    },
    40_000,
  );

  it.skipIf(process.platform !== "linux")(
    "KENNEL_DATA_DIR under /proc: one line naming the folder, exit 2, at once (never a silent hang)",
    async () => {
      const folder = `/proc/kennel-desk-${process.pid}/data`;
      const r = await start({ KENNEL_DATA_DIR: folder });
      expect(r.code).toBe(2);
      const said = r.out.split("\n").filter((l) => l.includes(folder));
      expect(said).toHaveLength(1);
      expect(said[0]).toMatch(/^Kennel Desk will not start: The care record's folder .* could not be made: /);
      expect(said[0]).toContain("KENNEL_DATA_DIR");
    },
    40_000,
  );
});
