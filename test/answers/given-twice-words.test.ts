/**
 * A drug owed once a day by its words (no time given, plan not confirmed), given at two rounds of one
 * day: a carer's fresh try found Scout's Apoquel given at the morning round (Jane, 08:00) and again at
 * the evening round (Jane, 18:04); the day's review, `record audit` and the stay's record said nothing
 * of a second dose (only a drug its confirmed plan gives once a day was named). Now each names it, to
 * look at, never as an error in the record, its words saying the plan is not confirmed. Dylan's
 * Apoquel, its words "AM and PM" (a time each: due at both rounds by them), given at both: nothing.
 * A real care record (SQLite), rounds kept as the bot keeps them.
 */
import { expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { dayExceptions, dayReview } from "../../src/answers/review.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { loadConfig } from "../../src/config.ts";
import type { Round } from "../../src/domain/care.ts";
import { silentLogger } from "../../src/log.ts";
import { auditDoc } from "../../src/present/audit.ts";
import { reviewAsks, reviewDoc } from "../../src/present/review.ts";
import { stayRecordDoc } from "../../src/present/stay.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { docPage } from "../../src/text/html.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-30";
const NOW = new Date(`${DATE}T21:00:00Z`);
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;
const WORDS = "owed once a day by its words (no time given, plan not confirmed)";
const deps = (store: CareRecordStore) => ({
  record: store,
  config,
  clock: { now: () => NOW },
  log: silentLogger(),
});
const window = (round: Round) =>
  round === "morning"
    ? doseWindow(DATE, ["07:00", "08:00", "08:30", "09:00"])
    : doseWindow(DATE, ["17:00", "18:00", "18:30", "19:00"]);

const scout = { bookingId: 14, petId: 24, name: "Scout", room: "Kennel 2" };
const dylan = { bookingId: 15, petId: 25, name: "Dylan", room: "Kennel 19" };

/** The pet's Apoquel given at the morning round (08:00, Jane) and the evening one (18:04, Jane). */
async function givenAtBoth(store: CareRecordStore, pet: { bookingId: number; petId: number; name: string }) {
  const entry = (round: Round, at: string) => ({
    date: DATE,
    round,
    bookingId: pet.bookingId,
    petId: pet.petId,
    petName: pet.name,
    item: "med:1" as const,
    itemText: "Apoquel 16 mg",
    outcome: "given" as const,
    givenAt: `${DATE}T${at}:00.000Z`,
    userId: "U0JANE",
    userName: "Jane",
    requestKey: `${pet.name}-${round}`,
  });
  await store.record([entry("morning", "08:00")]);
  await store.record([entry("evening", "18:04")]);
}

it("a drug owed once a day by its words, given at two rounds: named on the review, the audit and the stay record; by its words twice a day: nothing", async () => {
  const store = scratchRecord({ now: () => NOW });
  // Both from the words, plan not confirmed: Scout's with no time (once a day), Dylan's "AM and PM".
  const item = (round: Round, noTime: boolean) => ({
    ...{ item: "med:1" as const, label: "Apoquel 16 mg", text: "Apoquel 16 mg", window: window(round) },
    confirmed: false,
    ...(noTime ? { noTime: true as const } : {}),
  });
  for (const round of ["morning", "evening"] as const)
    await keepObligation(
      store,
      DATE,
      [
        { ...scout, items: [item(round, true)] },
        { ...dylan, items: [item(round, false)] },
      ],
      round,
    );
  await givenAtBoth(store, scout);
  await givenAtBoth(store, dylan);
  const review = await dayReview(deps(store), DATE);
  expect(review.givenTwice?.map((g) => [g.petName, g.label, g.given.map((x) => x.round), g.byWords])).toEqual(
    [["Scout", "Apoquel 16 mg", ["morning", "evening"], true]],
  );
  const SAID = `Scout (Kennel 2) · Apoquel 16 mg given twice that day (morning 08:00 by Jane, evening 18:04 by Jane): ${WORDS}`;
  expect(docText(reviewDoc(review, { timezone: "UTC" }), TEXT)).toContain(`🔁 ${SAID} — to look at`);
  expect(reviewAsks(await dayExceptions(deps(store), DATE))).toContain("1 once-a-day drug given twice");
  // Not an error in the record: both counted given, nothing missed.
  expect(review.doses).toMatchObject({ missed: 0, refused: 0, notGiven: 0 });
  const audit = await recordAudit(deps(store), 1, "here");
  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain(
    "🔁 Once-a-day drugs given at two rounds of a day: 1 (by its confirmed plan, or by its words with no time given, plan not confirmed; to look at, not an error in the record)",
  );
  expect(text).toContain(
    `Mon 30 Nov 2026: Scout (Kennel 2) · Apoquel 16 mg given twice (morning 08:00 by Jane, evening 18:04 by Jane): ${WORDS}`,
  );
  expect(text).not.toContain("Dylan");
  // The stay record says it beside each dose given, in its text and its printable page (HTML).
  const BESIDE = `🔁 given twice that day (morning 08:00 by Jane, evening 18:04 by Jane): ${WORDS}`;
  const stayOf = async (bookingId: number) => {
    const { stay } = await recordedStay(deps(store), bookingId);
    const doc = stayRecordDoc(stay, `HP-${bookingId}`, { timezone: "UTC" });
    return { text: docText(doc, TEXT), html: docPage(doc, "") };
  };
  const s = await stayOf(scout.bookingId);
  expect(s.text.split("\n").filter((l) => l.includes(BESIDE))).toHaveLength(2);
  expect(s.html).toContain(BESIDE);
  const d = await stayOf(dylan.bookingId);
  expect(d.text).not.toContain("given twice");
  await store.close();
});
