/**
 * `record audit` tells an inspector who did what, not figures only (a fresh try as an inspector: no
 * correction listed, no list of who recorded what, the unwitnessed high-alert dose not named, and
 * its "missed: 19" counting doses while the export's "46 missed" counted items, meals included,
 * neither saying so). On a real SQLite record, from the terminal (text and --json): each correction
 * with what it said → what it says now, who, when and why; the high-alert dose unwitnessed named;
 * per person their entries by kind; the doses missed and the meals missed said apart, in the words
 * the export's summary uses for the same days.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, expect, it } from "vitest";
import { type SheetBody, saveSheet } from "../../src/answers/sheets.ts";
import { witnessKey } from "../../src/answers/witness.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";
import type { CareRecordStore, Entry, EntryInput, RecordResult } from "../../src/record/types.ts";
import { runCommand } from "./helpers.ts";

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const NOW = new Date("2026-11-25T09:00:00Z");
const ENV = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", ROUNDS_TIMES: "08:00,12:00,18:00" };
const DATE = "2026-11-24";
const cli = (args: string[], env: Record<string, string>) =>
  runCommand(args, { ...ENV, ...env }, { clock: { now: () => NOW } });

const BISCUIT = { bookingId: 601, petId: 81, petName: "Biscuit" };
const MILO = { bookingId: 602, petId: 82, petName: "Milo" };
const SUGAR = { bookingId: 603, petId: 83, petName: "Sugar" };
const DYLAN = { bookingId: 604, petId: 84, petName: "Dylan" };
type Pet = typeof BISCUIT;
const APOQUEL = { item: "med:1" as const, label: "Apoquel", text: "Apoquel 16 mg" };
const METRO = { item: "med:1" as const, label: "Metronidazole", text: "Metronidazole 200 mg" };
const INSULIN = { item: "med:1" as const, label: "Caninsulin", text: "Caninsulin 6iu", highAlert: true };
const RIMADYL = { item: "med:2" as const, label: "Rimadyl", text: "Rimadyl 50 mg" };
const PHENO = {
  item: "med:1" as const,
  label: "Phenobarbital",
  text: "Phenobarbital 60 mg",
  highAlert: true,
};
const MEAL = { item: "meal" as const, label: "meal", text: "Own kibble" };

const sheet = (round: "morning" | "evening", pets: Array<[Pet, SheetBody["pets"][number]["due"]]>) => ({
  v: 1 as const,
  date: DATE,
  round,
  fallback: `${round} round`,
  pets: pets.map(([p, due]) => ({
    ...{ bookingId: p.bookingId, petId: p.petId, name: p.petName },
    ...{ due, oneTap: true, message: 0 },
  })),
  messages: [{ parts: [] }],
});

/**
 * Tue 24 Nov: Biscuit's Apoquel given (Jane) and corrected to not given, the wrong pet (Jane, 13:00);
 * Milo's Metronidazole not given, none left (Sam), corrected to given at 08:20 (Sam, 13:05); Sugar's
 * insulin given (Jane) witnessed by Tom, her Rimadyl missed, Biscuit's meal missed; Dylan's
 * Phenobarbital given at 18:05 by Sam, never witnessed.
 */
async function seed(store: CareRecordStore, clock: { at: number }) {
  const at = (hm: string) => {
    clock.at = Date.parse(`${DATE}T${hm}:00Z`);
  };
  let n = 0;
  const write = async (
    p: Pet,
    e: Partial<EntryInput> & Pick<EntryInput, "item" | "outcome" | "itemText">,
  ) => {
    const r = (await store.record([
      {
        date: DATE,
        round: "morning",
        ...p,
        userId: "U0JANE",
        userName: "Jane",
        requestKey: `s-${++n}`,
        ...e,
      },
    ])) as Extract<RecordResult, { status: "recorded" }>;
    return r.entries[0] as Entry;
  };
  const sam = { userId: "U0SAM", userName: "Sam" };
  at("07:00");
  await saveSheet(
    { record: store },
    sheet("morning", [
      [BISCUIT, [APOQUEL, MEAL, RIMADYL]],
      [MILO, [METRO]],
      [SUGAR, [INSULIN, RIMADYL]],
    ]),
  );
  await saveSheet({ record: store }, sheet("evening", [[DYLAN, [PHENO]]]));
  at("08:05");
  const insulin = await write(SUGAR, { item: "med:1", itemText: INSULIN.text, outcome: "given" });
  at("08:08");
  await store.append({
    ...{ kind: "witness", date: DATE, bookingId: SUGAR.bookingId, petId: SUGAR.petId, userId: "U0TOM" },
    ...{ requestKey: witnessKey(insulin.id), body: { entryId: insulin.id, userName: "Tom" } },
  });
  at("08:10");
  const biscuit = await write(BISCUIT, { item: "med:1", itemText: APOQUEL.text, outcome: "given" });
  // Biscuit's Rimadyl given by Alex, recorded by Jane naming him ("Given by (if not you)").
  at("08:12");
  await write(BISCUIT, { item: "med:2", itemText: RIMADYL.text, outcome: "given", requestKey: "s-alex" });
  await store.append({
    ...{ kind: "given_by", date: DATE, bookingId: BISCUIT.bookingId, petId: BISCUIT.petId, userId: "U0JANE" },
    ...{
      requestKey: "given_by:s-alex",
      body: { v: 1, request: "s-alex", userId: "U0ALEX", name: "Alex", items: ["med:2"] },
    },
  });
  at("08:15");
  const milo = await write(MILO, {
    ...{ item: "med:1", itemText: METRO.text, outcome: "not_given", reasonCode: "none_left" },
    ...{ reason: "strip empty in his bag", ...sam },
  });
  at("13:00");
  await write(BISCUIT, {
    ...{ item: "med:1", itemText: APOQUEL.text, outcome: "not_given", reasonCode: "other" },
    ...{ reason: "recorded on the wrong pet: the tablet went to Scout", supersedes: biscuit.id },
  });
  at("13:05");
  await write(MILO, {
    ...{ item: "med:1", itemText: METRO.text, outcome: "given", givenAt: `${DATE}T08:20:00.000Z` },
    ...{
      note: "found given after all: Sam gave it from the office spare strip",
      supersedes: milo.id,
      ...sam,
    },
  });
  at("18:05");
  await write(DYLAN, { round: "evening", item: "med:1", itemText: PHENO.text, outcome: "given", ...sam });
}

