/**
 * One stay's export without a range (`record export --booking ID`) reads its own days (issue 48):
 * what its rounds asked with nothing recorded is the same as when every day of the record is read
 * (inside the stay: its first day, with nothing recorded and a day with no kept rounds between it and
 * the next, its middle and its last day; outside it: the pet's stay before, another pet's stay on
 * the same days), and the kept rounds read are of the stay's days and the day either side only.
 */
import { describe, expect, it } from "vitest";
import { exportRows } from "../../src/answers/record-export.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { OwedDose } from "../../src/domain/obligations.ts";
import type { CareRecordStore, ItemKey, LogQuery } from "../../src/record/types.ts";
import { scratchRecord } from "../helpers/record.ts";

const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
let now = new Date("2026-10-01T06:00:00Z");
const clock = { now: () => now };

/** Who is in house on each day (its booking and pet), and what each recorded of its morning items. */
interface Stay {
  bookingId: number;
  petId: number;
  days: string[];
  /** Each day's items recorded (a day not named: nothing recorded). */
  recorded: Record<string, ItemKey[]>;
}

const ITEMS: ItemKey[] = ["med:1", "meal"];
const day = (n: number) => `2026-10-${String(n).padStart(2, "0")}`;
const days = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => day(from + i));
const every = (ds: string[]) => Object.fromEntries(ds.map((d) => [d, ITEMS]));

const STAYS: Stay[] = [
  // Pet 1's stay before: its 2 October not recorded (outside the stay exported).
  { bookingId: 501, petId: 1, days: days(1, 3), recorded: every([day(1), day(3)]) },
  // The stay exported: its first day (4 October) and last (8 October) with nothing recorded, the
  // bot not running on 5 October (no round kept), the meal of 6 October not recorded.
  {
    bookingId: 502,
    petId: 1,
    days: [day(4), ...days(6, 8)],
    recorded: { [day(6)]: ["med:1"], [day(7)]: ITEMS },
  },
  // Another pet in house all the while: its 6 October not recorded (outside the stay exported).
  { bookingId: 601, petId: 2, days: [...days(1, 4), ...days(6, 12)], recorded: every(days(1, 12)) },
  // A stay nothing names but its kept rounds: nothing recorded, no other record of it.
  { bookingId: 701, petId: 3, days: days(10, 11), recorded: {} },
];

/** The kept morning sheets of 1 to 12 October (none on the 5th) and the entries recorded, each at its time. */
async function keptRecord(store: CareRecordStore, stays = STAYS, last = 12) {
  for (const date of days(1, last)) {
    const here = stays.filter((s) => s.days.includes(date));
    if (here.length === 0) continue;
    now = new Date(`${date}T06:55:00Z`);
    const pets = here.map((s) => ({
      bookingId: s.bookingId,
      petId: s.petId,
      name: `Pet ${s.petId}`,
      due: ITEMS.map((item) => ({ item, label: item, text: `${item} as on the sheet` })),
      oneTap: true,
      message: 0,
    }));
    const body = { v: 1 as const, date, round: "morning" as const, fallback: "morning round", pets };
    await store.append({ kind: "sheet", date, body: { ...body, messages: [{ parts: [] }] } });
    now = new Date(`${date}T07:15:00Z`);
    for (const s of here)
      for (const item of s.recorded[date] ?? [])
        await store.record([
          {
            date,
            round: "morning",
            bookingId: s.bookingId,
            petId: s.petId,
            petName: `Pet ${s.petId}`,
            item,
            itemText: `${item} as on the sheet`,
            outcome: item === "meal" ? "ate_all" : "given",
            userId: "U0JANE",
            userName: "Jane",
            requestKey: `${date}:${s.bookingId}:${item}`,
          },
        ]);
  }
  now = new Date("2026-10-20T12:00:00Z");
}

/**
 * The store, each read of the kept rounds' kinds remembered by the days it asked, and each read of
 * when the record began (it looks at every entry) as "began".
 */
function watched(store: CareRecordStore, asked: string[]): CareRecordStore {
  return new Proxy(store, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key, target);
      if (typeof value !== "function") return value;
      if (key === "began")
        return () => {
          asked.push("began");
          return value.call(target);
        };
      if (key !== "log") return value.bind(target);
      return (q: LogQuery) => {
        if (q.kind === "sheet" || q.kind === "obligation")
          asked.push(
            ...(q.date !== undefined
              ? [q.date]
              : q.from !== undefined && q.from === q.to
                ? [q.from]
                : [q.from ?? "every day", q.to ?? "every day"]),
          );
        return value.call(target, q);
      };
    },
  });
}

async function unrecorded(store: CareRecordStore, query: Parameters<typeof exportRows>[1]) {
  const rows = await exportRows({ record: store, clock, config }, query);
  const out: OwedDose[] = [];
  for await (const page of rows.unrecorded()) out.push(...page);
  return out;
}

const brief = (d: OwedDose) => `${d.date} ${d.bookingId} ${d.due.item} ${d.state.state}`;

