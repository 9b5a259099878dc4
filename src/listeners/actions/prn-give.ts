/**
 * "💊 Give if needed…" (issue 35), on the pet's card, Home and the round post, through the pipeline
 * (src/listeners/interaction.ts): the guard, then the pet's current care plan read from the record
 * (offered only when a person confirmed it; never from the message or the button, whose value is
 * only ids), then the form. Its submission: the sealed metadata, the guard again, the fields (a
 * reason required; when it was given, not in the future nor before the pet arrived), and the plan's
 * limits against the pet's earlier doses of the item: past one, the form again saying why, and only
 * an explicit "I have checked: give it anyway" with a note records it (src/domain/prn.ts
 * prnOverride). Then the commit, and only then the ack; the round post is redrawn, and the
 * follow-up is due an hour later (src/digest/prn-follow-up.ts).
 */
import type { App } from "@slack/bolt";
import { givePrn, type PrnNow, prnNow, stayArrival } from "../../answers/prn.ts";
import { loadSheet, petOf } from "../../answers/sheets.ts";
import { prnGive } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { giveForm, giveModal, readGive } from "../../blocks/prn-modal.ts";
import { followUpAt, type PrnDose, prnOverride, prnProblems } from "../../domain/prn.ts";
import { timeOf } from "../../words/dates.ts";
import { forReason, prnProblemWords } from "../../words/doses.ts";
import type { BotDeps } from "../bot-deps.ts";
import { type Located, onForm, onTap, sealed } from "../interaction.ts";
import { NO_STORE, type SheetRedraw, TAMPERED } from "../record-round.ts";

/** The longest wait for the booking's check-in before the form opens without it (Slack's trigger lasts 3 s). */
const ARRIVAL_WAIT_MS = 1_000;
const DAY_MS = 24 * 3_600_000;

const NOT_CONFIRMED = (name: string) =>
  `${esc(name)}'s care plan is not confirmed: a dose is offered here only as a confirmed plan says. Open 📋 Plan… on the round post to confirm it. Nothing was recorded.`;
const NOTHING_IF_NEEDED = (name: string) =>
  `${esc(name)}'s confirmed care plan has nothing to give if needed today. Nothing was recorded.`;
const FORGED_FORM =
  "This form is not one Kennel Desk opened (or it was changed on the way): nothing was recorded. Open 💊 Give if needed… again.";
/** What the give form's field says until the person ticks it. */
const NEEDS = {
  acknowledgement: { ack: "Tick this to give it anyway, or Cancel: nothing is recorded until you do." },
  note: { note: "Say who you checked with, and why it is given anyway." },
};

const recent = (doses: PrnDose[], now: number) => doses.filter((d) => Date.parse(d.givenAt) > now - DAY_MS);

/** The pet's as-needed items now, from its confirmed plan; refused when there is none to give. */
async function offered(
  deps: BotDeps,
  ids: { bookingId: number; petId: number; petName?: string },
): Promise<Located<PrnNow & { name: string }>> {
  const now = await prnNow(deps, ids.bookingId, ids.petId);
  const name = ids.petName ?? now.version?.petName ?? `pet ${ids.petId}`;
  if (!now.version && ids.petName === undefined) return { ok: false, refusal: `🔒 ${TAMPERED}` };
  if (!now.confirmed) return { ok: false, refusal: NOT_CONFIRMED(name) };
  if (now.items.length === 0) return { ok: false, refusal: NOTHING_IF_NEEDED(name) };
  return { ok: true, found: { ...now, name } };
}

/** The booking's check-in, asked for beside the plan and waited for at most ARRIVAL_WAIT_MS after it. */
async function withArrival(deps: BotDeps, ids: { bookingId: number; petId: number }) {
  const asked = stayArrival(deps, ids.bookingId).catch(() => undefined);
  const located = await offered(deps, ids);
  if (!located.ok) return located;
  let timer: NodeJS.Timeout | undefined;
  const arrival = await Promise.race([
    asked,
    new Promise<undefined>((r) => {
      timer = setTimeout(() => r(undefined), ARRIVAL_WAIT_MS);
    }),
  ]).finally(() => clearTimeout(timer));
  return { ok: true as const, found: { ...located.found, arrival } };
}

