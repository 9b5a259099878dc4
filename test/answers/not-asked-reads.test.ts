/**
 * Why a dose recorded where its round did not ask it was not asked (src/answers/not-asked.ts), read
 * from its day's kept sheets: each day's sheets read once, with their places in the chain (not read
 * a second time to learn them).
 */
import { describe, expect, it } from "vitest";
import { notAskedWhys } from "../../src/answers/not-asked.ts";
import type { OwedDose } from "../../src/domain/obligations.ts";
import type { CareRecordStore, Entry, LogQuery } from "../../src/record/types.ts";
import { keepSheet } from "../helpers/not-asked.ts";
import { juniperEntries, recorded, scratchRecord, withFaults } from "../helpers/record.ts";

const clock = { now: () => new Date("2026-12-04T12:00:00Z") };
const DAYS = ["2026-12-02", "2026-12-03"];
const vetoryl = { item: "med:1" as const, label: "Vetoryl", text: "Vetoryl 30mg 1 cap" };

/** Juniper (booking 7, pet 3) on the morning sheet, Vetoryl printed not due by the plan. */
const juniper = {
  bookingId: 7,
  petId: 3,
  name: "Juniper",
  due: [],
  byDays: [{ ...vetoryl, days: "plan_not_due" as const, words: "not one of its days: Mon, Fri" }],
  oneTap: false,
  message: 0,
};

/** The dose recorded given beside what the round asked: one no round asked. */
const besideAsked = (entry: Entry) =>
  ({ ...entry, entry, besideAsked: true, confirmed: true }) as unknown as OwedDose;

describe("why a dose was not asked", () => {
  it("reads each of its days' sheets once, the sheet's line said", async () => {
    const store = scratchRecord(clock);
    const entry = juniperEntries("na");
    const doses: OwedDose[] = [];
    for (const date of DAYS) {
      await keepSheet(store, date, [juniper]);
      const given = { ...vetoryl, itemText: vetoryl.text, outcome: "given" as const };
      doses.push(besideAsked(await recorded(store, entry(date, given))));
    }
    const asked: LogQuery[] = [];
    const counted: CareRecordStore = withFaults(store, {
      log: ((q: LogQuery) => {
        asked.push(q);
        return store.log(q);
      }) as CareRecordStore["log"],
    });
    const whys = await notAskedWhys({ record: counted }, doses);
    expect([...whys.values()]).toEqual(
      DAYS.map(() => ({ days: "plan_not_due", words: "not one of its days: Mon, Fri" })),
    );
    expect(asked.filter((q) => q.kind === "sheet").map((q) => q.date)).toEqual(DAYS);
  });
});
