/**
 * The settings' fourth hardening pass (issue 36, items 1 and 5): no setting holds a control
 * character (a token with a line break is refused naming the setting, never echoed); whole numbers
 * are digits only (0x10, 0b1, 0o7, 1e1 refused, as the setup page's port box will be); every
 * DATABASE_URL the store could not read is refused here, password never shown; a leading ~ in
 * KENNEL_DATA_DIR is the home folder, and said; HEALTH_HOST is an address to listen on.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { portNumber } from "../src/config/reader.ts";
import { ConfigError, loadConfig, settingsNotices } from "../src/config.ts";
import { problems } from "./helpers/config.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("control characters in a setting", () => {
  it.each([
    ["SLACK_BOT_TOKEN", "xoxb-1234\nSLACK_API_URL=https://x/api/"],
    ["SLACK_APP_TOKEN", "xapp-1-A\r\nX: y"],
    ["KENNEL_API_KEY", "kd-7f3a\u00019Q"],
    ["SLACK_SIGNING_SECRET", "8f14e45fceea167a\u007f5a36dedd4bea2543"],
    ["DATABASE_URL", "postgres://kd:pw@db/kennel\u2028x"],
    ["KENNEL_DATA_DIR", "data\u0007"],
  ])(
    "%s with a control character inside: refused naming the setting, the value never shown",
    (variable, value) => {
      const found = problems({ [variable]: value });
      expect(found).toHaveLength(1);
      expect(found[0]?.variable).toBe(variable);
      expect(found[0]?.problem).toMatch(/contains a line break or another control character inside it/);
      expect(JSON.stringify(found)).not.toContain(JSON.stringify(value).slice(1, 8));
      expect(new ConfigError(found).message).not.toMatch(/network/i);
    },
  );
});

describe("whole numbers: digits only", () => {
  it.each(["0x10", "0b1", "0o7", "1e1", "+5", "1.0", "１０", "5 5", "-0"])(
    "%s is refused for KENNEL_RECORD_RETENTION_DAYS and PORT",
    (value) => {
      const found = problems({ KENNEL_RECORD_RETENTION_DAYS: value, PORT: value });
      expect(found.map((p) => p.variable).sort()).toEqual(["KENNEL_RECORD_RETENTION_DAYS", "PORT"]);
      expect(found.find((p) => p.variable === "PORT")?.problem).toBe(`"${value}" is not a port number.`);
    },
  );

  it("digits are read as ever, leading zeros too; the port box's rule is the same parser (1 to 65535)", () => {
    expect(loadConfig({ KENNEL_RECORD_RETENTION_DAYS: "0400", PORT: "8080" })).toMatchObject({
      recordRetentionDays: 400,
      port: 8080,
    });
    expect(portNumber("3000")).toEqual({ ok: true, value: 3000 });
    expect(portNumber("0").ok).toBe(false);
    expect(portNumber("0x50").ok).toBe(false);
    expect(portNumber("65536").ok).toBe(false);
  });
});

describe("DATABASE_URL: every problem the store would meet, found here", () => {
  const cert = join(dir, "root.crt");
  writeFileSync(cert, "-----BEGIN CERTIFICATE-----\n");

  it.each([
    ["postgres://kd:s3cret-pw@db/kennel%ZZ", /in its database name that is not a valid percent-encoding/],
    ["postgres://kd:s3cret%E0%A4-pw@db/kennel", /in its password that is not a valid percent-encoding/],
    ["postgres://k%ZZd:s3cret-pw@db/kennel", /in its user name that is not a valid percent-encoding/],
    [
      "postgres://kd:s3cret-pw@db/kennel?sslrootcert=/nonexistent/root.crt",
      /names sslrootcert=\/nonexistent\/root\.crt, which cannot be read \(there is no such file\)/,
    ],
    ["postgres://kd:s3cret-pw@db/kennel?sslkey=/nonexistent/k.key", /names sslkey=/],
    ["postgres://kd:s3cret-pw@db/kennel?sslmode=verify-all", /sslmode=verify-all, which is not an SSL mode/],
  ])("%s is refused in words, without the password", (url, words) => {
    const found = problems({ DATABASE_URL: url });
    expect(found).toHaveLength(1);
    expect(found[0]?.variable).toBe("DATABASE_URL");
    expect(found[0]?.problem).toMatch(words);
    expect(JSON.stringify(found)).not.toContain("s3cret");
  });

  it("a good address with a certificate that is there is read", () => {
    const config = loadConfig({
      DATABASE_URL: `postgres://kd:s3cret%40pw@db:5433/kennel?sslrootcert=${cert}`,
    });
    expect(config.record.engine).toBe("postgres");
  });
});

describe("KENNEL_DATA_DIR with a leading ~", () => {
  it("is the home folder (HOME), and said at start", () => {
    const env = { KENNEL_DATA_DIR: "~/kennel-data", HOME: "/home/kennel" };
    const config = loadConfig(env);
    expect(config.record).toEqual({ engine: "sqlite", dataDir: "/home/kennel/kennel-data" });
    expect(settingsNotices(config, env)).toEqual([
      "KENNEL_DATA_DIR=~/kennel-data: the ~ is read as this user's home folder, so the care record is kept in /home/kennel/kennel-data.",
    ]);
    expect(loadConfig({ KENNEL_DATA_DIR: "~", HOME: "/home/kennel" }).record).toMatchObject({
      dataDir: "/home/kennel",
    });
    expect(
      settingsNotices(loadConfig({ KENNEL_DATA_DIR: "/srv/kd" }), { KENNEL_DATA_DIR: "/srv/kd" }),
    ).toEqual([]);
  });

  it("~user is refused: whose home it is depends on the computer", () => {
    const [p] = problems({ KENNEL_DATA_DIR: "~kennel/data" });
    expect(p?.variable).toBe("KENNEL_DATA_DIR");
    expect(p?.problem).toMatch(/starts with ~ and a user's name/);
  });
});

describe("HEALTH_HOST", () => {
  it("unset by default (Socket Mode then listens on 127.0.0.1); an address to listen on when set", () => {
    expect(loadConfig({}).healthHost).toBeUndefined();
    expect(loadConfig({ HEALTH_HOST: "0.0.0.0" }).healthHost).toBe("0.0.0.0");
    expect(loadConfig({ HEALTH_HOST: "[::]" }).healthHost).toBe("::");
    const [p] = problems({ HEALTH_HOST: "example.com" });
    expect(p?.variable).toBe("HEALTH_HOST");
    expect(p?.fix).toMatch(/0\.0\.0\.0 in a container/);
  });

  it("set in HTTP mode, where it does not apply: said at start", () => {
    const env = {
      SLACK_BOT_TOKEN: "xoxb-1",
      SLACK_SIGNING_SECRET: "8f14e45fceea167a5a36",
      HEALTH_HOST: "0.0.0.0",
    };
    expect(settingsNotices(loadConfig(env), env)).toEqual([
      expect.stringMatching(/^HEALTH_HOST=0\.0\.0\.0 applies in Socket Mode only/),
    ]);
  });
});

describe("ROUND_CHECK_AFTER, retired (issue 35)", () => {
  it("set (whatever its value) does not stop the start: one notice says it no longer applies and what replaced it", () => {
    for (const value of ["90", "1h30m", "forever"]) {
      const env = { ROUND_CHECK_AFTER: value, KENNEL_DATA_DIR: "/srv/kd" };
      const notes = settingsNotices(loadConfig(env), env);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatch(/^ROUND_CHECK_AFTER no longer applies/);
      expect(notes[0]).toContain("DOSE_LATE_AFTER");
      expect(notes[0]).toContain("DOSE_WINDOW_AFTER");
    }
    expect(
      settingsNotices(loadConfig({ KENNEL_DATA_DIR: "/srv/kd" }), { KENNEL_DATA_DIR: "/srv/kd" }),
    ).toEqual([]);
  });

  it("ROUND_CHECK_MENTION still names who the late and missed replies mention: a user group id, or refused", () => {
    expect(loadConfig({ ROUND_CHECK_MENTION: "S0NURSES" }).roundCheck.mention).toBe("S0NURSES");
    const [p] = problems({ ROUND_CHECK_MENTION: "@nurses" });
    expect(p?.variable).toBe("ROUND_CHECK_MENTION");
    expect(p?.problem).toMatch(/user group id/);
  });
});

describe("MEDICINE_COUNT_AT: the handovers a controlled medicine is counted at", () => {
  it("times of day, comma-separated, read in order; unset is none", () => {
    expect(loadConfig({}).medicines.countAt).toEqual([]);
    expect(loadConfig({ MEDICINE_COUNT_AT: "19:30, 7:30" }).medicines.countAt).toEqual(["07:30", "19:30"]);
  });
  it("a time not HH:MM is refused, naming the setting and how to write it", () => {
    const found = problems({ MEDICINE_COUNT_AT: "7.30pm" });
    expect(found).toHaveLength(1);
    expect(JSON.stringify(found)).toContain("MEDICINE_COUNT_AT");
    expect(JSON.stringify(found)).toContain("MEDICINE_COUNT_AT=07:30,19:30");
  });
});

describe("CHART_POST_AT: tomorrow's charts posted the evening before", () => {
  it("a local time, with ROUNDS_CHANNEL; unset or off is none", () => {
    expect(loadConfig({}).rounds.chartPostAt).toBeUndefined();
    expect(
      loadConfig({ CHART_POST_AT: "off", ROUNDS_CHANNEL: "C0ROUNDS" }).rounds.chartPostAt,
    ).toBeUndefined();
    expect(loadConfig({ CHART_POST_AT: "19:00", ROUNDS_CHANNEL: "C0ROUNDS" }).rounds.chartPostAt).toBe(
      "19:00",
    );
  });
  it("refused without ROUNDS_CHANNEL (where it goes), or not a time, naming the setting", () => {
    const [alone] = problems({ CHART_POST_AT: "19:00" });
    expect(alone?.variable).toBe("CHART_POST_AT");
    expect(alone?.fix).toContain("ROUNDS_CHANNEL");
    const [bad] = problems({ CHART_POST_AT: "7pm", ROUNDS_CHANNEL: "C0ROUNDS" });
    expect(bad?.variable).toBe("CHART_POST_AT");
  });
});
