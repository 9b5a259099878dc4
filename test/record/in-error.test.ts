/**
 * An entry put right as recorded in error (the wrong pet, the wrong dose), in the store on both
 * engines: a correction that strikes the entry and leaves no outcome, read back as `in_error` with
 * its why; the slot open again (a new entry for it is recorded, superseding it); the chain verifies;
 * the row an older Kennel Desk reads says what it said before ("not given · other: recorded in error").
 */
import { describe, expect, it } from "vitest";
import type { Clock } from "../../src/deps.ts";
import { InvalidEntryError } from "../../src/record/errors.ts";
import type { Entry, RecordResult } from "../../src/record/types.ts";
import { doseEntry as entry } from "../helpers/record-fixtures.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock: Clock = { now: () => new Date("2026-11-24T13:05:00.000Z") };
const recorded = (r: RecordResult): Entry[] => (r.status === "recorded" ? r.entries : []);

describe.each(useStoreEngines(clock))("recorded in error, on $name", (engine) => {
  it.skipIf(engine.skip)(
    "strikes the entry, leaves no outcome, opens the slot again; verify passes",
    async () => {
      const store = await engine.open();
      const [given] = recorded(await store.record([entry({ outcome: "given" })]));
      const fix = await store.record([
        entry({
          outcome: "in_error",
          reason: "wrong pet: it was Bramble",
          supersedes: given?.id,
          requestKey: "fix-1",
        }),
      ]);
      expect(fix.status).toBe("recorded");
      const [wrong] = recorded(fix);
      expect(wrong).toMatchObject({
        outcome: "in_error",
        reason: "wrong pet: it was Bramble",
        supersedes: given?.id,
      });
      const read = await store.entries({ date: "2026-11-24" });
      expect(read.map((e) => [e.id, e.outcome, e.reason, e.reasonCode, e.supersededBy])).toEqual([
        [given?.id, "given", undefined, undefined, wrong?.id],
        [wrong?.id, "in_error", "wrong pet: it was Bramble", undefined, undefined],
      ]);
      const [mark] = await store.log({ kind: "in_error" });
      expect(mark?.body).toEqual({
        v: 1,
        entryId: wrong?.id,
        corrects: given?.id,
        why: "wrong pet: it was Bramble",
      });
      // The slot is open: a tap records it (no "already recorded"), superseding the entry in error.
      const [again] = recorded(await store.record([entry({ outcome: "refused", requestKey: "tap-2" })]));
      expect(again).toMatchObject({ outcome: "refused", supersedes: wrong?.id });
      expect((await store.entries({ date: "2026-11-24" })).map((e) => e.outcome)).toEqual([
        "given",
        "in_error",
        "refused",
      ]);
      expect((await store.verify()).ok).toBe(true);
      await store.close();
    },
  );

  it.skipIf(engine.skip)("refuses a meal, an entry never recorded, and no why, writing nothing", async () => {
    const store = await engine.open();
    const [meal] = recorded(await store.record([entry({ item: "meal", outcome: "ate_all" })]));
    const bad = [
      entry({
        item: "meal",
        outcome: "in_error",
        reason: "wrong pet",
        supersedes: meal?.id,
        requestKey: "m",
      }),
      entry({ outcome: "in_error", reason: "wrong pet", requestKey: "n" }),
      entry({ item: "meal", outcome: "in_error", reason: " ", supersedes: meal?.id, requestKey: "o" }),
    ];
    for (const b of bad) await expect(store.record([b])).rejects.toBeInstanceOf(InvalidEntryError);
    expect(await store.entries({ date: "2026-11-24" })).toHaveLength(1);
    expect(await store.log({ kind: "in_error" })).toEqual([]);
    await store.close();
  });
});
