/**
 * Dose times in the store (issue 35), on both engines: an entry keeps when the dose was given beside
 * when it was recorded, and the reason from the list for a dose not given; both are in the chain
 * (an entry without them hashes as before, so a record made earlier still verifies); the store
 * refuses a time given later than now, a reason not on the list, and a reason for a dose given.
 */
import { describe, expect, it } from "vitest";
import { entryContent } from "../../src/record/chain.ts";
import { InvalidEntryError } from "../../src/record/errors.ts";
import type { EntryInput, RecordResult } from "../../src/record/types.ts";
import { doseEntry } from "../helpers/record-fixtures.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const NOW = "2026-11-26T11:00:00.000Z";
const clock = { now: () => new Date(NOW) };
const ENGINES = useStoreEngines(clock);

let n = 0;
const entry = (over: Partial<EntryInput> = {}): EntryInput =>
  doseEntry({ date: "2026-11-26", requestKey: `k${++n}`, ...over });

describe.each(ENGINES)("dose times on $name", (engine) => {
  it.skipIf(engine.skip)(
    "keeps when it was given beside when it was recorded, and the reason's code; the chain verifies",
    async () => {
      const store = await engine.open();
      const plain = (await store.record([entry({ item: "meal", outcome: "ate_all" })])) as Extract<
        RecordResult,
        { status: "recorded" }
      >;
      expect(plain.entries[0]?.givenAt).toBeUndefined();
      const late = (await store.record([entry({ givenAt: "2026-11-26T08:05:00Z" })])) as Extract<
        RecordResult,
        { status: "recorded" }
      >;
      expect(late.entries[0]).toMatchObject({ givenAt: "2026-11-26T08:05:00.000Z", recordedAt: NOW });
      await store.record([
        entry({
          item: "med:2",
          outcome: "not_given",
          reasonCode: "vomited",
          reason: "vomited within 30 minutes",
        }),
      ]);
      const read = await store.entries({ date: "2026-11-26" });
      expect(read.map((e) => [e.item, e.givenAt, e.reasonCode])).toEqual([
        ["meal", undefined, undefined],
        ["med:1", "2026-11-26T08:05:00.000Z", undefined],
        ["med:2", undefined, "vomited"],
      ]);
      expect(await store.verify()).toMatchObject({ ok: true, rows: 3 });
      await store.close();
    },
  );

  it.skipIf(engine.skip)(
    "refuses a time given later than now, a reason not on the list, a reason for a dose given",
    async () => {
      const store = await engine.open();
      await expect(store.record([entry({ givenAt: "2026-11-26T11:05:00Z" })])).rejects.toThrow(
        InvalidEntryError,
      );
      // A time on a later day says its day, and now's.
      await expect(store.record([entry({ givenAt: "2026-11-27T08:00:00Z" })])).rejects.toThrow(
        "A dose cannot be recorded as given later than now (given 2026-11-27T08:00:00.000Z, now 2026-11-26T11:00:00.000Z).",
      );
      await expect(store.record([entry({ givenAt: "08:05" })])).rejects.toThrow(/is not a time/);
      await expect(
        store.record([entry({ outcome: "not_given", reason: "x", reasonCode: "lost" as never })]),
      ).rejects.toThrow(/not a reason from the list/);
      await expect(store.record([entry({ reasonCode: "refused" })])).rejects.toThrow(/for a dose not given/);
      // A form's "now", read a moment before the commit: the commit's time.
      const soon = (await store.record([entry({ givenAt: "2026-11-26T11:00:30Z" })])) as Extract<
        RecordResult,
        { status: "recorded" }
      >;
      expect(soon.entries[0]?.givenAt).toBe(NOW);
      expect(await store.entries({})).toHaveLength(1);
      await store.close();
    },
  );
});

describe("an entry's content", () => {
  it("is what it was before dose times for an entry without them; with them it differs", () => {
    const row = {
      seq: 1,
      kennel: "k",
      round_date: "2026-11-26",
      round: "morning",
      booking_id: 1,
      pet_id: 2,
      pet_name: "Sugar",
      item: "med:1",
      item_text: "x",
      outcome: "given",
      reason: null,
      note: null,
      user_id: "U1",
      user_name: "Jane",
      request_key: "r",
      supersedes: null,
      recorded_at: NOW,
    };
    const before = entryContent(row);
    expect(entryContent({ ...row, given_at: null, reason_code: null })).toBe(before);
    expect(entryContent({ ...row, given_at: "2026-11-26T08:05:00.000Z", reason_code: null })).not.toBe(
      before,
    );
  });
});
