/**
 * The one pipeline of every tap and form (record, witness, welfare, flags, as-needed doses, care
 * plans): a listener says what it reads and what it does, and the pipeline does the rest, in this
 * order, for all of them alike, so no step can be skipped:
 * 1. tracked for shutdown, and acknowledged to Slack only when the listener says so (after its
 *    commit), or by the deadline (src/listeners/ack.ts); a tap that opens a form is acknowledged at
 *    once (Slack's trigger lasts 3 s), and so is a read that writes nothing (the chart);
 * 2. a form's fields there (one Slack sent without them is told it could not be read); its
 *    metadata: its seal checked (src/slack/seal.ts), then read as its form's, named
 *    (src/blocks/forms.ts); a forged one is logged and refused, one sealed before the signing
 *    secret was replaced is told the app's keys changed;
 * 3. the guard (src/listeners/guard.ts): a bot that is stopping takes nothing new, and only staff of
 *    this workspace, where ALLOWED_CHANNELS allows, go on; guests are refused;
 * 4. a tap's value decoded once into named values (src/blocks/buttons.ts); one not ours is logged
 *    and refused;
 * 5. `locate`: what it names found in the record (a kept sheet and its pet, a list, a flag, a dose),
 *    else refused in words;
 * 6. `run`: the use case's wiring (commit, then `ack`, then redraw and `tell`), any failure answered
 *    "Could not record… nothing was written".
 * Every answer to the tapper is private (`tell`); `refuse` acknowledges and says why nothing was
 * written; a form's `atFields` keeps it open with the error on each field at fault.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
  webApi,
} from "@slack/bolt";
import type { Who } from "../answers/record-round.ts";
import type { ButtonKind } from "../blocks/buttons.ts";
import type { FormKind } from "../blocks/forms.ts";
import { refusalView } from "../blocks/record-modal.ts";
import { arrivedAt } from "../slack/arrival.ts";
import { SEAL_LENGTH } from "../slack/seal.ts";
import { ackBy, type DeadlineAck } from "./ack.ts";
import type { BotDeps } from "./bot-deps.ts";
import { answersOn, notRecorded } from "./form-answer.ts";
import { admit, type PrivateTo, privately, usableResponseUrl } from "./guard.ts";
import { couldNotRecord } from "./record-failure.ts";
import type { MessageRef } from "./record-round.ts";
import { TAMPERED } from "./tapper-words.ts";

type TapArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
type WebClient = webApi.WebClient;
type TapAck = DeadlineAck<void>;
type ViewAck = DeadlineAck<Parameters<ViewArgs["ack"]>[0]>;

/** A button's ids, named, as its listener reads them. */
export type IdsOf<B extends { read(value: string | undefined): unknown }> = NonNullable<
  ReturnType<B["read"]>
>;
/** A form's metadata, named, as its listener reads it. */
export type MetaOf<K extends { read(text: string | undefined): unknown }> = NonNullable<
  ReturnType<K["read"]>
>;

/** What `locate` found, or why nothing may be written (and, when it is worth a line in the log, that line). */
export type Located<F> = { ok: true; found: F } | { ok: false; refusal: string; log?: string };

/** What every tap and form answers with. */
interface Replies {
  /** Tells the tapper, privately. */
  tell(text: string): Promise<void>;
  /** Nothing written: acknowledged (a form: replaced by why), and why told. */
  refuse(text: string): Promise<void>;
}

/** A tap, decoded, admitted and located: what its listener wires. */
export interface Tap<N, F, At> extends Replies {
  deps: BotDeps;
  client: WebClient;
  /** The button's value, decoded and named. */
  ids: N;
  found: F;
  who: Who;
  /** The message the button was on: a round or welfare post's (required by `onMessage`), else when there is one. */
  at: At;
  /** The tap's request (channel, message, action, its time, who): the same tap delivered again records once. */
  requestKey: string;
  /** The sealed metadata's room for where the tap was: channel, ts, thread's ts, response_url. */
  where: { c?: string; t?: string; h?: string; u?: string };
  ack: TapAck;
  /** Acknowledges, then opens `view` on the tap's trigger (`push`: over the form it is in); told when Slack will not. */
  open(view: unknown, options?: { push?: boolean; failure?: string; words?: string }): Promise<void>;
  /** The raw payload, for the little a listener reads itself (the form a button sits in). */
  body: TapArgs["body"];
}

export interface TapSpec<S, N, F, OnMessage extends boolean> {
  button: ButtonKind<S, N>;
  /** How the log names a value that is not ours: "a record button". */
  what: string;
  /** The tap is on a post's message and needs it (a round or welfare post). */
  onMessage?: OnMessage;
  /** Nothing is written by the button itself: it opens a form, so it is acknowledged at once. */
  opens?: boolean;
  /** Nothing is written at all: a read (the chart), acknowledged at once and answered privately. */
  reads?: boolean;
  /** The button may be on the Home tab (its guard then allows the Home tab). */
  home?: boolean;
  /** Words for a value that is not ours (default: the round sheet's, "🔒 That button is not one…"). */
  tampered?: string;
  /** Where the tap is when Slack names no channel (a button inside a form: the channel the form came from). */
  channelOf?: (deps: BotDeps, body: TapArgs["body"]) => string | undefined;
  locate: (deps: BotDeps, ids: N) => Promise<Located<F>>;
  run: (tap: Tap<N, F, OnMessage extends true ? MessageRef : MessageRef | undefined>) => Promise<void>;
}

