/**
 * A welfare flag's two buttons and their forms: "🩺 Vet advice…" (who was asked, when, what was
 * advised: an entry of the record each time) and "✔️ Resolved…" (why: the flag closes, once; the
 * second to try is told who resolved it and when). Checked like every button and form: the guard,
 * the sealed metadata, a flag Kennel Desk opened; committed before the ack; then the message the
 * button was on (the flag in the post's thread, or the Home tab's list) drawn again from the record.
 */
import type { App } from "@slack/bolt";
import {
  type FlagWrite,
  loadFlag,
  openWelfareFlags,
  recordAdvice,
  resolveFlag,
} from "../../answers/welfare-flags.ts";
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
import type { BotDeps } from "../bot-deps.ts";
import { admit, usableResponseUrl } from "../guard.ts";
import {
  admitForm,
  formReplies,
  onForm,
  onTap,
  openModal,
  type TapAck,
  type TapArgs,
  tapOf,
  type ViewAck,
  type ViewArgs,
} from "../interaction.ts";
import { replaceMessage } from "../message-redraw.ts";
import { couldNotRecord, NO_STORE, TAMPERED } from "../record-round.ts";
import { FORGED_FORM } from "../welfare-words.ts";

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

  app.action(
    flagAdvice.pattern,
    onTap(deps, (args, ack) => tap("advice", args, ack)),
  );
  app.action(
    flagResolve.pattern,
    onTap(deps, (args, ack) => tap("resolve", args, ack)),
  );

  async function tap(kind: "advice" | "resolve", args: TapArgs, ack: TapAck) {
    // Nothing is written by the button itself: it opens a form (Slack's trigger lasts 3 s).
    await ack.send();
    const { body, client } = args;
    const { channel, responseUrl, message, value, tell } = tapOf(deps, args, ack);
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true });
      if (!admitted.ok) return await tell(admitted.message);
      const ids = (kind === "advice" ? flagAdvice : flagResolve).decode(value);
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
      await openModal(deps, args, view, tell);
    } catch (error) {
      await tell(couldNotRecord(error));
    }
  }

  app.view(
    ADVICE_MODAL,
    onForm(deps, (args, ack) => submit("advice", args, ack)),
  );
  app.view(
    RESOLVE_MODAL,
    onForm(deps, (args, ack) => submit("resolve", args, ack)),
  );

  async function submit(kind: "advice" | "resolve", args: ViewArgs, ack: ViewAck) {
    const { body, view, client } = args;
    const meta = readFlagMeta(seal.open(view.private_metadata));
    const { tell, refuse, atFields } = formReplies(deps, client, ack, {
      user: body.user.id,
      channel: meta?.c,
    });
    try {
      const who = await admitForm(deps, args, meta, refuse, { form: "a flag form", forged: FORGED_FORM });
      if (!meta || !who) return;
      if (!deps.record) return await refuse(NO_STORE);
      const flag = await loadFlag(deps, meta.f);
      if (!flag) return await refuse(`🔒 ${TAMPERED}`);
      const state = view.state.values as never;
      const request = `view:${body.view.id}`;
      let result: FlagWrite;
      if (kind === "advice") {
        const sub = readAdvice(state, deps.clock.now(), deps.config.timezone, flag);
        if (!sub.ok) return await atFields(sub.errors);
        result = await recordAdvice(deps, flag, sub, who, request);
      } else {
        const sub = readResolve(state);
        if (!sub.ok) return await atFields(sub.errors);
        result = await resolveFlag(deps, flag, sub.why, who, request);
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
