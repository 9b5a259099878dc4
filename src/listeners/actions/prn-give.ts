/**
 * "💊 Give if needed…" (issue 35), on the pet's card, Home and the round post: the guard first, then
 * the pet's current care plan read from the record (offered only when a person confirmed it; never
 * from the message or the button, whose value is only ids), then the form. Its submission: the
 * sealed metadata, the guard again, the fields (a reason required; when it was given, not in the
 * future nor before the pet arrived), the plan's most per 24 h and least time between doses against
 * the pet's earlier doses of the item; past either, the form again saying why, and only an explicit
 * "I have checked: give it anyway" with a note records it, the acknowledgement kept with the dose.
 * Then the commit, and only then the ack (src/listeners/ack.ts); the round post is redrawn, and the
 * follow-up is due an hour later (src/digest/prn-follow-up.ts). The kennel system's words are read
 * at opening and again at the submission (src/answers/prn.ts prnStay): changed since the plan was
 * confirmed, nothing is given until it is confirmed again; the limits are counted in the write's
 * own transaction (givePrn), so doses given at once on two replicas are counted against each other.
 */
import type { App } from "@slack/bolt";
import { type PrnNow, prnNow } from "../../answers/prn.ts";
import { givePrn, prnStay } from "../../answers/prn-give.ts";
import { loadSheet, petOf } from "../../answers/sheets.ts";
import { prnGive } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  type GiveMeta,
  type GiveSubmission,
  giveMetaText,
  giveModal,
  PRN_MODAL,
  readGive,
  readGiveMeta,
} from "../../blocks/prn-modal.ts";
import { followUpAt, type PrnDose } from "../../domain/prn.ts";
import { WITNESS_MINUTES } from "../../domain/witness.ts";
import { wordsChangedWords } from "../../present/prn.ts";
import { SEAL_LENGTH } from "../../slack/seal.ts";
import { timeOf } from "../../words/dates.ts";
import { forReason } from "../../words/doses.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately, usableResponseUrl } from "../guard.ts";
import {
  admitForm,
  formReplies,
  onForm,
  openModal,
  type TapArgs,
  type ViewAck,
  type ViewArgs,
} from "../interaction.ts";
import { couldNotRecord, NO_STORE, type SheetRedraw, TAMPERED } from "../record-round.ts";

/** The longest wait for the booking and the pet's words before the form opens without them (Slack's trigger lasts 3 s). */
const ARRIVAL_WAIT_MS = 1_000;
const DAY_MS = 24 * 3_600_000;

const NOT_CONFIRMED = (name: string) =>
  `${esc(name)}'s care plan is not confirmed: a dose is offered here only as a confirmed plan says. Open 📋 Plan… on the round post to confirm it. Nothing was recorded.`;
const NOTHING_IF_NEEDED = (name: string) =>
  `${esc(name)}'s confirmed care plan has nothing to give if needed today. Nothing was recorded.`;
const WITNESS_ASK = `💉 A high-alert drug: a second person taps 👀 Witnessed beside the pet on the round post within ${WITNESS_MINUTES} minutes.`;
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Give if needed… again.";

const recent = (doses: PrnDose[], now: number) => doses.filter((d) => Date.parse(d.givenAt) > now - DAY_MS);

