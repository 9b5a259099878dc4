/**
 * "📄 Enter from paper…"'s picker in pages, through the one pipeline, end to end: the real Bolt app
 * over HTTP with the Slack stand-in, the sandbox and a SQLite record. Before, its pages went forward
 * only (Next with none chosen; after the last, the first again), with no way back. A page after the
 * first has "◀ Back" beside its words ("Page 2 of 3…"): tapped, the form is drawn again in place at
 * the page before, its round read again from the form's own sealed metadata, and a pet chosen there
 * opens its doses as Next does. A Back in a form this bot did not seal is refused, nothing drawn.
 */
import { describe, expect, it } from "vitest";
import type { OpenedModal } from "../../src/preview/slack-standin-types.ts";
import { SIGNING_SECRET } from "../helpers/bot.ts";
import { roundsBot } from "../helpers/paper.ts";
import { formOpenedBy, submit } from "../helpers/plan-slack.ts";
import { buttonValue, postSigned, tapBody } from "../helpers/slack.ts";

const DATE = "2026-11-22";
let at = Date.parse(`${DATE}T07:40:00Z`);
const clock = { now: () => new Date(at) };
const CHANNEL = "C0ROUNDS";
const bot = roundsBot(clock, "kennel-desk-paper-picker-");

type Block = {
  block_id?: string;
  elements?: Array<{ action_id: string; value: string; text: { text: string } }>;
};
const textOf = (m: OpenedModal): string => JSON.stringify(m.view.blocks ?? []);
const backOf = (m: OpenedModal) =>
  (m.view.blocks as Block[]).find((b) => b.block_id === "paper_pages")?.elements?.[0];
const petsOf = (m: OpenedModal) =>
  textOf(m)
    .match(/"value":"\d+-\d+"/g)
    ?.map((v) => v.slice(9, -1)) ?? [];

let seq = 0;
/** A tap on ◀ Back (its action id and value) inside `modal`: the form as drawn again. */
async function tapBack(modal: OpenedModal, action: { action_id?: string; value?: string }, wait = 10_000) {
  const n = ++seq;
  const before = modal.version;
  const body = tapBody({
    user: "U0STAFF",
    trigger: `tpages${n}`,
    on: { modal },
    action: {
      action_id: action.action_id,
      block_id: "paper_pages",
      value: action.value,
      action_ts: `17641${n}.0001`,
    },
  });
  const res = await postSigned(`${bot.h.url}/slack/events`, SIGNING_SECRET, {
    payload: JSON.stringify(body),
  });
  expect(res.status).toBe(200);
  const now = () => bot.h.slack.modals.get(modal.id) as OpenedModal;
  await bot.h.slack.waitFor(() => now().version > before, wait).catch(() => undefined);
  return now();
}

describe("📄 Enter from paper…'s picker in pages", () => {
  it("◀ Back draws the page before in place, through the pipeline; a pet chosen there opens its doses", async () => {
    expect((await bot.h.bot.digest?.runPost("rounds:morning", DATE))?.result).toBe("posted");
    const post = bot.h.slack.timeline.find(
      (m) => m.channel === CHANNEL && buttonValue(m.blocks, "paper_enter"),
    );
    at = Date.parse(`${DATE}T14:00:00Z`);
    const picker = await formOpenedBy(
      bot.h,
      tapBody({
        user: "U0STAFF",
        trigger: "tpages0",
        on: { message: post as NonNullable<typeof post>, channelName: "rounds" },
        action: {
          action_id: "paper_enter",
          block_id: "b",
          value: buttonValue(post?.blocks, "paper_enter"),
          action_ts: "1764100000.0001",
        },
      }),
    );
    const all = petsOf(picker);
    expect(all.length).toBeGreaterThan(2);
    // The sandbox's round fits one form: no pages, no Back.
    expect(backOf(picker)).toBeUndefined();
    // A Back naming the second pet's page (as a page of one pet): page 2 of 3, with its own Back.
    const second = await tapBack(picker, {
      action_id: "paper_page:back",
      value: JSON.stringify({ f: 1, e: 2 }),
    });
    expect(second.version).toBe(picker.version + 1);
    expect(petsOf(second)).toEqual([all[1]]);
    expect(textOf(second)).toContain("Page 2 of 3: pets 2–2 of");
    const back = backOf(second);
    expect(back?.text.text).toBe("◀ Back to page 1");
    // ◀ Back: the page before, the first pet's.
    const first = await tapBack(second, back ?? {});
    expect(first.version).toBe(second.version + 1);
    expect(petsOf(first)).toEqual([all[0]]);
    expect(textOf(first)).toContain("Page 1 of 2: pets 1–1 of");
    expect(backOf(first)).toBeUndefined();
    // Chosen there, the pet's doses, as Next opens them.
    const chosen = await submit(
      bot.h,
      "U0STAFF",
      first,
      { pet: { v: { type: "static_select", selected_option: { value: all[0] } } } },
      "tpages9",
    );
    expect(chosen.response_action).toBe("update");
    expect(JSON.stringify(chosen.view)).toContain('"callback_id":"paper_pet"');
  });

  it("a ◀ Back in a form this bot did not seal is refused: nothing drawn", async () => {
    const forged = {
      id: "V0FORGED",
      trigger_id: "tforged",
      version: 1,
      pushed: false,
      closed: false,
      view: {
        type: "modal",
        callback_id: "paper_pick",
        private_metadata: '{"s":1,"c":"C0ROUNDS","t":"1.2"}',
        blocks: [],
      },
    } as OpenedModal;
    bot.h.slack.modals.set(forged.id, forged);
    const back = { action_id: "paper_page:back", value: JSON.stringify({ f: 0, e: 1 }) };
    const after = await tapBack(forged, back, 1_500);
    expect(after.version).toBe(1);
  });
});
