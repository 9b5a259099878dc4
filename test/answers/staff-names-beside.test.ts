/**
 * The bot's care record (the store wrapped to follow up staff names, src/answers/staff-names.ts)
 * commits what goes beside a round's entries in the same transaction: the chart on paper's mark
 * (issue 50), a round's items added (issue 45). The wrapper once dropped them. Real SQLite.
 */
import { describe, expect, it } from "vitest";
import { withStaffNames } from "../../src/answers/staff-names.ts";
import { scratchRecord } from "../helpers/record.ts";

describe("the bot's record keeps what goes beside an entry", () => {
  it("the paper's mark is committed with the entries it marks", async () => {
    const clock = { now: () => new Date("2026-11-24T15:00:00Z") };
    const real = scratchRecord(clock);
    const work: Promise<void>[] = [];
    const store = withStaffNames(
      real,
      { settledName: async () => "Sam Lee" },
      (w) => void work.push(w),
      () => {},
    );
    const result = await store.record(
      [
        {
          date: "2026-11-24",
          round: "morning",
          bookingId: 7,
          petId: 77,
          petName: "Biscuit",
          item: "med:1",
          itemText: "Rimadyl 50 mg",
          outcome: "given",
          givenAt: "2026-11-24T08:05:00.000Z",
          userId: "U0SAM",
          userName: "Sam Lee",
          requestKey: "view:V1",
        },
      ],
      [
        {
          kind: "paper",
          date: "2026-11-24",
          bookingId: 7,
          petId: 77,
          requestKey: "paper:view:V1",
          body: { v: 1, request: "view:V1", items: [{ item: "med:1", by: "JD" }] },
        },
      ],
    );
    await Promise.all(work);
    expect(result.status).toBe("recorded");
    expect((await real.log({ kind: "paper", date: "2026-11-24" })).map((l) => l.body)).toEqual([
      { v: 1, request: "view:V1", items: [{ item: "med:1", by: "JD" }] },
    ]);
    await real.close();
  });
});
