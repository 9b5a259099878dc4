/**
 * A round's sheet longer than one record holds (the biggest day: hundreds of pets, each with
 * thousands of characters of care) kept in parts (src/answers/sheets.ts `sheetPieces`): read back by
 * its id, by its day and as its round's latest, it is the sheet as drafted, every pet and message in
 * order; the same post again keeps nothing new; a sheet whose part is missing is read as no sheet,
 * never as a shorter one; the chain verifies. On both engines.
 */
import { describe, expect, it } from "vitest";
import { locate, recordAllDue } from "../../src/answers/record-round.ts";
import {
  keptSheets,
  latestSheet,
  loadSheet,
  type SheetBody,
  saveSheet,
  sheetPieces,
} from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { longWords } from "../helpers/care-parts.ts";
import { useStoreEngines } from "../helpers/store-engines.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T08:00:00Z`) };
const engines = useStoreEngines(clock);
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });

/**
 * A morning sheet of `pets` pets, each with one item of `chars` characters of words (distinct per
 * pet), in `messages` messages; the last pet has no item key and stays on the first message (as a
 * drafted sheet may have it), so the order kept is not the order of the messages.
 */
function bigSheet(pets: number, chars: number, messages: number): SheetBody {
  const all = Array.from({ length: pets }, (_, i) => ({
    bookingId: 500 + i,
    petId: 70 + i,
    name: `Pet ${i}`,
    due: [{ item: "med:1" as const, label: "Rimadyl", text: longWords(`p${i}x`, chars) }],
    oneTap: true,
    message: i === pets - 1 ? 0 : Math.floor((i * messages) / pets),
  }));
  return {
    v: 1,
    date: DATE,
    round: "morning",
    fallback: "Morning round",
    pets: all,
    messages: Array.from({ length: messages }, (_, m) => ({
      parts: [
        { kind: "title" as const, text: `Morning round, message ${m + 1}` },
        ...all
          .filter((p) => p.message === m)
          .map((p) => ({
            kind: "item" as const,
            lines: [[{ text: p.due[0]?.text ?? "" }]],
            key: `${p.bookingId}-${p.petId}`,
          })),
      ],
    })),
  };
}

/** A sheet read back as drafted: without its record's id, nor its place in the chain (read with its day's). */
const whole = ({ id: _, seq: __, ...sheet }: { id: number; seq?: number } & Record<string, unknown>) => sheet;

describe("sheetPieces", () => {
  it("a sheet that fits one record is itself, with no parts", () => {
    const sheet = bigSheet(3, 100, 1);
    expect(sheetPieces(sheet)).toEqual({ head: sheet, parts: [] });
  });

  it("a longer one: each record within what one is given, the first message with the sheet, joined again the sheet as drafted", () => {
    const sheet = bigSheet(40, 2000, 8);
    const most = 30_000;
    const { head, parts } = sheetPieces(sheet, most);
    expect(parts.length).toBeGreaterThan(2);
    for (const body of [head, ...parts]) expect(JSON.stringify(body).length).toBeLessThanOrEqual(most + 100);
    expect(head.messages).toEqual([sheet.messages[0]]);
    expect([...head.pets, ...parts.flatMap((p) => p.pets)]).toEqual(sheet.pets);
    expect([...head.messages, ...parts.flatMap((p) => p.messages)]).toEqual(sheet.messages);
    for (const p of parts) expect(p).toMatchObject({ v: 1, date: DATE, round: "morning" });
  });
});

