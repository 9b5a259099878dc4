/**
 * The missed reply follows the post after a tap that writes nothing, end to end (the real Bolt app
 * over HTTP with the Slack stand-in, the sandbox and a SQLite record): the morning's missed reply
 * names a pet's doses; they are entered from the paper chart in the terminal (`kennel-desk record
 * enter`) and its meal recorded; then "✅ All given & eaten" on that pet answers "Already recorded…
 * Nothing more was written" and draws its message again, and the missed reply with it, so no reply
 * still names as missed a dose the post shows given.
 */
import { describe, expect, it } from "vitest";
import { recordItems } from "../../src/answers/record-round.ts";
import { roundReport } from "../../src/answers/rounds.ts";
import { keptSheets, type SheetPet } from "../../src/answers/sheets.ts";
import { recordAll } from "../../src/blocks/buttons.ts";
import { runCli } from "../../src/cli/index.ts";
import { DOSE_ALERT_EVENT } from "../../src/digest/post.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { roundsBot } from "../helpers/paper.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { type Button, buttonsOf, tapRecord } from "../helpers/record-slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:00:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const bot = roundsBot(clock, "kennel-desk-missed-paper-");

const textOf = (blocks: unknown): string => JSON.stringify(blocks ?? []).replace(/\\n/g, "\n");

const missed = () =>
  bot.h.slack.timeline.find(
    (m) =>
      m.metadata?.event_type === DOSE_ALERT_EVENT &&
      String(m.metadata.event_payload.key).startsWith(`dose_alert:missed:${DATE}:morning:`),
  );

describe("a tap that writes nothing, after a paper entry from the terminal", () => {
  it("brings the missed reply up to date with the post: the paper's doses no longer named as missed", async () => {
    const h = bot.h;
    const { digest, doseAlerts } = h.bot;
    if (!digest || !doseAlerts) throw new Error("the bot made no scheduled posts");
    await roundReport(h.bot.deps, "morning", DATE);
    await confirmAllPlans(h.record, h.config, clock);
    at = Date.parse(`${DATE}T07:30:00Z`);
    expect((await digest.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = h.slack.timeline.find((m) => m.channel === CHANNEL && !m.thread_ts);
    at = Date.parse(`${DATE}T14:00:00Z`);
    await doseAlerts.check();
    const before = textOf(missed()?.blocks);
    expect(before).toContain("❌ Missed");
    // A pet on the post's first message the reply names, with a dose and a meal, recorded at one tap.
    const buttons = await buttonsOf(h.record, post?.blocks, recordAll);
    const named = buttons.find(
      (b) =>
        before.split(`• ${b.state.n} (`).length === 2 &&
        b.state.i.some(([item]) => isMedicationItem(item)) &&
        b.state.i.some(([item]) => item === "meal"),
    ) as Button;
    expect(named, "a pet the missed reply names").toBeDefined();
    const [sheet] = await keptSheets({ record: h.record }, { date: DATE });
    const pet = sheet?.pets.find(
      (p) => p.bookingId === named.state.b && p.petId === named.state.p,
    ) as SheetPet;
    const doses = named.state.i.filter(([item]) => isMedicationItem(item));
    let io = "";
    const code = await runCli(
      [
        "record",
        "enter",
        "morning",
        DATE,
        "--pet",
        String(pet.petId),
        "--by",
        "Sam Lee",
        ...doses.flatMap(([, , label]) => ["--dose", `${label}=given 08:10 JS`]),
      ],
      {
        env: {
          KENNEL_TIMEZONE: "Europe/London",
          LOG_LEVEL: "silent",
          KENNEL_DATA_DIR: bot.record.dir,
          ROUNDS_TIMES: "07:30,12:00,18:00",
        },
        io: { stdout: { write: (s: string) => (io += s) }, stderr: { write: (s: string) => (io += s) } },
        clock,
      },
    );
    expect(code, io).toBe(0);
    const meal = await recordItems(
      h.bot.deps,
      sheet as NonNullable<typeof sheet>,
      pet,
      [{ item: "meal", outcome: "ate_all" }],
      { userId: "U0SAM", userName: "Sam Lee" },
      "meal:1",
    );
    expect(meal.status).toBe("recorded");
    expect(textOf(missed()?.blocks).split(`• ${named.state.n} (`).length).toBe(2);
    // "✅ All given & eaten" on the pet: nothing more written, the post drawn again, the reply with it.
    at = Date.parse(`${DATE}T14:05:00Z`);
    await tapRecord(h, post?.id as number, named, "U0STAFF");
    await h.slack.waitFor(() => textOf(missed()?.blocks).includes("updated 14:05"), 10_000);
    const after = textOf(missed()?.blocks);
    const line = after.split(`• ${named.state.n} (`)[1]?.split("\n")[0] ?? "";
    expect(line).toMatch(/~[^~]+~/);
    expect(line).toContain("from the paper chart");
    const drawn = () => textOf(h.slack.timeline.find((m) => m.ts === post?.ts)?.blocks);
    await h.slack.waitFor(() => drawn().includes("from the paper chart"), 10_000);
  }, 90_000);
});