describe("one stay's export, by its booking", () => {
  it("lists what its rounds asked with nothing recorded as the whole record's days do, reading its own days", async () => {
    const store = scratchRecord(clock);
    await keptRecord(store);
    const asked: string[] = [];
    const stay = await unrecorded(watched(store, asked), { bookingId: 502 });
    expect(stay.map(brief)).toEqual([
      "2026-10-04 502 med:1 missed",
      "2026-10-04 502 meal missed",
      "2026-10-06 502 meal missed",
      "2026-10-08 502 med:1 missed",
      "2026-10-08 502 meal missed",
    ]);
    // The same as every day of the record read (as the export did before), one pet's too.
    const whole = { from: day(1), to: "2026-10-20" };
    expect(stay).toEqual(await unrecorded(store, { bookingId: 502, ...whole }));
    expect(await unrecorded(store, { bookingId: 502, petId: 1 })).toEqual(stay);
    // Its kept rounds read: 3 to 9 October (the day either side says where it ends), not the record's,
    // nor when the record began.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((d) => !(d >= day(3) && d <= day(9)))).toEqual([]);
    await store.close();
  });

  it("reads every day for a stay that nothing but its kept rounds names", async () => {
    const store = scratchRecord(clock);
    await keptRecord(store);
    const stay = await unrecorded(store, { bookingId: 701 });
    expect(stay.map(brief)).toEqual([
      "2026-10-10 701 med:1 missed",
      "2026-10-10 701 meal missed",
      "2026-10-11 701 med:1 missed",
      "2026-10-11 701 meal missed",
    ]);
    expect(stay).toEqual(await unrecorded(store, { bookingId: 701, from: day(1), to: "2026-10-20" }));
    await store.close();
  });
});

describe("one pet's export, with no range", () => {
  it("reads its stays' own days, not the record's, and lists what they asked as every day read does", async () => {
    const store = scratchRecord(clock);
    await keptRecord(store);
    const asked: string[] = [];
    const pet = await unrecorded(watched(store, asked), { petId: 1 });
    // Its stay before (2 October) and the stay after (4, 6 and 8 October), as every day of the record gives them.
    expect(pet.map(brief)).toEqual([
      "2026-10-02 501 med:1 missed",
      "2026-10-02 501 meal missed",
      "2026-10-04 502 med:1 missed",
      "2026-10-04 502 meal missed",
      "2026-10-06 502 meal missed",
      "2026-10-08 502 med:1 missed",
      "2026-10-08 502 meal missed",
    ]);
    expect(pet).toEqual(await unrecorded(store, { petId: 1, from: day(1), to: "2026-10-20" }));
    // Its stays' days and the days either side (a week back past the record's first day, where no
    // round was kept): not the record's days to today, nor when the record began.
    expect(asked.length).toBeGreaterThan(0);
    expect(asked.filter((d) => !(d >= "2026-09-23" && d <= day(9)))).toEqual([]);
    // A pet nothing in the record names but its kept rounds: every day read, as before.
    const unnamed = await unrecorded(store, { petId: 3 });
    expect(unnamed.map(brief)).toEqual([
      "2026-10-10 701 med:1 missed",
      "2026-10-10 701 meal missed",
      "2026-10-11 701 med:1 missed",
      "2026-10-11 701 meal missed",
    ]);
    await store.close();
  });
});

describe("one pet's back-to-back stays, with no range", () => {
  // Pet 4 in house from 1 to 15 October in three stays, nothing recorded on the second's first day
  // and the third's last, nor on the 8th; another pet there all the while.
  const stays: Stay[] = [
    { bookingId: 801, petId: 4, days: days(1, 5), recorded: every(days(1, 5)) },
    { bookingId: 802, petId: 4, days: days(6, 10), recorded: every([...days(7, 7), ...days(9, 10)]) },
    { bookingId: 803, petId: 4, days: days(11, 15), recorded: every(days(11, 14)) },
    { bookingId: 901, petId: 5, days: days(1, 15), recorded: every(days(1, 15)) },
  ];

  it("lists what every day read lists, each day's rounds read at most twice (once to find the days, once for the items)", async () => {
    const store = scratchRecord(clock);
    await keptRecord(store, stays, 15);
    const asked: string[] = [];
    const pet = await unrecorded(watched(store, asked), { petId: 4 });
    expect(pet.map(brief)).toEqual([
      "2026-10-06 802 med:1 missed",
      "2026-10-06 802 meal missed",
      "2026-10-08 802 med:1 missed",
      "2026-10-08 802 meal missed",
      "2026-10-15 803 med:1 missed",
      "2026-10-15 803 meal missed",
    ]);
    expect(pet).toEqual(await unrecorded(store, { petId: 4, from: day(1), to: "2026-10-20" }));
    const reads = new Map<string, number>();
    for (const d of asked) reads.set(d, (reads.get(d) ?? 0) + 1);
    // Each read of a day asks its sheets and what they asked (two kinds): twice is four.
    expect([...reads].filter(([, n]) => n > 4)).toEqual([]);
    await store.close();
  });
});

describe("one stay's days, found one way", () => {
  it("the stay's record lists what its first and last days asked with nothing recorded, as its export does", async () => {
    const store = scratchRecord(clock);
    await keptRecord(store);
    // The kept rounds here say no check-in nor check-out (an older record): its days are the ones its
    // rounds asked it, walked out from its entries' days (4 and 8 October have none).
    const { stay } = await recordedStay({ record: store, clock, config }, 502);
    const missed = stay.pets.flatMap((p) =>
      p.items.filter((i) => i.state?.state === "missed").map((i) => `${i.date} 502 ${i.item} missed`),
    );
    expect(missed.sort()).toEqual((await unrecorded(store, { bookingId: 502 })).map(brief).sort());
    await store.close();
  });
});
