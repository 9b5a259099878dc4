/**
 * The follow-up's answers (issue 35): Helped, No change or Worse in one tap, or "📝 With a note…"
 * (the effect's form). Through the pipeline (src/listeners/interaction.ts): the guard, the dose read
 * from the record by the id in the button (or the sealed form), then the commit (request key
 * `prn_effect:<prnId>`: a second answer, by anyone, is refused politely with the first's), and only
 * then the ack; the message is redrawn answered, one redraw at a time, and the tapper told privately
 * when the ack went first (Slack's deadline) or it could not be; then every round post of the dose's
 * day (and kept copy) holding the pet is drawn again, its dose shown with its effect.
 */
import type { App, webApi } from "@slack/bolt";
import { type EffectResult, petNameOf, prnDose, recordEffect } from "../../answers/prn.ts";
import { prnEffect, prnEffectNote } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { answeredMessages } from "../../blocks/prn.ts";
import { effectForm, effectModal, readEffect } from "../../blocks/prn-modal.ts";
import type { PrnDose, PrnEffectEntry } from "../../domain/prn.ts";
import { timeOf } from "../../words/dates.ts";
import { effectWords } from "../../words/doses.ts";
import type { BotDeps } from "../bot-deps.ts";
import type { Form, IdsOf, Located, MetaOf, Tap } from "../interaction.ts";
import { nothingToFind, onForm, onTap, sealed } from "../interaction.ts";
import { MessageRedraw } from "../message-redraw.ts";
import type { MessageRef, SheetRedraw } from "../record-round.ts";
import { type PartsAt, replaceParts, tappedBlocks, tappedParts } from "../replace-parts.ts";

const UNKNOWN = "That dose is not one Kennel Desk keeps (out of date, or changed): nothing was recorded.";
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded.";

/**
 * "✅ Recorded: helped." when the tapper was acknowledged before the commit (Slack's deadline), or
 * the follow-up could not be shown answered.
 */
const RECORDED = (e: PrnEffectEntry, shown: boolean) =>
  `✅ Recorded: ${effectWords(e.effect)}.${shown ? "" : " The follow-up message could not be updated just now."}`;

/** "Already answered: helped, by Jane at 10:12. Nothing more was written." */
const ALREADY = (e: PrnEffectEntry, timezone: string) =>
  `Already answered: ${effectWords(e.effect)}, by ${esc(e.userName)} at ${timeOf(e.recordedAt, timezone)}. Nothing more was written.`;

/** The dose the effect's form is for, not answered yet. */
async function unanswered(deps: BotDeps, ids: { doseId: number }): Promise<Located<PrnDose>> {
  const dose = await prnDose(deps, ids.doseId);
  if (!dose) return { ok: false, refusal: `🔒 ${UNKNOWN}` };
  if (dose.effect) return { ok: false, refusal: ALREADY(dose.effect, deps.config.timezone) };
  return { ok: true, found: dose };
}

/** What draws again the round posts holding a pet (src/listeners/record-round.ts SheetRedraw). */
type RoundsOfPet = Pick<SheetRedraw, "petChanged">;

