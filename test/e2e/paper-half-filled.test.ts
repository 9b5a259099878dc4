/**
 * "📄 Enter from paper…" (issue 50) with a dose half filled in, through the form's submission (the
 * real Bolt app over HTTP, the Slack stand-in, the sandbox and a SQLite record): a dose with a time,
 * a giver or words beside it but no mark is refused at THAT dose's mark, and the whole form with it
 * (nothing written, not even the dose filled in whole); a mark with no time or no giver is said at
 * those fields; "nothing to enter" is said on the first dose's mark only when every dose is empty.
 * The form opened on a dose in the record says what the record holds, not "nothing was written".
 */
import { describe, expect, it } from "vitest";
import { keptSheets, type SheetPet } from "../../src/answers/sheets.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const bot = roundsBot(clock, "kennel-desk-paper-half-");
const { record } = bot;

const textOf = (blocks: unknown): string => JSON.stringify(blocks ?? []).replace(/\\n/g, "\n");
const pick = (value: string) => ({ type: "static_select", selected_option: { value } });
const time = (t: string) => ({ v: { type: "timepicker", selected_time: t } });
const words = (value: string) => ({ v: { type: "plain_text_input", value } });

/** The round post's "📄 Enter from paper…" tapped, then the pet chosen: the pet's form. */
async function petForm(pet: SheetPet, n: number): Promise<OpenedModal> {
  const post = bot.h.slack.timeline.find(
    (m) => m.channel === "C0ROUNDS" && buttonValue(m.blocks, "paper_enter"),
  );
  const picker = await formOpenedBy(
    bot.h,
    tapBody({
      user: "U0STAFF",
      trigger: `thf${n}`,
      on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
      action: {
        action_id: "paper_enter",
        block_id: "b",
        value: buttonValue(post?.blocks, "paper_enter"),
        action_ts: `17641000${n}.0001`,
      },
    }),
  );
  const chosen = { pet: { v: pick(`${pet.bookingId}-${pet.petId}`) } };
  const answer = await submit(bot.h, "U0STAFF", picker, chosen, `thp${n}`);
  expect(answer.response_action).toBe("update");
  return { ...picker, view: answer.view as OpenedModal["view"] };
}

describe("📄 Enter from paper… with a dose half filled in", () => {
  it("refuses the whole form at the half-filled dose's own mark; the empty form at the first dose; the opened form says what the record holds", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const [sheet] = await keptSheets({ record: record.store }, { date: DATE });
    const pet = (sheet?.pets ?? []).find(
      (p) => p.due.filter((d) => isMedicationItem(d.item)).length >= 2,
    ) as SheetPet;
    expect(pet, "a pet with two doses at the morning round").toBeDefined();
    const [first, second] = pet.due.filter((d) => isMedicationItem(d.item)) as [
      SheetPet["due"][number],
      SheetPet["due"][number],
    ];
    at = Date.parse(`${DATE}T14:00:00Z`);
    const form = await petForm(pet, 1);
    const given = {
      [`mark:${first.item}`]: { v: pick("given") },
      [`time:${first.item}`]: time("08:10"),
      [`by:${first.item}`]: words("JD"),
    };
    // The second dose: a time, a giver and words beside it, but no mark chosen.
    const halfFilled = {
      [`time:${second.item}`]: time("08:30"),
      [`by:${second.item}`]: words("JD"),
      [`note:${second.item}`]: words("given with food"),
    };
    const noMark = `A time, a giver and words beside it are written for ${second.label}, but no mark: choose what the paper marks (given, or R, V, W, N or A), or empty this dose's fields if the paper has nothing for it.`;

    // With the first dose filled in whole: refused, nothing written, not even the first dose.
    const both = await submit(bot.h, "U0STAFF", form, { ...given, ...halfFilled }, "ths1");
    expect(both.response_action).toBe("errors");
    expect(both.errors).toEqual({ [`mark:${second.item}`]: noMark });
    expect(await record.store.entries({ date: DATE })).toEqual([]);

    // Alone: said at its own mark, never "nothing to enter" on the first dose's.
    const alone = await submit(bot.h, "U0STAFF", form, halfFilled, "ths2");
    expect(alone.errors).toEqual({ [`mark:${second.item}`]: noMark });

    // Any one field alone, a giver or words beside it, is the same.
    const byAlone = await submit(bot.h, "U0STAFF", form, { [`by:${second.item}`]: words("JD") }, "ths3");
    expect(byAlone.errors?.[`mark:${second.item}`]).toMatch(
      new RegExp(`^A giver is written for ${second.label}, but no mark: `),
    );
    const noteAlone = await submit(bot.h, "U0STAFF", form, { [`note:${first.item}`]: words("x") }, "ths4");
    expect(noteAlone.errors?.[`mark:${first.item}`]).toMatch(
      new RegExp(`^Words beside it are written for ${first.label}, but no mark: `),
    );

    // A mark with no time and no giver: each at its own field.
    const markAlone = await submit(
      bot.h,
      "U0STAFF",
      form,
      { [`mark:${second.item}`]: { v: pick("R") } },
      "ths5",
    );
    expect(markAlone.errors).toEqual({
      [`time:${second.item}`]: "Say the time written on the paper.",
      [`by:${second.item}`]: "Say who gave it, as the paper names them (initials or a name).",
    });

    // Every dose empty: "nothing to enter", on the first dose's mark.
    const empty = await submit(bot.h, "U0STAFF", form, {}, "ths6");
    expect(empty.errors).toEqual({
      [`mark:${first.item}`]: `Nothing to enter for ${pet.name}: fill in at least one dose from the paper.`,
    });
    expect(await record.store.entries({ date: DATE })).toEqual([]);

    // The first dose entered; the form opened again says what the record holds, nothing was refused.
    expect((await submit(bot.h, "U0STAFF", form, given, "ths7")).response_action).toBe("update");
    expect(await record.store.entries({ date: DATE })).toHaveLength(1);
    const reopened = textOf((await petForm(pet, 2)).view.blocks);
    expect(reopened).toContain(`${first.label} is in the record already (given 08:10 by JD, entered by `);
    expect(reopened).toContain("): to correct it, use ✏️ Record each… on that round's post in Slack.");
    expect(reopened).not.toContain("nothing was written");
  }, 90_000);
});
