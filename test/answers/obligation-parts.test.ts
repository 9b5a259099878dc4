/**
 * What a round asked, longer than one record holds (src/answers/obligation-parts.ts): kept in parts,
 * each written before the obligation that names them; every reader (`owedRound`, `owedRounds`, a
 * booking found by its reference, Home's count) reads it whole, every pet in order; kept again (a
 * replica, a second /rounds) nothing new is written; one whose part is missing is left out, never
 * read as a shorter one; the chain verifies. On both engines.
 */
import { describe, expect, it } from "vitest";
import { appendObligation, keptObligations, obligationPieces } from "../../src/answers/obligation-parts.ts";
import { bookingIdInRecord, owedRound, owedRounds } from "../../src/answers/obligations.ts";
import { loadConfig } from "../../src/config.ts";
import type { BodyIn } from "../../src/record/kinds/index.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { longWords } from "../helpers/care-parts.ts";
import { doseWindow } from "../helpers/obligations.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T08:00:00Z`) };
const engines = useStoreEngines(clock);
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });

/** A morning round of `pets` pets, each with one dose of `chars` characters of its own words. */
function bigRound(pets: number, chars: number): BodyIn<"obligation"> {
  const all = Array.from({ length: pets }, (_, i) => ({
    bookingId: 500 + i,
    petId: 70 + i,
    name: `Pet ${i}`,
    reference: `REF-${i}`,
    items: [
      {
        item: "med:1" as const,
        label: "Rimadyl",
        text: longWords(`p${i}x`, chars),
        window: doseWindow(DATE),
        confirmed: true,
      },
    ],
  }));
  return {
    v: 1,
    date: DATE,
    round: "morning",
    pets: all,
    bookings: all.map((p) => p.bookingId),
    counts: { inHouse: pets, onSheet: pets, away: 0 },
  };
}

describe("obligationPieces", () => {
  it("a round that fits one record is itself; a longer one's pets shared out in order, each record within one", () => {
    const small = bigRound(3, 100);
    expect(obligationPieces(small)).toEqual({ head: small, parts: [] });
    const big = bigRound(12, 160_000);
    const { head, parts } = obligationPieces(big);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    for (const b of [head, ...parts]) expect(JSON.stringify(b).length).toBeLessThanOrEqual(1_000_000);
    expect([...head.pets, ...parts.flatMap((p) => p.pets)]).toEqual(big.pets);
    expect(head).toMatchObject({ bookings: big.bookings, counts: big.counts });
  });
});

describe.each(engines)("a round's obligation longer than one record ($name)", (engine) => {
  const withStore = async (test: (store: CareRecordStore) => Promise<void>) => {
    const store = await engine.open();
    try {
      await test(store);
    } finally {
      await store.close();
    }
  };

  it.skipIf(engine.skip)(
    "kept in parts and read whole by every reader; kept again, nothing new; the chain verifies",
    () =>
      withStore(async (store) => {
        const body = bigRound(12, 160_000);
        await appendObligation(store, body, `obligation:${DATE}:morning`);
        const parts = await store.log({ kind: "obligation_part", date: DATE });
        expect(parts.length).toBeGreaterThanOrEqual(2);
        const deps = { record: store, config, clock };
        const owed = await owedRound(deps, DATE, "morning");
        expect(owed?.pets.map((p) => p.petId)).toEqual(body.pets.map((p) => p.petId));
        expect(owed?.pets.at(-1)?.items[0]?.text).toBe(body.pets.at(-1)?.items[0]?.text);
        expect((await owedRounds(deps, { from: DATE, to: DATE })).map((r) => r.pets.length)).toEqual([12]);
        // The last pet, kept in a part, found by its booking's reference.
        expect(await bookingIdInRecord(deps, "REF-11")).toBe(511);

        // Kept again (a replica racing, a second /rounds): the first stands, nothing new written.
        const before = (await store.head()).seq;
        await appendObligation(store, body, `obligation:${DATE}:morning`).catch(() => undefined);
        expect((await store.head()).seq).toBe(before);
        expect((await store.verify()).ok).toBe(true);
      }),
    120_000,
  );

  it.skipIf(engine.skip)(
    "an obligation naming a part that is not there is left out, never read as a shorter one",
    () =>
      withStore(async (store) => {
        const small = bigRound(2, 100);
        await store.append({ kind: "obligation", date: DATE, body: { ...small, continued: [999_999] } });
        expect(await keptObligations(store, { date: DATE })).toEqual([]);
        expect(await owedRound({ record: store, config }, DATE, "morning")).toBeUndefined();
      }),
    60_000,
  );
});
