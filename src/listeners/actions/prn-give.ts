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
import { givePrn, type PrnGiveResult, type PrnNow, prnNow, stayArrival } from "../../answers/prn.ts";
import { loadSheet, petOf } from "../../answers/sheets.ts";
import { prnGive } from "../../blocks/buttons.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { giveForm, giveModal, readGive } from "../../blocks/prn-modal.ts";
import { followUpAt, type PrnDose, prnOverride, prnProblems } from "../../domain/prn.ts";
import { localDate } from "../../time.ts";
import { timeOf } from "../../words/dates.ts";
import { forReason, prnProblemWords } from "../../words/doses.ts";
import type { BotDeps } from "../bot-deps.ts";
import {
  type Form,
  type IdsOf,
  type Located,
  type MetaOf,
  onForm,
  onTap,
  sealed,
  type Tap,
} from "../interaction.ts";
import { type MessageRef, NO_STORE, type SheetRedraw, TAMPERED } from "../record-round.ts";

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
): Promise<Located<Offered>> {
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

type Offered = PrnNow & { name: string };

export function registerPrnGive(app: App, deps: BotDeps, redraw: SheetRedraw): void {
  onTap(app, deps, {
    button: prnGive,
    what: "an as-needed button",
    opens: true,
    home: true,
    locate: withArrival,
    run: openGive,
  });
  onForm(app, deps, {
    form: giveForm,
    what: "an as-needed form",
    forged: FORGED_FORM,
    to: (meta) => ({ channel: meta.at.channel, responseUrl: meta.at.responseUrl }),
    home: (meta) => meta.at.channel === undefined,
    locate: async (d, meta) => (d.record ? offered(d, meta) : { ok: false, refusal: NO_STORE }),
    run: (f) => submitGive(f, redraw),
  });
}

/** The give form, for the pet's items its confirmed plan offers now and the last day's doses. */
async function openGive(
  t: Tap<IdsOf<typeof prnGive>, Offered & { arrival?: string | undefined }, MessageRef | undefined>,
) {
  const { deps, ids, found } = t;
  const onPost = ids.sheetId !== undefined && t.at !== undefined;
  const home = t.body.container?.type === "view";
  const { c: _c, t: _t, ...where } = t.where;
  const meta = {
    b: ids.bookingId,
    p: ids.petId,
    ...(onPost ? { s: ids.sheetId, t: t.at?.ts } : {}),
    ...(t.where.c && (onPost || !home) ? { c: t.where.c } : {}),
    ...where,
    ...(found.arrival ? { a: found.arrival } : {}),
    n: found.name,
    ...(found.version?.room ? { r: found.version.room } : {}),
  };
  const at = deps.clock.now();
  const view = giveModal(sealed(deps, giveForm, meta), meta, found.items, recent(found.doses, at.getTime()), {
    timezone: deps.config.timezone,
    now: at.toISOString(),
  });
  await t.open(view, { failure: "views.open failed for an as-needed dose" });
}

/** The give form submitted: within the plan's limits, or past them only as prnOverride allows; then kept. */
async function submitGive(f: Form<MetaOf<typeof giveForm>, Offered>, redraw: SheetRedraw) {
  const { deps, meta, found } = f;
  const tz = deps.config.timezone;
  const nowAt = deps.clock.now();
  const sub = readGive(f.values, found.items, {
    now: nowAt.toISOString(),
    arrival: meta.arrival,
    timezone: tz,
  });
  if (!sub.ok) return await f.atFields(sub.errors);
  const earlier = found.doses.filter((d) => d.item === sub.item.key);
  const warned = (f.view.blocks as Array<{ block_id?: string }>).some((b) => b.block_id === "ack");
  const override = prnOverride(prnProblems(earlier, sub.givenAt, sub.item), {
    warned,
    acked: sub.acked,
    note: sub.note,
  });
  const words = override.problems.map((p) => prnProblemWords(p, tz));
  // Past the plan: the form again, saying why; nothing written.
  if (!override.ok && override.need === "warning") return await warn(f, sub, words);
  if (!override.ok) return await f.atFields(override.need === "note" ? NEEDS.note : NEEDS.acknowledgement);
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
  deps.prnFollowUps?.changed();
  await f.tell(givenWords(deps, result, meta.petName));
  const { channel, ts } = meta.at;
  if (meta.sheetId === undefined || !channel || !ts) return;
  const sheet = await loadSheet(deps, meta.sheetId);
  const pet = sheet && petOf(sheet, meta.bookingId, meta.petId);
  if (sheet && pet) await redraw.redraw(f.client, sheet, pet.message, { ...meta.at, channel, ts });
}

/** The give form again, saying why the dose is past the plan (or, past Slack's deadline, told privately). */
async function warn(
  f: Form<MetaOf<typeof giveForm>, Offered>,
  sub: Extract<ReturnType<typeof readGive>, { ok: true }>,
  words: string[],
) {
  const { deps, meta, found } = f;
  const now = deps.clock.now();
  const again = giveModal(
    f.view.private_metadata,
    { n: meta.petName, r: meta.room },
    found.items,
    recent(found.doses, now.getTime()),
    {
      timezone: deps.config.timezone,
      now: now.toISOString(),
      values: sub.values,
      warning: words,
    },
  );
  if (!(await f.ack.send({ response_action: "update", view: again as never })))
    await f.tell(`⚠️ Nothing was recorded: ${words.join("; ")}. Open 💊 Give if needed… again.`);
}

/** "💊 Recorded: Piriton given 14:05 for itching (Biscuit). You will be asked how it worked at 15:05." */
function givenWords(
  deps: BotDeps,
  result: Extract<PrnGiveResult, { dose: unknown }>,
  petName: string,
): string {
  const tz = deps.config.timezone;
  const d = result.dose;
  // Said against today: a dose recorded this morning as given last night is "given yesterday 23:20".
  const today = localDate(deps.clock.now(), tz);
  if (result.status === "duplicate")
    return `Already recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} by ${esc(d.userName)} (${esc(petName)}). Nothing more was written.`;
  const asked = timeOf(followUpAt(d.givenAt, deps.config.doses.prnFollowUpMinutes), tz, today);
  return `💊 Recorded: ${esc(d.label)} given ${timeOf(d.givenAt, tz, today)} ${esc(forReason(d.reason))} (${esc(petName)})${d.ack ? ", past the plan's limit, checked" : ""}. You will be asked how it worked at ${asked}.`;
}
