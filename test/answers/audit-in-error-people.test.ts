/**
 * `record audit`'s who recorded what, beside a dose put right as recorded in error (a fresh try: Jane's
 * entries later struck as in error still counted under "given 7", read as doses given; and the slot
 * recorded again after it was listed among the corrections with "why: not written"). An entry struck
 * as in error is counted apart ("given 1 · recorded in error 2"); a slot recorded again after it says
 * so in the corrections' list, its own words as its words, never as why.
 */
import { expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { loadConfig } from "../../src/config.ts";
import { auditDoc } from "../../src/present/audit.ts";
import type { CareRecordStore, EntryInput } from "../../src/record/types.ts";
import { docText } from "../../src/text/doc.ts";
import { doseWindow, keepObligation } from "../helpers/obligations.ts";
import { recorded, scratchRecord } from "../helpers/record.ts";

const DAY = "2026-11-30";
const NOW = new Date(`${DAY}T21:00:00Z`);
const config = loadConfig({ KENNEL_TIMEZONE: "UTC", ROUNDS_TIMES: "08:00,12:00,18:00" });
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;
const jane = { userId: "U0JANE", userName: "Jane" };
const sam = { userId: "U0SAM", userName: "Sam" };

/** Biscuit's morning dose, as one of two people records it. */
const dose = (item: "med:1" | "med:2", over: Partial<EntryInput>): EntryInput => ({
  ...{ date: DAY, round: "morning", bookingId: 7, petId: 77, petName: "Biscuit", item },
  ...{ itemText: item === "med:1" ? "Metacam 1.5 mg" : "Apoquel 16 mg", outcome: "given", ...jane },
  ...{ requestKey: `${item}-${over.outcome}-${over.supersedes ?? 0}`, ...over },
});

async function morning(store: CareRecordStore, clock: { at: number }) {
  clock.at = Date.parse(`${DAY}T08:10:00Z`);
  const metacam = await recorded(store, dose("med:1", { outcome: "given" }));
  const apoquel = await recorded(store, dose("med:2", { outcome: "given" }));
  clock.at = Date.parse(`${DAY}T08:40:00Z`);
  // Apoquel tapped on the wrong pet: put right as in error, then given and recorded again.
  const wrong = await recorded(
    store,
    dose("med:2", { outcome: "in_error", reason: "wrong pet", supersedes: apoquel.id, ...sam }),
  );
  clock.at = Date.parse(`${DAY}T09:00:00Z`);
  const again = await recorded(store, dose("med:2", { outcome: "given", supersedes: wrong.id }));
  // Given again in error too: struck as in error, as Jane's second entry recorded in error.
  await recorded(
    store,
    dose("med:2", { outcome: "in_error", reason: "wrong dose", supersedes: again.id, ...sam }),
  );
  return { metacam };
}

it("counts an entry struck as in error apart from doses given, and says a slot recorded again after it is that", async () => {
  const clock = { at: 0 };
  const store = scratchRecord({ now: () => new Date(clock.at) });
  await morning(store, clock);
  const audit = await recordAudit({ record: store, config, clock: { now: () => NOW } }, 1, "here");
  expect(audit.people).toEqual([
    expect.objectContaining({ name: "Jane", given: 1, inError: 2, corrections: 0 }),
    expect.objectContaining({ name: "Sam", given: 0, inError: 0, corrections: 2 }),
  ]);
  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain(
    "👤 Jane: given 1 · recorded in error 2 · not given 0 · refused 0 · corrections 0 · witnessed 0\n",
  );
  expect(text).toContain("👤 Sam: given 0 · not given 0 · refused 0 · corrections 2 · witnessed 0\n");
  expect(text).toContain(
    "✏️ Mon 30 Nov 2026 · morning · Biscuit · Apoquel 16 mg: recorded in error by Sam (recorded 08:40) → given · corrected by Jane 09:00 · recorded again after it was put right as in error\n",
  );
  expect(text).not.toContain("why: not written");
  await store.close();
});

it("names a corrected pet with its room as its round kept it: a house may hold four Milos", async () => {
  const clock = { at: Date.parse(`${DAY}T07:00:00Z`) };
  const store = scratchRecord({ now: () => new Date(clock.at) });
  const window = doseWindow(DAY, ["07:00", "08:00", "08:15", "08:30"]);
  const items = [{ item: "med:1", label: "Metacam", text: "Metacam 1.5 mg", window, confirmed: false }];
  await keepObligation(store, DAY, [
    { bookingId: 7, petId: 77, name: "Biscuit", room: "Kennel 7", items },
  ] as never);
  const { metacam } = await morning(store, clock);
  clock.at = Date.parse(`${DAY}T13:00:00Z`);
  await recorded(
    store,
    dose("med:1", { outcome: "not_given", reasonCode: "other", reason: "Scout's", supersedes: metacam.id }),
  );
  const audit = await recordAudit({ record: store, config, clock: { now: () => NOW } }, 1, "here");
  const text = docText(auditDoc(audit, { timezone: "UTC" }), TEXT);
  expect(text).toContain(
    "✏️ Mon 30 Nov 2026 · morning · Biscuit (Kennel 7) · Metacam 1.5 mg: given by Jane (recorded 08:10) → not given (other)",
  );
  await store.close();
});
