/**
 * As-needed doses' Slack traffic for tests (issue 35): a round post asked for with /rounds, a pet's
 * section and buttons on it, a tap on "💊 Give if needed…" or "👀 Witnessed" (the `block_actions`
 * body Slack sends), the form it opened, and the give form submitted (the `view_submission` body,
 * its fields as given, the time given left as shown unless said).
 */
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";
import type { Harness } from "./bot.ts";
import { SIGNING_SECRET } from "./bot.ts";
import { postRounds } from "./record-slack.ts";
import { type Block, postSigned, submissionBody, tapBody } from "./slack.ts";

export type { Block };

/** What a form's submission was answered (an empty answer: the form closed). */
type Answer = {
  response_action?: string;
  view?: OpenedModal["view"];
  errors?: Record<string, string>;
};

export type ButtonOn = { action_id: string; value: string };

/** The give form's fields: which item, the reason, the note, the box ticked, the time given (Unix seconds). */
export interface GiveFields {
  item?: string;
  reason?: string;
  note?: string;
  ack?: boolean;
  at?: number;
  /** The medicine's ask ticked (left as the form shows it unless said). */
  custody?: boolean;
}

let seq = 0;

export function prnSlack(h: Harness, channel: string) {
  /** The round post /rounds ROUND answers with in the channel. */
  const rounds = (round = "evening"): Promise<TimelineEntry[]> => postRounds(h, channel, round, "U0JANE");

  /** A pet's section and buttons on a post (or a message as it is now). */
  function petOn(post: TimelineEntry[], b: number, p: number) {
    for (const m of post) {
      const blocks = (m.blocks ?? []) as Block[];
      const at = blocks.findIndex((x) => x.block_id?.startsWith(`kd_pet:${b}:${p}:`));
      if (at < 0) continue;
      const next = blocks[at + 1];
      const buttons = next?.block_id === `kd_act:${b}:${p}` ? (next.elements ?? []) : [];
      return { message: m, section: blocks[at]?.text?.text ?? "", buttons };
    }
    throw new Error(`pet ${p} is not on the post`);
  }

  /** The same pet on the same message, as it is now (after a redraw). */
  const again = (message: TimelineEntry, b: number, p: number) =>
    petOn([h.slack.timeline.find((m) => m.id === message.id) as TimelineEntry], b, p);

  /** The button whose label starts with `label`. */
  const button = (buttons: Block["elements"], label: string) =>
    (buttons ?? []).find((x) => x.text?.text?.startsWith(label)) as ButtonOn | undefined;

  /** A tap as Slack sends it, on a message; the trigger of the form it may open, and where its answer goes. */
  async function tap(user: string, b: ButtonOn, m: TimelineEntry) {
    const n = ++seq;
    const responseId = `prnh${n}`;
    h.slack.responseTarget(responseId, { channel: m.channel, user, entryId: m.id });
    const trigger = `tprnh${n}`;
    const body = tapBody({
      user,
      trigger,
      on: { message: m, channelName: "rounds", responseUrl: h.slack.responseUrl(responseId) },
      action: { action_id: b.action_id, block_id: "b", value: b.value, action_ts: `17640${n}.1` },
    });
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`the tap was answered ${res.status}`);
    return { trigger, responseId };
  }

  async function modalOf(trigger: string): Promise<OpenedModal> {
    await h.slack.waitFor(() => [...h.slack.modals.values()].some((x) => x.trigger_id === trigger), 10_000);
    return [...h.slack.modals.values()].find((x) => x.trigger_id === trigger) as OpenedModal;
  }

  /** What the tapper was last told privately. */
  async function told(responseId: string): Promise<string> {
    await h.slack.waitFor(() => h.slack.responsesFor(responseId).length > 0, 10_000);
    return String(h.slack.responsesFor(responseId).at(-1)?.body.text ?? "");
  }

  /** The give form submitted with `f`; every other field as the form shows it. */
  async function submit(user: string, modal: OpenedModal, view: OpenedModal["view"], f: GiveFields) {
    const values: Record<string, Record<string, unknown>> = {};
    for (const x of (view.blocks ?? []) as Block[]) {
      if (x.type !== "input" || !x.block_id) continue;
      const e = x.element ?? {};
      const first = (e.options as Array<{ value?: string }> | undefined)?.[0];
      const option = (e.options as Array<{ value?: string }> | undefined)?.find((o) => o.value === f.item);
      if (x.block_id === "item")
        values.item = { item: { type: e.type, selected_option: option ?? e.initial_option ?? null } };
      if (x.block_id === "reason") values.reason = { reason: { type: e.type, value: f.reason ?? null } };
      if (x.block_id === "at")
        values.at = { at: { type: e.type, selected_date_time: f.at ?? e.initial_date_time } };
      if (x.block_id === "note") values.note = { note: { type: e.type, value: f.note ?? null } };
      if (x.block_id === "ack")
        values.ack = { ack: { type: e.type, selected_options: f.ack && first ? [first] : [] } };
      if (x.block_id === "custody") {
        const ticked = f.custody ?? Boolean((e.initial_options as unknown[] | undefined)?.length);
        values.custody = { custody: { type: e.type, selected_options: ticked && first ? [first] : [] } };
      }
    }
    const body = submissionBody({ ...modal, view }, { user, trigger: `tvh${++seq}`, values });
    const res = await postSigned(`${h.url}/slack/events`, SIGNING_SECRET, { payload: JSON.stringify(body) });
    if (res.status !== 200) throw new Error(`the form was answered ${res.status}`);
    return (res.text ? JSON.parse(res.text) : {}) as Answer;
  }

  return { rounds, petOn, again, button, tap, modalOf, told, submit };
}

/** The ids of the first pet on a post: its booking and pet. */
export function firstPet(post: TimelineEntry[]): { b: number; p: number } {
  const block = post
    .flatMap((m) => (m.blocks ?? []) as Block[])
    .find((x) => x.block_id?.startsWith("kd_pet:")) as Block;
  const [b, p] = (block.block_id as string).split(":").slice(1, 3).map(Number) as [number, number];
  return { b, p };
}
