/**
 * "✏️ Record each…" opened as the record buttons' listener does (src/listeners/actions/record-tap.ts),
 * on a real SQLite record whose entries were written as `kennel-desk record enter` writes them: its
 * "Recorded:" line names a paper dose's giver and who entered it apart, its off-time mark beside it,
 * as the post does.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { timeQuestion } from "../../src/answers/late-entry.ts";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { formClock } from "../../src/answers/record-each.ts";
import { tapAsks } from "../../src/answers/record-tap.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { type ModalMeta, recordModal } from "../../src/blocks/record-modal.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-24";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const stay = { checkInDate: `${DATE}T00:00:00Z`, checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const sam = { userId: "U0SAM", userName: "Sam Lee" };
let store: CareRecordStore;
let sheet: Sheet;
let pet: SheetPet;
const deps = () => ({ record: store, config, clock, log: silentLogger(), kennel });
const now = (time: string) => {
  at = Date.parse(`${DATE}T${time}:00Z`);
};

/** The form Sam's "✏️ Record each…" opens now: its metadata and its text. */
async function openForm(): Promise<{ meta: ModalMeta; text: string }> {
  const asks = await tapAsks(deps(), { sheet, pet, day: "today" }, "each");
  const when = timeQuestion(deps(), asks.closed);
  const meta: ModalMeta = {
    s: sheet.id,
    b: pet.bookingId,
    p: pet.petId,
    c: "C1",
    t: "1.1",
    cur: asks.current,
    ...(when ? { q: 1 as const } : {}),
  };
  const drawn = { ...formClock(deps(), sheet), states: asks.states };
  const view = recordModal("sealed", meta, sheet, pet, asks.entries, drawn, asks.ask, when);
  return { meta, text: JSON.stringify(view) };
}

beforeEach(async () => {
  now("07:40");
  store = scratchRecord(clock);
  sheet = await saveSheet({ record: store }, biscuitMorning(DATE, ["Rimadyl 50 mg", "Apoquel 16 mg"]));
  pet = sheet.pets[0] as SheetPet;
});

describe("Record each… from the record", () => {
  it("a dose entered from the paper chart reads as on the post: its giver and who entered it apart, off its time marked", async () => {
    now("13:00");
    const entered = await enterFromPaper(
      deps(),
      sheet,
      pet,
      [{ item: "med:1", mark: "given", time: "06:00", by: "JS" }],
      sam,
      "cli:paper:1",
    );
    expect(entered.status).toBe("recorded");
    now("13:01");
    const { text } = await openForm();
    expect(text).toContain(
      "Rimadyl 50 mg from the paper chart: given 06:00 by JS, entered 13:00 by Sam Lee · ⏪ given before its window opened",
    );
    expect(text).not.toContain("recorded 13:00 Sam Lee");
  });
});
