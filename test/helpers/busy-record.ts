/**
 * A busy kennel's care record, for the exports' tests and the record's benchmark (bench/record.ts):
 * every day each pet in house has its three rounds kept (the sheets, with every pet's items), nine
 * entries (morning: three doses and the meal; midday: a dose and the meal; evening: two doses and
 * the meal, each round one tap), a welfare check, and now and then a late entry, a correction, a
 * high-alert dose with its witness, a dose given if needed with its effect; each stay (a week) its
 * care plan, drafted by the reader from the pet's words. Written through the store's own chain code
 * (src/record/ledger.ts, entries.ts), a day per transaction, so a record of 1.5 million entries
 * takes minutes, not hours. Deterministic: the same options write the same record.
 */
import { planNow } from "../../src/answers/plans.ts";
import { KINDS } from "../../src/answers/welfare-store.ts";
import { loadConfig } from "../../src/config.ts";
import type { Driver, Query } from "../../src/record/driver.ts";
import { recordIn } from "../../src/record/entries.ts";
import { appendIn, type NextId } from "../../src/record/ledger.ts";
import { createStore } from "../../src/record/store.ts";
import type { EntryInput, ItemKey, LogInput } from "../../src/record/types.ts";

export interface BusyRecordOptions {
  /** The first day (YYYY-MM-DD). */
  from: string;
  /** Pets in house every day. */
  pets: number;
  /** Stop once this many entries are written (the last day may be cut short). */
  entries: number;
  /** The kennel the rows carry. */
  kennel?: string;
}

const DAY = 86_400_000;
const STAY_DAYS = 7;
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const dayOf = (from: string, d: number) =>
  new Date(Date.parse(`${from}T00:00:00Z`) + d * DAY).toISOString().slice(0, 10);
const instant = (date: string, hh: number, mm = 0) =>
  `${date}T${String(hh).padStart(2, "0")}:${String(mm).padStart(2, "0")}:00.000Z`;

const ROUNDS = [
  { round: "morning" as const, hour: 7, items: ["med:1", "med:2", "med:3", "meal"] as ItemKey[] },
  { round: "midday" as const, hour: 12, items: ["med:1", "meal"] as ItemKey[] },
  { round: "evening" as const, hour: 18, items: ["med:1", "med:2", "meal"] as ItemKey[] },
];

/** A pet's words in the kennel system (what its plan is drafted from). */
function petWords(pet: number) {
  return {
    petId: pet,
    name: `Pet ${pet}`,
    medication: pet % 10 === 0 ? "Tramadol 50 mg twice daily" : "Rimadyl 50 mg with food",
    medicationNoon: "Eye drops, both eyes",
    medicationPm: pet % 10 === 0 ? "Tramadol 50 mg" : "Rimadyl 50 mg",
    medication2: "Omega oil, one pump",
    medication2Pm: "Omega oil, one pump",
    medication3: "Probiotic powder on food",
    dietaryRequirements: "Dry food 200 g",
  };
}

const itemText = (pet: number, item: ItemKey) =>
  item === "meal"
    ? "Dry food 200 g"
    : item === "med:1" && pet % 10 === 0
      ? "Tramadol 50 mg"
      : `${item} as on the sheet`;

/** One day of one pet's rounds: its entries, and what follows them (a witness, a correction, a dose if needed). */
interface Writer {
  q: Query;
  nextId: NextId;
  kennel: string;
  requests: number;
}

async function append(w: Writer, input: LogInput, at: string) {
  return (await appendIn(w.q, input, w.kennel, at, { nextId: w.nextId })).entry;
}

async function sheets(w: Writer, date: string, stay: (pet: number) => number, pets: number) {
  for (const r of ROUNDS) {
    const body = {
      v: 1 as const,
      date,
      round: r.round,
      fallback: `${r.round} round`,
      messages: [{ parts: [] }],
      pets: Array.from({ length: pets }, (_, i) => ({
        bookingId: stay(i + 1),
        petId: i + 1,
        name: `Pet ${i + 1}`,
        due: r.items.map((item) => ({
          item,
          label: item,
          text: itemText(i + 1, item),
          ...(item === "med:1" && (i + 1) % 10 === 0 ? { highAlert: true } : {}),
          // Some pets' doses are due from the words, their care plan not confirmed.
          ...(item === "med:1" && (i + 1) % 10 === 5 ? { unconfirmed: true } : {}),
        })),
        oneTap: true,
        message: Math.floor(i / 12),
      })),
    };
    await append(w, { kind: "sheet", date, body }, instant(date, r.hour - 1, 55));
  }
}

