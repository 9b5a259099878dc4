/**
 * Sugar's insulin ("Caninsulin 6iu twice daily with breakfast and dinner, ONLY if she has eaten"):
 * its plan drafted from those words added the condition again, so every surface read "… ONLY if she
 * has eaten · only if: ONLY if she has eaten". The plan adds no condition its words say already,
 * and an entry kept with it twice (before) is read with it once, on the stay record and wherever a
 * dose is named. A condition the words do not say stays. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordEach } from "../../src/answers/record-each.ts";
import { doseNamed } from "../../src/domain/record.ts";
import { conditionOnce } from "../../src/domain/text.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";
import { INSULIN, SUGAR_BOOKING, SUGAR_DATE, sugarDeps, sugarMorning } from "../helpers/sugar-day.ts";

const clock = { now: () => new Date(`${SUGAR_DATE}T07:40:00Z`) };
let store: CareRecordStore;
const deps = () => sugarDeps(store, clock);
const TWICE = `${INSULIN} · only if: ONLY if she has eaten`;

beforeEach(() => {
  store = scratchRecord(clock);
});

describe("the instruction's condition, said once", () => {
  it("the plan adds none its words say already", async () => {
    const { pet } = await sugarMorning(deps());
    expect(pet.due.find((d) => d.item === "med:1")?.text).toBe(INSULIN);
  });

  it("an entry kept with the condition twice is read with it once on the stay record", async () => {
    const { sheet, pet } = await sugarMorning(deps());
    // As a round kept before this: the condition twice in the dose's words.
    const due = pet.due.map((d) => (d.item === "med:1" ? { ...d, text: TWICE } : d));
    const writes = [{ item: "med:1" as const, outcome: "given" as const }];
    const jane = { userId: "U0JANE", userName: "Jane" };
    const done = await recordEach(deps(), sheet, { ...pet, due }, { writes, ifNeeded: [] }, jane, "view:J1");
    expect(done.status).toBe("done");
    const { text } = await stayRecordRead(deps(), SUGAR_BOOKING);
    expect(text).toContain(`${INSULIN} (from the words, plan not confirmed): given 07:40 · Jane`);
    expect(text).not.toContain("· only if:");
    expect(doseNamed({ item: "med:1", label: "Caninsulin 6iu", text: TWICE })).toBe(INSULIN);
  });

  it("a condition the words do not say stays; what follows it stays", () => {
    const other = "Metacam 1.5ml with breakfast · only if: she has eaten";
    expect(conditionOnce(other)).toBe(other);
    expect(conditionOnce(`${TWICE} · today: 6iu`)).toBe(`${INSULIN} · today: 6iu`);
  });
});
