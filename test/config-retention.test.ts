/**
 * KENNEL_RECORD_RETENTION_DAYS under a year (a typo, `1` for `1095`) is refused at start, before the
 * daily pass could delete a medication record; KENNEL_RECORD_RETENTION_SHORT=1 takes it, and then
 * every start says it loudly (the status command too: test/cli.test.ts).
 */
import { describe, expect, it } from "vitest";
import { loadConfig, settingsNotices } from "../src/config.ts";
import { problems } from "./helpers/config.ts";

describe("KENNEL_RECORD_RETENTION_DAYS under a year", () => {
  it.each(["1", "30", "364"])(
    "%s is refused at start, saying nothing was deleted and how to mean it",
    (days) => {
      const found = problems({ KENNEL_RECORD_RETENTION_DAYS: days });
      expect(found).toHaveLength(1);
      expect(found[0]?.variable).toBe("KENNEL_RECORD_RETENTION_DAYS");
      expect(found[0]?.problem).toContain(`is ${days}: the care record would delete its entries`);
      expect(found[0]?.problem).toContain("nothing has been deleted");
      expect(found[0]?.fix).toContain("Use 365 days or more");
      expect(found[0]?.fix).toContain("KENNEL_RECORD_RETENTION_SHORT=1");
    },
  );

  it("a year or more, and 0 (keep everything), are taken with no warning", () => {
    for (const days of ["365", "1095", "0"]) {
      const config = loadConfig({ KENNEL_RECORD_RETENTION_DAYS: days });
      expect(config.recordRetentionDays).toBe(Number(days));
      expect(settingsNotices(config, {}).join("\n")).not.toContain("RETENTION");
    }
  });

  it("with KENNEL_RECORD_RETENTION_SHORT=1 a short period is taken, and said loudly at start", () => {
    const env = { KENNEL_RECORD_RETENTION_DAYS: "1", KENNEL_RECORD_RETENTION_SHORT: "1" };
    const config = loadConfig(env);
    expect(config.recordRetentionDays).toBe(1);
    const notes = settingsNotices(config, env);
    expect(notes).toContainEqual(
      expect.stringContaining("⚠️ KENNEL_RECORD_RETENTION_DAYS=1 (with KENNEL_RECORD_RETENTION_SHORT=1)"),
    );
    expect(notes.join("\n")).toContain("medication doses included, of rounds more than 1 day old");
  });

  it("the override is a flag: another value is refused", () => {
    const found = problems({ KENNEL_RECORD_RETENTION_DAYS: "30", KENNEL_RECORD_RETENTION_SHORT: "sure" });
    expect(found.map((p) => p.variable).sort()).toEqual([
      "KENNEL_RECORD_RETENTION_DAYS",
      "KENNEL_RECORD_RETENTION_SHORT",
    ]);
  });
});
