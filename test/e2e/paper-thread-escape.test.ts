/**
 * "📄 Enter from paper…" for a pet on a message of the round post's thread that cannot be found
 * (Slack would not give the thread): the entry is kept and the person is told privately that the
 * message shows it at its next tap, naming the pet as the kennel system does, escaped once: a name
 * saying <!channel> pings no one.
 */
import { describe, expect, it } from "vitest";
import { keptSheets, type SheetPet } from "../../src/answers/sheets.ts";
import { isMedicationItem } from "../../src/domain/record.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { HOSTILE, HOSTILE_SHOWN, hostilePetNames } from "../helpers/hostile.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };

// Before the round is posted: every pet renamed in the kennel system (the bot reads it again).
const bot = roundsBot(clock, "kennel-desk-paper-escape-", (h) => {
  hostilePetNames(h.sandbox.main);
  h.bot.deps.kennel?.clearCache();
});

const pick = (value: string) => ({ type: "static_select", selected_option: { value } });

/** The round post's "📄 Enter from paper…" tapped, then the pet chosen: the pet's form. */
async function petForm(pet: SheetPet): Promise<OpenedModal> {
  const post = bot.h.slack.timeline.find(
    (m) => m.channel === "C0ROUNDS" && buttonValue(m.blocks, "paper_enter"),
  );
  const picker = await formOpenedBy(
    bot.h,
    tapBody({
      user: "U0STAFF",
      trigger: "tpe1",
      on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
      action: {
        action_id: "paper_enter",
        block_id: "b",
        value: buttonValue(post?.blocks, "paper_enter"),
        action_ts: "1764100001.0001",
      },
    }),
  );
  const answer = await submit(
    bot.h,
    "U0STAFF",
    picker,
    { pet: { v: pick(`${pet.bookingId}-${pet.petId}`) } },
    "tpe2",
  );
  expect(answer.response_action).toBe("update");
  return { ...picker, view: answer.view as OpenedModal["view"] };
}

describe("📄 Enter from paper… for a pet whose thread message cannot be found", () => {
  it("tells the person privately, the pet's name escaped once", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const [sheet] = await keptSheets({ record: bot.record.store }, { date: DATE });
    const pet = (sheet?.pets ?? []).find(
      (p) => p.message > 0 && p.name.endsWith(HOSTILE) && p.due.some((d) => isMedicationItem(d.item)),
    ) as SheetPet;
    expect(pet, "a renamed pet with a dose on a message of the post's thread").toBeDefined();
    const dose = pet.due.find((d) => isMedicationItem(d.item)) as SheetPet["due"][number];
    at = Date.parse(`${DATE}T14:00:00Z`);
    const form = await petForm(pet);
    // Slack will not give the post's thread: the pet's message cannot be found to draw again.
    bot.h.slack.broken.add("conversations.replies");
    const told = () =>
      [...bot.h.slack.timeline.map((m) => m.text), ...bot.h.slack.responses.map((r) => r.body.text)]
        .map(String)
        .filter((t) => t.includes("Entered from the paper chart"));
    await submit(
      bot.h,
      "U0STAFF",
      form,
      {
        [`mark:${dose.item}`]: { v: pick("given") },
        [`time:${dose.item}`]: { v: { type: "timepicker", selected_time: "07:35" } },
        [`by:${dose.item}`]: { v: { type: "plain_text_input", value: "JD" } },
      },
      "tpe3",
    );
    await bot.h.slack.waitFor(() => told().length > 0, 10_000);
    const name = pet.name.slice(0, -HOSTILE.length);
    expect(told()).toEqual([
      `✅ Entered from the paper chart for ${name}${HOSTILE_SHOWN}. Its message in the post's thread shows it at its next tap.`,
    ]);
  }, 90_000);
});
