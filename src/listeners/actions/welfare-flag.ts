/**
 * A welfare flag's two buttons and their forms: "🩺 Vet advice…" (who was asked, when, what was
 * advised: an entry of the record each time) and "✔️ Resolved…" (why: the flag closes, once; the
 * second to try is told who resolved it and when). Checked like every button and form: the guard,
 * the sealed metadata, a flag Kennel Desk opened; committed before the ack; then the message the
 * button was on (the flag in the post's thread, or the Home tab's list) drawn again from the record.
 */
import type {
  AllMiddlewareArgs,
  App,
  BlockAction,
  SlackActionMiddlewareArgs,
  SlackViewMiddlewareArgs,
  ViewSubmitAction,
} from "@slack/bolt";
import {
  type FlagWrite,
  loadFlag,
  openWelfareFlags,
  recordAdvice,
  resolveFlag,
} from "../../answers/welfare-flags.ts";
import { refusalView } from "../../blocks/record-modal.ts";
import { flagAdvice, flagMessage, flagResolve, flagsListMessage } from "../../blocks/welfare.ts";
import {
  ADVICE_MODAL,
  adviceModal,
  type FlagMeta,
  metaJson,
  RESOLVE_MODAL,
  readAdvice,
  readFlagMeta,
  readResolve,
  resolveModal,
} from "../../blocks/welfare-modal.ts";
import type { Seal } from "../../slack/seal.ts";
import { SEAL_LENGTH } from "../../slack/seal.ts";
import { localDate } from "../../time.ts";
import { timeOf } from "../../words/dates.ts";
import { ackBy, type DeadlineAck } from "../ack.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately, usableResponseUrl } from "../guard.ts";
import { replaceMessage } from "../message-redraw.ts";
import { couldNotRecord, NO_STORE, TAMPERED } from "../record-round.ts";
import { FORGED_FORM } from "../welfare-words.ts";

type TapArgs = SlackActionMiddlewareArgs<BlockAction> & AllMiddlewareArgs;
type ViewArgs = SlackViewMiddlewareArgs<ViewSubmitAction> & AllMiddlewareArgs;
type ViewAck = DeadlineAck<Parameters<ViewArgs["ack"]>[0]>;

const resolvedWords = (w: FlagWrite, timezone: string) =>
  `Already resolved: ${w.flag.resolved?.userName ?? "someone"} resolved it at ${timeOf(w.flag.resolved?.recordedAt, timezone)}. Nothing more was written.`;

