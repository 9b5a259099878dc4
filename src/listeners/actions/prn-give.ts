/**
 * "💊 Give if needed…" (issue 35), on the pet's card, Home and the round post: the guard first, then
 * the pet's current care plan read from the record (offered only when a person confirmed it; never
 * from the message or the button, whose value is only ids), then the form. Its submission: the
 * sealed metadata, the guard again, the fields (a reason required; when it was given, not in the
 * future nor before the pet arrived), the plan's most per 24 h and least time between doses against
 * the pet's earlier doses of the item; past either, the form again saying why, and only an explicit
 * "I have checked: give it anyway" with a note records it, the acknowledgement kept with the dose.
 * Then the commit, and only then the ack (src/listeners/ack.ts); the round post is redrawn, and the
 * follow-up is due an hour later (src/digest/prn-follow-up.ts).
 */
import type { App } from "@slack/bolt";
import { givePrn, prnNow, stayArrival } from "../../answers/prn.ts";
import { loadSheet, petOf } from "../../answers/sheets.ts";
import { prnGive } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import {
  type GiveMeta,
  giveMetaText,
  giveModal,
  PRN_MODAL,
  readGive,
  readGiveMeta,
} from "../../blocks/prn-modal.ts";
import { followUpAt, type PrnDose, prnProblems } from "../../domain/prn.ts";
import { SEAL_LENGTH } from "../../slack/seal.ts";
import { localDate } from "../../time.ts";
import { timeOf } from "../../words/dates.ts";
import { forReason, prnProblemWords } from "../../words/doses.ts";
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

/** The longest wait for the booking's check-in before the form opens without it (Slack's trigger lasts 3 s). */
const ARRIVAL_WAIT_MS = 1_000;
const DAY_MS = 24 * 3_600_000;

const NOT_CONFIRMED = (name: string) =>
  `${esc(name)}'s care plan is not confirmed: a dose is offered here only as a confirmed plan says. Open 📋 Plan… on the round post to confirm it. Nothing was recorded.`;
const NOTHING_IF_NEEDED = (name: string) =>
  `${esc(name)}'s confirmed care plan has nothing to give if needed today. Nothing was recorded.`;
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Give if needed… again.";

const recent = (doses: PrnDose[], now: number) => doses.filter((d) => Date.parse(d.givenAt) > now - DAY_MS);

export function registerPrnGive(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  app.action(prnGive.pattern, async (args: TapArgs) => {
    await args.ack();
    await deps.inflight.track(open(args));
  });

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
      const arrival = stayArrival(deps, ids.b).catch(() => undefined);
      const now = await prnNow(deps, ids.b, ids.p);
      const name = now.version?.petName ?? `pet ${ids.p}`;
      if (!now.version) return void (await tell(`🔒 ${TAMPERED}`));
      if (!now.confirmed) return void (await tell(NOT_CONFIRMED(name)));
      if (now.items.length === 0) return void (await tell(NOTHING_IF_NEEDED(name)));
      let timer: NodeJS.Timeout | undefined;
      const a = await Promise.race([
        arrival,
        new Promise<undefined>((r) => {
          timer = setTimeout(() => r(undefined), ARRIVAL_WAIT_MS);
        }),
      ]).finally(() => clearTimeout(timer));
      const message = (body as { message?: { ts?: string; thread_ts?: string } }).message;
      const meta: GiveMeta = {
        b: ids.b,
        p: ids.p,
        ...(ids.s !== undefined && channel && message?.ts ? { s: ids.s, c: channel, t: message.ts } : {}),
        ...(channel && !home ? { c: channel } : {}),
        ...(message?.thread_ts ? { h: message.thread_ts } : {}),
        ...(usableResponseUrl(responseUrl) ? { u: usableResponseUrl(responseUrl) } : {}),
        ...(a ? { a } : {}),
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
      const nowAt = deps.clock.now();
      const now = await prnNow(deps, meta.b, meta.p);
      if (!now.confirmed) return await refuse(NOT_CONFIRMED(meta.n));
      if (now.items.length === 0) return await refuse(NOTHING_IF_NEEDED(meta.n));
      const values = view.state.values as never;
      const sub = readGive(values, now.items, {
        now: nowAt.toISOString(),
        arrival: meta.a,
        timezone: deps.config.timezone,
      });
      if (!sub.ok) return await atFields(sub.errors);
      const tz = deps.config.timezone;
      const earlier = now.doses.filter((d) => d.item === sub.item.key);
      const problems = prnProblems(earlier, sub.givenAt, sub.item);
      const words = problems.map((p) => prnProblemWords(p, tz));
      const warned = (view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "ack");
      if (problems.length && !warned) {
        // Past the plan: the form again, saying why; nothing written.
        const again = giveModal(view.private_metadata, meta, now.items, recent(now.doses, nowAt.getTime()), {
          timezone: tz,
          now: nowAt.toISOString(),
          values: sub.values,
          warning: words,
        });
        if (!(await ack.send({ response_action: "update", view: again as never })))
          await tell(`⚠️ Nothing was recorded: ${words.join("; ")}. Open 💊 Give if needed… again.`);
        return;
      }
      if (problems.length && !sub.acked)
        return await atFields({
          ack: "Tick this to give it anyway, or Cancel: nothing is recorded until you do.",
        });
      if (problems.length && !sub.note)
        return await atFields({ note: "Say who you checked with, and why it is given anyway." });
      const first = problems[0];
      const result = await givePrn(deps, {
        bookingId: meta.b,
        petId: meta.p,
        item: sub.item.key,
        reason: sub.reason,
        givenAt: sub.givenAt,
        note: sub.note,
        ...(first ? { ack: { rule: first.rule, words: words.join("; ") } } : {}),
        who,
        requestKey: `view:${body.view.id}`,
      });
      if (result.status === "refused")
        return await refuse(result.why === "no_store" ? NO_STORE : NOTHING_IF_NEEDED(meta.n));
      // Committed: the form closes now.
      await ack.send();
      const d = result.dose;
      deps.prnFollowUps?.changed();
      // Said against today: a dose recorded this morning as given last night is "given yesterday 23:20".
      const today = localDate(deps.clock.now(), tz);
      const asked = timeOf(followUpAt(d.givenAt, deps.config.doses.prnFollowUpMinutes), tz, today);
      await tell(
        result.status === "duplicate"
          ? `Already recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} by ${esc(d.userName)} (${esc(meta.n)}). Nothing more was written.`
          : `💊 Recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} ${esc(forReason(d.reason))} (${esc(meta.n)})${d.ack ? ", past the plan's limit, checked" : ""}. You will be asked how it worked at ${asked}.`,
      );
      if (meta.s !== undefined && meta.c && meta.t) {
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
    } catch (error) {
      await refuse(couldNotRecord(error));
    }
  }
}
