/**
 * `kennel-desk rounds` shows the round's sheet with its care record as Slack shows it (issue 43): the
 * sheet kept when the round was posted, each pet's record under its lines and the progress line,
 * line for line the words of the round post drawn from the same store; a round not posted yet is the
 * sheet now, with what is recorded.
 */
import { describe, expect, it } from "vitest";
import { recordAllDue } from "../../src/answers/record-round.ts";
import { keptSheetRecord, type SheetRecord } from "../../src/answers/round-record.ts";
import { latestSheet } from "../../src/answers/sheets.ts";
import { sheetMessages } from "../../src/blocks/round-sheet.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";
import { useSandboxRecord } from "../helpers/sandbox-deps.ts";
import { visibleOfMessages, visibleOfText } from "../helpers/visible.ts";
import { cliRunner } from "./helpers.ts";

const TZ = "Europe/London";
const TODAY = "2026-11-22";
const NOW = new Date(`${TODAY}T10:00:00Z`);
let sandbox: Sandbox;
let store: CareRecordStore;
let deps: Deps;
let dir: string;
const cli = cliRunner(
  () => sandbox,
  () => NOW,
);
useSandboxRecord(
  { seed: 21, customers: 150, today: TODAY, timezone: TZ, awkward: true },
  { now: () => NOW },
  "kennel-desk-cli-rounds-",
  (started) => {
    ({ sandbox, store, deps, dir } = started);
  },
);

describe("kennel-desk rounds with the care record", () => {
  it("a round not posted yet: the sheet now, with no progress line (nothing kept to record on)", async () => {
    const run = await cli(["rounds", "evening", TODAY], { KENNEL_DATA_DIR: dir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("Evening round");
    expect(run.stdout).not.toContain("pets recorded");
  });

  it("another day's round never kept: the sheet now, marked for reference, not kept; nothing written", async () => {
    const head = await store.head();
    const past = await cli(["rounds", "evening", "2026-11-21"], { KENNEL_DATA_DIR: dir });
    expect(past.code).toBe(0);
    expect(past.stdout).toContain(
      "🔎 For reference, not kept: this round was not posted on Sat 21 Nov: the record holds no sheet of it and cannot say what was due; the paper chart is that round's record: keep it with the kennel's records (Kennel Desk enters a paper chart only against a sheet it kept, so a past round never posted cannot be entered). The sheet below is as the bookings say now, not what was due then.",
    );
    const later = await cli(["rounds", "evening", "tomorrow"], { KENNEL_DATA_DIR: dir });
    expect(later.stdout).toContain(
      "🔎 For reference, not kept: what this round asks is kept when it is posted on Mon 23 Nov",
    );
    const today = await cli(["rounds", "evening", TODAY], { KENNEL_DATA_DIR: dir });
    expect(today.stdout).not.toContain("For reference");
    // Read only: no plan drafted into the record for another day.
    expect(await store.head()).toEqual(head);
  });

  it("a posted round: the kept sheet with each pet's record and the progress line, as the round post says it", async () => {
    await prepareRoundPost(deps, "morning", TODAY);
    const sheet = await latestSheet(deps, TODAY, "morning");
    const pet = sheet?.pets.find((p) => p.due.length > 0);
    if (!sheet || !pet) throw new Error("the morning round kept no sheet with a pet to record");
    // Every item given and eaten, as "Record each…" would write it.
    const who = { userId: "U0JANE", userName: "Jane" };
    const written = await recordAllDue(deps, sheet, pet, who, "cli-test", { oneTap: false });
    expect(written.status).toBe("recorded");
    const run = await cli(["rounds", "morning", TODAY], { KENNEL_DATA_DIR: dir });
    expect(run.code).toBe(0);
    expect(run.stderr).toBe("");
    expect(run.stdout).toContain("pets recorded");
    // Recorded at 10:00, after its window closed at 09:30: marked so, never collapsed to "✅ 10:00 Jane".
    expect(run.stdout).toContain("ate all 10:00 Jane · ⏩ recorded after its window closed");
    expect(run.stdout).not.toContain("✅ 10:00 Jane");
    // The round post as Slack shows it after that tap (drawn again from the kept sheet and the
    // store) says the same, line by line.
    const { problem, ...record } = (await keptSheetRecord(deps, sheet)) as SheetRecord & {
      problem?: string;
    };
    expect(problem).toBeUndefined();
    const post = sheetMessages(sheet, record);
    expect(post.replies.length).toBeGreaterThan(0);
    // The round once, as a terminal has it: one progress line for every pet (never "This message:",
    // once per Slack message), no reply's "· 21–65 of 120", no button's name ("📋 Plan…").
    expect(run.stdout).not.toContain("This message");
    expect(run.stdout).not.toContain("📋 Plan…");
    const progress = visibleOfText(run.stdout).filter((l) => /pets? recorded/.test(l));
    expect(progress).toHaveLength(1);
    const slack = visibleOfMessages([post.parent, ...post.replies])
      .filter((l) => !/^📋 This message: /.test(l) && !/ · \d+–\d+ of \d+$/.test(l))
      .map((l) => l.replace(/ 📋 Plan…$/, ""));
    expect(visibleOfText(run.stdout).filter((l) => !progress.includes(l))).toEqual(slack);
  });
});
