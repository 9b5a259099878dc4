/**
 * A dose tapped in Slack off its time, and a meal recorded after its window closed, are marked on the
 * round post, in its late and missed replies and on the record form as `kennel-desk record` marks
 * them ("· ⏰ given late (due 07:30, on time until 08:15)", "· ⏩ recorded after its window closed"): the same words
 * everywhere, and a pet's lines never collapse to "✅ 13:03 Sam" while one of them carries a mark.
 * Real SQLite, each entry written as a tap writes it, the clock moving between taps.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { recordDay } from "../../src/answers/care-record.ts";
import { formClock } from "../../src/answers/record-each.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { roundRecord } from "../../src/answers/round-record.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { recordModal } from "../../src/blocks/record-modal.ts";
import { sheetMessages } from "../../src/blocks/round-sheet.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { alertMessages } from "../../src/digest/dose-alert-editor.ts";
import type { Claim } from "../../src/digest/dose-alert-records.ts";
import { silentLogger } from "../../src/log.ts";
import { sheetPetKey } from "../../src/present/rounds.ts";
import type { CareRecordStore, ItemKey } from "../../src/record/types.ts";
import { recordDayText } from "../../src/text/record.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";
import { TEXT } from "./harness.ts";

const DATE = "2026-11-24";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const sam = { userId: "U0SAM", userName: "Sam" };
let store: CareRecordStore;
let sheet: Sheet;
let pet: SheetPet;
const deps = () => ({ record: store, config, clock, log: silentLogger() }) as unknown as Deps;

/** Sam's tap at `time` (UTC, London in November) of `items`, each given or eaten in full. */
async function tap(time: string, items: ItemKey[]) {
  at = Date.parse(`${DATE}T${time}:00Z`);
  const writes = items.map((item) => ({ item, outcome: item === "meal" ? "ate_all" : "given" }) as const);
  const done = await recordItems(deps(), sheet, pet, writes, sam, `tap:${time}`);
  expect(done.status).toBe("recorded");
}

/** The round post drawn now, as Slack shows it. */
async function postText(): Promise<string> {
  const { problem, ...record } = (await roundRecord(deps(), "morning", DATE)) as NonNullable<
    Awaited<ReturnType<typeof roundRecord>>
  >;
  expect(problem).toBeUndefined();
  const post = sheetMessages(sheet, record);
  return JSON.stringify([post.parent, ...post.replies].map((m) => m.blocks));
}

/** `kennel-desk record` for the morning. */
const terminalText = async () =>
  recordDayText(
    await recordDay({ ...deps(), record: store }, "test", { date: DATE, round: "morning" }),
    TEXT,
  );

/** The "✏️ Record each…" form Sam's tap opens now. */
async function formText(): Promise<string> {
  const asks = await tapAsks(deps(), { sheet, pet, day: "today" }, "each");
  const meta = { s: sheet.id, b: pet.bookingId, p: pet.petId, c: "C1", t: "1.1", cur: asks.current };
  const clockNow = { ...formClock(deps(), sheet), states: asks.states };
  return JSON.stringify(recordModal("sealed", meta, sheet, pet, asks.entries, clockNow));
}

beforeEach(async () => {
  at = Date.parse(`${DATE}T07:40:00Z`);
  store = scratchRecord(clock);
  const body = biscuitMorning(DATE, ["Rimadyl 50 mg", "Apoquel 16 mg"]);
  body.messages = [{ parts: [{ kind: "item", key: sheetPetKey(7, 77), lines: [[{ text: "Biscuit" }]] }] }];
  sheet = await saveSheet({ record: store }, body);
  pet = sheet.pets[0] as SheetPet;
});

describe("an entry off its time, tapped in Slack", () => {
  it("a meal recorded after its window closes keeps its ⏩ mark when all else was given plainly (never '✅ 13:03 Sam')", async () => {
    await tap("07:40", ["med:1", "med:2"]);
    await tap("13:03", ["meal"]);
    const post = await postText();
    expect(post).toContain("meal ate all 13:03 Sam · ⏩ recorded after its window closed");
    expect(post).not.toContain("✅ 13:03 Sam");
    expect(await formText()).toContain("meal ate all 13:03 Sam · ⏩ recorded after its window closed");
    expect(await terminalText()).toContain("ate all 13:03 · Sam · ⏩ recorded after its window closed");
  });

  it("a dose tapped late reads '⏰ given late' with when it was due on the post, the form and its reply, as in the terminal", async () => {
    // The morning round at 07:30: its window 06:30–09:30, late after 08:15; the meal eaten on time.
    await tap("07:40", ["med:2", "meal"]);
    await tap("09:10", ["med:1"]);
    const post = await postText();
    // With when it was due, by the window the round kept (a vet reads "given late" against it).
    const due = "(due 07:30, on time until 08:15)";
    expect(post).toContain(`Rimadyl 50 mg given 09:10 Sam · ⏰ given late ${due}`);
    expect(post).not.toContain("✅ 09:10 Sam");
    // Given on time: nothing more said.
    expect(post).toContain("Apoquel 16 mg given 07:40 Sam\\n");
    expect(await formText()).toContain(`Rimadyl 50 mg given 09:10 Sam · ⏰ given late ${due}`);
    expect(await terminalText()).toContain(`given 09:10 · Sam · ⏰ given late ${due}\n`);
    // Given on time, the terminal says so and nothing of when it was due.
    expect(await terminalText()).toContain("given 07:40 · Sam · given on time\n");
    const late: Claim = {
      v: 1,
      step: "claim",
      kind: "late",
      round: "morning",
      at: `${DATE}T08:15:01.000Z`,
      attempt: 1,
      claimedAt: `${DATE}T08:15:01.000Z`,
      doses: [
        {
          b: 7,
          p: 77,
          name: "Biscuit",
          item: "med:1",
          label: "Rimadyl 50 mg",
          text: "Rimadyl 50 mg · one tablet",
          opensAt: `${DATE}T06:30:00.000Z`,
          dueAt: `${DATE}T07:30:00.000Z`,
          lateAt: `${DATE}T08:15:00.000Z`,
          closesAt: `${DATE}T09:30:00.000Z`,
        },
      ],
    };
    const reply = JSON.stringify(alertMessages(deps(), late, DATE, await store.entries({ date: DATE })));
    expect(reply).toContain(`(given 09:10 Sam · ⏰ given late ${due})`);
  });
});
