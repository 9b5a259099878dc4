/**
 * A welfare flag's two buttons and their forms: "🩺 Vet advice…" (who was asked, when, what was
 * advised: an entry of the record each time) and "✔️ Resolved…" (why: the flag closes, once; the
 * second to try is told who resolved it and when). Through the pipeline
 * (src/listeners/interaction.ts): the guard, the sealed metadata, a flag Kennel Desk opened;
 * committed before the ack; then the message the button was on (the flag in the post's thread, or
 * the Home tab's list) drawn again from the record, one redraw at a time, and after it every other
 * channel message showing the flag (src/listeners/welfare-redraw.ts flagChanged).
 */
import type { App } from "@slack/bolt";
import { type FlagWrite, loadFlag, recordAdvice, resolveFlag } from "../../answers/welfare-flags.ts";
import { esc, plainOf } from "../../blocks/mrkdwn.ts";
import { flagAdvice, flagResolve } from "../../blocks/welfare.ts";
import {
  adviceForm,
  adviceModal,
  readAdvice,
  readResolve,
  resolveForm,
  resolveModal,
} from "../../blocks/welfare-modal.ts";
import type { WelfareFlag } from "../../domain/welfare-flag.ts";
import { timeOf } from "../../words/dates.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Form, type IdsOf, type Located, onForm, onTap, sealed, type Tap } from "../interaction.ts";
import type { MessageRef } from "../record-round.ts";
import { tappedBlocks, tappedParts } from "../replace-parts.ts";
import { NO_STORE, TAMPERED } from "../tapper-words.ts";
import type { WelfareRedraw } from "../welfare-redraw.ts";
import { FORGED_FORM } from "../welfare-words.ts";

type FlagNamed = NonNullable<ReturnType<typeof adviceForm.read>>;

/** Mrkdwn: the name Slack gave the person who resolved it escaped (a display name can say <!channel>). */
const resolvedWords = (w: FlagWrite, timezone: string) =>
  `Already resolved: ${w.flag.resolved ? esc(w.flag.resolved.userName) : "someone"} resolved it at ${timeOf(w.flag.resolved?.recordedAt, timezone)}. Nothing more was written.`;

/** A flag's form, for a flag not resolved yet (one resolved meanwhile: its message redrawn, and who resolved it said). */
async function openFlagForm(
  t: Tap<IdsOf<typeof flagAdvice>, WelfareFlag, MessageRef | undefined>,
  redraw: WelfareRedraw,
  form: typeof adviceForm,
  modal: typeof adviceModal,
) {
  const { channel, ts, threadTs, responseUrl } = t.at ?? {};
  // A flag's message, or the Home tab's list (its ts in the container).
  const at = ts ?? (t.body.container as { message_ts?: string } | undefined)?.message_ts;
  if (!channel || !at) return await t.refuse(`🔒 ${TAMPERED}`);
  // Tapped on a further part of a long flag: the flag is drawn again from its first part.
  const where = tappedParts({ channel, ts: at, threadTs, responseUrl }, tappedBlocks(t.body));
  const flag = t.found;
  if (flag.resolved) {
    await redraw.redrawFlag(t.client, { flagId: flag.id, onHomeList: t.ids.onHomeList, at: where });
    return await t.tell(resolvedWords({ status: "already", flag }, t.deps.config.timezone));
  }
  const meta = {
    f: flag.id,
    ...(t.ids.onHomeList ? { l: 1 as const } : {}),
    ...t.where,
    c: channel,
    t: where.ts,
    pn: where.parts,
    ...(where.ts === at ? {} : { u: undefined }),
  };
  await t.open(modal(sealed(t.deps, form, meta), flag));
}

/** The flag a button or form names, kept in the record. */
async function onFlag(deps: BotDeps, ids: { flagId: number }): Promise<Located<WelfareFlag>> {
  if (!deps.record) return { ok: false, refusal: NO_STORE };
  const flag = await loadFlag(deps, ids.flagId);
  return flag ? { ok: true, found: flag } : { ok: false, refusal: `🔒 ${TAMPERED}` };
}

/**
 * Committed: the form closes, the message it came from is drawn again, the sender told when it
 * must be; then every other channel message showing the flag (the pet's line on the welfare posts,
 * and the flag's own message when the form came from the Home tab's list).
 */
async function recorded(f: Form<FlagNamed, WelfareFlag>, redraw: WelfareRedraw) {
  await f.ack.send();
  const updated = await redraw.redrawFlag(f.client, f.meta);
  if (f.ack.late || !updated)
    await f.tell(
      `✅ Recorded on the welfare flag.${updated ? "" : " The message shows it when it is next drawn."}`,
    );
  await redraw.flagChanged(f.client, f.found, { ownMessage: f.meta.onHomeList });
}

export function registerWelfareFlag(app: App, deps: BotDeps, redraw: WelfareRedraw): void {
  const tz = () => deps.config.timezone;
  for (const [button, form, modal] of [
    [flagAdvice, adviceForm, adviceModal],
    [flagResolve, resolveForm, resolveModal],
  ] as const) {
    // Nothing is written by the button itself: it opens a form (Slack's trigger lasts 3 s).
    onTap(app, deps, {
      button,
      what: "a flag button",
      opens: true,
      locate: onFlag,
      run: (t) => openFlagForm(t, redraw, form, modal),
    });
  }

  const flagForm = {
    what: "a flag form",
    forged: FORGED_FORM,
    to: (meta: FlagNamed) => ({ channel: meta.at.channel }),
    locate: (d: BotDeps, meta: FlagNamed) => onFlag(d, meta),
  };
  onForm(app, deps, {
    ...flagForm,
    form: adviceForm,
    async run(f) {
      const sub = readAdvice(f.values, deps.clock.now(), deps.config.timezone, f.found);
      if (!sub.ok) return await f.atFields(sub.errors);
      await recordAdvice(deps, f.found, sub, f.who, f.requestKey);
      await recorded(f, redraw);
    },
  });

  onForm(app, deps, {
    ...flagForm,
    form: resolveForm,
    async run(f) {
      const sub = readResolve(f.values);
      if (!sub.ok) return await f.atFields(sub.errors);
      const result = await resolveFlag(deps, f.found, sub.why, f.who, f.requestKey);
      if (result.status === "already") {
        const words = resolvedWords(result, tz());
        if (await f.ack.send({ response_action: "errors", errors: { why: plainOf(words) } })) return;
        return await f.tell(words);
      }
      await recorded(f, redraw);
    },
  });
}
