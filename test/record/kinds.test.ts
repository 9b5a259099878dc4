/**
 * The record's kinds (src/record/kinds/): a body is checked against its kind before it is written
 * (nothing written when it does not fit), and read back through the same schema, typed by kind.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { InvalidEntryError } from "../../src/record/errors.ts";
import { sqliteDriver } from "../../src/record/sqlite.ts";
import { createStore } from "../../src/record/store.ts";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function open() {
  const dir = mkdtempSync(join(tmpdir(), "kennel-desk-kinds-"));
  dirs.push(dir);
  return createStore(sqliteDriver({ dir }), { now: () => new Date("2026-11-24T08:00:00Z") });
}

const SHEET = {
  v: 1 as const,
  date: "2026-11-24",
  round: "morning" as const,
  fallback: "Morning round",
  pets: [{ bookingId: 501, petId: 77, name: "Biscuit", due: [], oneTap: true, message: 0 }],
  messages: [
    {
      parts: [
        { kind: "title" as const, text: "Morning round" },
        { kind: "item" as const, lines: [[{ text: "Biscuit", strong: true as const }]], key: "501-77" },
      ],
    },
  ],
};

/** A dose's window at the morning round of 24 November, as what a round asked keeps it. */
const WINDOW = {
  opensAt: "2026-11-24T06:30:00.000Z",
  dueAt: "2026-11-24T07:30:00.000Z",
  lateAt: "2026-11-24T07:45:00.000Z",
  closesAt: "2026-11-24T08:00:00.000Z",
};

describe("the record's kinds", () => {
  it("a body that does not fit its kind is refused, in its kind's words, and nothing is written", async () => {
    const store = open();
    const bad = { kind: "witness" as const, date: "2026-11-24", body: { entryId: -1, userName: "" } };
    await expect(store.append(bad)).rejects.toThrow(InvalidEntryError);
    await expect(store.append(bad)).rejects.toThrow(/a witness of a high-alert dose/);
    const part = { kind: "headline", text: "<!channel>" };
    const sheet = { ...SHEET, messages: [{ parts: [part] }] };
    await expect(store.append({ kind: "sheet", date: SHEET.date, body: sheet as never })).rejects.toThrow(
      /a round's sheet as posted/,
    );
    expect((await store.head()).seq).toBe(0);
    await store.close();
  });

  it("a pet and its item due, as a sheet keeps them whole, are kept whole by what its round asked and an item added to it", async () => {
    const store = open();
    // A sheet keeps a pet's name and an item's words whole (issue 47): long ones, as the sheet kept them.
    const pet = { bookingId: 501, petId: 77, name: `Biscuit ${"de ".repeat(100)}Montmorency` };
    const due = { item: "med:1" as const, label: "L".repeat(300), text: "Vetmedin 5 mg ".repeat(300) };
    const kept = await store.append({
      kind: "sheet",
      date: SHEET.date,
      body: { ...SHEET, pets: [{ ...pet, due: [due], oneTap: false, message: 0 }] },
    });
    expect(kept.entry.id).toBeGreaterThan(0);
    const item = { ...due, window: WINDOW, confirmed: true };
    const owed = await store.append({
      kind: "obligation",
      date: SHEET.date,
      body: {
        v: 1,
        date: SHEET.date,
        round: "morning",
        pets: [{ ...pet, items: [item] }],
        bookings: [501],
        counts: { inHouse: 1, onSheet: 1, away: 0 },
      },
    });
    // Its plan confirmed since, the item is added to the round as the sheet drawn again names it.
    const added = {
      v: 1 as const,
      obligation: owed.entry.id,
      round: "morning" as const,
      change: "added" as const,
      ...pet,
      at: "2026-11-24T07:40:00.000Z",
      items: [{ ...due, item: "med:2" as const, window: WINDOW, confirmed: true }],
    };
    await store.append({ kind: "obligation_change", date: SHEET.date, body: added });
    const [obligation] = await store.log({ kind: "obligation", date: SHEET.date });
    expect(obligation?.body.pets[0]).toEqual({ ...pet, items: [item] });
    const [change] = await store.log({ kind: "obligation_change", date: SHEET.date });
    expect(change?.body).toEqual(added);
    await store.close();
  });

  it("a kind this version does not know is refused", async () => {
    const store = open();
    await expect(
      store.append({ kind: "custody" as never, date: "2026-11-24", body: {} as never }),
    ).rejects.toThrow(/not a kind of record/);
    await store.close();
  });

  it("a sheet's document parts are kept and read back whole, typed", async () => {
    const store = open();
    const { entry } = await store.append({ kind: "sheet", date: SHEET.date, body: SHEET });
    const [read] = await store.log({ kind: "sheet", id: entry.id });
    expect(read?.body.messages[0]?.parts).toEqual(SHEET.messages[0]?.parts);
    expect(read?.body.pets[0]?.name).toBe("Biscuit");
    // Only the kind asked for: a witness is not read as a sheet.
    await store.append({ kind: "witness", date: SHEET.date, body: { entryId: 1, userName: "Tom" } });
    expect((await store.log({ kind: "sheet", date: SHEET.date })).map((e) => e.kind)).toEqual(["sheet"]);
    await store.close();
  });
});
