/**
 * A dose printed on every round from its words is chased once a day, not once a round (a carer's
 * fresh try: Jane gave Metacam in the morning and recorded it, and the midday round still chased
 * "Metacam not recorded": a carer who trusts the chase gives a second dose). Two pets' records say
 * "Metacam 1.5 ml" with no time (called Juniper and Pepper here), their plans not confirmed: printed and due on every round. The
 * rounds kept at their times as the bot keeps them, the dose times' doses and replies read as the job
 * reads them (src/answers/obligations.ts roundDoses, src/domain/dose-alerts.ts alertsAt), and the
 * day's record as Home and the stay's record read it. Real loopback HTTP to the sandbox and a real
 * SQLite record.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { doseFigures } from "../../src/answers/doses.ts";
import { dosesOwed, owedRounds, roundDoses } from "../../src/answers/obligations.ts";
import { petDay } from "../../src/answers/record-tap.ts";
import { roundRecord } from "../../src/answers/round-record.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import type { Sheet, SheetPet } from "../../src/answers/sheets.ts";
import { todayOverview } from "../../src/answers/today.ts";
import type { Deps } from "../../src/deps.ts";
import { askedRoundPost } from "../../src/digest/round-post.ts";
import { alertsAt } from "../../src/domain/dose-alerts.ts";
import { dueOf } from "../../src/domain/record.ts";
import { MEDICATION_FIELDS } from "../../src/kennel/record-schemas.ts";
import { recordFormItems } from "../../src/present/record-form.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate, zonedInstant } from "../../src/time.ts";
import { doseStateWords } from "../../src/words/doses.ts";
import { scratchRecord } from "../helpers/record.ts";
import { keepRounds } from "../helpers/rounds.ts";
import { sandboxDeps } from "../helpers/sandbox-deps.ts";

const TZ = "Europe/London";
const DAY = "2026-11-24";
const METACAM = "Metacam 1.5 ml";
let sandbox: Sandbox;
let store: CareRecordStore;
let now = zonedInstant(DAY, "07:00", TZ);
/** Juniper's dose is given and recorded in the morning; Pepper's is recorded nowhere. */
const pets: Array<{ bookingId: number; petId: number; petName: string }> = [];

/** Deps on the sandbox and the record, the clock at a local time of the day; no care cache. */
function depsAt(hhmm: string): Deps & { record: CareRecordStore } {
  now = zonedInstant(DAY, hhmm, TZ);
  const clock = { now: () => now };
  const env = { KENNEL_TIMEZONE: TZ, KENNEL_CACHE_TTL_S: "0", ROUNDS_TIMES: "08:00,12:00,18:00" };
  return { ...sandboxDeps(sandbox, clock, { env, retryDelayMs: 0 }), record: store };
}

const emptySlot = (pet: Record<string, unknown>) => !MEDICATION_FIELDS[4].some((f) => pet[f]);

/** The pets whose fifth slot is free on the morning round, not fasting. */
async function freeSlots() {
  const report = await roundReport(depsAt("07:00"), "morning", DAY, { keepPlans: false });
  return report.pets.flatMap((x) => {
    const petId = x.pet?.pet.petId;
    const pet = petId === undefined ? undefined : sandbox.main.petById.get(petId);
    if (!x.sheet || x.booking.bookingId === undefined || !pet || !emptySlot(pet) || x.pet?.flags.fasting)
      return [];
    return [{ bookingId: x.booking.bookingId, petId: petId as number, petName: x.pet?.pet.name ?? "" }];
  });
}

/** Is Metacam (slot 5) due for the pet at each round of the day, from the words? */
async function dueAllDay(p: { petId: number }) {
  for (const round of ["morning", "midday", "evening"] as const) {
    const report = await roundReport(depsAt("07:00"), round, DAY, { keepPlans: false });
    const pet = report.pets.find((x) => x.pet?.pet.petId === p.petId);
    const med = pet && dueOf(pet).find((d) => d.item === "med:5");
    if (!med?.unconfirmed) return false;
  }
  return true;
}

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 21, customers: 60, today: DAY, timezone: TZ });
  store = scratchRecord({ now: () => now });
  for (const p of await freeSlots()) {
    (sandbox.main.petById.get(p.petId) as Record<string, unknown>).medication5 = METACAM;
    if (await dueAllDay(p)) pets.push(p);
    else delete (sandbox.main.petById.get(p.petId) as Record<string, unknown>).medication5;
    if (pets.length === 2) break;
  }
  if (pets.length < 2) throw new Error("the sandbox has too few pets in all day with a slot free");
}, 60_000);

afterAll(async () => {
  await store?.close();
  await sandbox?.close();
});

const metacamOf = (doses: Awaited<ReturnType<typeof roundDoses>>, p: { petId: number }) =>
  doses.find((d) => d.petId === p.petId && d.due.item === "med:5");

/** The late and missed replies of a round at a local time, as the dose times' job makes them. */
async function repliesAt(round: "morning" | "midday" | "evening", hhmm: string) {
  const deps = depsAt(hhmm);
  const doses = await roundDoses(deps, round, DAY);
  const at = deps.clock.now().toISOString();
  const alerts = alertsAt(DAY, round, doses, at, { today: DAY, localDate: (i) => localDate(i, TZ) });
  return { doses, named: alerts.flatMap((a) => a.doses.map((d) => ({ kind: a.kind, d }))) };
}

