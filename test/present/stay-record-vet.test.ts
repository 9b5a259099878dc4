/**
 * Sugar's insulin as a vet reads her stay record (`/booking REF` → Stay record, `kennel-desk record
 * --booking`, the HTML export: one set of lines): "⏰ given late" said when the dose was due, by the
 * window its round kept ("due 07:30, on time until 07:45"), on the dose's line and in the list of
 * late, missed and not given. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordEach } from "../../src/answers/record-each.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";
import { SUGAR_BOOKING, SUGAR_DATE, sugarDeps, sugarMorning } from "../helpers/sugar-day.ts";

let at = Date.parse(`${SUGAR_DATE}T07:51:00Z`);
const clock = { now: () => new Date(at) };
let store: CareRecordStore;
const deps = () => sugarDeps(store, clock);

beforeEach(() => {
  at = Date.parse(`${SUGAR_DATE}T07:51:00Z`);
  store = scratchRecord(clock);
});

/** Sugar's insulin given and her meal eaten at 07:51, tapped then: her stay record's text. */
async function givenAt0751() {
  const { sheet, pet } = await sugarMorning(deps());
  const writes = [
    { item: "med:1" as const, outcome: "given" as const },
    { item: "meal" as const, outcome: "ate_all" as const },
  ];
  const jane = { userId: "U0JANE", userName: "Jane" };
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, jane, "view:J1");
  expect(done.status).toBe("done");
  return (await stayRecordRead(deps(), SUGAR_BOOKING)).text;
}

describe("Sugar's stay record, as a vet reads it", () => {
  it("says when a dose given late was due, on its line and in the late list", async () => {
    const text = await givenAt0751();
    const lines = text.split("\n");
    const dose = lines.find((l) => l.includes("given 07:51"));
    expect(dose).toContain("⏰ given late (due 07:30, on time until 07:45)");
    const listed = lines.find((l) => l.trim().startsWith("⏰ Caninsulin"));
    expect(listed).toContain("given late Thu 3 Dec 07:51 (due 07:30, on time until 07:45)");
  });
});
