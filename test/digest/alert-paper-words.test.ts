/**
 * A late or missed reply drawn again after a dose was entered from the paper chart (the dose times'
 * editor, src/digest/dose-alert-editor.ts), read from a real SQLite record the way a tap after
 * `kennel-desk record enter` (or Slack's "📄 Enter from paper…") finds it: the entry reads as on the
 * round post and in the terminal, its giver and who entered it apart, and given off its time marked;
 * never "(given 06:00, recorded 13:00 Sam Lee)", where the one who entered it reads as the giver. A
 * meal tapped after its window closed reads late, as a dose given after its window does.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { recordItems } from "../../src/answers/record-round.ts";
import { type Sheet, type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import type { Message } from "../../src/blocks/types.ts";
import { DoseAlertEditor } from "../../src/digest/dose-alert-editor.ts";
import { claimAlert, recordPosted } from "../../src/digest/dose-alert-records.ts";
import type { DigestSlack } from "../../src/digest/slack.ts";
import type { AlertKind, DoseAlert } from "../../src/domain/dose-alerts.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { fetchDeps } from "../helpers/fetch-deps.ts";
import { doseWindow } from "../helpers/obligations.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T13:00:00Z`) };
const sam = { userId: "U0SAM", userName: "Sam Lee" };
// The morning round at 07:30 (London, UTC in November): the dose window 06:30–09:30, late after 08:15.
const window = doseWindow(DATE, ["06:30", "07:30", "08:15", "09:30"]);

describe("a late or missed reply drawn again from the record after a paper entry", () => {
  let store: CareRecordStore;
  let sheet: Sheet;
  let pet: SheetPet;
  const deps = () => ({ ...fetchDeps(fetch, `${DATE}T13:00:00Z`), record: store, clock });

  /** A reply of `kind` naming each of Biscuit's items, claimed and posted (as the dose times' job leaves it). */
  const posted = async (kind: Exclude<AlertKind, "nudge">, ts: string) => {
    const alert: DoseAlert = {
      kind,
      date: DATE,
      round: "morning",
      at: kind === "late" ? `${DATE}T08:15:01.000Z` : `${DATE}T09:30:01.000Z`,
      doses: pet.due.map((due) => ({
        bookingId: pet.bookingId,
        petId: pet.petId,
        petName: pet.name,
        room: "Kennel 2",
        due,
        window,
        state: { state: kind },
      })),
    };
    await claimAlert(store, alert, 1, alert.at);
    await recordPosted(store, alert, { attempt: 1, channel: "C0ROUNDS", ts });
  };

  /** What the editor puts in place of each reply, by its ts, once the round's record changed. */
  const redrawn = async () => {
    const edits = new Map<string, string>();
    const slack = {
      update: async (_channel: string, ts: string, message: Message) => {
        edits.set(ts, JSON.stringify(message.blocks));
      },
    } as unknown as DigestSlack;
    await new DoseAlertEditor(deps(), slack).changed(DATE, "morning");
    return edits;
  };

  beforeEach(async () => {
    store = scratchRecord(clock);
    sheet = await saveSheet({ record: store }, biscuitMorning(DATE));
    pet = sheet.pets[0] as SheetPet;
    await posted("late", "1.1");
    await posted("missed", "1.2");
  });

  it("names the paper's giver and who entered it apart, with the off-time mark, as the post does", async () => {
    const entered = await enterFromPaper(
      deps(),
      sheet,
      pet,
      [
        { item: "med:1", mark: "given", time: "06:00", by: "JS" },
        { item: "med:2", mark: "V", time: "07:45", by: "JS" },
      ],
      sam,
      "cli:paper:1",
    );
    expect(entered.status).toBe("recorded");
    const edits = await redrawn();
    expect([...edits.keys()].sort()).toEqual(["1.1", "1.2"]);
    for (const text of edits.values()) {
      expect(text).toContain(
        "(from the paper chart: given 06:00 by JS, entered 13:00 by Sam Lee · ⏪ given before its window opened (due 07:30, window 06:30–09:30))",
      );
      // The mark's reason as the post says it.
      expect(text).toContain(
        "(from the paper chart: marked V 07:45 by JS, entered 13:00 by Sam Lee: vomited)",
      );
      expect(text).not.toContain("recorded 13:00 Sam Lee");
    }
  });

  it("a meal tapped after its window closed reads late, as a dose given after its window does", async () => {
    const tapped = await recordItems(
      deps(),
      sheet,
      pet,
      [{ item: "meal", outcome: "ate_all" }],
      sam,
      "tap:1",
    );
    expect(tapped.status).toBe("recorded");
    const text = (await redrawn()).get("1.2");
    expect(text).toContain("(ate all 13:00 Sam Lee · ⏩ recorded after its window closed)");
  });
});
