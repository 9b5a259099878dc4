/**
 * The round post's line for a dose entered from the paper chart (issue 50) says when it was given
 * against its kept window, as the confirmation, `kennel-desk record` and the exports say it: "· ⏪
 * given before its window opened", "· ⏰ given late"; a dose given on time says nothing more. Real
 * SQLite, the post drawn again from the kept sheet and the record (src/present/round-sheet.ts).
 */
import { beforeEach, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { enterFromPaper, type PaperCell } from "../../src/answers/paper-enter.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { roundRecord } from "../../src/answers/round-record.ts";
import { type Sheet, saveSheet } from "../../src/answers/sheets.ts";
import { sheetMessages } from "../../src/blocks/round-sheet.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { sheetPetKey } from "../../src/present/rounds.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { recordDayText } from "../../src/text/record.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";
import { TEXT } from "./harness.ts";

const clock = { now: () => new Date("2026-11-24T15:00:00Z") };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
let store: CareRecordStore;
let sheet: Sheet;
const deps = () => ({ record: store, config, clock, log: silentLogger() }) as unknown as Deps;

beforeEach(async () => {
  store = scratchRecord(clock);
  const body = biscuitMorning("2026-11-24", ["Rimadyl 50 mg", "Apoquel 16 mg"]);
  // Biscuit's section on the post, where its record is drawn.
  body.messages = [{ parts: [{ kind: "item", key: sheetPetKey(7, 77), lines: [[{ text: "Biscuit" }]] }] }];
  sheet = await saveSheet({ record: store }, body);
});

/** The pet's lines on the post drawn now, as Slack shows them. */
async function postText(cells: PaperCell[]): Promise<string> {
  const pet = sheet.pets[0] as Sheet["pets"][number];
  const who = { userId: "terminal:Sam", userName: "Sam" };
  const done = await enterFromPaper(deps(), sheet, pet, cells, who, "cli:paper:1");
  expect(done.status).toBe("recorded");
  const { problem, ...record } = (await roundRecord(deps(), "morning", "2026-11-24")) as NonNullable<
    Awaited<ReturnType<typeof roundRecord>>
  >;
  expect(problem).toBeUndefined();
  const post = sheetMessages(sheet, record);
  return JSON.stringify([post.parent, ...post.replies].map((m) => m.blocks));
}

it("a paper dose given before its window opened, or late, says so on the round post; on time says nothing more", async () => {
  // The morning round at 07:30: its window opens 06:30; 05:00 is before it, 08:40 late.
  const text = await postText([
    { item: "med:1", mark: "given", time: "05:00", by: "JD" },
    { item: "med:2", mark: "given", time: "08:40", by: "JD" },
  ]);
  expect(text).toContain(
    "Rimadyl 50 mg from the paper chart: given 05:00 by JD, entered 15:00 by Sam · ⏪ given before its window opened",
  );
  expect(text).toContain(
    "Apoquel 16 mg from the paper chart: given 08:40 by JD, entered 15:00 by Sam · ⏰ given late",
  );
});

it("a paper dose given on time, or not given, has no word of its timing", async () => {
  const text = await postText([
    { item: "med:1", mark: "given", time: "07:35", by: "JD" },
    { item: "med:2", mark: "V", time: "07:40", by: "JD" },
  ]);
  expect(text).toContain("Rimadyl 50 mg from the paper chart: given 07:35 by JD, entered 15:00 by Sam");
  expect(text).not.toMatch(/given (late|on time|before its window|after its window)/);
});

it("a meal recorded after its window closed says so on the round post, as a dose given after its window does", async () => {
  const pet = sheet.pets[0] as Sheet["pets"][number];
  const who = { userId: "U0SAM", userName: "Sam" };
  const done = await recordItems(
    deps(),
    sheet,
    pet,
    [{ item: "meal", outcome: "ate_all" }],
    who,
    "view:meal",
  );
  expect(done.status).toBe("recorded");
  const { problem, ...record } = (await roundRecord(deps(), "morning", "2026-11-24")) as NonNullable<
    Awaited<ReturnType<typeof roundRecord>>
  >;
  expect(problem).toBeUndefined();
  const post = sheetMessages(sheet, record);
  expect(JSON.stringify([post.parent, ...post.replies].map((m) => m.blocks))).toContain(
    "meal ate all 15:00 Sam · ⏩ recorded after its window closed",
  );
  // And `kennel-desk record` in the terminal.
  const day = await recordDay({ ...deps(), record: store }, "test", { date: "2026-11-24", round: "morning" });
  expect(recordDayText(day, TEXT)).toContain(
    "meal (Kibble 100 g): ate all 15:00 · Sam · ⏩ recorded after its window closed",
  );
});