export function registerPrnGive(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  app.action(prnGive.pattern, async (args: TapArgs) => {
    await args.ack();
    await deps.inflight.track(open(args));
  });

  /** Within Slack's trigger (3 s): what is back by then of the stay and the kennel system's words. */
  async function stayWithin(now: PrnNow, b: number, p: number) {
    let timer: NodeJS.Timeout | undefined;
    const read = now.version ? prnStay(deps, b, p, now.version) : Promise.resolve(undefined);
    return Promise.race([
      read,
      new Promise<undefined>((r) => {
        timer = setTimeout(() => r(undefined), ARRIVAL_WAIT_MS);
      }),
    ]).finally(() => clearTimeout(timer));
  }

  async function open(args: TapArgs): Promise<void> {
    const { body, action, client } = args;
    const home = body.container?.type === "view";
    const channel = body.channel?.id ?? body.container?.channel_id;
    const responseUrl = (body as { response_url?: string }).response_url;
    const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
    try {
      const admitted = await admit(deps, client, body.user, channel, { button: true, home });
      if (!admitted.ok) return void (await tell(admitted.message));
      const ids = prnGive.decode(
        "value" in action && typeof action.value === "string" ? action.value : undefined,
      );
      if (!ids) return void (await tell(`🔒 ${TAMPERED}`));
      const now = await prnNow(deps, ids.b, ids.p);
      const name = now.version?.petName ?? `pet ${ids.p}`;
      if (!now.version) return void (await tell(`🔒 ${TAMPERED}`));
      if (!now.confirmed) return void (await tell(NOT_CONFIRMED(name)));
      if (now.items.length === 0) return void (await tell(NOTHING_IF_NEEDED(name)));
      const stay = await stayWithin(now, ids.b, ids.p);
      if (stay?.words.state === "changed")
        return void (await tell(wordsChangedWords(esc(name), stay.words.changed)));
      const message = (body as { message?: { ts?: string; thread_ts?: string } }).message;
      const meta: GiveMeta = {
        b: ids.b,
        p: ids.p,
        ...(ids.s !== undefined && channel && message?.ts ? { s: ids.s, c: channel, t: message.ts } : {}),
        ...(channel && !home ? { c: channel } : {}),
        ...(message?.thread_ts ? { h: message.thread_ts } : {}),
        ...(usableResponseUrl(responseUrl) ? { u: usableResponseUrl(responseUrl) } : {}),
        ...(stay?.arrival ? { a: stay.arrival } : {}),
        ...(stay?.departure ? { d: stay.departure } : {}),
        n: name,
        ...(now.version.room ? { r: now.version.room } : {}),
      };
      const sealed = deps.seal.sign(giveMetaText(meta, 3000 - SEAL_LENGTH));
      const at = deps.clock.now();
      const view = giveModal(sealed, meta, now.items, recent(now.doses, at.getTime()), {
        timezone: deps.config.timezone,
        now: at.toISOString(),
      });
      await openModal(deps, args, view, tell, "views.open failed for an as-needed dose");
    } catch (error) {
      await tell(couldNotRecord(error));
    }
  }

  app.view(PRN_MODAL, onForm(deps, submit));

  /** The form's fields checked against the plan now, the kennel system's words and the stay's times. */
  async function read(
    args: ViewArgs,
    meta: GiveMeta,
    refuse: (text: string) => Promise<void>,
  ): Promise<{ now: PrnNow; sub: GiveSubmission } | undefined> {
    const now = await prnNow(deps, meta.b, meta.p);
    if (!now.confirmed || !now.version) return void (await refuse(NOT_CONFIRMED(meta.n)));
    if (now.items.length === 0) return void (await refuse(NOTHING_IF_NEEDED(meta.n)));
    const stay = await prnStay(deps, meta.b, meta.p, now.version);
    if (stay.words.state === "changed")
      return void (await refuse(wordsChangedWords(esc(meta.n), stay.words.changed)));
    const sub = readGive(args.view.state.values as never, now.items, {
      now: deps.clock.now().toISOString(),
      arrival: stay.arrival ?? meta.a,
      departure: stay.departure ?? meta.d,
      timezone: deps.config.timezone,
    });
    return { now, sub };
  }

  async function submit(args: ViewArgs, ack: ViewAck): Promise<void> {
    const { body, view, client } = args;
    const meta = readGiveMeta(deps.seal.open(view.private_metadata));
    const to = { user: body.user.id, channel: meta?.c, responseUrl: meta?.u };
    const { tell, refuse, atFields } = formReplies(deps, client, ack, to);
    try {
      const who = await admitForm(deps, args, meta, refuse, {
        form: "an as-needed form",
        forged: FORGED_FORM,
        home: meta?.c === undefined,
      });
      if (!meta || !who) return;
      if (!deps.record) return await refuse(NO_STORE);
      const checked = await read(args, meta, refuse);
      if (!checked) return;
      const { now, sub } = checked;
      if (!sub.ok) return await atFields(sub.errors);
      const warned = (view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "ack");
      if (warned && sub.acked.length === 0)
        return await atFields({
          ack: "Tick this to give it anyway, or Cancel: nothing is recorded until you do.",
        });
      if (warned && !sub.note)
        return await atFields({ note: "Say who you checked with, and why it is given anyway." });
      const result = await givePrn(deps, {
        bookingId: meta.b,
        petId: meta.p,
        item: sub.item.key,
        reason: sub.reason,
        givenAt: sub.givenAt,
        note: sub.note,
        acked: warned ? sub.acked : [],
        who,
        requestKey: `view:${body.view.id}`,
      });
      if (result.status === "refused")
        return await refuse(result.why === "no_store" ? NO_STORE : NOTHING_IF_NEEDED(meta.n));
      if (result.status === "past_limit") {
        // Past the plan (counted with every dose kept, here or on another replica): the form again, saying why; nothing written.
        const warning = { words: result.words, rules: result.problems.map((p) => p.rule) };
        const again = giveModal(
          view.private_metadata,
          meta,
          now.items,
          recent(now.doses, deps.clock.now().getTime()),
          {
            timezone: deps.config.timezone,
            now: deps.clock.now().toISOString(),
            values: sub.values,
            warning,
          },
        );
        if (!(await ack.send({ response_action: "update", view: again as never })))
          await tell(`⚠️ Nothing was recorded: ${result.words.join("; ")}. Open 💊 Give if needed… again.`);
        return;
      }
      // Committed: the form closes now.
      await ack.send();
      deps.prnFollowUps?.changed();
      const d = result.dose;
      const tz = deps.config.timezone;
      const asked = timeOf(followUpAt(d.givenAt, deps.config.doses.prnFollowUpMinutes), tz);
      await tell(
        result.status === "duplicate"
          ? `Already recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz)} by ${esc(d.userName)} (${esc(meta.n)}). Nothing more was written.`
          : `💊 Recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz)} ${esc(forReason(d.reason))} (${esc(meta.n)})${d.ack ? ", past the plan's limit, checked" : ""}. You will be asked how it worked at ${asked}.${d.highAlert ? ` ${WITNESS_ASK}` : ""}`,
      );
      await redrawRound(client, meta);
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }

  /** The round post the button was on, drawn again from the record (the dose on it). */
  async function redrawRound(client: ViewArgs["client"], meta: GiveMeta): Promise<void> {
    if (meta.s === undefined || !meta.c || !meta.t) return;
    const sheet = await loadSheet(deps, meta.s);
    const pet = sheet ? petOf(sheet, meta.b, meta.p) : undefined;
    if (sheet && pet)
      await redraw.redraw(client, sheet, pet.message, {
        channel: meta.c,
        ts: meta.t,
        threadTs: meta.h,
        responseUrl: meta.u,
      });
  }
}
