/**
 * A dose no round asked (export kind `round_not_asked`) on the printed medication chart and in the
 * day's review: Bonnie's Phenobarbital (high-alert), morning only on Mon, Wed and Fri by her
 * confirmed plan, printed on Tuesday's morning sheet "not due this round by its confirmed plan", and
 * recorded from ✏️ Record each… at 16:30, given at 10:40 (long after the morning's window closed),
 * beside her Yumove, due that morning and recorded late the same way. Before, both surfaces read the
 * Phenobarbital as a late entry given after its window: the chart's cell "⏩ after window late entry
 * 16:30" and its row made due at the morning round, the review naming it "⏰ given late" and counting
 * it among the late entries. Now its cell has its own mark ("+", in the page's key), its note says
 * why as the kept sheet said it, with both times; the review neither counts nor names it; Yumove
 * stays the late entry it is. Through the real path, over a real SQLite record (and the memory store).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chartOf } from "../../src/answers/chart.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { dayExceptions, dayReview } from "../../src/answers/review.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Sheet } from "../../src/answers/sheets.ts";
import { witnessDose } from "../../src/answers/witness.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { cellKey } from "../../src/domain/chart.ts";
import { silentLogger } from "../../src/log.ts";
import { chartDoc } from "../../src/present/chart.ts";
import { reviewAsks, reviewDoc } from "../../src/present/review.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { confirmedByTwo } from "../helpers/not-asked.ts";
import { keepOnePetRound, onePetRound } from "../helpers/one-pet-round.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

// Sat 28 Nov to Thu 10 Dec 2026; the morning round of Tue 1 Dec (not a Phenobarbital day).
const ARRIVAL = "2026-11-28T10:00:00Z";
const DEPARTURE = "2026-12-10T17:00:00Z";
const DATE = "2026-12-01";
const PHENO = "Phenobarbital 30 mg 1 tab AM Mon/Wed/Fri";
const YUMOVE = "Yumove 1 tab AM";
const clock = { now: () => new Date(`${DATE}T16:30:00Z`) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const jane = { userId: "U0JANE", userName: "Jane Doe" };
const sam = { userId: "U0SAM", userName: "Sam" };
const PLAIN = { color: false, timezone: "UTC", thisYear: "2026" };
/** The kennel system down: the chart of kept rounds is made from the record alone. */
const kennel = new Proxy({} as Deps["kennel"], {
  get: () => () => {
    throw new Error("the kennel system is down");
  },
});

/** Bonnie's Tuesday morning round on her confirmed plan: the round's answer, as the post keeps it. */
function bonnieRound(): RoundReport {
  return onePetRound({
    fields: {
      petId: 70,
      name: "Bonnie",
      medication: PHENO,
      medication2: YUMOVE,
      dietaryRequirements: "Kibble 100 g",
    },
    booking: { bookingId: 7, roomName: "Kennel 1", reference: "BON-1" },
    stay: { arrival: ARRIVAL, departure: DEPARTURE },
    date: DATE,
    round: "morning",
    plan: (drafted) => confirmedByTwo(drafted, "2026-11-28T09:00:00Z"),
    totals: { withMedication: 1 },
  });
}

describe.each(useStoreEngines(clock))("a dose no round asked, recorded later ($name)", ({ open, skip }) => {
  let store: CareRecordStore;
  let sheet: Sheet;
  const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

  beforeAll(async () => {
    if (skip) return;
    store = await open();
    ({ sheet } = await keepOnePetRound(deps(), bonnieRound()));
    const pet = sheet.pets[0] as Sheet["pets"][number];
    expect(pet.due.map((d) => d.item)).toEqual(["meal", "med:2"]);
    expect(pet.byDays?.map((d) => [d.item, d.days])).toEqual([["med:1", "plan_not_due"]]);
    // Both given at 10:40, recorded at 16:30: the Yumove a late entry, the Phenobarbital not asked.
    const givenAt = `${DATE}T10:40:00.000Z`;
    const writes = [
      { item: "med:1" as const, outcome: "given" as const, givenAt },
      { item: "med:2" as const, outcome: "given" as const, givenAt },
    ];
    const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, jane, "view:C1");
    expect(done.status).toBe("done");
    const entries = await store.entries({ date: DATE, round: "morning" });
    const pheno = entries.find((e) => e.item === "med:1") as Entry;
    expect((await witnessDose(deps(), sheet, pet, pheno.id, sam)).status).toBe("witnessed");
  });
  afterAll(async () => {
    if (!skip) await store.close();
  });

  it.skipIf(skip)(
    "the chart: its own mark, explained in the key, why beneath; never a late entry",
    async () => {
      const chart = await chartOf(deps() as Deps, { from: DATE, days: 1 });
      const bonnie = chart.pets.find((p) => p.petId === 70);
      const pheno = bonnie?.cells[cellKey(DATE, "morning", "med:1")];
      expect(pheno).toMatchObject({ kind: "given", lateEntry: false, timeliness: undefined });
      expect(pheno).toMatchObject({ notAsked: { days: "plan_not_due" } });
      // What was due stays as the round kept it: the Phenobarbital's row is not made due at the morning.
      const yumove = bonnie?.cells[cellKey(DATE, "morning", "med:2")];
      expect(yumove).toMatchObject({ kind: "given", lateEntry: true });
      const options = {
        slack: { none: "made without Slack" },
        timezone: "UTC",
        times: config.rounds.times,
        names: undefined,
        generatedAt: `${DATE}T16:30:00Z`,
      };
      const text = docText(chartDoc(chart, options), PLAIN);
      const row = (name: string) =>
        text.split("\n").find((l) => l.includes(name) && l.includes("10:40")) ?? "";
      expect(row("Phenobarbital")).toContain("+ JD 10:40");
      expect(row("Phenobarbital")).not.toMatch(/late entry|after window|⏩|⏰/);
      expect(row("Yumove")).toContain("late entry 16:30");
      expect(text).toContain(
        `Tue 1 Dec morning, ${PHENO}: given though not asked by the round: not due this round by its confirmed plan (not one of its days: Mon, Wed, Fri) · given Tue 1 Dec 2026, 10:40, recorded Tue 1 Dec 2026, 16:30`,
      );
      expect(text).toContain(`Tue 1 Dec morning, ${YUMOVE}: given · late entry: given Tue 1 Dec 2026, 10:40`);
      expect(text).toContain("+ before initials and a time: given, not due this round");
      // Its row's head never says the morning round makes it due: no round asked it.
      expect(row("Phenobarbital")).not.toContain("Due at");
    },
  );

  it.skipIf(skip)("the day's review: never counted nor named a late entry or given late", async () => {
    const review = await dayReview(deps(), DATE);
    expect(review.doses).toMatchObject({ due: 1, lateEntries: 1, givenLate: 1, notAsked: 1 });
    expect(review.exceptions.map((e) => [e.kind, e.due.label])).toEqual([]);
    expect((await dayExceptions(deps(), DATE)).exceptions).toEqual([]);
    expect(reviewAsks(review)).toBeUndefined();
    const text = docText(reviewDoc(review, { timezone: "UTC" }), PLAIN);
    expect(text).toContain("1 late entry");
    expect(text).toContain("1 more recorded, not asked by the round");
    expect(text).not.toContain("Phenobarbital");
  });
});
