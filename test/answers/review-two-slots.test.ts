/**
 * The day's review and `record audit`, over a real care record (SQLite), rounds kept as the bot keeps
 * them: Otis's Metacam written in two slots ("Owner's own" in medication 1, "Kennel stock" in
 * medication 2), its plan's "one dose or two?" not answered, both missed at the morning round, read as
 * two plain misses ("❌ missed … Owner's own Metacam", "❌ missed … Kennel stock Metacam"): a manager
 * counted two missed doses of an NSAID where there may have been one. Now one line names the drug in
 * its two slots. And Biscuit's Apoquel, its confirmed plan "evening only", given at the morning round
 * and again at the evening one, said nothing anywhere after the day: the review and the audit now name
 * it, to look at, never as an error in the record; Rex's Apoquel, twice a day by its plan, says nothing.
 */
import { expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { keepPlan } from "../../src/answers/plans.ts";
import { dayExceptions, dayReview } from "../../src/answers/review.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { Round } from "../../src/domain/care.ts";
import { petCare } from "../../src/domain/day.ts";
import { draftPlan } from "../../src/domain/plan/draft.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import { silentLogger } from "../../src/log.ts";
import { auditDoc } from "../../src/present/audit.ts";
import { reviewAsks, reviewDoc } from "../../src/present/review.ts";
import { stayRecordDoc } from "../../src/present/stay.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { docPage } from "../../src/text/html.ts";
import { confirmedByTwo } from "../helpers/not-asked.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { stayContext } from "../helpers/reader.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-30";
const NOW = new Date(`${DATE}T21:00:00Z`);
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;
const OWN = "Owner's own Metacam 1.5ml";
const STOCK = "Kennel stock Metacam 1.5ml";
const window = (round: Round) =>
  round === "morning"
    ? doseWindow(DATE, ["07:00", "08:00", "08:30", "09:00"])
    : doseWindow(DATE, ["17:00", "18:00", "18:30", "19:00"]);
const deps = (store: CareRecordStore) => ({
  record: store,
  config,
  clock: { now: () => NOW },
  log: silentLogger(),
});

/** Otis's morning round kept asking both Metacam slots, "one dose or two?" not answered; nothing recorded. */
async function otisBothMissed(store: CareRecordStore) {
  const slot = (item: "med:1" | "med:2", label: string, other: "med:1" | "med:2") => ({
    ...{ item, label, text: label, window: window("morning"), confirmed: false, sameDrugAs: [other] },
  });
  const items = [slot("med:1", OWN, "med:2"), slot("med:2", STOCK, "med:1")];
  await keepObligation(store, DATE, [{ bookingId: 11, petId: 21, name: "Otis", room: "Kennel 4", items }]);
}

it("the review names two missed slots of one drug as one drug in two slots, the figures as the round asked them", async () => {
  const store = scratchRecord({ now: () => NOW });
  await otisBothMissed(store);
  const review = await dayReview(deps(store), DATE);
  expect(review.doses.missed).toBe(2);
  expect(review.exceptions).toEqual([
    expect.objectContaining({
      kind: "missed",
      petName: "Otis",
      twoSlots: { items: ["med:1", "med:2"], labels: [OWN, STOCK] },
    }),
  ]);
  const text = docText(reviewDoc(review, { timezone: "UTC" }), TEXT);
  expect(text).toContain(
    `❌ missed: Otis (Kennel 4) · ${OWN} / ${STOCK} (one drug in two slots: medication 1 and 2; one dose or two? not answered on its plan) · morning`,
  );
  expect(text).toContain("2 missed (2 of them one drug in two slots)");
  expect(text).not.toContain(`❌ missed: Otis (Kennel 4) · ${STOCK}`);
  expect(reviewAsks(await dayExceptions(deps(store), DATE))).toContain(
    "2 missed (2 of them one drug in two slots)",
  );
  await store.close();
});

/** A pet's plan with Apoquel at `rounds`, confirmed by two people; its id in the record. */
async function apoquelPlan(
  store: CareRecordStore,
  pet: { bookingId: number; petId: number; name: string },
  words: string,
) {
  const pc = petCare({ petId: pet.petId, name: pet.name, medication: words } as Pet);
  const context = stayContext(`${DATE}T00:00:00Z`, `${DATE}T23:00:00Z`, { timeZone: "UTC" });
  const plan = confirmedByTwo(
    { ...draftPlan(pc.pet, context), bookingId: pet.bookingId },
    `${DATE}T06:00:00Z`,
  );
  const { version } = await keepPlan({ record: store }, { plan, date: DATE, petName: pet.name });
  return {
    id: version.id,
    rounds: plan.items.find((i) => i.key === "med:1")?.when.rounds.map((r) => r.round),
  };
}

/** The pet's Apoquel given at the morning round (08:00, Jane) and the evening one (18:10, Sam). */
async function givenAtBoth(store: CareRecordStore, pet: { bookingId: number; petId: number; name: string }) {
  const entry = (round: Round, at: string, userName: string) => ({
    date: DATE,
    round,
    bookingId: pet.bookingId,
    petId: pet.petId,
    petName: pet.name,
    item: "med:1" as const,
    itemText: "Apoquel 16 mg",
    outcome: "given" as const,
    givenAt: `${DATE}T${at}:00.000Z`,
    userId: `U0${userName.toUpperCase()}`,
    userName,
    requestKey: `${pet.name}-${round}`,
  });
  await store.record([entry("morning", "08:00", "Jane")]);
  await store.record([entry("evening", "18:10", "Sam")]);
}

it("a drug its confirmed plan gives once a day, given at two rounds: named on the review and the audit; twice a day: nothing", async () => {
  const store = scratchRecord({ now: () => NOW });
  const biscuit = { bookingId: 12, petId: 22, name: "Biscuit", room: "Kennel 3" };
  const rex = { bookingId: 13, petId: 23, name: "Rex", room: "Kennel 5" };
  const once = await apoquelPlan(store, biscuit, "Apoquel 16 mg 1 tab PM");
  const twice = await apoquelPlan(store, rex, "Apoquel 16 mg 1 tab AM and PM");
  expect([once.rounds, twice.rounds]).toEqual([["evening"], ["morning", "evening"]]);
  const item = (round: Round, plan?: number) => ({
    ...{ item: "med:1" as const, label: "Apoquel 16 mg", text: "Apoquel 16 mg", window: window(round) },
    ...(plan === undefined ? { confirmed: false } : { confirmed: true, plan }),
  });
  // The morning asked Biscuit's from the words (the plan confirmed later); the evening by the plan.
  await keepObligation(store, DATE, [
    { ...biscuit, items: [item("morning")] },
    { ...rex, items: [item("morning", twice.id)] },
  ]);
  await keepObligation(
    store,
    DATE,
    [
      { ...biscuit, items: [item("evening", once.id)] },
      { ...rex, items: [item("evening", twice.id)] },
    ],
    "evening",
  );
  await givenAtBoth(store, biscuit);
  await givenAtBoth(store, rex);
  const review = await dayReview(deps(store), DATE);
  expect(review.givenTwice?.map((g) => [g.petName, g.label, g.given.map((x) => x.round)])).toEqual([
    ["Biscuit", "Apoquel 16 mg", ["morning", "evening"]],
  ]);
  const SAID =
    "Biscuit (Kennel 3) · Apoquel 16 mg given twice that day (morning 08:00 by Jane, evening 18:10 by Sam): its plan gives it once a day";
  expect(docText(reviewDoc(review, { timezone: "UTC" }), TEXT)).toContain(`🔁 ${SAID} — to look at`);
  expect(reviewAsks(await dayExceptions(deps(store), DATE))).toContain("1 once-a-day drug given twice");
  // Not an error in the record: both counted given, nothing missed.
  expect(review.doses).toMatchObject({ missed: 0, refused: 0, notGiven: 0 });
  const audit = await recordAudit(deps(store), 1, "here");
  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain("🔁 Once-a-day drugs given at two rounds of a day: 1");
  expect(text).toContain(
    "Mon 30 Nov 2026: Biscuit (Kennel 3) · Apoquel 16 mg given twice (morning 08:00 by Jane, evening 18:10 by Sam): its plan gives it once a day",
  );
  expect(text).not.toContain("Rex");
  // The stay record says it beside each dose given, in its text and its printable page (HTML).
  const BESIDE =
    "🔁 given twice that day (morning 08:00 by Jane, evening 18:10 by Sam): its plan gives it once a day";
  const stayOf = async (bookingId: number) => {
    const { stay } = await recordedStay(deps(store), bookingId);
    const doc = stayRecordDoc(stay, `HP-${bookingId}`, { timezone: "UTC" });
    return { text: docText(doc, TEXT), html: docPage(doc, "") };
  };
  const b = await stayOf(biscuit.bookingId);
  expect(b.text.split("\n").filter((l) => l.includes(BESIDE))).toHaveLength(2);
  expect(b.html).toContain(BESIDE);
  const r = await stayOf(rex.bookingId);
  expect(r.text).not.toContain("given twice");
  await store.close();
});
