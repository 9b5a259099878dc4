/**
 * ✏️ Record each… says, beside a drug to give if needed and its plan's limits, what was given of it
 * in the last 24 hours, in 💊 Give if needed…'s words (src/present/prn-last-day.ts), read from the
 * record as the form opens (src/answers/prn-pets.ts petLastDay): before the carer gives it, not at
 * the refusal after ("1 already in the last 24 h…"). Many doses: their count and the latest, each
 * dose's words whole; the doses not read: said so, the form drawn all the same.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { keepPrn } from "../../src/answers/prn-give.ts";
import { petLastDay } from "../../src/answers/prn-pets.ts";
import type { SheetPet } from "../../src/answers/sheets.ts";
import { type ModalMeta, recordForm, recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import { silentLogger } from "../../src/log.ts";
import { LAST_DAY_NOT_READ, lastDayWords } from "../../src/present/prn-last-day.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { createSeal, SEAL_LENGTH } from "../../src/slack/seal.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";

let at = Date.parse("2026-11-21T23:20:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const jane = { userId: "U0JANE", userName: "Jane" };
const sheet = { date: "2026-11-22", round: "midday" as const };
const piriton = {
  item: "med:1" as const,
  label: "Piriton 4mg",
  text: "Piriton 4mg if itchy",
  reason: "only if scratching",
  maxPer24h: 2,
};
const pet: SheetPet = {
  bookingId: 5,
  petId: 50,
  name: "Itchy",
  due: [{ item: "meal", label: "meal", text: "Kibble 100 g" }],
  ifNeeded: [piriton, { item: "med:2", label: "Metacam", text: "Metacam if limping" }],
  oneTap: false,
  message: 0,
};
const meta: ModalMeta = { s: 9, b: 5, p: 50, c: "C1", t: "1.1", cur: [] };
const seal = createSeal("8f14e45fceea167a5a36dedd4bea2543");
const sealed = seal.sign(recordForm.write(meta, 3000 - SEAL_LENGTH));

/** The hint under an item's outcome on the drawn form. */
function hintOf(view: ReturnType<typeof recordModal>, item: string): string {
  const block = (view.blocks as Array<{ block_id?: string; hint?: { text: string } }>).find(
    (b) => b.block_id === `it:${item}`,
  );
  return block?.hint?.text ?? "";
}

describe("✏️ Record each… says each drug's doses of the last 24 hours beside its limits", () => {
  let store: CareRecordStore;
  const deps = (record = store) => ({ record, config, clock, log: silentLogger() });
  /** A dose of `item` given now, kept as 💊 Give if needed… keeps it. */
  const give = (item: typeof piriton, key: string) =>
    keepPrn(deps(), {
      bookingId: 5,
      petId: 50,
      item: { key: item.item, label: item.label, text: item.text },
      reason: "scratching",
      givenAt: new Date(at).toISOString(),
      note: undefined,
      who: jane,
      requestKey: key,
      date: new Date(at).toISOString().slice(0, 10),
    });
  const form = async () =>
    recordModal(sealed, meta, sheet, pet, [], {
      time: "12:05",
      timezone: config.timezone,
      lastDay: await petLastDay(deps(), pet),
    });

  beforeAll(async () => {
    store = scratchRecord(clock);
    // More than 24 hours before the form: not said.
    at = Date.parse("2026-11-21T09:00:00Z");
    await give(piriton, "k0");
    // Last night, and this morning (London is on UTC in November).
    at = Date.parse("2026-11-21T23:20:00Z");
    await give(piriton, "k1");
    at = Date.parse("2026-11-22T09:10:00Z");
    await give(piriton, "k2");
    at = Date.parse("2026-11-22T12:05:00Z");
  });
  afterAll(() => store.close());

  it("a drug given last night and this morning: both, as the give form says them, after its limits", async () => {
    expect(hintOf(await form(), "med:1")).toBe(
      "Piriton 4mg if itchy · The plan says: only if scratching · at most 2 in 24 h. · In the last 24 h: " +
        "💊 Piriton 4mg given yesterday 23:20 by Jane for scratching · awaiting effect · " +
        "💊 Piriton 4mg given 09:10 by Jane for scratching · awaiting effect",
    );
  });

  it("another drug of the pet's, none given: said so, never the first drug's doses", async () => {
    expect(hintOf(await form(), "med:2")).toBe("Metacam if limping · In the last 24 h: none given.");
  });

  it("the doses not read: said so, and the form drawn all the same", async () => {
    const failing = withFaults(store, {
      log: async () => {
        throw new Error("the record is away");
      },
    });
    const view = recordModal(sealed, meta, sheet, pet, [], {
      time: "12:05",
      timezone: config.timezone,
      lastDay: await petLastDay(deps(failing), pet),
    });
    expect(hintOf(view, "med:1")).toBe(
      `Piriton 4mg if itchy · The plan says: only if scratching · at most 2 in 24 h. · ${LAST_DAY_NOT_READ}`,
    );
    expect(LAST_DAY_NOT_READ).toBe("(the last 24 h could not be read)");
    expect(JSON.stringify(view)).toContain('"block_id":"note:med:2"');
  });

  it("many doses: their count and the latest that fit, each dose whole; no room: the latest's time", () => {
    const dose = (id: number, givenAt: string, label = "Piriton 4mg"): PrnDose =>
      ({
        id,
        bookingId: 5,
        petId: 50,
        item: "med:1",
        label,
        reason: "scratching",
        givenAt,
        userName: "Jane",
        date: givenAt.slice(0, 10),
      }) as PrnDose;
    const times = [
      "2026-11-21T23:20:00Z",
      "2026-11-22T03:00:00Z",
      "2026-11-22T07:30:00Z",
      "2026-11-22T11:50:00Z",
    ];
    const doses = times.map((t, i) => dose(i + 1, t));
    const day = { doses, now: "2026-11-22T12:05:00Z", timezone: "Europe/London" };
    const one = "💊 Piriton 4mg given 11:50 by Jane for scratching · awaiting effect";
    expect(lastDayWords(day, 600)).toBe(
      `4 in the last 24 h, the latest 3: 💊 Piriton 4mg given 03:00 by Jane for scratching · awaiting effect · 💊 Piriton 4mg given 07:30 by Jane for scratching · awaiting effect · ${one}`,
    );
    expect(lastDayWords(day, 100)).toBe(`4 in the last 24 h, the latest: ${one}`);
    expect(lastDayWords(day, 40)).toBe("4 in the last 24 h, latest 11:50");
    // A drug's name too long to say within the room: never cut, its time said instead.
    const long = "Chlorphenamine ".repeat(60).trim();
    const words = lastDayWords({ ...day, doses: [dose(9, times[3] as string, long)] }, 600);
    expect(words).toBe("1 in the last 24 h, latest 11:50");
    expect(lastDayWords({ ...day, doses: [] }, 600)).toBe("In the last 24 h: none given.");
  });
});
