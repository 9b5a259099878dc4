/**
 * The as-needed doses a page at a time, as the exports and the audit read them (issue 48): each
 * page's effects and witnesses are read over its own doses' days and stays, not to the range's end
 * (a year's export read a year of witnesses at its first page), and every dose still has its
 * effect and its witness, as the whole read gives them.
 */
import { describe, expect, it } from "vitest";
import { prnDosePages, prnDoses } from "../../src/answers/prn.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import type { CareRecordStore, LogQuery } from "../../src/record/types.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

let now = new Date("2026-03-01T12:00:00Z");
const clock = { now: () => now };
const day = (n: number) => `2026-03-${String(n).padStart(2, "0")}`;

/** A high-alert dose given on `date` to a pet of `bookingId`, its effect and its witness (dated as the dose). */
async function dose(store: CareRecordStore, date: string, bookingId: number, n: number) {
  now = new Date(`${date}T09:00:00Z`);
  const given = { date, bookingId, petId: bookingId % 100, userId: "U0JANE" };
  const { entry } = await store.append({
    kind: "prn",
    ...given,
    requestKey: `prn:${n}`,
    body: {
      item: "med:1",
      label: "Tramadol 50 mg",
      itemText: "Tramadol 50 mg if in pain",
      reason: "limping",
      givenAt: `${date}T08:55:00Z`,
      userName: "Jane",
      highAlert: true,
      petName: `Pet ${n}`,
    },
  });
  const pointer = { prnId: entry.id };
  await store.append({ kind: "witness", ...given, userId: "U0TOM", body: { ...pointer, userName: "Tom" } });
  await store.append({
    kind: "prn_effect",
    ...given,
    requestKey: `prn_effect:${entry.id}`,
    body: { ...pointer, effect: "helped", userName: "Jane" },
  });
}

describe("as-needed doses read a page at a time", () => {
  it("reads each page's effects and witnesses over its own days and stays, every dose with both", async () => {
    const store = scratchRecord(clock);
    await dose(store, day(3), 101, 1);
    await dose(store, day(4), 102, 2);
    // Another stay's dose and its records later in the range: not the page's to read.
    await dose(store, day(20), 103, 3);
    now = new Date("2026-04-01T12:00:00Z");
    const asked: LogQuery[] = [];
    const watched = withFaults(store, {
      log: ((q: LogQuery) => {
        asked.push(q);
        return store.log(q);
      }) as CareRecordStore["log"],
    });
    const range = { from: day(1), to: day(31) };
    const paged: PrnDose[] = [];
    const deps = { record: watched, clock };
    for await (const page of prnDosePages(deps, range, (await store.head()).seq)) paged.push(...page);
    // The same doses as the whole range read at once, each with its effect and its witness.
    expect(paged).toEqual(await prnDoses({ record: store, clock }, range));
    expect(paged.map((d) => [d.petName, d.effect?.effect, d.witness?.state])).toEqual([
      ["Pet 1", "helped", "witnessed"],
      ["Pet 2", "helped", "witnessed"],
      ["Pet 3", "helped", "witnessed"],
    ]);
    // One page (three doses): its effects and witnesses read over 3 to 20 March, its three stays.
    const reads = asked.filter((q) => q.kind === "prn_effect" || q.kind === "witness");
    expect(reads.map((q) => [q.kind, q.from, q.to, q.bookingIds])).toEqual([
      ["prn_effect", day(3), day(20), [101, 102, 103]],
      ["witness", day(3), day(20), [101, 102, 103]],
    ]);
    await store.close();
  });
});