it("given in the morning, it is not chased at midday nor in the evening; recorded nowhere, it is chased once", async () => {
  const [juniper, pepper] = pets as [(typeof pets)[0], (typeof pets)[0]];
  await keepRounds(depsAt("08:00"), [DAY], ["morning"]);
  // 08:12: Jane gives Juniper her Metacam and records it.
  depsAt("08:12");
  await store.record([
    {
      date: DAY,
      round: "morning",
      ...juniper,
      item: "med:5",
      itemText: METACAM,
      outcome: "given",
      userId: "U0JANE",
      userName: "Jane",
      requestKey: "chase-once-1",
    },
  ]);
  // 10:30, only the morning kept: Pepper's dose is missed there, "not recorded today".
  const morning = await repliesAt("morning", "10:30");
  const missed = morning.named.find((n) => n.d.petId === pepper.petId && n.d.due.item === "med:5");
  expect(missed?.kind).toBe("missed");
  expect(missed?.d.due.onceToday).toBe(true);
  // The midday round kept at 12:00; 13:00, late after 12:45.
  await keepRounds(depsAt("12:00"), [DAY], ["midday"]);
  const midday = await repliesAt("midday", "13:00");
  const settled = metacamOf(midday.doses, juniper);
  expect(settled?.state).toMatchObject({ state: "not_due", why: "settled", by: { round: "morning" } });
  expect(doseStateWords(settled?.state ?? { state: "due" }, TZ)).toBe(
    "☑️ given at the morning round by Jane 08:12",
  );
  // The late reply never names Juniper's Metacam; Pepper's, once, as the day's.
  expect(midday.named.filter((n) => n.d.petId === juniper.petId && n.d.due.item === "med:5")).toEqual([]);
  expect(midday.named.filter((n) => n.d.petId === pepper.petId && n.d.due.item === "med:5")).toHaveLength(1);
  // Home names Pepper's as the day's dose, "not recorded today", never Juniper's.
  const home = (await todayOverview(depsAt("13:00"))).record?.doses?.named ?? [];
  const named = (p: { bookingId: number; petId: number }) =>
    home.filter((d) => d.pet === `${p.bookingId}-${p.petId}` && d.item === "med:5");
  expect(named(pepper)).toMatchObject([{ state: "late", round: "midday", onceToday: true }]);
  expect(named(juniper)).toEqual([]);
  // The midday sheet drawn again says where Juniper's was recorded.
  const sheet = await roundRecord(depsAt("13:00"), "midday", DAY);
  const drawn = sheet?.doses?.day?.get(`${juniper.bookingId}|${juniper.petId}|med:5`);
  expect(drawn).toMatchObject({ state: "not_due", why: "settled" });
  // The midday round posted in Slack now (as /rounds midday does): Juniper's line says where hers was
  // recorded; Pepper's stays late, never settled.
  const post = await askedRoundPost(depsAt("13:00"), "midday", DAY);
  const posted = JSON.stringify([post.parent, ...post.replies]);
  expect(posted).toContain("given at the morning round by Jane 08:12");
  // Juniper's ✏️ Record each… at midday says it first, so nobody gives it again unawares; Pepper's, open.
  const due = [{ item: "med:5" as const, label: METACAM, text: METACAM, unconfirmed: true }];
  const onSheet = (p: (typeof pets)[0]) =>
    ({ ...p, name: p.petName, due, oneTap: false, message: 0 }) as SheetPet;
  const middaySheet = { date: DAY, round: "midday" } as Sheet;
  const formOf = async (p: (typeof pets)[0]) => {
    const settled = (await petDay(depsAt("13:00"), middaySheet, onSheet(p)))?.settled;
    return recordFormItems(onSheet(p), new Map(), undefined, settled).find((f) => f.item === "med:5");
  };
  expect((await formOf(juniper))?.hint).toBe(
    `☑️ given at the morning round by Jane 08:12 · owed once a day by its words (no time given, plan not confirmed): record it here only if it is given again · ${METACAM}`,
  );
  expect((await formOf(pepper))?.hint).toBe(METACAM);
  // The evening kept at 18:00; 21:00, the day over: Juniper owes nothing; Pepper one missed dose, at the evening round.
  await keepRounds(depsAt("18:00"), [DAY], ["evening"]);
  const evening = await repliesAt("evening", "20:30");
  expect(evening.named.filter((n) => n.d.petId === juniper.petId && n.d.due.item === "med:5")).toEqual([]);
  const deps = depsAt("21:00");
  const day = dosesOwed(deps, await owedRounds(deps, { date: DAY }), await store.entries({ date: DAY }), now);
  const metacam = (p: { petId: number }) => day.filter((d) => d.petId === p.petId && d.due.item === "med:5");
  const chased = (p: { petId: number }) =>
    metacam(p).filter((d) => d.state.state === "late" || d.state.state === "missed");
  expect(metacam(juniper)).toHaveLength(3);
  expect(chased(juniper)).toEqual([]);
  expect(chased(pepper).map((d) => d.round)).toEqual(["evening"]);
  // The day's figures (Home, the audit): two doses due, one given, one missed; none "not due in the end".
  const figures = doseFigures([...metacam(juniper), ...metacam(pepper)]);
  expect(figures).toMatchObject({ due: 2, onTime: 1, missed: 1, notDue: 0 });
}, 90_000);