async function seeded() {
  const dir = mkdtempSync(join(tmpdir(), "kennel-desk-audit-who-"));
  dirs.push(dir);
  const clock = { at: 0 };
  const store = createStore(sqliteDriver({ dir }), { now: () => new Date(clock.at) });
  await seed(store, clock);
  await store.close();
  return { KENNEL_DATA_DIR: dir };
}

it("record audit names each correction, the unwitnessed high-alert dose and who recorded what; missed doses and meals said as the export says them", async () => {
  const env = await seeded();
  const text = await cli(["record", "audit"], env);
  expect(text.code).toBe(0);
  const out = text.stdout;
  expect(out).toContain(
    "✏️ Corrections of round entries: 2 (what each said → what it says now; record export lists every one, its supersedes and superseded_by columns)\n",
  );
  expect(out).toContain(
    "✏️ Tue 24 Nov 2026 · morning · Biscuit · Apoquel 16 mg: given by Jane (recorded 08:10) → not given (other) · corrected by Jane 13:00 · why: recorded on the wrong pet: the tablet went to Scout\n",
  );
  expect(out).toContain(
    "✏️ Tue 24 Nov 2026 · morning · Milo · Metronidazole 200 mg: not given (none left) by Sam (recorded 08:15) → given 08:20 · corrected by Sam 13:05 · why: found given after all: Sam gave it from the office spare strip\n",
  );
  expect(out).toContain(
    "💉 High-alert doses given with no witness: 1 (record export lists each dose, its witness column)\n",
  );
  expect(out).toContain(
    "💉 Tue 24 Nov 2026 · evening · Dylan · Phenobarbital 60 mg · given 18:05 by Sam · unwitnessed\n",
  );
  expect(out).toContain("👤 Who recorded what: 4 people");
  // Alex gave the Rimadyl Jane recorded: said under his name, the entry Jane's.
  expect(out).toContain(
    "👤 Alex: given 0 · not given 0 · refused 0 · corrections 0 · witnessed 0 · gave 1 recorded by someone else\n",
  );
  expect(out).toContain("👤 Jane: given 3 · not given 0 · refused 0 · corrections 1 · witnessed 0\n");
  expect(out).toContain("👤 Sam: given 1 · not given 1 · refused 0 · corrections 1 · witnessed 0\n");
  expect(out).toContain("👤 Tom: given 0 · not given 0 · refused 0 · corrections 0 · witnessed 1\n");
  // The figures say what they count, in the export's words for the same days.
  expect(out).toContain("❌ missed: 1 medication dose\n");
  expect(out).toContain(
    "🍽️ meals missed: 1 (not medication doses; record export's summary counts the two together: 2 missed (1 medication dose, 1 meal))",
  );
  const exported = await cli(["record", "export", "--from", "2026-10-29", "--to", "2026-11-25"], env);
  expect(exported.code).toBe(0);
  expect(exported.stderr).toContain("(2 missed (1 medication dose, 1 meal)");

  const json = JSON.parse((await cli(["record", "audit", "--json"], env)).stdout);
  expect(json.meals).toEqual({ missed: 1 });
  expect(json.doses).toMatchObject({ missed: 1 });
  expect(json.corrections.total).toBe(2);
  expect(json.corrections.latest[0]).toMatchObject({
    ...{ date: DATE, round: "morning", petName: "Biscuit", item: "med:1", itemText: "Apoquel 16 mg" },
    was: { outcome: "given", userName: "Jane", recordedAt: `${DATE}T08:10:00.000Z` },
    now: { outcome: "not_given", reasonCode: "other", userName: "Jane", recordedAt: `${DATE}T13:00:00.000Z` },
    why: "recorded on the wrong pet: the tablet went to Scout",
  });
  expect(json.unwitnessed).toEqual({
    total: 1,
    latest: [
      expect.objectContaining({
        ...{ date: DATE, round: "evening", petName: "Dylan", drug: "Phenobarbital 60 mg" },
        ...{ givenBy: "Sam", at: `${DATE}T18:05:00.000Z` },
      }),
    ],
  });
  expect(json.people.map((p: { name: string }) => p.name)).toEqual(["Alex", "Jane", "Sam", "Tom"]);
  expect(json.people[2]).toEqual({
    ...{ name: "Sam", given: 1, inError: 0, notGiven: 1, refused: 0, meals: 0, asNeeded: 0 },
    ...{ corrections: 1, witnessed: 0, gave: 0 },
  });
  expect(json.people[0]).toMatchObject({ name: "Alex", given: 0, gave: 1 });
});
