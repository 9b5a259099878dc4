/**
 * The store's entries read with a `limit`, on both engines: the first so many of what the query
 * matches, in the same order as without it (place order, oldest first), so a reader that asks
 * only whether there is one (the pet card's "📋 Stay record") reads one row, not the stay's all.
 */
import { afterEach, describe, expect, it } from "vitest";
import { InvalidEntryError } from "../../src/record/errors.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { juniperEntries, recorded } from "../helpers/record.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const clock = { now: () => new Date("2026-12-03T13:00:00Z") };

describe.each(useStoreEngines(clock))("the record's entries read with a limit ($name)", ({ open, skip }) => {
  let store: CareRecordStore | undefined;
  afterEach(async () => {
    await store?.close();
    store = undefined;
  });

  it.skipIf(skip)("give the first so many in place order, the query's filters kept", async () => {
    store = await open();
    const entry = juniperEntries("l");
    const first = await recorded(store, entry("2026-12-02", { round: "evening" }));
    await recorded(store, entry("2026-12-03", { petId: 4, petName: "Pip" }));
    const second = await recorded(store, entry("2026-12-01"));
    const third = await recorded(store, entry("2026-12-03"));
    const juniper = { bookingId: 7, petId: 3 };
    expect((await store.entries(juniper)).map((e) => e.id)).toEqual([first.id, second.id, third.id]);
    expect(await store.entries({ ...juniper, limit: 1 })).toEqual([first]);
    expect((await store.entries({ ...juniper, limit: 2 })).map((e) => e.id)).toEqual([first.id, second.id]);
    expect((await store.entries({ ...juniper, limit: 10 })).map((e) => e.id)).toEqual([
      first.id,
      second.id,
      third.id,
    ]);
    expect(await store.entries({ ...juniper, limit: 0 })).toEqual([]);
    expect((await store.entries({ date: "2026-12-03", limit: 1 })).map((e) => e.petId)).toEqual([4]);
    expect(await store.entries({ petId: 9, limit: 1 })).toEqual([]);
  });

  it.skipIf(skip)("refuse a limit that is not a whole number of entries", async () => {
    store = await open();
    for (const limit of [-1, 1.5, Number.NaN])
      await expect(store.entries({ bookingId: 7, limit })).rejects.toBeInstanceOf(InvalidEntryError);
  });
});
