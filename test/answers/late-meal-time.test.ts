/**
 * A late "✏️ Record each…" entry (a carer's fresh try): the form asks when the dose was given (08:10)
 * and the meal beside it took only when it was typed, "✅ meal ate all 13:00 Jane · ⏩ recorded after
 * its window closed", read as if Sugar ate at 13:00. The meal on the same form takes the time said,
 * kept as a late entry with both times ("late entry: ate all 08:10, recorded 13:00"), on the round's
 * post and the stay record alike; the form says the meal takes it too. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { checkGiven, timeQuestion } from "../../src/answers/late-entry.ts";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import { doseState } from "../../src/domain/doses.ts";
import { lineText } from "../../src/present/doc.ts";
import { offTimeMark } from "../../src/present/dose-states.ts";
import { entryLine } from "../../src/present/record.ts";
import type { CareRecordStore, Entry } from "../../src/record/types.ts";
import { MEAL_AFTER_WINDOW, timeQuestionWords } from "../../src/words/record.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";
import { SUGAR_BOOKING, SUGAR_DATE, sugarDeps, sugarMorning } from "../helpers/sugar-day.ts";

let at = Date.parse(`${SUGAR_DATE}T13:00:00Z`);
const clock = { now: () => new Date(at) };
let store: CareRecordStore;
const deps = () => sugarDeps(store, clock);
const jane = { userId: "U0JANE", userName: "Jane" };
const SAID = { date: SUGAR_DATE, time: "08:10" };
const AT_0810 = `${SUGAR_DATE}T08:10:00.000Z`;
/** A morning window, closed long before 13:00. */
const WINDOW = {
  opensAt: `${SUGAR_DATE}T06:00:00Z`,
  dueAt: `${SUGAR_DATE}T07:00:00Z`,
  lateAt: `${SUGAR_DATE}T07:45:00Z`,
  closesAt: `${SUGAR_DATE}T09:00:00Z`,
};

beforeEach(() => {
  at = Date.parse(`${SUGAR_DATE}T13:00:00Z`);
  store = scratchRecord(clock);
});

/** Sugar's insulin given and her meal eaten, both recorded at 13:00 on "Record each…" saying 08:10. */
async function recordedLate() {
  const { sheet, pet } = await sugarMorning(deps());
  const writes = [
    { item: "med:1" as const, outcome: "given" as const },
    { item: "meal" as const, outcome: "ate_all" as const },
  ];
  const checked = await checkGiven(deps(), sheet, pet, SAID, writes);
  if (!checked.ok) throw new Error(checked.error);
  const timed = writes.map((w) => ({ ...w, givenAt: checked.givenAt.get(w.item) }));
  const done = await recordEach(deps(), sheet, pet, { writes: timed, ifNeeded: [] }, jane, "view:J1");
  expect(done.status).toBe("done");
  const entries = await markedEntries(deps(), { date: SUGAR_DATE, round: "morning" });
  return { sheet, pet, checked, meal: entries.find((e) => e.item === "meal") as Entry };
}

describe("a meal on a late entry", () => {
  it("takes the time the form said, as the dose beside it does", async () => {
    const { checked, meal } = await recordedLate();
    expect(checked.ok && checked.givenAt.get("meal")).toBe(AT_0810);
    expect(meal).toMatchObject({ outcome: "ate_all", givenAt: AT_0810 });
  });

  it("reads as eaten at 08:10, recorded at 13:00, on the round's post and the stay record", async () => {
    const { meal } = await recordedLate();
    const line = lineText(entryLine(meal, "UTC"));
    expect(line).toContain("late entry: ate all 08:10, recorded 13:00 Jane");
    expect(line).not.toMatch(/ate all 13:00/);
    // Its two times say it is a late entry: no second mark beside them.
    expect(
      offTimeMark("meal", doseState(WINDOW, clock.now().toISOString(), meal), WINDOW, "UTC"),
    ).toBeUndefined();
    const { text } = await stayRecordRead(deps(), SUGAR_BOOKING);
    expect(text).toContain(
      "Diabetic diet, 1 cup AM and PM: late entry: ate all 08:10, recorded 13:00 · Jane",
    );
  });

  it("a meal recorded late with no time of its own keeps its mark", () => {
    const e = { outcome: "ate_all" as const, recordedAt: `${SUGAR_DATE}T13:00:00.000Z` };
    expect(offTimeMark("meal", doseState(WINDOW, e.recordedAt, e), WINDOW, "UTC")).toBe(MEAL_AFTER_WINDOW);
  });

  it("not offered keeps no time; a form writing only the meal, its time left empty, is not refused", async () => {
    const { sheet, pet } = await sugarMorning(deps());
    const notOffered = [{ item: "meal" as const, outcome: "not_offered" as const }];
    expect(await checkGiven(deps(), sheet, pet, SAID, notOffered)).toEqual({ ok: true, givenAt: new Map() });
    const ate = [{ item: "meal" as const, outcome: "ate_all" as const }];
    expect(await checkGiven(deps(), sheet, pet, "missing", ate)).toEqual({ ok: true, givenAt: new Map() });
  });

  it("the form's time question says the meal takes the time too", async () => {
    const { sheet, pet } = await sugarMorning(deps());
    const closed = [
      {
        item: pet.due.find((d) => d.item === "med:1"),
        window: { opensAt: "", dueAt: "", lateAt: "", closesAt: `${SUGAR_DATE}T09:00:00Z` },
      },
    ];
    const q = timeQuestion(deps() as never, sheet, closed as never, pet);
    expect(q?.meal).toBe(true);
    const words = timeQuestionWords(
      { open: ["Caninsulin 6iu"], recorded: [], closedAt: q?.closedAt ?? "" },
      "UTC",
      true,
      true,
    );
    expect(words).toContain("The meal, recorded here eaten or left, is kept at this time too");
  });
});
