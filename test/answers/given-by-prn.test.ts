/**
 * Who gave a dose given if needed on ✏️ Record each…: Jane records at 12:05 that Sam gave Itchy's
 * midday dose and a Piriton for scratching, naming Sam once in "Given by (if not you)". The one
 * "Given by" means every dose the form says given: the as-needed dose is Sam's too, on every surface
 * that names who gave it (Home's line, `kennel-desk record`, the stay record, the export's
 * `given_by`, the register, the audit), still signed by Jane. A giver never seen is kept by id and
 * named after the commit; a high-alert dose is never witnessed by its giver. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordAudit } from "../../src/answers/audit.ts";
import { prnDoses } from "../../src/answers/prn.ts";
import { witnessPrn } from "../../src/answers/prn-give.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { giverOf } from "../../src/domain/giver.ts";
import type { PrnDose } from "../../src/domain/prn.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { prnExportRow } from "../../src/text/record.ts";
import { prnDoseWords, prnRecordWords } from "../../src/words/doses.ts";
import { prnStayLines } from "../../src/words/prn-stay.ts";
import { namesLater } from "../helpers/names-later.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T12:05:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "UTC" });
const jane = { userId: "U0JANE", userName: "Jane" };
let store: CareRecordStore;
let sheet: Sheet;
const deps = () => ({ record: store, config, clock, log: silentLogger() });
const pet = () => sheet.pets[0] as Sheet["pets"][number];

/** Itchy's midday dose (med:1) and a Piriton (med:2, high-alert when asked) given if needed at 11:50. */
async function itchy(highAlert = false) {
  sheet = await saveSheet(
    { record: store },
    {
      v: 1,
      date: DATE,
      round: "midday",
      fallback: "Midday round",
      messages: [{ parts: [] }],
      pets: [
        {
          bookingId: 5,
          petId: 50,
          name: "Itchy",
          due: [{ item: "med:1", label: "Rimadyl 50mg", text: "Rimadyl 50mg with food" }],
          ifNeeded: [
            {
              item: "med:2",
              label: "Piriton 4mg",
              text: "Piriton 4mg PRN – only if scratching, max 2 in 24h",
              reason: "only if scratching",
              maxPer24h: 2,
              unconfirmed: true,
              ...(highAlert ? { highAlert: true } : {}),
            },
          ],
          oneTap: false,
          message: 0,
        },
      ],
    },
  );
}

/** Jane's form naming `giver`: the midday dose given, and the Piriton given if needed at 11:50. */
async function recordedFor(giver: { userId: string; name?: string } | undefined, request = "view:P1") {
  const done = await recordEach(
    deps(),
    sheet,
    pet(),
    {
      writes: [{ item: "med:1", outcome: "given" }],
      ifNeeded: [{ item: "med:2", reason: "scratching", anyway: false, time: "11:50" }],
    },
    { ...jane, ...(giver ? { giver } : {}) },
    request,
  );
  expect(done.status).toBe("done");
  const doses = await prnDoses(deps(), { bookingId: 5, petId: 50 });
  expect(doses).toHaveLength(1);
  return doses[0] as PrnDose;
}

const stayText = (d: PrnDose) =>
  prnStayLines([d], "UTC")
    .flatMap((l) => l.pieces.map((p) => (typeof p === "string" ? p : p.value)).join(""))
    .join("\n");

beforeEach(() => {
  at = Date.parse(`${DATE}T12:05:00Z`);
  store = scratchRecord(clock);
});