const COULD_NOT_OPEN = "⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.";

/** Registers a tap's listener on the button's pattern, through the pipeline. */
export function onTap<S, N, F, OnMessage extends boolean = false>(
  app: App,
  deps: BotDeps,
  spec: TapSpec<S, N, F, OnMessage>,
): void {
  app.action(spec.button.pattern, async (args: TapArgs) => {
    const ack: TapAck = ackBy(() => args.ack(), arrivedAt(args.context));
    if (spec.opens || spec.reads) await ack.send();
    try {
      await deps.inflight.track(tap(deps, spec, args, ack));
    } finally {
      await ack.send();
    }
  });
}

async function tap<S, N, F, OnMessage extends boolean>(
  deps: BotDeps,
  spec: TapSpec<S, N, F, OnMessage>,
  args: TapArgs,
  ack: TapAck,
): Promise<void> {
  const { body, action } = args;
  const t = tapOf(deps, spec, args, ack);
  try {
    const where = spec.home ? { button: true, home: body.container?.type === "view" } : { button: true };
    const admitted = await admit(deps, args.client, body.user, t.where.c, where);
    if (!admitted.ok) return await t.refuse(admitted.message);
    const ids = spec.button.read(tapValue(action));
    const logged = { userId: body.user.id, actionId: actionIdOf(action) };
    if (ids === undefined || (spec.onMessage && !t.at)) {
      deps.log.warn(logged, `refused ${spec.what} that is not ours`);
      return await t.refuse(spec.tampered ?? `🔒 ${TAMPERED}`);
    }
    const located = await spec.locate(deps, ids);
    if (!located.ok) {
      if (located.log) deps.log.warn(logged, located.log);
      return await t.refuse(located.refusal);
    }
    const actionTs = "action_ts" in action ? action.action_ts : "";
    const requestKey = `tap:${t.where.c}:${t.where.t}:${logged.actionId}:${actionTs}:${admitted.who.userId}`;
    await spec.run({ ...t, ids, found: located.found, who: admitted.who, requestKey });
  } catch (error) {
    await t.refuse(couldNotRecord(error));
  }
}

/** What a tap says before it is checked: where it is, and how its tapper is answered. */
function tapOf<S, N, F, OnMessage extends boolean>(
  deps: BotDeps,
  spec: TapSpec<S, N, F, OnMessage>,
  { body, client }: TapArgs,
  ack: TapAck,
) {
  const channel = body.channel?.id ?? body.container?.channel_id ?? spec.channelOf?.(deps, body);
  const responseUrl = (body as { response_url?: string }).response_url;
  const message = (body as { message?: { ts?: string; thread_ts?: string } }).message;
  const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
  const url = usableResponseUrl(responseUrl);
  const at =
    channel && message?.ts
      ? { channel, ts: message.ts, threadTs: message.thread_ts, responseUrl }
      : undefined;
  return {
    deps,
    client,
    body,
    ack,
    tell,
    at: at as OnMessage extends true ? MessageRef : MessageRef | undefined,
    where: {
      ...(channel ? { c: channel } : {}),
      ...(message?.ts ? { t: message.ts } : {}),
      ...(message?.thread_ts ? { h: message.thread_ts } : {}),
      ...(url ? { u: url } : {}),
    },
    refuse: async (text: string) => {
      await ack.send();
      await tell(text);
    },
    open: async (view: unknown, o: { push?: boolean; failure?: string; words?: string } = {}) => {
      await ack.send();
      const trigger_id = (body as { trigger_id: string }).trigger_id;
      try {
        if (o.push) await client.views.push({ trigger_id, view: view as never });
        else await client.views.open({ trigger_id, view: view as never });
      } catch (error) {
        deps.log.warn({ err: String((error as Error)?.message ?? error) }, o.failure ?? "views.open failed");
        await tell(o.words ?? COULD_NOT_OPEN);
      }
    },
  };
}

const actionIdOf = (action: TapArgs["action"]) => ("action_id" in action ? action.action_id : "");

/** A tap's value: a button's, or the option a radio button chose (a care plan form's question, issue 44). */
function tapValue(action: TapArgs["action"]): string | undefined {
  if ("value" in action && typeof action.value === "string") return action.value;
  const chosen = (action as { selected_option?: { value?: unknown } | null }).selected_option?.value;
  return typeof chosen === "string" ? chosen : undefined;
}

/** A form's metadata sealed for `private_metadata`, within Slack's 3000 characters. */
export function sealed<W>(deps: BotDeps, form: FormKind<W, unknown>, meta: W): string {
  return deps.seal.sign(form.write(meta, 3000 - SEAL_LENGTH));
}

