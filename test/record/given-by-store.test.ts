/**
 * Who gave a dose, when not who recorded it, round the store on both engines: the `given_by` record
 * is committed with the entries it names (the store's `beside`, one transaction) and read back as
 * written; the chain verifies with entries written before it (none) and after (one), and its entries'
 * columns are what they were (the giver is not a column of theirs).
 */
import { afterEach, describe, expect, it } from "vitest";
import type { CareRecordStore } from "../../src/record/types.ts";
import { juniperEntries } from "../helpers/record.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-12-03T13:00:00Z") };
const DATE = "2026-12-03";

describe.each(useStoreEngines(clock))("a dose's giver kept beside its entry ($name)", ({ open, skip }) => {
  let store: CareRecordStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it.skipIf(skip)("is committed with the entries, read back, and the chain verifies", async () => {
    store = await open();
    const entry = juniperEntries("g");
    // An entry of before: no giver apart.
    expect((await store.record([entry(DATE)])).status).toBe("recorded");
    const dose = entry(DATE, {
      item: "med:1",
      itemText: "Rimadyl 50 mg",
      outcome: "given",
      givenAt: `${DATE}T08:20:00.000Z`,
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "view:G1",
    });
    const body = {
      v: 1 as const,
      request: "view:G1",
      userId: "U0SAM",
      name: "Sam",
      items: ["med:1" as const],
    };
    const beside = [
      { kind: "given_by" as const, date: DATE, bookingId: 7, petId: 3, requestKey: "given_by:view:G1", body },
    ];
    const result = await store.record([dose], beside);
    expect(result.status).toBe("recorded");
    const [kept] = await store.log({ kind: "given_by", date: DATE });
    expect(kept).toMatchObject({ bookingId: 7, petId: 3, requestKey: "given_by:view:G1", body });
    // The entry as the store keeps it: signed by Jane, its columns unchanged.
    const read = (await store.entries({ date: DATE })).find((e) => e.requestKey === "view:G1");
    expect(read).toMatchObject({ userId: "U0JANE", userName: "Jane", outcome: "given" });
    expect(read?.givenBy).toBeUndefined();
    expect(await store.verify()).toMatchObject({ ok: true, links: { entries: 2, log: { given_by: 1 } } });
  });

  it.skipIf(skip)(
    "a body that names no dose is refused, nothing written; one that does is kept",
    async () => {
      store = await open();
      const dose = juniperEntries("h")(DATE, { requestKey: "view:G2" });
      const body = { v: 1 as const, request: "view:G2", userId: "U0SAM", items: ["meal"] };
      const beside = [{ kind: "given_by" as const, date: DATE, requestKey: "given_by:view:G2", body }];
      await expect(store.record([dose], beside as never)).rejects.toThrow();
      expect(await store.entries({ date: DATE })).toEqual([]);
      // The same with the dose named: committed, the giver with it.
      const named = {
        kind: "given_by" as const,
        date: DATE,
        requestKey: "given_by:view:G2",
        body: { ...body, items: ["med:1" as const] },
      };
      const given = { ...dose, item: "med:1" as const, outcome: "given" as const };
      expect((await store.record([given], [named])).status).toBe("recorded");
      expect(await store.log({ kind: "given_by", date: DATE })).toHaveLength(1);
    },
  );
});
