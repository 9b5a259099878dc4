/**
 * An every-other-day dose recorded given on one day of the stay is said beside its line on the next
 * day's sheet as its redraws draw it (keptSheetRecord, then the sheet's message; Slack's redraw
 * after a tap), read from a real SQLite record: "📒 Metacam 1.5 ml: last recorded given yesterday,
 * …". The days before are read once per draw, and not at all for a sheet with no such line.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { readLastGiven } from "../../src/answers/last-given.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { keptSheetRecord } from "../../src/answers/round-record.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import type { ByDaysItem } from "../../src/domain/record.ts";
import type { BotDeps } from "../../src/listeners/bot-deps.ts";
import { SheetRedraw } from "../../src/listeners/record-round.ts";
import { silentLogger } from "../../src/log.ts";
import { lineText } from "../../src/present/doc.ts";
import { sheetMessageDoc } from "../../src/present/round-sheet.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { scratchRecord } from "../helpers/record.ts";

let at = Date.parse("2026-12-02T08:05:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const eod: ByDaysItem = {
  item: "med:1",
  label: "Metacam 1.5 ml",
  text: "Metacam 1.5 ml every other day AM",
  days: "some_days",
  words: "every other day",
};
const meal = { item: "meal" as const, label: "meal", text: "Kibble 100 g" };
const bonnie = (byDays: ByDaysItem[]) => ({
  bookingId: 7,
  petId: 70,
  name: "Bonnie",
  due: [meal],
  byDays,
  oneTap: false,
  message: 0,
});

/** The morning sheet of `date` kept, Bonnie on it. */
const morning = (store: CareRecordStore, date: string, byDays: ByDaysItem[] = [eod]): Promise<Sheet> =>
  saveSheet(
    { record: store },
    {
      v: 1,
      date,
      round: "morning",
      fallback: "Morning round",
      messages: [{ parts: [{ kind: "item", key: "7-70", lines: [[{ text: "Bonnie" }]] }] }],
      pets: [bonnie(byDays)],
    },
  );

describe("an every-other-day dose given yesterday, on today's sheet", () => {
  let store: CareRecordStore;
  const deps = () => ({ record: store, config, clock, log: silentLogger() }) as unknown as Deps;

  beforeAll(async () => {
    store = scratchRecord(clock);
    const yesterday = await morning(store, "2026-12-02");
    const pet = yesterday.pets[0] as Sheet["pets"][number];
    const jane = { userId: "U0JANE", userName: "Jane" };
    const writes = [{ item: "med:1" as const, outcome: "given" as const }];
    const done = await recordEach(deps(), yesterday, pet, { writes, ifNeeded: [] }, jane, "view:E1");
    expect(done.status).toBe("done");
    at = Date.parse("2026-12-03T07:40:00Z");
  });
  afterAll(async () => {
    await store.close();
  });

  it("its line says when the record last has it given, at which round and by whom", async () => {
    const today = await morning(store, "2026-12-03");
    const record = await keptSheetRecord(deps(), today);
    if (!record) throw new Error("no record");
    const pet = sheetMessageDoc(today, 0, record).parts.find((p) => p.kind === "pet");
    if (pet?.kind !== "pet") throw new Error("Bonnie is not drawn");
    const words = "📒 Metacam 1.5 ml: last recorded given yesterday, Wed 2 Dec 08:05 (morning round) by Jane";
    expect(pet.record.full.map(lineText)).toContain(words);
    // A later day's sheet shown for reference (/rounds evening tomorrow: nothing kept) says it too.
    const body = {
      v: 1 as const,
      date: "2026-12-03",
      round: "morning" as const,
      fallback: "Morning round",
      messages: today.messages,
      pets: today.pets,
    };
    const lastGiven = await readLastGiven(deps(), body.date, body.pets);
    const ahead = sheetMessageDoc(body, 0, { entries: [], timezone: "Europe/London", lastGiven }).parts.find(
      (p) => p.kind === "pet",
    );
    expect(ahead?.kind === "pet" && ahead.record.full.map(lineText)).toContain(words);
    // Slack's post drawn again after a tap says the same.
    const message = await new SheetRedraw(deps() as unknown as BotDeps).draw(today, 0);
    expect(JSON.stringify(message)).toContain(words);
  });

  it("a week on, nothing given since: not recorded given in the last 7 days", async () => {
    const later = await morning(store, "2026-12-10");
    const record = await keptSheetRecord(deps(), later);
    if (!record) throw new Error("no record");
    const pet = sheetMessageDoc(later, 0, record).parts.find((p) => p.kind === "pet");
    if (pet?.kind !== "pet") throw new Error("Bonnie is not drawn");
    expect(pet.record.full.map(lineText)).toContain(
      "📒 Metacam 1.5 ml: not recorded given in the last 7 days",
    );
  });

  it("one read of the days before for a sheet with such a line; none for a sheet without", async () => {
    const reads = vi.spyOn(store, "entries");
    const last = await readLastGiven(deps(), "2026-12-03", [bonnie([eod])]);
    expect(reads.mock.calls).toEqual([[{ from: "2026-11-26", to: "2026-12-03" }]]);
    expect(last?.get("7|70|med:1")).toMatchObject({ round: "morning", who: "Jane" });
    reads.mockClear();
    const daily = await readLastGiven(deps(), "2026-12-03", [bonnie([{ ...eod, days: "not_today" }])]);
    expect(daily).toBeUndefined();
    expect(reads).not.toHaveBeenCalled();
    reads.mockRestore();
  });
});