/** A form, its metadata read, its sender admitted, located: what its listener wires. */
export interface Form<N, F> extends Replies {
  deps: BotDeps;
  client: WebClient;
  /** The form's metadata, its seal checked, named. */
  meta: N;
  found: F;
  who: Who;
  /** What the person set in the form (Slack's view state). */
  values: never;
  view: ViewArgs["view"];
  /** The form's request (its view): the same submission delivered again records once. */
  requestKey: string;
  ack: ViewAck;
  /** Nothing written: the form kept open, the error on each field at fault. */
  atFields(errors: Record<string, string>): Promise<void>;
}

export interface FormSpec<W, N, F> {
  form: FormKind<W, N>;
  /** How the log names it ("a record form"), and the words for one this bot did not seal. */
  what: string;
  forged: string;
  /** Where its sender is told: the channel (and response_url) its metadata names. */
  to: (meta: N) => { channel?: string | undefined; responseUrl?: string | undefined };
  /** The form was opened from the Home tab (its guard then allows the Home tab). */
  home?: (meta: N) => boolean;
  locate: (deps: BotDeps, meta: N) => Promise<Located<F>>;
  run: (form: Form<N, F>) => Promise<void>;
}

/** A form Slack sent without its fields (`state` null or not an object): nothing in it can be read. */
const UNREADABLE_FORM =
  "⚠️ This form could not be read (it came without its fields): nothing was recorded. Open the form again.";
/** A form sealed before Kennel Desk's signing secret was replaced (src/slack/seal.ts). */
const KEYS_CHANGED =
  "🔑 Kennel Desk's keys changed since this form was opened (its signing secret was replaced): nothing was recorded. Close it and open the form again.";

/** Registers a form's listener on its callback_id, through the pipeline. */
export function onForm<W, N, F>(app: App, deps: BotDeps, spec: FormSpec<W, N, F>): void {
  app.view(spec.form.id, async (args: ViewArgs) => {
    const ack: ViewAck = ackBy((response) => args.ack(response), arrivedAt(args.context));
    try {
      await deps.inflight.track(form(deps, spec, args, ack));
    } finally {
      await ack.send();
    }
  });
}

async function form<W, N, F>(deps: BotDeps, spec: FormSpec<W, N, F>, args: ViewArgs, sent: ViewAck) {
  const { body, view, client } = args;
  // Every answer, the listener's own `errors` too, names only blocks the view has.
  const ack = answersOn(sent, view);
  const meta = spec.form.read(deps.seal.open(view.private_metadata));
  const to: PrivateTo = { user: body.user.id, ...(meta ? spec.to(meta) : {}) };
  const tell = privately(deps, client, to);
  const refuse = async (text: string) => {
    if (!(await ack.send({ response_action: "update", view: refusalView(text) as never }))) await tell(text);
  };
  try {
    const state = (view as { state?: { values?: unknown } | null }).state;
    if (state === null || typeof state !== "object" || typeof state.values !== "object" || !state.values) {
      deps.log.warn(
        { userId: body.user.id, view: body.view.id },
        `refused ${spec.what} sent without its fields`,
      );
      return await refuse(UNREADABLE_FORM);
    }
    if (!meta) {
      // Sealed by Kennel Desk before its signing secret was replaced: said so, not taken for tampering.
      const rotated = deps.seal.otherKey(view.private_metadata);
      deps.log.warn(
        { userId: body.user.id, view: body.view.id },
        rotated
          ? `refused ${spec.what} opened before the signing secret changed`
          : `refused ${spec.what} whose metadata is not sealed by this bot`,
      );
      return await refuse(rotated ? KEYS_CHANGED : `🔒 ${spec.forged}`);
    }
    const where = spec.home ? { button: true, home: spec.home(meta) } : { button: true };
    const admitted = await admit(deps, client, body.user, to.channel, where);
    if (!admitted.ok) return await refuse(admitted.message);
    const located = await spec.locate(deps, meta);
    if (!located.ok) {
      if (located.log) deps.log.warn({ userId: body.user.id, view: body.view.id }, located.log);
      return await refuse(located.refusal);
    }
    await spec.run({
      deps,
      client,
      meta,
      found: located.found,
      who: admitted.who,
      values: view.state.values as never,
      view,
      requestKey: viewRequestKey(body.view),
      ack,
      tell,
      refuse,
      atFields: async (errors) => {
        if (!(await ack.send({ response_action: "errors", errors })))
          await tell(notRecorded(Object.values(errors)));
      },
    });
  } catch (error) {
    await refuse(couldNotRecord(error));
  }
}

/**
 * A form's submission as the record knows it, to write it once: its view and that view's drawing
 * (`hash`, which Slack changes at every update). A form that writes and shows itself again (enter
 * from paper: the next pet) keeps its view's id, so the id alone would take the second submission
 * for the first delivered again, and write nothing. One delivered twice has one drawing: written once.
 */
const viewRequestKey = (view: { id: string; hash?: string | undefined }): string =>
  view.hash ? `view:${view.id}:${view.hash}` : `view:${view.id}`;

/** A locator for what needs nothing found (the form or button carries all it needs). */
export const nothingToFind = async (): Promise<Located<undefined>> => ({ ok: true, found: undefined });
