/**
 * The Slack stand-in the tests share with the preview (src/preview/slack-standin.ts), and the
 * forms Slack sends for a slash command or a button click.
 */
import { createHash } from "node:crypto";
import type { SlackStandIn } from "../../src/preview/slack-standin.ts";
import type { OpenedModal, TimelineEntry } from "../../src/preview/slack-standin-types.ts";

export {
  postSigned,
  type Recorded,
  type SlackStandIn,
  type StoredMessage,
  sign,
  startSlackStandIn,
} from "../../src/preview/slack-standin.ts";

let seq = 0;

/** A Block Kit block as the tests read it off a message or a view (the parts they look at). */
export interface Block {
  type?: string;
  block_id?: string;
  text?: { text?: string };
  accessory?: { action_id?: string; value?: string; text?: { text?: string } };
  elements?: Array<{
    type?: string;
    action_id?: string;
    value?: string;
    text?: { text?: string };
    options?: Array<{ value: string; text: { text: string } }>;
  }>;
  element?: Record<string, unknown>;
}

/** A message's (or a view's) blocks, for reading. */
export const blocksOf = (m: { blocks?: unknown } | undefined): Block[] => (m?.blocks ?? []) as Block[];

export interface CommandInput {
  command: string;
  text?: string;
  user?: string;
  channel?: string;
}

/** The form fields of a slash command, with a fresh response_url id. */
export function commandForm(
  slack: SlackStandIn,
  input: CommandInput,
): { form: Record<string, string>; id: string } {
  const id = `c${++seq}`;
  return {
    id,
    form: {
      token: "legacy-verification-token",
      team_id: "T1",
      team_domain: "kennel",
      channel_id: input.channel ?? "C0FRONTDESK",
      channel_name: "front-desk",
      user_id: input.user ?? "U0STAFF",
      user_name: "staff",
      command: input.command,
      text: input.text ?? "",
      api_app_id: "A1",
      response_url: slack.responseUrl(id),
      trigger_id: `t${seq}`,
    },
  };
}

/** The form of a button click on a message, with a fresh response_url id. */
export function actionForm(
  slack: SlackStandIn,
  button: { action_id: string; value: string },
  options: { user?: string; channel?: string } = {},
): { form: Record<string, string>; id: string } {
  const id = `a${++seq}`;
  const payload = {
    type: "block_actions",
    team: { id: "T1", domain: "kennel" },
    user: { id: options.user ?? "U0STAFF", name: "staff", team_id: "T1" },
    api_app_id: "A1",
    token: "legacy-verification-token",
    container: {
      type: "message",
      message_ts: "1.1",
      channel_id: options.channel ?? "C0FRONTDESK",
      is_ephemeral: false,
    },
    trigger_id: `t${seq}`,
    channel: { id: options.channel ?? "C0FRONTDESK", name: "front-desk" },
    response_url: slack.responseUrl(id),
    actions: [
      {
        type: "button",
        action_id: button.action_id,
        block_id: "b1",
        value: button.value,
        action_ts: "1.2",
        text: { type: "plain_text", text: "x" },
      },
    ],
  };
  return { id, form: { payload: JSON.stringify(payload) } };
}

/** A person as Slack names them in a payload. */
const person = (id: string, name: string) => ({ id, username: name, name, team_id: "T1" });

export interface TapInput {
  user: string;
  /** Their username (default: the id in lower case). */
  name?: string;
  trigger: string;
  /** Where the button is: a posted message (as it is now) or an open form. */
  on:
    | {
        message: Pick<TimelineEntry, "ts" | "channel" | "thread_ts" | "text" | "blocks">;
        channelName: string;
        responseUrl?: string;
      }
    | { modal: Pick<OpenedModal, "id" | "view"> | undefined };
  action: {
    action_id: string | undefined;
    block_id: string;
    value: string | undefined;
    action_ts: string;
    text?: string;
  };
}

/** A tap on a button, the `block_actions` body Slack sends. */
/** A button's value, found anywhere in the blocks (or a message, a view) by its action_id. */
export function buttonValue(node: unknown, actionId: string): string | undefined {
  if (Array.isArray(node)) return node.map((n) => buttonValue(n, actionId)).find((v) => v !== undefined);
  if (!node || typeof node !== "object") return undefined;
  const o = node as Record<string, unknown>;
  if (o.action_id === actionId && typeof o.value === "string") return o.value;
  return Object.values(o)
    .map((n) => buttonValue(n, actionId))
    .find((v) => v !== undefined);
}

export function tapBody(t: TapInput) {
  const where =
    "message" in t.on
      ? {
          container: {
            type: "message",
            message_ts: t.on.message.ts,
            channel_id: t.on.message.channel,
            is_ephemeral: false,
          },
          channel: { id: t.on.message.channel, name: t.on.channelName },
          message: {
            type: "message",
            ts: t.on.message.ts,
            ...(t.on.message.thread_ts ? { thread_ts: t.on.message.thread_ts } : {}),
            text: t.on.message.text,
            blocks: t.on.message.blocks,
          },
          ...(t.on.responseUrl ? { response_url: t.on.responseUrl } : {}),
        }
      : {
          container: { type: "view", view_id: t.on.modal?.id },
          view: { ...t.on.modal?.view, id: t.on.modal?.id, state: { values: {} } },
        };
  const { text, ...action } = t.action;
  return {
    ...envelope("block_actions", t),
    ...where,
    actions: [
      { type: "button", ...action, ...(text !== undefined ? { text: { type: "plain_text", text } } : {}) },
    ],
  };
}

/** What every interaction payload Slack sends starts with: its type, the workspace, who, the app and the trigger. */
function envelope(
  type: "block_actions" | "view_submission",
  who: { user: string; name?: string; trigger: string },
) {
  return {
    type,
    team: { id: "T1", domain: "kennel" },
    user: person(who.user, who.name ?? who.user.toLowerCase()),
    api_app_id: "A1",
    token: "legacy-verification-token",
    trigger_id: who.trigger,
  };
}

/** A form submitted with `values` (by block id, then action id), the `view_submission` body Slack sends. */
export function submissionBody(
  modal: Pick<OpenedModal, "id" | "view">,
  s: { user: string; name?: string; trigger: string; values: Record<string, Record<string, unknown>> },
  view: Record<string, unknown> = {},
) {
  return {
    ...envelope("view_submission", s),
    view: {
      ...modal.view,
      ...view,
      id: modal.id,
      team_id: "T1",
      app_id: "A1",
      bot_id: "BBOT",
      state: { values: s.values },
      // Slack changes a view's hash at each drawing: here, one for each content of the view.
      hash: `h${modal.id}-${createHash("sha256").update(JSON.stringify(modal.view)).digest("hex").slice(0, 12)}`,
    },
    response_urls: [],
  };
}
