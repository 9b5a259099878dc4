/**
 * "📄 Enter from paper…" for a pet whose doses do not fit one form (issue 50; Slack's 100 blocks and
 * 250 kB a form), end to end: the real Bolt app over HTTP with the Slack stand-in, the sandbox and a
 * SQLite record. A pet the kept round added since, with five high-alert doses (the most a round asks)
 * of 60,000 characters each and a name of 300: its form holds the doses that fit, saying which and how many more; Enter
 * with none filled in shows the next, Enter with some enters them and shows the ones after; the last
 * returns to the picker. Every form within Slack's limits, every dose's words whole in one of them.
 */
import { describe, expect, it } from "vitest";
import { viewViolations } from "../../src/blocks/limits.ts";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import type { ItemKey } from "../../src/record/types.ts";
import { changeObligation, doseWindow } from "../helpers/obligations.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const bot = roundsBot(clock, "kennel-desk-paper-pages-");
const { record } = bot;

const pick = (value: string) => ({ type: "static_select", selected_option: { value } });
const marked = (item: string, time: string) => ({
  [`mark:${item}`]: { v: pick("given") },
  [`time:${item}`]: { v: { type: "timepicker", selected_time: time } },
  [`by:${item}`]: { v: { type: "plain_text_input", value: "JD" } },
  [`witness:${item}`]: { v: { type: "plain_text_input", value: "Sam Lee" } },
});
/** What a person reads of a form, on one line, unescaped. */
const readable = (blocks: unknown) =>
  (JSON.stringify(blocks ?? []).match(/"text":"(?:[^"\\]|\\.)*"/g) ?? [])
    .map((t) => JSON.parse(t.slice(7)) as string)
    .join(" ")
    .replace(/\*/g, "")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ");
const marksOn = (view: OpenedModal["view"]) =>
  (JSON.stringify(view.blocks).match(/"block_id":"mark:med:\d+"/g) ?? []).map((m) => m.slice(17, -1));

const name = `Duchess ${Array.from({ length: 60 }, (_, i) => `Marmalade${i}`).join(" ")}`.slice(0, 300);
const words = (k: number) =>
  `Phenobarbital ${k} 60 mg & ${Array.from({ length: 9000 }, (_, i) => `p${k}w${i}`).join(" ")}`.slice(
    0,
    60_000,
  );
const items = Array.from({ length: 5 }, (_, k) => `med:${k + 1}`);

describe("📄 Enter from paper… a pet whose doses pass one form", () => {
  it("each form holds the doses that fit and says the rest; none filled in shows the next, some entered shows the ones after; the last returns to the picker", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = bot.h.slack.timeline.find(
      (m) => m.channel === CHANNEL && buttonValue(m.blocks, "paper_enter"),
    );
    const [owed] = await record.store.log({ kind: "obligation", date: DATE });
    const pet = { bookingId: 990031, petId: 950033, name };
    const window = doseWindow(DATE);
    await changeObligation(record.store, DATE, owed as NonNullable<typeof owed>, {
      round: "morning",
      change: "arrived",
      ...pet,
      at: `${DATE}T07:00:00.000Z`,
      items: items.map((item, k) => ({
        item: item as ItemKey,
        label: `Phenobarbital ${k}`,
        text: words(k),
        highAlert: true,
        window,
        confirmed: true,
      })),
    });
    at = Date.parse(`${DATE}T14:00:00Z`);
    const picker = await formOpenedBy(
      bot.h,
      tapBody({
        user: "U0STAFF",
        trigger: "tpg1",
        on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
        action: {
          action_id: "paper_enter",
          block_id: "b",
          value: buttonValue(post?.blocks, "paper_enter"),
          action_ts: "1764100001.0001",
        },
      }),
    );
    expect(viewViolations(picker.view)).toEqual([]);
    const forms: OpenedModal["view"][] = [];
    const next = async (modal: OpenedModal, values: Record<string, unknown>, trigger: string) => {
      const answer = await submit(bot.h, "U0STAFF", modal, values as never, trigger);
      expect(answer.response_action).toBe("update");
      const view = answer.view as OpenedModal["view"];
      expect(viewViolations(view)).toEqual([]);
      forms.push(view);
      return { ...modal, view } as OpenedModal;
    };
    // The pet chosen: the first form holds the doses that fit, and says how many more, from which.
    const first = await next(picker, { pet: { v: pick(`${pet.bookingId}-${pet.petId}`) } }, "tpg2");
    const shown = marksOn(first.view);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(5);
    expect(readable(first.view.blocks)).toContain(
      `Doses 1–${shown.length} of 5 of this pet are in this form. The ${5 - shown.length} more, from dose ${shown.length + 1}`,
    );
    expect(readable(first.view.blocks)).toContain(name);
    // Enter with none filled in: the next doses, nothing written.
    const second = await next(first, {}, "tpg3");
    const shown2 = marksOn(second.view);
    expect(shown2[0]).toBe(items[shown.length]);
    expect(await record.store.entries({ date: DATE, petId: pet.petId })).toEqual([]);
    // Enter with one filled in: written, and the form shows the doses after these (or the picker).
    const item = shown2[0] as string;
    let form = await next(second, marked(item, "07:50"), "tpg4");
    expect((await record.store.entries({ date: DATE, petId: pet.petId })).map((e) => e.item)).toEqual([item]);
    expect(readable(form.view.blocks)).toContain("1 dose entered from the paper chart");
    let seen = [...shown, ...shown2];
    for (let n = 5; marksOn(form.view).length > 0; n++) {
      seen = [...seen, ...marksOn(form.view)];
      form = await next(form, {}, `tpg${n}`);
      expect(n).toBeLessThan(20);
    }
    // Back at the picker once the last doses are past; every dose was in one form, its words whole.
    expect(JSON.stringify(form.view.blocks)).toContain('"block_id":"pet"');
    expect(seen).toEqual(items);
    const read = forms.map((f) => readable(f.blocks)).join(" ");
    for (const k of items.keys()) expect(read).toContain(words(k));

    // The pet again, its other doses entered form by form: all five in the record.
    const choose = { pet: { v: pick(`${pet.bookingId}-${pet.petId}`) } };
    form = await next(form, choose, "tpg30");
    for (let n = 31; marksOn(form.view).length > 0 || form.view.callback_id === "paper_pet"; n++) {
      const open = marksOn(form.view);
      form = await next(form, Object.assign({}, ...open.map((i) => marked(i, "07:55"))), `tpg${n}`);
      expect(n).toBeLessThan(50);
    }
    expect(await record.store.entries({ date: DATE, petId: pet.petId })).toHaveLength(5);
    // Chosen once more: its first form says every dose is in the record and goes Back, not through
    // its other forms of doses recorded already; nothing written.
    form = await next(form, choose, "tpg60");
    expect(marksOn(form.view)).toEqual([]);
    expect((form.view.submit as { text?: string } | undefined)?.text).toBe("Back");
    expect(readable(form.view.blocks)).toContain("are in the record already: press Back for the pets.");
    form = await next(form, {}, "tpg61");
    expect(JSON.stringify(form.view.blocks)).toContain('"block_id":"pet"');
    expect(await record.store.entries({ date: DATE, petId: pet.petId })).toHaveLength(5);
  }, 120_000);
});