export function registerWelfareFlag(app: App, deps: BotDeps, seal: Seal): void {
  /** The message the button was on, drawn again from the record: the flag, or the Home tab's list. */
  async function redraw(client: TapArgs["client"], meta: FlagMeta) {
    const ref = { channel: meta.c, ts: meta.t, threadTs: meta.h, responseUrl: meta.u };
    const tz = deps.config.timezone;
    const flag = await loadFlag(deps, meta.f);
    if (!flag) return false;
    const today = localDate(deps.clock.now(), tz);
    const message = meta.l
      ? flagsListMessage(await openWelfareFlags(deps, today), today, tz)
      : flagMessage(flag, tz);
    return replaceMessage(deps, client, ref, message, "update a welfare message");
  }

  const onTap = (kind: "advice" | "resolve") => async (args: TapArgs) => {
    const ack = ackBy(() => args.ack());
    try {
      await deps.inflight.track(tap(kind, args, ack));
    } finally {
      await ack.send();
    }
  };
  app.action(flagAdvice.pattern, onTap("advice"));
  app.action(flagResolve.pattern, onTap("resolve"));

  async function tap(kind: "advice" | "resolve", { body, action, client }: TapArgs, ack: DeadlineAck<void>) {
    // Nothing is written by the button itself: it opens a form (Slack's trigger lasts 3 s).
    await ack.send();
    const channel = body.channel?.id ?? body.container?.channel_id;
    const responseUrl = (body as { response_url?: string }).response_url;
    const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await tell(admitted.message);
      const value = "value" in action && typeof action.value === "string" ? action.value : undefined;
      const ids = (kind === "advice" ? flagAdvice : flagResolve).decode(value);
      const message = (body as { message?: { ts?: string; thread_ts?: string } }).message;
      const ts = message?.ts ?? (body.container as { message_ts?: string } | undefined)?.message_ts;
      const flag = ids ? await loadFlag(deps, ids.f) : undefined;
      if (!deps.record) return await tell(NO_STORE);
      if (!ids || !flag || !channel || !ts) return await tell(`🔒 ${TAMPERED}`);
      const meta: FlagMeta = {
        f: flag.id,
        ...(ids.l ? { l: 1 as const } : {}),
        c: channel,
        t: ts,
        ...(message?.thread_ts ? { h: message.thread_ts } : {}),
        ...(usableResponseUrl(responseUrl) ? { u: usableResponseUrl(responseUrl) } : {}),
      };
      if (flag.resolved) {
        await redraw(client, meta);
        return await tell(resolvedWords({ status: "already", flag }, deps.config.timezone));
      }
      const sealed = seal.sign(metaJson(meta, 3000 - SEAL_LENGTH));
      const view = kind === "advice" ? adviceModal(sealed, flag) : resolveModal(sealed, flag);
      await client.views
        .open({ trigger_id: (body as { trigger_id: string }).trigger_id, view: view as never })
        .catch(async (error: unknown) => {
          deps.log.warn({ err: String((error as Error)?.message ?? error) }, "views.open failed");
          await tell("⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.");
        });
    } catch (error) {
      await tell(couldNotRecord(error));
    }
  }

  const onSubmit = (kind: "advice" | "resolve") => async (args: ViewArgs) => {
    const ack: ViewAck = ackBy((response) => args.ack(response));
    try {
      await deps.inflight.track(submit(kind, args, ack));
    } finally {
      await ack.send();
    }
  };
  app.view(ADVICE_MODAL, onSubmit("advice"));
  app.view(RESOLVE_MODAL, onSubmit("resolve"));

  async function submit(kind: "advice" | "resolve", { body, view, client }: ViewArgs, ack: ViewAck) {
    const user = body.user.id;
    const meta = readFlagMeta(seal.open(view.private_metadata));
    const tell = privately(deps, client, { user, channel: meta?.c });
    const refuse = async (text: string) => {
      if (!(await ack.send({ response_action: "update", view: refusalView(text) as never })))
        await tell(text);
    };
    try {
      if (!meta) {
        deps.log.warn(
          { userId: user, view: body.view.id },
          "refused a flag form whose metadata is not sealed by this bot",
        );
        return await refuse(`🔒 ${FORGED_FORM}`);
      }
      const admitted = await admit(deps, client, body.user, meta.c, { button: true });
      if (!admitted.ok) return await refuse(admitted.message);
      if (!deps.record) return await refuse(NO_STORE);
      const flag = await loadFlag(deps, meta.f);
      if (!flag) return await refuse(`🔒 ${TAMPERED}`);
      const state = view.state.values as never;
      const request = `view:${body.view.id}`;
      let result: FlagWrite;
      if (kind === "advice") {
        const sub = readAdvice(state, deps.clock.now(), deps.config.timezone);
        if (!sub.ok) return void (await ack.send({ response_action: "errors", errors: sub.errors }));
        result = await recordAdvice(deps, flag, sub, admitted.who, request);
      } else {
        const sub = readResolve(state);
        if (!sub.ok) return void (await ack.send({ response_action: "errors", errors: sub.errors }));
        result = await resolveFlag(deps, flag, sub.why, admitted.who, request);
        if (result.status === "already") {
          const words = resolvedWords(result, deps.config.timezone);
          if (await ack.send({ response_action: "errors", errors: { why: words } })) return;
          return await tell(words);
        }
      }
      await ack.send();
      const updated = await redraw(client, meta);
      if (ack.late || !updated)
        await tell(
          `✅ Recorded on the welfare flag.${updated ? "" : " The message shows it when it is next drawn."}`,
        );
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
