/**
 * A dose not given, entered from the paper as V with words beside it (`kennel-desk record enter`'s
 * path, on a real SQLite record): its reason reads the same on every surface, "…: vomited: brought
 * it up": the post's and the form's line, what the terminal prints once entered, and the missed
 * reply's struck line.
 */
import { describe, expect, it } from "vitest";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { paperEntered } from "../../src/answers/paper-entered.ts";
import { markedEntries } from "../../src/answers/paper-marks.ts";
import { type SheetPet, saveSheet } from "../../src/answers/sheets.ts";
import { loadConfig } from "../../src/config.ts";
import type { Deps } from "../../src/deps.ts";
import { silentLogger } from "../../src/log.ts";
import { lineText } from "../../src/present/doc.ts";
import { doseAlertDoc } from "../../src/present/dose-alerts.ts";
import { paperEnteredDoc } from "../../src/present/paper-entered.ts";
import { entryLine } from "../../src/present/record.ts";
import { docText } from "../../src/text/doc.ts";
import { biscuitMorning } from "../helpers/paper.ts";
import { scratchRecord } from "../helpers/record.ts";
import { TEXT, TZ } from "./harness.ts";

const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T13:00:00Z`) };
const config = loadConfig({ KENNEL_TIMEZONE: TZ });
const stay = { checkInDate: `${DATE}T00:00:00Z`, checkOutDate: "2026-11-26T10:00:00Z" };
const kennel = { getBooking: async () => ({ data: stay }) } as unknown as Deps["kennel"];
const WHY = ": vomited: brought it up";

describe("a V mark's reason", () => {
  it("is worded once, the same on the post, in the terminal and in the missed reply", async () => {
    const store = scratchRecord(clock);
    const deps = { record: store, config, clock, log: silentLogger(), kennel };
    const sheet = await saveSheet({ record: store }, biscuitMorning(DATE));
    const pet = sheet.pets[0] as SheetPet;
    const entered = await enterFromPaper(
      deps,
      sheet,
      pet,
      [{ item: "med:1", mark: "V", time: "08:10", by: "JS", note: "brought it up" }],
      { userId: "U0SAM", userName: "Sam Lee" },
      "cli:paper:v",
    );
    if (entered.status !== "recorded") throw new Error(entered.status);
    // Read as every surface reads the round's entries: the paper's mark with them.
    const [e] = await markedEntries(deps, { date: DATE, round: "morning" });
    if (!e) throw new Error("no entry");
    const post = lineText(entryLine(e, TZ));
    expect(post).toContain(`by Sam Lee${WHY}`);
    const terminal = docText(
      paperEnteredDoc(await paperEntered(deps, sheet, pet, [e], "Sam Lee", undefined), TZ),
      TEXT,
    );
    expect(terminal).toContain(`by JS, entered 13:00${WHY}`);
    const due = pet.due[0] as SheetPet["due"][number];
    const window = {
      opensAt: `${DATE}T06:30:00.000Z`,
      dueAt: `${DATE}T07:30:00.000Z`,
      lateAt: `${DATE}T08:15:00.000Z`,
      closesAt: `${DATE}T09:30:00.000Z`,
    };
    const missed = docText(
      doseAlertDoc(
        {
          kind: "missed",
          date: DATE,
          round: "morning",
          doses: [
            {
              key: "7-77",
              petName: "Biscuit",
              room: "Kennel 1",
              item: "med:1",
              label: due.label,
              text: due.text,
              window,
              entry: e,
            },
          ],
        },
        { timezone: TZ },
      ),
      TEXT,
    );
    expect(missed).toContain(`by Sam Lee${WHY}`);
    await store.close();
  });
});
