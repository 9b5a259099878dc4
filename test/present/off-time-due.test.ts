/**
 * A dose given off its time says when it was due, by the window its round kept, in one set of words
 * on every surface that marks one dose: `kennel-desk record` (today's record) as the stay record
 * says it ("⏰ given late (due 07:30, on time until 08:15)"), never the mark alone where the round
 * kept its window; where none was kept, the mark alone; a dose given on time says nothing of when.
 * Real SQLite, Milo's morning round kept as the bot keeps it, a fake clock.
 */
import { beforeEach, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import type { DoseState, DoseWindow } from "../../src/domain/doses.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { recordDayText } from "../../src/text/record.ts";
import { givenStateWords, offTimeWords } from "../../src/words/off-time.ts";
import { BOOKING, DATE, miloDeps, miloMorning } from "../helpers/milo-morning.ts";
import { stayRecordRead } from "../helpers/not-asked.ts";
import { scratchRecord } from "../helpers/record.ts";

let at = Date.parse(`${DATE}T13:00:00Z`);
const clock = { now: () => new Date(at) };
const jane = { userId: "U0JANE", userName: "Jane" };
let store: CareRecordStore;
const deps = () => miloDeps(store, clock);
const TEXT = { color: false, timezone: "UTC", thisYear: "2026" } as const;

/** Milo's Rimadyl given at `time` (UTC), recorded by Jane at 13:00 on the "✏️ Record each…" form. */
async function givenAt(time: string) {
  const { sheet, pet } = await miloMorning(deps());
  const writes = [{ item: "med:1" as const, outcome: "given" as const, givenAt: `${DATE}T${time}:00.000Z` }];
  const done = await recordEach(deps(), sheet, pet, { writes, ifNeeded: [] }, jane, "view:J1");
  expect(done.status).toBe("done");
}

const terminal = async () =>
  recordDayText(await recordDay({ ...deps(), record: store }, "test", { date: DATE }), TEXT);

beforeEach(() => {
  at = Date.parse(`${DATE}T13:00:00Z`);
  store = scratchRecord(clock);
});

it("`record today` says when a dose given late was due, as the stay record says it", async () => {
  await givenAt("08:40");
  const due = "⏰ given late (due 07:30, on time until 08:15)";
  const day = await terminal();
  expect(day).toMatch(new RegExp(`Rimadyl 50 mg[^\\n]*· ${due.replace(/[()]/g, "\\$&")}`));
  expect(day).not.toMatch(/⏰ given late(?! \(due)/);
  // The stay record's words, from the same function.
  expect((await stayRecordRead(deps(), BOOKING)).text).toContain(due);
});

it("a dose given on time says so, and nothing of when it was due", async () => {
  await givenAt("07:40");
  const day = await terminal();
  expect(day).toMatch(/Rimadyl 50 mg[^\n]*· given on time/);
  expect(day).not.toContain("(due ");
});

const WINDOW: DoseWindow = {
  opensAt: `${DATE}T06:30:00.000Z`,
  dueAt: `${DATE}T07:30:00.000Z`,
  lateAt: `${DATE}T08:15:00.000Z`,
  closesAt: `${DATE}T09:30:00.000Z`,
};
const given = (timeliness: "early" | "on_time" | "late" | "after_window", lateEntry = false) =>
  ({
    state: "recorded",
    outcome: "given",
    timeliness,
    lateEntry,
    givenAt: `${DATE}T08:40:00.000Z`,
    recordedAt: `${DATE}T08:40:00.000Z`,
  }) as Extract<DoseState, { state: "recorded" }>;

it("each mark off its time with its kept window; none kept, the mark alone; on time, none", () => {
  expect(offTimeWords(given("early"), WINDOW, "UTC")).toBe(
    "⏪ given before its window opened (due 07:30, window 06:30–09:30)",
  );
  expect(offTimeWords(given("late"), WINDOW, "UTC")).toBe("⏰ given late (due 07:30, on time until 08:15)");
  expect(offTimeWords(given("after_window"), WINDOW, "UTC")).toBe(
    "⏩ given after its window closed (due 07:30, window 06:30–09:30)",
  );
  // No window kept (an item no round asked): the mark alone, as before.
  expect(offTimeWords(given("late"), undefined, "UTC")).toBe("⏰ given late");
  expect(offTimeWords(given("on_time"), WINDOW, "UTC")).toBeUndefined();
  // The mark beside an entry never says "late entry" (its two times do); the record's verdict does.
  expect(offTimeWords(given("late", true), WINDOW, "UTC")).toBe(
    "⏰ given late (due 07:30, on time until 08:15)",
  );
  expect(givenStateWords(given("late", true), WINDOW, "UTC")).toBe(
    "⏰ given late (due 07:30, on time until 08:15) · late entry",
  );
  expect(givenStateWords(given("on_time"), WINDOW, "UTC")).toBe("given on time");
});
