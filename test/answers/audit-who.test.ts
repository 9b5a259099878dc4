/**
 * `record audit`'s who-did-what over many days (a real SQLite record): 25 corrections, one a day,
 * and 23 high-alert doses given if needed never witnessed. The lists name the latest 20, the rest
 * counted ("and 5 more, earlier than the 20 named here: record export lists each"); read a week at
 * a time (the audit's parts, issue 48: memory flat with the record's size) they are what the whole
 * range read at once gives, the people's counts added up across the weeks; names of pets and staff
 * only.
 */
import { expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { loadConfig } from "../../src/config.ts";
import { auditDoc } from "../../src/present/audit.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { addDays } from "../../src/time.ts";
import { recorded, scratchRecord } from "../helpers/record.ts";

const NOW = new Date("2026-11-30T21:00:00Z");
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;
const FIRST = "2026-11-06";

/** Each day from 6 Nov: Rex's meal recorded by Jane, corrected by Sam; Bella's Diazepam given if needed by Tom, unwitnessed. */
async function busyDays(store: CareRecordStore, clock: { at: number }) {
  for (let i = 0; i < 25; i++) {
    const date = addDays(FIRST, i);
    clock.at = Date.parse(`${date}T08:10:00Z`);
    const first = await recorded(store, {
      ...{ date, round: "morning", bookingId: 7, petId: 3, petName: "Rex", item: "meal" },
      ...{
        itemText: "Own kibble",
        outcome: "ate_all",
        userId: "U0JANE",
        userName: "Jane",
        requestKey: `j${i}`,
      },
    });
    clock.at = Date.parse(`${date}T09:00:00Z`);
    await recorded(store, {
      ...{
        date,
        round: "morning",
        bookingId: 7,
        petId: 3,
        petName: "Rex",
        item: "meal",
        itemText: "Own kibble",
      },
      ...{ outcome: "ate_some", note: `left half (day ${i + 1})`, userId: "U0SAM", userName: "Sam" },
      ...{ requestKey: `s${i}`, supersedes: first.id },
    });
    if (i < 23)
      await store.append({
        ...{ kind: "prn", date, bookingId: 8, petId: 4, userId: "U0TOM", requestKey: `prn${i}` },
        body: {
          ...{ item: "med:2", label: "Diazepam", itemText: "Diazepam 5 mg rectal", reason: "seizure" },
          ...{ givenAt: `${date}T14:00:00.000Z`, userName: "Tom", petName: "Bella", highAlert: true },
        },
      });
  }
}

it("the latest 20 corrections and unwitnessed doses named, the rest counted; a week at a time as the whole range at once", async () => {
  const clock = { at: 0 };
  const store = scratchRecord({ now: () => new Date(clock.at) });
  await busyDays(store, clock);
  const deps = { record: store, config, clock: { now: () => NOW } };
  const audit = await recordAudit(deps, 28, "here");
  expect(audit.corrections.total).toBe(25);
  expect(audit.corrections.latest.map((c) => c.date)).toEqual(
    Array.from({ length: 20 }, (_, i) => addDays(FIRST, i + 5)),
  );
  expect(audit.unwitnessed.total).toBe(23);
  expect(audit.unwitnessed.latest).toHaveLength(20);
  expect(audit.unwitnessed.latest[19]).toMatchObject({
    ...{ date: "2026-11-28", petName: "Bella", drug: "Diazepam", givenBy: "Tom" },
  });
  expect(audit.highAlert).toMatchObject({ given: 23, unwitnessed: 23 });
  expect(audit.people).toEqual([
    expect.objectContaining({ name: "Jane", meals: 25, corrections: 0 }),
    expect.objectContaining({ name: "Sam", meals: 0, corrections: 25 }),
    expect.objectContaining({ name: "Tom", asNeeded: 23, given: 0 }),
  ]);
  // Read a day at a time, and the whole range at once: the same.
  expect(await recordAudit(deps, 28, "here", 1)).toEqual(audit);
  expect(await recordAudit(deps, 28, "here", 366)).toEqual(audit);

  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain("✏️ Corrections of round entries: 25 (what each said → what it says now;");
  expect(text).toContain("and 5 more, earlier than the 20 named here: record export lists each\n");
  expect(text).toContain(
    "✏️ Sun 29 Nov 2026 · morning · Rex · meal (Own kibble): ate all by Jane (recorded 08:10) → ate some · corrected by Sam 09:00 · why: left half (day 24)\n",
  );
  expect(text).not.toContain("(day 5)");
  expect(text).toContain("💉 High-alert doses given with no witness: 23");
  expect(text).toContain("and 3 more, earlier than the 20 named here: record export lists each\n");
  expect(text).toContain(
    "💉 Sat 28 Nov 2026 · Bella · Diazepam · given if needed 14:00 by Tom · unwitnessed\n",
  );
  expect(text).toContain("👤 Sam: given 0 · not given 0 · refused 0 · corrections 25 · witnessed 0\n");
  expect(text).toContain(
    "👤 Tom: given 0 · not given 0 · refused 0 · corrections 0 · witnessed 0 · given if needed 23\n",
  );
  expect(text).toContain(
    "👤 Jane: given 0 · not given 0 · refused 0 · corrections 0 · witnessed 0 · meals 25\n",
  );
  await store.close();
});
