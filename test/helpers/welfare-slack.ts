/**
 * The welfare check's Slack traffic for tests: the buttons on a welfare message, a tap on one (a
 * signed `block_actions` body with the message as it is now) and a form's submission (a
 * `view_submission` body with the values as Slack sends them).
 */
import type { OpenedModal, SlackStandIn } from "../../src/preview/slack-standin-types.ts";
import { submissionBody, tapBody } from "./slack.ts";

export interface WelfareButton {
  action_id: string;
  value: string;
  /** The pet's ids, from the button's value. */
  b: number;
  p: number;
  /** The text of the button, or of the section it is beside. */
  text: string;
}

type RawBlock = {
  type?: string;
  block_id?: string;
  text?: { text?: string };
  accessory?: { action_id?: string; value?: string; text?: { text?: string } };
  elements?: Array<{ action_id?: string; value?: string; text?: { text?: string } }>;
};

/** The buttons whose action_id starts with `stem` ("wf_ok", "wf_note", "wf_advice"…), in order. */
export function welfareButtons(blocks: unknown, stem: string): WelfareButton[] {
  const out: WelfareButton[] = [];
  for (const b of (blocks ?? []) as RawBlock[]) {
    const elements = [...(b.elements ?? []), ...(b.accessory ? [b.accessory] : [])];
    for (const e of elements) {
      if (!(e.action_id === stem || e.action_id?.startsWith(`${stem}:`))) continue;
      const v = JSON.parse(e.value ?? "{}") as { b?: number; p?: number };
      out.push({
        action_id: e.action_id as string,
        value: e.value as string,
        b: v.b ?? 0,
        p: v.p ?? 0,
        text: b.accessory === e ? (b.text?.text ?? "") : (e.text?.text ?? ""),
      });
    }
  }
  return out;
}

/** A pet's block (its buttons, or its section) on a welfare message. */
export function petBlockOf(blocks: unknown, b: number, p: number): RawBlock | undefined {
  return ((blocks ?? []) as RawBlock[]).find((x) => x.block_id === `kd_wf:${b}:${p}`);
}

let seq = 0;

/** A tap on `button` of the message `entryId`, as Slack sends it, with a response_url of its own. */
export function tapPayload(
  slack: SlackStandIn,
  entryId: number,
  button: Pick<WelfareButton, "action_id" | "value">,
  user: string,
  options: { value?: string; actionTs?: string } = {},
) {
  const m = slack.timeline.find((x) => x.id === entryId);
  if (!m) throw new Error(`no message ${entryId}`);
  const n = ++seq;
  const responseId = `wf${n}`;
  const trigger = `twf${n}`;
  slack.responseTarget(responseId, { channel: m.channel, user, entryId: m.id });
  const body = tapBody({
    user,
    name: user.replace(/^U0/, "").toLowerCase(),
    trigger,
    on: { message: m, channelName: "welfare", responseUrl: slack.responseUrl(responseId) },
    action: {
      action_id: button.action_id,
      block_id: "kd_wf",
      value: options.value ?? button.value,
      action_ts: options.actionTs ?? `1764100${String(n).padStart(3, "0")}.000${n}`,
      text: "x",
    },
  });
  return { body, responseId, trigger };
}

/**
 * A form's submission: each static select's chosen value by block id (`sign:stool`: "loose"), the
 * others keeping their initial choice; each text input's value by block id.
 */
export function formPayload(
  modal: OpenedModal,
  user: string,
  chosen: Record<string, string> = {},
  texts: Record<string, string> = {},
  o: { privateMetadata?: string } = {},
) {
  const values: Record<string, Record<string, unknown>> = {};
  for (const b of (modal.view.blocks ?? []) as Array<{
    type?: string;
    block_id?: string;
    element?: { type?: string; action_id?: string; initial_option?: { value?: string } };
  }>) {
    if (b.type !== "input" || !b.block_id || !b.element?.action_id) continue;
    const id = b.block_id;
    if (b.element.type === "static_select") {
      const value = chosen[id] ?? b.element.initial_option?.value;
      values[id] = {
        [b.element.action_id]: {
          type: "static_select",
          selected_option: value ? { value, text: { type: "plain_text", text: value } } : null,
        },
      };
    } else {
      values[id] = { [b.element.action_id]: { type: "plain_text_input", value: texts[id] ?? null } };
    }
  }
  return submissionBody(
    modal,
    { user, name: user.replace(/^U0/, "").toLowerCase(), trigger: `tvw${++seq}`, values },
    o.privateMetadata !== undefined ? { private_metadata: o.privateMetadata } : {},
  );
}