describe.each(engines)("a sheet longer than one record, kept in parts ($name)", (engine) => {
  // 12 pets of 160,000 characters: 1.9 million in its pets and as many in its messages.
  const sheet = bigSheet(12, 160_000, 6);

  const withStore = async (test: (store: CareRecordStore) => Promise<void>) => {
    const store = await engine.open();
    try {
      await test(store);
    } finally {
      await store.close();
    }
  };

  it.skipIf(engine.skip)(
    "read back by its id, its day and its round, it is the sheet as drafted; posted again, nothing new is kept",
    () =>
      withStore(async (store) => {
        expect(JSON.stringify(sheet).length).toBeGreaterThan(3_000_000);
        const kept = await saveSheet({ record: store }, sheet);
        expect(whole(kept as never)).toEqual(sheet);
        const parts = await store.log({ kind: "sheet_part", date: DATE });
        expect(parts.length).toBeGreaterThanOrEqual(3);
        const [own] = await store.log({ kind: "sheet", id: kept.id });
        expect(own?.body.continued).toEqual(parts.map((p) => p.id));
        // Every record within the store's body.
        for (const e of [own, ...parts])
          expect(JSON.stringify(e?.body).length).toBeLessThanOrEqual(1_000_000);

        // Read by its day and as its round's latest (from the table, joined again).
        const deps = { record: store };
        const [ofDay] = await keptSheets(deps, { date: DATE });
        expect(ofDay?.id).toBe(kept.id);
        expect(whole(ofDay as never)).toEqual(sheet);
        expect((await latestSheet(deps, DATE, "morning"))?.id).toBe(kept.id);

        // By its id, as a restarted bot reads it (nothing remembered): written in parts by hand.
        const evening = { ...sheet, round: "evening" as const };
        const pieces = sheetPieces(evening);
        const continued: number[] = [];
        for (const part of pieces.parts)
          continued.push((await store.append({ kind: "sheet_part", date: DATE, body: part })).entry.id);
        const { entry } = await store.append({
          kind: "sheet",
          date: DATE,
          body: { ...pieces.head, continued },
        });
        expect(whole((await loadSheet(deps, entry.id)) as never)).toEqual(evening);

        // A tap on a pet kept in the last part finds it and records it.
        const last = sheet.pets.at(-2) as SheetBody["pets"][number];
        const tapDeps = { record: store, clock, config, log: silentLogger() };
        const found = await locate(tapDeps, {
          sheetId: kept.id,
          bookingId: last.bookingId,
          petId: last.petId,
        });
        if (!found.ok) throw new Error(`not found: ${found.why}`);
        expect(found.pet.message).toBe(last.message);
        const who = { userId: "U1", userName: "Sam" };
        expect((await recordAllDue(tapDeps, found.sheet, found.pet, who, "tap-1")).status).toBe("recorded");

        // The same post again (a replica, a second /rounds): the same sheet and parts, nothing new.
        const before = (await store.head()).seq;
        const twice = await saveSheet({ record: store }, sheet);
        expect(twice.id).toBe(kept.id);
        expect((await store.head()).seq).toBe(before);
        expect((await store.verify()).ok).toBe(true);
      }),
    120_000,
  );

  it.skipIf(engine.skip)(
    "a sheet naming a part that is not there is read as no sheet, never as a shorter one",
    () =>
      withStore(async (store) => {
        const small = bigSheet(2, 100, 1);
        // A part's id that names a sheet, and one that names nothing.
        const other = await store.append({ kind: "sheet", date: DATE, body: small });
        const { entry } = await store.append({
          kind: "sheet",
          date: DATE,
          body: { ...small, fallback: "Morning round (parts)", continued: [other.entry.id, 999_999] },
        });
        expect(await loadSheet({ record: store }, entry.id)).toBeUndefined();
        // A part of another round named by it: no part of this sheet.
        const evening = await store.append({
          kind: "sheet_part",
          date: DATE,
          body: { v: 1, date: DATE, round: "evening", pets: [], messages: [] },
        });
        const crossed = await store.append({
          kind: "sheet",
          date: DATE,
          body: { ...small, fallback: "Morning round (crossed)", continued: [evening.entry.id] },
        });
        expect(await loadSheet({ record: store }, crossed.entry.id)).toBeUndefined();
        expect((await keptSheets({ record: store }, { date: DATE })).map((x) => x.id)).toEqual([
          other.entry.id,
        ]);
      }),
    60_000,
  );
});
