/**
 * `kennel-desk digest --dry-run` writes nothing to the care record, whatever it is asked: the day's
 * review (which opens the record) beside a round not kept yet, the welfare check or a later day's
 * round, as text or as JSON. In-process, a real SQLite record in a temporary folder holding the
 * morning round kept; the clock at the evening round, not kept yet.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { openCareRecord } from "../../src/record/open.ts";
import { addDays } from "../../src/time.ts";
import { dayHeading } from "../../src/words/dates.ts";
import { useTempFolders } from "../helpers/record-fixtures.ts";
import { TODAY, useDigestCommand } from "./command.ts";

const dir = useTempFolders("digest-dry-run")();
const at = "2026-11-22T17:40:00Z";
const clock = { now: () => new Date(at) };
const { world, run } = useDigestCommand(at, {
  KENNEL_DATA_DIR: dir,
  ROUNDS_CHANNEL: "C0ROUNDS",
  DIGEST_CHANNEL: "C0MORNING",
  WELFARE_CHANNEL: "C0WELFARE",
  WELFARE_AREAS: "Kennel,Cattery",
  LOG_LEVEL: "silent",
});

async function head() {
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
  try {
    return await store.head();
  } finally {
    await store.close();
  }
}

const EVERY = "departures,arrivals,rounds,tomorrow,welfare,welfare-due,review,chart";
const ASKED: Array<[code: number, ...args: string[]]> = [
  [0, "--content", "rounds,review"],
  [0, "--content", "rounds,review", "--round", "midday"],
  [0, "--content", "rounds,review", "--round", "morning"],
  [0, "--content", "welfare,welfare-due,review"],
  [0, "--content", "review,departures,arrivals,tomorrow,chart"],
  [0, "--content", EVERY],
  [0, "--content", "rounds,review", "--date", addDays(TODAY, 1)],
  [0, "--content", "review", "--date", addDays(TODAY, -1)],
  // A past day's round is refused, reading the record only.
  [2, "--content", "rounds,review", "--round", "morning", "--date", addDays(TODAY, -1)],
];

describe("kennel-desk digest --dry-run writes nothing", () => {
  it("no care record yet: none is made by a dry run of every post but the review (which needs one)", async () => {
    const every = EVERY.replace(",review", "");
    for (const json of [[], ["--json"]]) {
      const r = await run(["--dry-run", ...json, "--content", every]);
      expect(r.code, r.stderr).toBe(0);
    }
    expect(existsSync(join(dir, "care-record.sqlite"))).toBe(false);
  });

  it("with the record open for the review, a round not kept, welfare, a later day: text and JSON alike", async () => {
    const morning = await run(["--content", "rounds", "--round", "morning"]);
    expect(morning.code, morning.stderr).toBe(0);
    const posted = world.slack.messages.length;
    for (const json of [[], ["--json"]]) {
      for (const [code, ...asked] of ASKED) {
        const args = ["--dry-run", ...json, ...asked];
        const before = await head();
        const r = await run(args);
        expect(r.code, `${args.join(" ")}: ${r.stderr}`).toBe(code);
        expect(await head(), args.join(" ")).toEqual(before);
      }
    }
    expect(world.slack.messages).toHaveLength(posted);
    // Still posted and kept by a real run, once: the dry runs kept nothing in its place.
    const before = await head();
    const evening = await run(["--content", "rounds"]);
    expect(evening.stdout).toContain(`Posted the evening round's sheet of ${dayHeading(TODAY)} in C0ROUNDS`);
    expect((await head()).seq).toBeGreaterThan(before.seq);
  });
});