export function registerPrnGive(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  const tz = () => deps.config.timezone;

  onTap(app, deps, {
    button: prnGive,
    what: "an as-needed button",
    opens: true,
    home: true,
    locate: withArrival,
    async run(t) {
      const { version, items, doses, name, arrival } = t.found;
      const onPost = t.ids.sheetId !== undefined && t.at !== undefined;
      const home = t.body.container?.type === "view";
      const { c: _c, t: _t, ...where } = t.where;
      const meta = {
        b: t.ids.bookingId,
        p: t.ids.petId,
        ...(onPost ? { s: t.ids.sheetId, t: t.at?.ts } : {}),
        ...(t.where.c && (onPost || !home) ? { c: t.where.c } : {}),
        ...where,
        ...(arrival ? { a: arrival } : {}),
        n: name,
        ...(version?.room ? { r: version.room } : {}),
      };
      const at = deps.clock.now();
      const view = giveModal(sealed(deps, giveForm, meta), meta, items, recent(doses, at.getTime()), {
        timezone: tz(),
        now: at.toISOString(),
      });
      await t.open(view, { failure: "views.open failed for an as-needed dose" });
    },
  });

  onForm(app, deps, {
    form: giveForm,
    what: "an as-needed form",
    forged: FORGED_FORM,
    to: (meta) => ({ channel: meta.at.channel, responseUrl: meta.at.responseUrl }),
    home: (meta) => meta.at.channel === undefined,
    locate: async (d, meta) => (d.record ? offered(d, meta) : { ok: false, refusal: NO_STORE }),
    async run(f) {
      const { meta } = f;
      const nowAt = deps.clock.now();
      const sub = readGive(f.values, f.found.items, {
        now: nowAt.toISOString(),
        arrival: meta.arrival,
        timezone: tz(),
      });
      if (!sub.ok) return await f.atFields(sub.errors);
      const earlier = f.found.doses.filter((d) => d.item === sub.item.key);
      const warned = (f.view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "ack");
      const override = prnOverride(prnProblems(earlier, sub.givenAt, sub.item), {
        warned,
        acked: sub.acked,
        note: sub.note,
      });
      const words = override.problems.map((p) => prnProblemWords(p, tz()));
      if (!override.ok && override.need === "warning") {
        // Past the plan: the form again, saying why; nothing written.
        const again = giveModal(
          f.view.private_metadata,
          { n: meta.petName, r: meta.room },
          f.found.items,
          recent(f.found.doses, nowAt.getTime()),
          {
            timezone: tz(),
            now: nowAt.toISOString(),
            values: sub.values,
            warning: words,
          },
        );
        if (!(await f.ack.send({ response_action: "update", view: again as never })))
          await f.tell(`⚠️ Nothing was recorded: ${words.join("; ")}. Open 💊 Give if needed… again.`);
        return;
      }
      if (!override.ok)
        return await f.atFields(override.need === "note" ? NEEDS.note : NEEDS.acknowledgement);
      const first = override.problems[0];
      const result = await givePrn(deps, {
        bookingId: meta.bookingId,
        petId: meta.petId,
        item: sub.item.key,
        reason: sub.reason,
        givenAt: sub.givenAt,
        note: sub.note,
        ...(first ? { ack: { rule: first.rule, words: words.join("; ") } } : {}),
        who: f.who,
        requestKey: f.requestKey,
      });
      if (result.status === "refused")
        return await f.refuse(result.why === "no_store" ? NO_STORE : NOTHING_IF_NEEDED(meta.petName));
      // Committed: the form closes now.
      await f.ack.send();
      const d = result.dose;
      deps.prnFollowUps?.changed();
      const asked = timeOf(followUpAt(d.givenAt, deps.config.doses.prnFollowUpMinutes), tz());
      await f.tell(
        result.status === "duplicate"
          ? `Already recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz())} by ${esc(d.userName)} (${esc(meta.petName)}). Nothing more was written.`
          : `💊 Recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz())} ${esc(forReason(d.reason))} (${esc(meta.petName)})${d.ack ? ", past the plan's limit, checked" : ""}. You will be asked how it worked at ${asked}.`,
      );
      const { channel, ts } = meta.at;
      if (meta.sheetId === undefined || !channel || !ts) return;
      const sheet = await loadSheet(deps, meta.sheetId);
      const pet = sheet && petOf(sheet, meta.bookingId, meta.petId);
      if (sheet && pet) await redraw.redraw(f.client, sheet, pet.message, { ...meta.at, channel, ts });
    },
  });
}
