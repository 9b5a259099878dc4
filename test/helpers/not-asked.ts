/**
 * A round kept and a dose recorded where it did not ask it, as the tests of a line recorded only if
 * given write and read them (test/answers/record-by-days.test.ts, record-plan-not-due.test.ts): the
 * round's sheet kept, the pet's "✏️ Record each…" submitted, then every reading of the day that says
 * the dose apart: the day's figures, the export's row and the terminal's record of the day.
 */
import { expect } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { doseFigures } from "../../src/answers/doses.ts";
import { entryFacts, entryFactsByDay } from "../../src/answers/kept-doses.ts";
import { dosesOwed, owedRounds } from "../../src/answers/obligations.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { stayFacts, stayOf } from "../../src/answers/stay.ts";
import type { StayBooking } from "../../src/answers/stay-dates.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import type { Deps } from "../../src/deps.ts";
import type { Round } from "../../src/domain/care.ts";
import type { Plan } from "../../src/domain/plan/types.ts";
import { lineText } from "../../src/present/doc.ts";
import { doseFiguresWords } from "../../src/present/dose-figures.ts";
import type { CareRecordStore, Entry, ItemKey, Outcome } from "../../src/record/types.ts";
import { exportRow, recordDayText } from "../../src/text/record.ts";
import { stayRecordText } from "../../src/text/stay.ts";

export type RoundDeps = Pick<Deps, "config" | "clock" | "log"> & { record: CareRecordStore };

/** The round's sheet as posted, kept: its pets (each in the post's first message). */
export function keepSheet(store: CareRecordStore, date: string, pets: SheetPet[], round: Round = "morning") {
  return saveSheet(
    { record: store },
    { v: 1, date, round, fallback: `${round} round`, messages: [{ parts: [] }], pets },
  );
}

/** The pet's "✏️ Record each…" submitted with these outcomes; the round's entries after it. */
export async function recordFromForm(
  deps: RoundDeps,
  sheet: Sheet,
  pet: SheetPet,
  outcomes: Partial<Record<ItemKey, Outcome>>,
  who: { userId: string; userName: string },
  requestKey: string,
  supersedes?: number,
): Promise<Entry[]> {
  const values = Object.fromEntries(
    Object.entries(outcomes).map(([item, v]) => [
      `it:${item}`,
      { outcome: { selected_option: { value: v } } },
    ]),
  );
  const sub = readSubmission({ cur: [] }, pet, values as never);
  if (!sub.ok) throw new Error(JSON.stringify(sub.errors));
  const writes = sub.choices.map((c) => ({ ...c, ...(supersedes !== undefined ? { supersedes } : {}) }));
  const done = await recordEach(deps, sheet, pet, { writes, ifNeeded: [] }, who, requestKey);
  expect(done.status).toBe("done");
  return deps.record.entries({ date: sheet.date, round: sheet.round });
}

/**
 * The day's readings of a dose recorded where its round did not ask it: said apart in the figures
 * ("1 more recorded, not asked by the round"), never due; exported as kind `round_not_asked` with no
 * timeliness; `record`: the terminal's record of the day (`kennel-desk record DATE`).
 */
export async function notAskedReadings(deps: RoundDeps, date: string, entries: Entry[]) {
  const doses = dosesOwed(deps, await owedRounds(deps, { date }), entries, deps.clock.now());
  const figures = doseFigures(doses);
  expect(figures).toMatchObject({ due: 0, missed: 0, open: 0, notAsked: 1 });
  expect(lineText(doseFiguresWords(figures))).toContain("1 more recorded, not asked by the round");
  const facts = await entryFacts(deps, entries);
  const current = entries.find((e) => e.supersededBy === undefined) as Entry;
  const row = exportRow(current, "UTC", facts);
  expect(row.kind).toBe("round_not_asked");
  expect(row.timeliness).toBeNull();
  // Why, the same in an export read a page at a time (`kennel-desk record export`) as in a stay's.
  expect(row.not_asked_why).toEqual(expect.any(String));
  const paged = exportRow(current, "UTC", await entryFactsByDay(deps)(entries));
  expect(paged.not_asked_why).toBe(row.not_asked_why);
  const day = await recordDay(deps, "here", { date });
  const record = recordDayText(day, { color: false, timezone: "UTC", thisYear: date.slice(0, 4) });
  return { doses, figures, row, day, record };
}

/** The stay's full record (the "Stay record" button, `kennel-desk record --booking`): its view and its text. */
export async function stayRecordRead(deps: RoundDeps, booking: StayBooking & { bookingId: number }) {
  const view = stayOf(deps, booking, undefined, await stayFacts(deps, booking, { doses: true }));
  const text = stayRecordText(view, `booking ${booking.bookingId}`, {
    color: false,
    timezone: "UTC",
    thisYear: (booking.checkInDate ?? "2026").slice(0, 4),
  });
  return { view, text };
}

/** A plan confirmed by a lead at `at`, every item set by a person. */
export const confirmedByLead = (plan: Plan, at: string): Plan => ({
  ...plan,
  items: plan.items.map((i) => ({ ...i, readBy: "person" as const })),
  confirmations: [{ userId: "U0LEAD", userName: "Lead", at }],
});

/** A plan confirmed by two people (a lead at `at`, Sam five minutes later), every item set by a person. */
export const confirmedByTwo = (plan: Plan, at = "2026-11-29T11:00:00Z"): Plan => {
  const byLead = confirmedByLead(plan, at);
  const sam = new Date(Date.parse(at) + 5 * 60_000).toISOString().replace(".000Z", "Z");
  return {
    ...byLead,
    confirmations: [...byLead.confirmations, { userId: "U0SAM", userName: "Sam", at: sam }],
  };
};
