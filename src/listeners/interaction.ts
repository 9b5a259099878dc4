/**
 * The shared opening of every record tap and form (record, witness, welfare, flags, as-needed doses,
 * care plans): the listener's work tracked for shutdown and acknowledged to Slack only when it says
 * so, after its commit, or by the deadline (src/listeners/ack.ts); the tap's channel, message and
 * value; the private `tell` and the `refuse` that writes nothing (src/listeners/guard.ts); a form's
 * sealed metadata and its sender's admission. What each checks after that is its own.
 */
import type {
  AllMiddlewareArgs,
  BlockAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from "@slack/bolt";
import type { Who } from "../answers/record-round.ts";
import { refusalView } from "../blocks/record-modal.ts";
import { ackBy, type DeadlineAck } from "./ack.ts";
import type { BotDeps } from "./bot-deps.ts";
import { admit, type PrivateTo, privately } from "./guard.ts";

export type TapArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;
export type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
export type TapAck = DeadlineAck<void>;
export type ViewAck = DeadlineAck<Parameters<ViewArgs["ack"]>[0]>;

/** A tap's listener: `work` tracked for shutdown; the ack when it sends it, else when it ends. */
export function onTap(deps: BotDeps, work: (args: TapArgs, ack: TapAck) => Promise<void>) {
  return async (args: TapArgs): Promise<void> => {
    const ack = ackBy(() => args.ack());
    try {
      await deps.inflight.track(work(args, ack));
    } finally {
      await ack.send();
    }
  };
}

/** A form Slack sent without its fields (`state` null or not an object): nothing in it can be read. */
const UNREADABLE_FORM =
  "⚠️ This form could not be read (it came without its fields): nothing was recorded. Open the form again.";
/** A form sealed before Kennel Desk's signing secret was replaced (src/slack/seal.ts). */
const KEYS_CHANGED =
  "🔑 Kennel Desk's keys changed since this form was opened (its signing secret was replaced): nothing was recorded. Close it and open the form again.";

/**
 * A form's listener: `work` tracked for shutdown; the ack (its response) when it sends it, else when
 * it ends. A form without its fields is told so, before any of its checks (nothing written).
 */
export function onForm(deps: BotDeps, work: (args: ViewArgs, ack: ViewAck) => Promise<void>) {
  return async (args: ViewArgs): Promise<void> => {
    const ack: ViewAck = ackBy((response) => args.ack(response));
    try {
      const state = (args.view as { state?: { values?: unknown } | null }).state;
      if (state === null || typeof state !== "object" || typeof state.values !== "object" || !state.values) {
        deps.log.warn(
          { userId: args.body.user.id, view: args.view.id },
          "refused a form sent without its fields",
        );
        return void (await ack.send({
          response_action: "update",
          view: refusalView(UNREADABLE_FORM) as never,
        }));
      }
      await deps.inflight.track(work(args, ack));
    } finally {
      await ack.send();
    }
  };
}

/**
 * What a tap says (where, on which message, the button's value) and how to answer its tapper:
 * `tell` privately, or `refuse` (acknowledged, then told: nothing was written).
 */
export function tapOf(deps: BotDeps, { body, action, client }: TapArgs, ack: TapAck) {
  const channel = body.channel?.id ?? body.container?.channel_id;
  const responseUrl = (body as { response_url?: string }).response_url;
  const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
  return {
    channel,
    responseUrl,
    message: (body as { message?: { ts?: string; thread_ts?: string } }).message,
    value: "value" in action && typeof action.value === "string" ? action.value : undefined,
    tell,
    refuse: async (text: string): Promise<void> => {
      await ack.send();
      await tell(text);
    },
  };
}

/** A form's errors told privately: "⚠️ Nothing was recorded: Say why it was given. Open the form again." */
const notRecorded = (errors: string[]) =>
  `⚠️ Nothing was recorded: ${[...new Set(errors)].join(" ")} Open the form again.`;

/**
 * How to answer a form's sender: `tell` privately; `refuse` (nothing written): the form replaced by
 * why; `atFields` (nothing written): the form kept open, the error on each field at fault. Past the
 * deadline (Slack has had its ack, the form is closed), both are told privately instead.
 */
export function formReplies(deps: BotDeps, client: ViewArgs["client"], ack: ViewAck, to: PrivateTo) {
  const tell = privately(deps, client, to);
  return {
    tell,
    refuse: async (text: string): Promise<void> => {
      if (!(await ack.send({ response_action: "update", view: refusalView(text) as never })))
        await tell(text);
    },
    atFields: async (errors: Record<string, string>): Promise<void> => {
      if (!(await ack.send({ response_action: "errors", errors })))
        await tell(notRecorded(Object.values(errors)));
    },
  };
}

/**
 * A form checked like the button that opened it: its metadata sealed by this bot, then the guard.
 * The sender, or undefined when refused (logged as `form`, answered with `forged` or the guard's words).
 */
export async function admitForm(
  deps: BotDeps,
  { body, client }: ViewArgs,
  meta: { c?: string | undefined } | undefined,
  refuse: (text: string) => Promise<void>,
  words: { form: string; forged: string; home?: boolean },
): Promise<Who | undefined> {
  if (!meta) {
    // Sealed by Kennel Desk before its signing secret was replaced: said so, not taken for tampering.
    const rotated = deps.seal.otherKey(body.view.private_metadata);
    deps.log.warn(
      { userId: body.user.id, view: body.view.id },
      rotated
        ? `refused ${words.form} opened before the signing secret changed`
        : `refused ${words.form} whose metadata is not sealed by this bot`,
    );
    await refuse(rotated ? KEYS_CHANGED : `🔒 ${words.forged}`);
    return undefined;
  }
  const where = words.home === undefined ? { button: true } : { button: true, home: words.home };
  const admitted = await admit(deps, client, body.user, meta.c, where);
  if (admitted.ok) return admitted.who;
  await refuse(admitted.message);
  return undefined;
}

const COULD_NOT_OPEN = "⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.";

/** Opens a form on the tap's trigger; when Slack will not, it is logged and the tapper told (nothing recorded). */
export async function openModal(
  deps: BotDeps,
  { body, client }: TapArgs,
  view: unknown,
  tell: (text: string) => Promise<void>,
  failure = "views.open failed",
): Promise<void> {
  try {
    await client.views.open({ trigger_id: (body as { trigger_id: string }).trigger_id, view: view as never });
  } catch (error) {
    deps.log.warn({ err: String((error as Error)?.message ?? error) }, failure);
    await tell(COULD_NOT_OPEN);
  }
}