export function registerPrnEffect(app: App, deps: BotDeps, rounds: RoundsOfPet): void {
  const tz = () => deps.config.timezone;
  const messages = new MessageRedraw(deps, { join: true });

  /** The follow-up message in place, answered (chat.update, else the tap's response_url); false when not. */
  const showAnswered: Shown = (client, at, result) => {
    const draw = async () => {
      const name = await petNameOf(deps, result.dose.bookingId, result.dose.petId);
      const m = answeredMessages(result.dose, name, result.effect, tz());
      return replaceParts(deps, client, at, m, "show the answered follow-up");
    };
    const { channel, ts } = at;
    return channel && ts ? messages.redraw({ channel, ts }, "the answered follow-up", draw) : draw();
  };

  // Helped, No change, Worse: recorded in one tap.
  onTap(app, deps, {
    button: prnEffect,
    what: "an effect button",
    locate: nothingToFind,
    async run(t) {
      const result = await recordEffect(deps, { prnId: t.ids.doseId, effect: t.ids.effect, who: t.who });
      await t.ack.send();
      if (result.status === "unknown") return await t.tell(`🔒 ${UNKNOWN}`);
      const shown = await showAnswered(t.client, followUpAt(t), result);
      if (result.status === "already") return await t.tell(ALREADY(result.effect, tz()));
      if (t.ack.late || !shown) await t.tell(RECORDED(result.effect, shown));
      await rounds.petChanged(t.client, result.dose.date, result.dose);
    },
  });

  // "📝 With a note…": the effect's form.
  onTap(app, deps, {
    button: prnEffectNote,
    what: "an effect button",
    opens: true,
    tampered: `🔒 ${UNKNOWN}`,
    locate: unanswered,
    run: openEffect,
  });

  onForm(app, deps, {
    form: effectForm,
    what: "an effect form",
    forged: FORGED_FORM,
    to: (meta) => ({ channel: meta.at.channel }),
    locate: nothingToFind,
    run: (f) => submitEffect(f, showAnswered, rounds),
  });
}

type Shown = (
  client: webApi.WebClient,
  at: FollowUpAt,
  result: Extract<EffectResult, { dose: unknown }>,
) => Promise<boolean>;
type FollowUpAt = PartsAt;

/**
 * The follow-up a tap was on: by its first part when the tap was on a further one (a long
 * follow-up's buttons are on its last part: src/blocks/parts.ts), with how many parts it has.
 */
function followUpAt(t: {
  where: { c?: string; t?: string; h?: string; u?: string };
  body: unknown;
}): FollowUpAt {
  const { c, t: ts, h, u } = t.where;
  const at = { channel: c, ts, threadTs: h, responseUrl: u };
  return c && ts ? tappedParts({ ...at, channel: c, ts }, tappedBlocks(t.body)) : at;
}

/** "📝 With a note…": the effect's form, for a dose not answered yet. */
async function openEffect(t: Tap<IdsOf<typeof prnEffectNote>, PrnDose, MessageRef | undefined>) {
  const { deps, found } = t;
  const at = followUpAt(t);
  const meta = {
    d: found.id,
    ...(at.channel ? { c: at.channel } : {}),
    ...(at.ts ? { t: at.ts } : {}),
    ...(at.parts ? { pn: at.parts } : {}),
  };
  const name = await petNameOf(deps, found.bookingId, found.petId);
  await t.open(effectModal(sealed(deps, effectForm, meta), found, name, deps.config.timezone), {
    failure: "could not open the effect's form",
  });
}

/** The effect's form: kept once per dose (a second answer refused with the first's), the follow-up shown answered. */
async function submitEffect(
  f: Form<MetaOf<typeof effectForm>, undefined>,
  showAnswered: Shown,
  rounds: RoundsOfPet,
) {
  const sub = readEffect(f.values);
  if (!sub.ok) return await f.atFields(sub.errors);
  const input = { prnId: f.meta.doseId, effect: sub.effect, note: sub.note, who: f.who };
  const result = await recordEffect(f.deps, input);
  if (result.status === "unknown") return await f.refuse(`🔒 ${UNKNOWN}`);
  if (result.status === "already") {
    await f.refuse(ALREADY(result.effect, f.deps.config.timezone));
    return void (await showAnswered(f.client, f.meta.at, result));
  }
  // Committed: the form closes now.
  await f.ack.send();
  const shown = await showAnswered(f.client, f.meta.at, result);
  if (f.ack.late || !shown) await f.tell(RECORDED(result.effect, shown));
  // Every round post of the dose's day holding the pet: its dose no longer "awaiting effect".
  await rounds.petChanged(f.client, result.dose.date, result.dose);
}
