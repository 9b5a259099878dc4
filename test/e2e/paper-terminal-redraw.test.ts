/**
 * A dose entered from the paper chart in the terminal (`kennel-desk record enter`), then a tap on
 * another message of the round's post, end to end (the real Bolt app over HTTP with the Slack
 * stand-in, the sandbox and a SQLite record): the tap draws its own message again and, as the late
 * and missed replies, which read the whole round, the message of the pet entered from the paper, so
 * no message says "❌ missed" of a dose the record holds.
 */
import { describe, expect, it } from "vitest";
import { keptSheets, type SheetPet } from "../../src/answers/sheets.ts";
import { runCli } from "../../src/cli/index.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const bot = roundsBot(clock, "kennel-desk-paper-redraw-");

const textOf = (blocks: unknown): string => JSON.stringify(blocks ?? []).replace(/\\n/g, "\n");

describe("a paper entry from the terminal, then a tap on another message of the round", () => {
  it("the tap draws the entered pet's message again too: its dose reads from the paper chart, not missed", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = bot.h.slack.timeline.find(
      (m) => m.channel === CHANNEL && buttonValue(m.blocks, "paper_enter"),
    );
    const [sheet] = await keptSheets({ record: bot.record.store }, { date: DATE });
    const pets = sheet?.pets ?? [];
    const fedOnly = (p: SheetPet) => p.due.length === 1 && p.due[0]?.item === "meal";
    const entered = pets.find(
      (p) =>
        p.message > 0 &&
        p.due.some((d) => isMedicationItem(d.item)) &&
        pets.some((o) => o.message !== p.message && fedOnly(o)),
    ) as SheetPet;
    expect(entered, "a pet with a dose on a message of the post's thread").toBeDefined();
    const tapped = pets.find((o) => o.message !== entered.message && fedOnly(o)) as SheetPet;
    const dose = entered.due.find((d) => isMedicationItem(d.item)) as SheetPet["due"][number];
    const messageOf = (pet: SheetPet) => (m: { ts: string; thread_ts?: string; blocks?: unknown }) =>
      pet.message === 0
        ? m.ts === post?.ts
        : m.thread_ts === post?.ts && m.ts !== post?.ts && textOf(m.blocks).includes(pet.name);
    const reply = () =>
      bot.h.slack.timeline.find(
        (m) => m.thread_ts === post?.ts && m.ts !== post?.ts && textOf(m.blocks).includes(entered.name),
      );
    // At 14:00 the morning's window has closed: the pet's message says its dose is missed.
    at = Date.parse(`${DATE}T14:00:00Z`);
    let io = "";
    const code = await runCli(
      [
        "record",
        "enter",
        "morning",
        DATE,
        "--pet",
        String(entered.petId),
        "--by",
        "Sam Lee",
        "--dose",
        `${dose.label}=given 08:45 JS`,
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
    expect(textOf(reply()?.blocks)).not.toContain("from the paper chart");
    // Another pet's meal recorded, on another message (its "✏️ Record each…" form).
    const key = `${tapped.bookingId}-${tapped.petId}`;
    const on = bot.h.slack.timeline.find(messageOf(tapped)) as NonNullable<typeof post>;
    const form = await formOpenedBy(
      bot.h,
      tapBody({
        user: "U0STAFF",
        trigger: "tpr1",
        on: { message: on, channelName: "rounds" },
        action: {
          action_id: `rec_each:${key}`,
          block_id: "b",
          value: buttonValue(on.blocks, `rec_each:${key}`),
          action_ts: "1764100001.0001",
        },
      }),
    );
    const meal = { type: "static_select", selected_option: { value: "ate_all" } };
    await submit(bot.h, "U0STAFF", form, { "it:meal": { outcome: meal } }, "tpr2");
    await bot.h.slack.waitFor(() => textOf(reply()?.blocks).includes("from the paper chart"), 10_000);
    expect(textOf(reply()?.blocks)).toContain("from the paper chart: given 08:45 by JS");
  }, 90_000);
});
