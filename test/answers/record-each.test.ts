/**
 * "✏️ Record each…" written (issue 44), on both engines: a dose printed to give if needed, its plan
 * not confirmed, is given from the round's form as an as-needed dose of the record (kept "from the
 * words, plan not confirmed"), its reason required and its limits, as the words give them, checked
 * against the pet's earlier doses: past one, nothing is written until the person says they checked
 * (kept with the dose); the round's entries and the dose in one submission, each written once when
 * it comes again; each item with its own note (issue 51).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { prnDoses } from "../../src/answers/prn.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { readSubmission } from "../../src/blocks/record-form.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

let at = Date.parse("2026-11-22T12:05:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const engines = useStoreEngines(clock);
const jane = { userId: "U0JANE", userName: "Jane" };
const pick = (value: string) => ({ outcome: { selected_option: { value } } });
const typed = (key: string, value: string) => ({ [key]: { note: { value } } });

describe.each(engines)("Record each… with a dose to give if needed ($name)", ({ open, skip }) => {
  let store: CareRecordStore;
  let sheet: Sheet;
  const deps = () => ({ record: store, config, clock, log: silentLogger() });
  const meta = () => ({ s: sheet.id, b: 5, p: 50, c: "C1", t: "1.1", cur: [] });
  /** Itchy's Piriton given anyway at `time` from the form `view`, with these deps. */
  const givenAt = (d: Parameters<typeof recordEach>[0], time: string, view: string) =>
    recordEach(
      d,
      sheet,
      sheet.pets[0] as Sheet["pets"][number],
      { writes: [], ifNeeded: [{ item: "med:1", reason: "x", anyway: true, note: "n", time }] },
      jane,
      view,
    );

  beforeAll(async () => {
    if (skip) return;
    at = Date.parse("2026-11-22T12:05:00Z");
    store = await open();
    sheet = await saveSheet(
      { record: store },
      {
        v: 1,
        date: "2026-11-22",
        round: "midday",
        fallback: "Midday round",
        messages: [{ parts: [] }],
        pets: [
          {
            bookingId: 5,
            petId: 50,
            name: "Itchy",
            due: [{ item: "meal", label: "meal", text: "Kibble 100 g" }],
            ifNeeded: [
              {
                item: "med:1",
                label: "Piriton 4mg",
                text: "Piriton 4mg PRN – only if scratching, max 1 in 24h",
                reason: "only if scratching",
                maxPer24h: 1,
                unconfirmed: true,
              },
            ],
            oneTap: false,
            message: 0,
          },
        ],
      },
    );
  });
  afterAll(async () => {
    if (!skip) await store.close();
  });

  it.skipIf(skip)(
    "given from the form: kept as an as-needed dose from the words, with its reason; the meal with its own note",
    async () => {
      const sub = readSubmission(
        meta(),
        sheet.pets[0] as Sheet["pets"][number],
        {
          "it:meal": pick("ate_some"),
          ...typed("note:meal", "left the biscuits"),
          "it:med:1": pick("given"),
          "why:med:1": { reason: { value: "scratching at the door" } },
          ...typed("note:med:1", "calmer after"),
        } as never,
      );
      if (!sub.ok) throw new Error(JSON.stringify(sub.errors));
      const submit = () =>
        recordEach(
          deps(),
          sheet,
          sheet.pets[0] as Sheet["pets"][number],
          { writes: sub.choices, ifNeeded: sub.ifNeeded },
          jane,
          "view:V1",
        );
      const result = await submit();
      expect(result.status).toBe("done");
      const entries = await store.entries({ date: "2026-11-22", round: "midday" });
      expect(entries.map((e) => [e.item, e.outcome, e.note])).toEqual([
        ["meal", "ate_some", "left the biscuits"],
      ]);
      const [dose] = await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 });
      expect(dose).toMatchObject({
        item: "med:1",
        label: "Piriton 4mg",
        reason: "scratching at the door",
        note: "calmer after",
        unconfirmed: true,
        givenAt: "2026-11-22T12:05:00.000Z",
      });
      // The same submission again (Slack re-delivering it): nothing written twice.
      await submit();
      expect(await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 })).toHaveLength(1);
      expect(await store.entries({ date: "2026-11-22", round: "midday" })).toHaveLength(1);
    },
  );

  it.skipIf(skip)(
    "past the limit the words give: nothing written until the person says they checked, with a note",
    async () => {
      at = Date.parse("2026-11-22T14:00:00Z");
      const pet = sheet.pets[0] as Sheet["pets"][number];
      const given = { item: "med:1" as const, reason: "scratching again", anyway: false };
      const refused = await recordEach(
        deps(),
        sheet,
        pet,
        { writes: [], ifNeeded: [given] },
        jane,
        "view:V2",
      );
      expect(refused).toEqual({
        status: "fields",
        errors: {
          "it:med:1": expect.stringMatching(
            /^1 already in the last 24 h: the words \(plan not confirmed\) say at most 1\. To record it, choose “given past its limit: I have checked”/,
          ),
        },
      });
      expect(await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 })).toHaveLength(1);
      // The form asks for the note with "given past its limit".
      const noNote = readSubmission(meta(), pet, {
        "it:med:1": pick("given_anyway"),
        "why:med:1": { reason: { value: "scratching again" } },
      } as never);
      expect(noNote).toEqual({
        ok: false,
        errors: { "note:med:1": "Say who you checked with, and why it is given anyway." },
      });
      const anyway = await recordEach(
        deps(),
        sheet,
        pet,
        { writes: [], ifNeeded: [{ ...given, anyway: true, note: "vet said one more is fine" }] },
        jane,
        "view:V3",
      );
      expect(anyway.status).toBe("done");
      const doses = await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 });
      expect(doses.at(-1)).toMatchObject({
        note: "vet said one more is fine",
        ack: {
          rule: "max_per_24h",
          words: expect.stringContaining("the words (plan not confirmed) say at most 1"),
        },
      });
    },
  );

  it.skipIf(skip)("a time given later than now is refused at its field, nothing written", async () => {
    at = Date.parse("2026-11-22T15:00:00Z");
    const later = await givenAt(deps(), "18:00", "view:V4");
    expect(later).toEqual({
      status: "fields",
      errors: { "at:med:1": "That is later than now (15:00): say when it was given." },
    });
  });

  it.skipIf(skip)(
    "on a round of another day, a time later than now says it is today's now (the dose's time is read as today's)",
    async () => {
      at = Date.parse("2026-11-22T15:00:00Z");
      const tomorrow = { ...sheet, date: "2026-11-23" };
      const later = await recordEach(
        deps(),
        tomorrow,
        tomorrow.pets[0] as Sheet["pets"][number],
        { writes: [], ifNeeded: [{ item: "med:1", reason: "x", anyway: true, note: "n", time: "18:00" }] },
        jane,
        "view:V4b",
      );
      expect(later).toEqual({
        status: "fields",
        errors: { "at:med:1": "That is later than now (15:00 today): say when it was given." },
      });
    },
  );

  it.skipIf(skip)(
    "a time after the pet went home (its booking's check-out) is refused at its field, nothing written (issue 46, item 11)",
    async () => {
      at = Date.parse("2026-11-22T15:00:00Z");
      const asked: number[] = [];
      const kennel = {
        getBooking: async (id: number) => {
          asked.push(id);
          return { data: { checkInDate: "2026-11-20T10:00:00Z", checkOutDate: "2026-11-22T13:00:00Z" } };
        },
      } as unknown as Deps["kennel"];
      const before = (await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 })).length;
      const after = await givenAt({ ...deps(), kennel }, "14:30", "view:V5");
      expect(asked).toEqual([5]);
      expect(after).toEqual({
        status: "fields",
        errors: {
          "at:med:1":
            "That is after Itchy went home (Sun 22 Nov 2026, 13:00, the booking's check-out): say when it was given.",
        },
      });
      expect(await prnDoses({ record: store, clock }, { bookingId: 5, petId: 50 })).toHaveLength(before);
      // Before the check-out, the same dose stands.
      const within = await givenAt({ ...deps(), kennel }, "12:30", "view:V6");
      expect(within.status).toBe("done");
    },
  );
});
