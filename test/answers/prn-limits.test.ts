/**
 * As-needed limits that hold when staff give at once (issue 46, item 3): the plan's limits are
 * checked in the same transaction as the write, holding the record's chain lock, on both engines.
 * Six staff give one dose (plan: at most 2 in 24 h) at the same moment: on SQLite through one
 * store (one replica: its writes one after the other), on PostgreSQL through two store instances
 * on one database (two replicas). Two doses are kept; the four others are told they go past the
 * plan, nothing written; checked ("give it anyway") they are kept with the acknowledgement.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepPlan } from "../../src/answers/plans.ts";
import { prnDoses } from "../../src/answers/prn.ts";
import { givePrn, type PrnGiveResult } from "../../src/answers/prn-give.ts";
import { loadConfig } from "../../src/config.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import { confirmPlan } from "../../src/domain/plan/state.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { usePostgres } from "../helpers/postgres.ts";
import { stayContext } from "../helpers/reader.ts";
import { scratchRecord } from "../helpers/record.ts";

const clock = { now: () => new Date("2026-11-22T09:00:00Z") };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const pg = usePostgres();

/** The stores six staff write through: one on SQLite, two replicas' on PostgreSQL. */
const engines: Array<{ name: string; open: () => Promise<CareRecordStore[]>; skip: boolean }> = [
  {
    name: "SQLite, one replica",
    open: async () => {
      const one = scratchRecord(clock);
      return [one];
    },
    skip: false,
  },
  {
    name: "PostgreSQL, two replicas",
    open: async () => {
      const url = await pg.freshDatabase();
      const a = (await openCareRecord({ engine: "postgres", url }, clock, undefined)).store;
      const b = (await openCareRecord({ engine: "postgres", url }, clock, undefined)).store;
      return [a, b];
    },
    skip: !pg.available,
  },
];

const plan = () => {
  const drafted = draftPlan(
    { medication: "Piriton 4mg PRN – only if scratching, max 2 in 24h" },
    stayContext("2026-11-20T10:00:00Z", "2026-11-28T10:00:00Z", { bookingId: 10, petId: 2 }),
  );
  const confirmed = confirmPlan(drafted, { userId: "U0LEAD", userName: "Lead", at: "2026-11-20T11:00:00Z" });
  if (!confirmed.ok) throw new Error(confirmed.why);
  return confirmed.plan;
};

describe.each(engines)("six staff giving one dose at once ($name)", ({ open, skip }) => {
  let stores: CareRecordStore[] = [];
  beforeAll(async () => {
    if (skip) return;
    stores = await open();
    await keepPlan({ record: stores[0] }, { plan: plan(), date: "2026-11-20", petName: "Scratch" });
  });
  afterAll(async () => {
    for (const s of stores) await s.close();
  });

  const give = (i: number, acked: Array<"max_per_24h">) => {
    const store = stores[i % stores.length] as CareRecordStore;
    return givePrn(
      { record: store, config, clock },
      {
        bookingId: 10,
        petId: 2,
        item: "med:1",
        reason: "scratching",
        givenAt: "2026-11-22T08:50:00Z",
        ...(acked.length ? { form: { warned: true, acked }, note: "Vet agreed" } : {}),
        who: { userId: `U0STAFF${i}`, userName: `Staff ${i}` },
        requestKey: `view:${acked.length ? "acked" : "plain"}-${i}`,
      },
    );
  };
  const statuses = (rs: PrnGiveResult[]) => rs.map((r) => r.status).sort();

  it.skipIf(skip)("two kept, four told they go past the plan (nothing written for them)", async () => {
    const results = await Promise.all([0, 1, 2, 3, 4, 5].map((i) => give(i, [])));
    expect(statuses(results)).toEqual([
      "past_limit",
      "past_limit",
      "past_limit",
      "past_limit",
      "recorded",
      "recorded",
    ]);
    const refused = results.find((r) => r.status === "past_limit");
    expect(refused).toMatchObject({
      problems: [{ rule: "max_per_24h", count: 2, max: 2 }],
      words: ["2 already in the last 24 h: the plan says at most 2"],
    });
    expect(await prnDoses({ record: stores[0], clock }, { bookingId: 10, petId: 2 })).toHaveLength(2);
  });

  it.skipIf(skip)(
    "checked by their givers, given at once: each kept with the count as it was when written",
    async () => {
      const results = await Promise.all([0, 1, 2].map((i) => give(i, ["max_per_24h"])));
      expect(statuses(results)).toEqual(["recorded", "recorded", "recorded"]);
      const kept = await prnDoses({ record: stores[0], clock }, { bookingId: 10, petId: 2 });
      // Written one after the other: 2, 3 and 4 already, each as the record stood at its write.
      expect(kept.flatMap((d) => (d.ack ? [d.ack.words] : [])).sort()).toEqual([
        "2 already in the last 24 h: the plan says at most 2",
        "3 already in the last 24 h: the plan says at most 2",
        "4 already in the last 24 h: the plan says at most 2",
      ]);
    },
  );
});
