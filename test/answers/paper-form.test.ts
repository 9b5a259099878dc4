/**
 * "📄 Enter from paper…" as staff see it (issue 50), against a real SQLite record: the picker marks
 * the pets whose doses the record holds already; the pet's form is headed on its lines (never a
 * folded "↵"), each dose named as the round names it ("Selgian 20 mg · AM", "(plan not confirmed)");
 * the stay's record names such a dose the same way.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enterFromPaper, paperRound } from "../../src/answers/paper-enter.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { recordedStay } from "../../src/answers/stay.ts";
import { paperPetModal } from "../../src/blocks/paper-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { paperPetDoc, paperPickDoc } from "../../src/present/paper-form.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { stayRecordLines } from "../../src/words/stay.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const at = Date.parse("2026-11-24T15:00:00Z");
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const sam = { userId: "U0SAM", userName: "Sam Lee" };
const stay = { checkInDate: "2026-11-22T10:00:00Z", checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];

describe("the paper form as staff see it", () => {
  let store: CareRecordStore;
  let sheet: Sheet;
  const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });

  beforeEach(async () => {
    store = scratchRecord(clock);
    // Selgian's field says only when ("AM"), and the pet's plan is not confirmed: due from the words.
    const body = biscuitMorning("2026-11-24", ["Selgian 20 mg", "Apoquel 16 mg"]);
    const pet = body.pets[0] as (typeof body.pets)[number];
    pet.due = pet.due.map((d) => (d.item === "med:1" ? { ...d, text: "AM", unconfirmed: true } : d));
    sheet = await saveSheet({ record: store }, body);
  });

  const picker = async () => {
    const round = await paperRound(deps(), sheet.id);
    if (!round.ok) throw new Error(`no paper round: ${round.why}`);
    return paperPickDoc(round.sheet, round.pets).pets.map((p) => p.text);
  };
  const enter = (item: "med:1" | "med:2", key: string) =>
    enterFromPaper(
      deps(),
      sheet,
      sheet.pets[0] as Sheet["pets"][number],
      [{ item, mark: "given", time: "08:05", by: "JD" }],
      sam,
      key,
    );

  it("the picker marks a pet whose doses are in the record: some, then all", async () => {
    expect(await picker()).toEqual(["Biscuit · booking 7"]);
    expect((await enter("med:1", "view:1")).status).toBe("recorded");
    expect(await picker()).toEqual(["Biscuit · booking 7 · 1 of 2 doses in the record"]);
    expect((await enter("med:2", "view:2")).status).toBe("recorded");
    expect(await picker()).toEqual(["Biscuit · booking 7 · ✅ in the record"]);
  });

  it("a pet whose doses were signed by a tap in Slack is marked in the record, not entered", async () => {
    const tap = (item: "med:1" | "med:2", requestKey: string) => ({
      date: "2026-11-24",
      round: "morning" as const,
      bookingId: 7,
      petId: 77,
      petName: "Biscuit",
      item,
      itemText: item,
      outcome: "given" as const,
      userId: "U0JANE",
      userName: "Jane",
      requestKey,
    });
    expect((await store.record([tap("med:1", "tap:1"), tap("med:2", "tap:1")])).status).toBe("recorded");
    const [mark] = await picker();
    expect(mark).toBe("Biscuit · booking 7 · ✅ in the record");
    expect(mark).not.toMatch(/entered/);
  });

  it("the pet's form: its heading on its own lines, each dose named as the round names it", () => {
    const doc = paperPetDoc(sheet, sheet.pets[0] as Sheet["pets"][number], new Map(), "Europe/London");
    const view = JSON.stringify(paperPetModal(() => "sealed", doc).blocks);
    expect(view).not.toContain("↵");
    expect(view).toContain("*Biscuit · booking 7* · the morning round of Tue 24 Nov\\nFor each dose");
    expect(doc.doses.map((d) => d.text)).toEqual([
      "Selgian 20 mg · AM (plan not confirmed)",
      "Apoquel 16 mg",
    ]);
  });

  it("the stay's record names a dose whose words say only when by its drug: Selgian 20 mg · AM", async () => {
    expect((await enter("med:1", "view:1")).status).toBe("recorded");
    const { stay: recorded } = await recordedStay({ record: store, config, clock }, 7);
    const lines = JSON.stringify(
      stayRecordLines(recorded.pets[0] as (typeof recorded.pets)[number], "Europe/London"),
    );
    expect(lines).toContain("Selgian 20 mg · AM");
    expect(lines).not.toMatch(/"value":"AM"/);
  });
});