async function petRound(w: Writer, date: string, pet: number, bookingId: number, r: (typeof ROUNDS)[number]) {
  const n = ++w.requests;
  const at = instant(date, r.hour, pet % 60);
  const inputs: EntryInput[] = r.items.map((item) => ({
    date,
    round: r.round,
    bookingId,
    petId: pet,
    petName: `Pet ${pet}`,
    item,
    itemText: itemText(pet, item),
    outcome: item === "meal" ? (n % 7 === 0 ? "ate_some" : "ate_all") : n % 31 === 0 ? "refused" : "given",
    ...(item !== "meal" && n % 53 === 0 ? { givenAt: instant(date, r.hour - 1, 30) } : {}),
    userId: `U0STAFF${n % 12}`,
    userName: `Staff ${n % 12}`,
    requestKey: `busy-${n}`,
  }));
  const result = await recordIn(w.q, inputs, w.kennel, at, w.nextId);
  if (result.status !== "recorded") throw new Error(`the busy record's tap ${n}: ${result.status}`);
  const dose = result.entries.find((e) => e.item === "med:1");
  if (dose && pet % 10 === 0 && dose.outcome === "given")
    await append(
      w,
      {
        kind: "witness",
        date,
        bookingId,
        petId: pet,
        userId: "U0WITNESS",
        requestKey: `witness:${dose.id}`,
        body: { entryId: dose.id, userName: "Sam" },
      },
      instant(date, r.hour, 59),
    );
  const meal = result.entries.find((e) => e.item === "meal");
  if (meal && n % 97 === 0) {
    const fix = {
      ...inputs.at(-1),
      outcome: "ate_none",
      supersedes: meal.id,
      requestKey: `busy-fix-${n}`,
    } as EntryInput;
    await recordIn(w.q, [fix], w.kennel, instant(date, r.hour + 1), w.nextId);
  }
  return result.entries.length + (meal && n % 97 === 0 ? 1 : 0);
}

async function welfare(w: Writer, date: string, pet: number, bookingId: number) {
  const body = {
    v: 1 as const,
    round: "morning" as const,
    bookingId,
    petId: pet,
    petName: `Pet ${pet}`,
    values: { drinking: "normal", stool: "normal", urine: "normal", demeanour: "normal" } as const,
    eating: [{ round: "morning" as const, outcome: "ate_all" as const }],
    userName: "Staff 1",
    request: `welfare-${date}-${pet}`,
  };
  await append(
    w,
    { kind: KINDS.check, date, bookingId, petId: pet, userId: "U0STAFF1", body },
    instant(date, 10, pet % 60),
  );
}

async function asNeeded(w: Writer, date: string, pet: number, bookingId: number) {
  const givenAt = instant(date, 14, pet % 60);
  const body = {
    item: "med:4" as const,
    label: "Pain relief if needed",
    itemText: "Metacam if limping",
    reason: "limping",
    givenAt,
    userName: "Staff 2",
  };
  const dose = await append(
    w,
    { kind: "prn", date, bookingId, petId: pet, userId: "U0STAFF2", body },
    givenAt,
  );
  await append(
    w,
    {
      kind: "prn_effect",
      date,
      bookingId,
      petId: pet,
      userId: "U0STAFF2",
      body: { prnId: dose.id, effect: "helped", userName: "Staff 2" },
    },
    instant(date, 16, pet % 60),
  );
}

async function plan(w: Writer, date: string, pet: number, bookingId: number) {
  const booking = {
    bookingId,
    checkInDate: instant(date, 9),
    checkOutDate: instant(dayOf(date, STAY_DAYS), 9),
  };
  const clock = { now: () => new Date(booking.checkInDate) };
  const { plan: drafted } = await planNow({ record: undefined, config, clock }, booking, petWords(pet));
  await append(
    w,
    {
      kind: "plan",
      date,
      bookingId,
      petId: pet,
      requestKey: `plan:draft:${bookingId}:${pet}`,
      body: { plan: drafted, petName: `Pet ${pet}` },
    },
    instant(date, 6),
  );
}

/** Writes the record: returns how many entries and rows it holds. */
export async function writeBusyRecord(
  driver: Driver,
  o: BusyRecordOptions,
): Promise<{ entries: number; days: number }> {
  await createStore(driver, { now: () => new Date(`${o.from}T00:00:00Z`) }).ready();
  const kennel = o.kennel ?? "https://api.kennel.example#1";
  let entries = 0;
  let requests = 0;
  let d = 0;
  for (; entries < o.entries; d++) {
    const date = dayOf(o.from, d);
    const stay = (pet: number) => 100_000 + Math.floor((d + pet) / STAY_DAYS) * 1_000 + pet;
    entries += await driver.transaction(
      async (q) => {
        const w: Writer = { q, nextId: (table) => driver.nextId(q, table), kennel, requests };
        let written = 0;
        await sheets(w, date, stay, o.pets);
        for (let pet = 1; pet <= o.pets && entries + written < o.entries; pet++) {
          if ((d + pet) % STAY_DAYS === 0 || d === 0) await plan(w, date, pet, stay(pet));
          for (const r of ROUNDS) written += await petRound(w, date, pet, stay(pet), r);
          await welfare(w, date, pet, stay(pet));
          if (pet % 25 === 0) await asNeeded(w, date, pet, stay(pet));
        }
        requests = w.requests;
        return written;
      },
      { chain: true },
    );
  }
  return { entries, days: d };
}