describe("a dose given if needed on the form that names who gave its doses", () => {
  it("is given by the giver the form names, as the round's dose is; still signed by who recorded it", async () => {
    await itchy();
    const dose = await recordedFor({ userId: "U0SAM", name: "Sam" });
    expect(dose).toMatchObject({
      userId: "U0JANE",
      userName: "Jane",
      givenBy: { userId: "U0SAM", name: "Sam" },
    });
    expect(giverOf(dose)).toBe("Sam");
    const [kept] = await store.log({ kind: "prn", date: DATE });
    expect(kept?.body).toMatchObject({ userName: "Jane", givenBy: { userId: "U0SAM", name: "Sam" } });
    // The round's dose on the same form: Sam's too.
    expect((await store.log({ kind: "given_by", date: DATE })).map((l) => l.body.items)).toEqual([["med:1"]]);
    expect(await store.verify()).toMatchObject({ ok: true });
    // Home's line, `kennel-desk record`, the stay record, the export.
    expect(prnDoseWords(dose, "UTC", DATE)).toContain("Piriton 4mg given 11:50 by Sam for scratching");
    expect(prnRecordWords(dose, "UTC")).toContain("Piriton 4mg given 11:50 by Sam · recorded 12:05 by Jane");
    expect(stayText(dose)).toContain("Piriton 4mg given 11:50 by Sam · recorded 12:05 by Jane");
    expect(prnExportRow(dose, "UTC")).toMatchObject({ user_name: "Jane", given_by: "Sam" });
    // The audit's who did what: Jane recorded both doses, Sam gave both (T12: the Piriton was left out of his).
    const audit = await recordAudit(
      { ...deps(), clock: { now: () => new Date(`${DATE}T21:00:00Z`) } },
      1,
      "here",
    );
    expect(audit.people).toEqual([
      expect.objectContaining({ name: "Jane", given: 1, asNeeded: 1, gave: 0 }),
      expect.objectContaining({ name: "Sam", given: 0, asNeeded: 0, gave: 2 }),
    ]);
  });

  it("given by who records it: no giver kept, said as before", async () => {
    await itchy();
    for (const giver of [undefined, { userId: "U0JANE", name: "Jane" }]) {
      store = scratchRecord(clock);
      await itchy();
      const dose = await recordedFor(giver);
      expect(dose.givenBy).toBeUndefined();
      expect(prnRecordWords(dose, "UTC")).toContain("Piriton 4mg given 11:50, recorded 12:05 by Jane");
      expect(prnExportRow(dose, "UTC")).toMatchObject({ user_name: "Jane", given_by: "Jane" });
    }
  });

  it("a giver never seen: kept by id, named once Slack says who they are, and said when not staff", async () => {
    const real = store;
    const later = namesLater(real, "guest");
    store = later.store;
    await itchy();
    const dose = await recordedFor({ userId: "U0NIA" });
    expect(dose.givenBy).toEqual({ userId: "U0NIA", name: "U0NIA", unnamed: true });
    expect(giverOf(dose)).toBe("someone not yet named (U0NIA)");
    await later.answered();
    const [named] = await prnDoses({ ...deps(), record: real }, { bookingId: 5, petId: 50 });
    expect(named?.givenBy).toEqual({ userId: "U0NIA", name: "Nia Obi", notStaff: "guest" });
    expect(prnExportRow(named as PrnDose, "UTC").given_by).toBe("Nia Obi (not staff: a guest)");
    // The follow-up names the dose's record (its own key, apart from a round entry's `g<id>`).
    const follow = (await real.log({ kind: "staff_name", date: DATE })).filter(
      (l) => l.body.userId === "U0NIA",
    );
    expect(follow.map((l) => l.requestKey).sort()).toEqual([
      expect.stringMatching(/^staff_name:g\d+$/),
      `staff_name:gr${dose.id}`,
    ]);
    expect(await real.verify()).toMatchObject({ ok: true });
  });

  it("high-alert: its giver may not witness it; who recorded it may", async () => {
    await itchy(true);
    const dose = await recordedFor({ userId: "U0SAM", name: "Sam" });
    const where = { bookingId: 5, petId: 50 };
    at += 60_000;
    expect((await witnessPrn(deps(), where, dose.id, { userId: "U0SAM", userName: "Sam" })).status).toBe(
      "self",
    );
    expect((await witnessPrn(deps(), where, dose.id, jane)).status).toBe("witnessed");
  });
});
