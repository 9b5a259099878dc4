/**
 * A late or missed reply follows the record: each committed entry of that date and round (whichever
 * replica took the tap) draws the round's posted replies again from the record (the doses their
 * claims named, beside the entries now), striking through what was recorded since, until the foot
 * reads "✅ all recorded since". Where each reply is comes from its "posted" record; a reply in
 * several parts (src/blocks/parts.ts) has each part updated in place, found by one read of its
 * thread, the missing ones posted (each claimed in the record first, so that replicas editing one
 * reply at once post it once: src/digest/post-claims.ts), the ones no longer needed saying so.
 * Edits of one reply in one process run one after the other, each reading the store afresh, so the
 * last one shows the record as it is. A nudge is not edited.
 */
import { markedEntries } from "../answers/paper-marks.ts";
import { type DayNotDue, dayNotDue, readDay, readDayOnceGiven } from "../answers/round-record.ts";
import { confirmedPlansNow } from "../answers/sheet-plans.ts";
import { doseAlertMessages } from "../blocks/dose-alerts.ts";
import { firstPart, partSteps, partsIn } from "../blocks/parts.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { type OnceGiven, onceGivenKey } from "../domain/once-given.ts";
import { currentEntries, isMedicationItem } from "../domain/record.ts";
import { atFirstUse } from "../first-use.ts";
import { type AlertView, doseAlertDoc } from "../present/dose-alerts.ts";
import { planNowOnOpen } from "../present/plan-now-open.ts";
import type { PlanOnSheet } from "../present/plan-sheet.ts";
import { KeyedSerial } from "../process/serial.ts";
import type { CareRecordStore, Entry } from "../record/types.ts";
import { timeOf } from "../words/dates.ts";
import { onceGivenWords } from "../words/not-due.ts";
import { inErrorSaid } from "../words/record.ts";
import { type Claim, readAlerts } from "./dose-alert-records.ts";
import { findRoundPost } from "./dose-alert-slack.ts";
import { ownMessages } from "./post.ts";
import { claimedLong, postPart } from "./post-claims.ts";
import type { DigestSlack } from "./slack.ts";

type ClaimDose = Claim["doses"][number];

/** The confirmed plans now of a reply's pets, by "bookingId-petId". */
export type PlansNow = ReadonlyMap<string, PlanOnSheet>;

/** The confirmed plans now of the pets a claimed reply names with a dose from the words (none read: none said). */
export const plansOfClaims = (deps: Pick<Deps, "record">, claims: readonly Claim[]): Promise<PlansNow> =>
  confirmedPlansNow(
    deps,
    claims.flatMap((c) => c.doses.filter((d) => d.unconfirmed).map((d) => ({ bookingId: d.b, petId: d.p }))),
  ).catch(() => new Map());

/**
 * A dose's own entry; else, settled by another entry of its day as the day's rule reads it (`day`:
 * src/domain/day-dose.ts through src/answers/round-record.ts readDayNotDue), that entry and where
 * ("at the midday round", "as medication 1 (the same drug)").
 */
function entryView(d: ClaimDose, round: Round, date: string, current: Map<string, Entry>, day?: DayNotDue) {
  const own = current.get(`${date}|${round}|${d.b}|${d.p}|${d.item}`);
  if (own) return { entry: own };
  const s = day?.get(`${d.b}|${d.p}|${d.item}`);
  if (s?.state !== "not_due" || s.why !== "settled" || !s.by) return {};
  const entry = current.get(`${date}|${s.by.round}|${d.b}|${d.p}|${s.by.item ?? d.item}`);
  const settledBy = s.by.item
    ? `as medication ${s.by.item.slice(4)} (the same drug)`
    : `at the ${s.by.round} round`;
  return entry ? { entry, settledBy } : {};
}

/** The dose's entry put right as recorded in error, nothing recorded since: "recorded in error: wrong pet · Sam 13:05". */
function inErrorOf(entries: Entry[], key: string, timezone: string): string | undefined {
  const wrong = entries.find(
    (e) =>
      e.outcome === "in_error" &&
      e.supersededBy === undefined &&
      `${e.date}|${e.round}|${e.bookingId}|${e.petId}|${e.item}` === key,
  );
  return wrong && inErrorSaid(wrong, timezone);
}

/** What the pet's plan, confirmed since the round asked the dose, says now of it at that round; none when it is due there. */
function planNowOf(d: ClaimDose, claim: Claim, date: string, o: { timezone: string; plans?: PlansNow }) {
  const due = [{ item: d.item, label: d.label, text: d.text }];
  const at = { date, round: claim.round, timezone: o.timezone };
  return planNowOnOpen(due, o.plans?.get(`${d.b}-${d.p}`), at, () => true, false).get(d.item);
}

/** The confirmed medication doses claims name, by `onceGivenKey`: the only ones whose plans a redraw reads. */
const plannedKeys = (claims: readonly Claim[]): Set<string> =>
  new Set(
    claims.flatMap((c) =>
      c.doses
        .filter((d) => !d.unconfirmed && isMedicationItem(d.item))
        .map((d) => onceGivenKey(d.b, d.p, d.item)),
    ),
  );

/**
 * Its confirmed plan gives it at this round alone, and it was given today at another round
 * (src/answers/once-given.ts): the words said beside it, as the round post says them; none otherwise.
 */
function onceGivenOf(d: ClaimDose, o: { timezone: string; onceGiven?: OnceGiven | undefined }) {
  const g = o.onceGiven?.get(onceGivenKey(d.b, d.p, d.item));
  return g && onceGivenWords(g, o.timezone);
}

/** A claimed reply as its document's data, each dose beside its current entry (or the one that settled it). */
function alertView(
  claim: Claim,
  date: string,
  entries: Entry[],
  o: {
    timezone: string;
    day?: DayNotDue | undefined;
    plans?: PlansNow | undefined;
    onceGiven?: OnceGiven | undefined;
  },
): AlertView {
  const { day } = o;
  const current = currentEntries(entries.filter((e) => e.date === date));
  return {
    kind: claim.kind,
    date,
    round: claim.round,
    doses: claim.doses.map((d) => ({
      key: `${d.b}-${d.p}`,
      petName: d.name,
      room: d.room,
      item: d.item,
      label: d.label,
      text: d.text,
      highAlert: d.highAlert,
      unconfirmed: d.unconfirmed,
      onceToday: d.onceToday,
      twoSlots: d.twoSlots,
      planNow: planNowOf(d, claim, date, o),
      onceGiven: onceGivenOf(d, o),
      inError: inErrorOf(entries, `${date}|${claim.round}|${d.b}|${d.p}|${d.item}`, o.timezone),
      window: { opensAt: d.opensAt, dueAt: d.dueAt, lateAt: d.lateAt, closesAt: d.closesAt },
      ...entryView(d, claim.round, date, current, day),
    })),
  };
}

/**
 * A claimed reply's messages (one, or as many as its words need: the first is the reply, the others
 * go on in its thread): the late and missed replies mention ROUND_CHECK_MENTION's user group; a late
 * one naming a high-alert drug also ROUND_ESCALATE_MENTION. `updatedAt`: an edit's time; `roundPost`:
 * the reply is in the round post's thread (else it points at the sheet, not at a post).
 */
export function alertMessages(
  deps: Pick<Deps, "config">,
  claim: Claim,
  date: string,
  entries: Entry[],
  o: {
    updatedAt?: string;
    roundPost?: boolean | undefined;
    day?: DayNotDue | undefined;
    plans?: PlansNow | undefined;
    onceGiven?: OnceGiven | undefined;
  } = {},
): Message[] {
  const view = alertView(claim, date, entries, { ...o, timezone: deps.config.timezone });
  const doc = doseAlertDoc(view, { timezone: deps.config.timezone, ...o });
  if (claim.kind === "nudge") return doseAlertMessages(doc);
  const high = claim.kind === "late" && claim.doses.some((d) => d.highAlert);
  return doseAlertMessages(doc, [
    deps.config.roundCheck.mention,
    high ? deps.config.doses.escalateMention : undefined,
  ]);
}

/**
 * A claimed reply's first drawing (no entry yet), in the round post's thread when `parent` finds one
 * (read meanwhile): the plans now of the pets it names, and a dose its plan gives at this round alone
 * given today at another round (src/answers/once-given.ts), read first.
 */
export async function firstDrawing<P>(
  deps: Pick<Deps, "record" | "config">,
  claim: Claim,
  date: string,
  parent: Promise<P>,
): Promise<{ parent: Awaited<P>; messages: Message[] }> {
  const [found, plans, onceGiven] = await Promise.all([
    parent,
    plansOfClaims(deps, [claim]),
    claim.kind === "nudge"
      ? undefined
      : readDayOnceGiven(deps, readDay(deps, date), claim.round, plannedKeys([claim])),
  ]);
  const roundPost = Boolean(found);
  return { parent: found, messages: alertMessages(deps, claim, date, [], { roundPost, plans, onceGiven }) };
}

export class DoseAlertEditor {
  readonly #deps: Deps & { record: CareRecordStore };
  readonly #slack: DigestSlack;
  /** One edit at a time per round; a burst of taps makes one more edit, not one each. */
  readonly #edits: KeyedSerial<void>;

  constructor(deps: Deps & { record: CareRecordStore }, slack: DigestSlack) {
    this.#deps = deps;
    this.#slack = slack;
    this.#edits = new KeyedSerial((key, error) => {
      deps.log.warn(
        { round: key, err: String((error as Error)?.message ?? error) },
        "could not edit a late or missed reply",
      );
    });
  }

  /** Resolves when the round's replies are drawn again (or none was posted); never throws (logged). */
  changed(date: string, round: Round): Promise<void> {
    if (!this.#slack.update) return Promise.resolve();
    const others = this.#settledElsewhere(date, round).catch(() => [] as Round[]);
    return Promise.all([
      this.#edits.run(`${date}|${round}`, () => this.#edit(date, round)),
      others.then((rounds) =>
        Promise.all(rounds.map((r) => this.#edits.run(`${date}|${r}`, () => this.#edit(date, r)))),
      ),
    ]).then(() => undefined);
  }

  /**
   * The day's other rounds with a reply posted naming a dose owed once a day (an entry now may settle
   * it), or a dose due by a confirmed plan that this round has an entry of, for the same pet (its
   * reply may now say, or no longer say, it was given at another round today: src/answers/once-given.ts).
   */
  async #settledElsewhere(date: string, round: Round): Promise<Round[]> {
    const alerts = await readAlerts(this.#deps.record, date);
    const rounds = new Set<Round>();
    const byPlan = new Map<Round, Claim[]>();
    for (const [key, p] of alerts.posted) {
      if (p.round === round || p.kind === "nudge") continue;
      const claim = alerts.claims.get(key)?.find((c) => c.attempt === p.attempt);
      if (!claim) continue;
      if (claim.doses.some((d) => d.onceToday)) rounds.add(p.round);
      else byPlan.set(p.round, [...(byPlan.get(p.round) ?? []), claim]);
    }
    const asked = [...byPlan]
      .map(([r, claims]) => [r, plannedKeys(claims)] as const)
      .filter(([, k]) => k.size);
    if (asked.length === 0) return [...rounds];
    const here = await markedEntries(this.#deps, { date, round });
    const touched = new Set(here.map((e) => onceGivenKey(e.bookingId, e.petId, e.item)));
    for (const [r, keys] of asked) if ([...keys].some((k) => touched.has(k))) rounds.add(r);
    return [...rounds];
  }

  async #edit(date: string, round: Round): Promise<void> {
    const { record } = this.#deps;
    const alerts = await readAlerts(record, date);
    const posted = [...alerts.posted].filter(([, p]) => p.round === round && p.kind !== "nudge");
    if (posted.length === 0) return;
    // Read as the post reads them: a dose entered from the paper names the paper's giver.
    // The day's: a dose owed once a day is settled by its entry at any round (src/domain/day-dose.ts).
    const entries = await markedEntries(this.#deps, { date });
    // The day's rule's reading of the round (a dose settled by another entry of its day), as its post
    // has it; and a dose its plan gives here alone given at another round today (src/answers/once-given.ts).
    const read = readDay(this.#deps, date);
    const now = this.#deps.clock.now();
    const day = await read
      .then((d) => dayNotDue(this.#deps, d.rounds, d.entries, round, now))
      .catch(() => undefined);
    const claims = posted.flatMap(
      ([key, p]) => alerts.claims.get(key)?.filter((c) => c.attempt === p.attempt) ?? [],
    );
    const onceGiven = await readDayOnceGiven(this.#deps, read, round, plannedKeys(claims));
    const updatedAt = timeOf(now.toISOString(), this.#deps.config.timezone);
    // A plan confirmed since the round asked a dose: what it says now, beside the dose.
    const plans = await plansOfClaims(this.#deps, claims);
    const update = this.#slack.update as NonNullable<DigestSlack["update"]>;
    // Read at most once an edit, and only when a reply is in one part now and was at first.
    const longBefore = atFirstUse(() => claimedLong(record, date));
    for (const [key, p] of posted) {
      const claim = alerts.claims.get(key)?.find((c) => c.attempt === p.attempt);
      if (!claim) continue;
      const roundPost = p.inThread;
      const o = { updatedAt, roundPost, day, plans, onceGiven };
      const messages = alertMessages(this.#deps, claim, date, entries, o);
      await update(p.channel, p.ts, firstPart(messages));
      // The thread is read only when the reply is, or may have been, in more than one part: when it is
      // now; when its first drawing was (a reply is drawn first with no entries and no edit time,
      // src/digest/dose-alerts.ts); and when a further part of it was ever claimed (each part posted
      // after the first drawing is claimed in the record first, src/digest/post-claims.ts), by any
      // replica or by this process before a restart: a correction that made it shorter across a
      // part's edge then finds its old last part and makes it the short note. The record, not this
      // process's memory, and not a count of parts kept at each change: a count written by one
      // replica can land after another's it should precede (the thread then has parts the count
      // denies), while "ever claimed" only grows, whatever the order; and part 1's own metadata
      // tells its old count only to a Slack read. It costs a thread read on each edit of a reply that
      // was long once and is short now (rare); a reply that is and was one part everywhere reads none.
      const reply = `${p.channel}|${p.ts}`;
      const long =
        messages.length > 1 ||
        alertMessages(this.#deps, claim, date, [], { roundPost, plans, onceGiven }).length > 1 ||
        (await longBefore()).has(reply);
      if (long) await this.#parts(date, round, p, messages);
    }
  }

  /** A reply's further parts put in place, in the thread it is in (the round post's, else its own). */
  async #parts(date: string, round: Round, p: { channel: string; ts: string }, messages: Message[]) {
    const place = {
      slack: this.#slack,
      channel: p.channel,
      date,
      round,
      timezone: this.#deps.config.timezone,
    };
    const parent = await findRoundPost({ ...place, now: this.#deps.clock.now() });
    const threadTs = parent?.ts ?? p.ts;
    const thread = await ownMessages(this.#slack, p.channel, await this.#slack.replies(p.channel, threadTs));
    const update = this.#slack.update as NonNullable<DigestSlack["update"]>;
    for (const [k, step] of partSteps(messages, p.ts, partsIn(thread, p.ts)).entries()) {
      if ("update" in step) await update(p.channel, step.update, step.message);
      else {
        const part = { date, channel: p.channel, ts: p.ts, part: k + 2 };
        const post = () => this.#slack.post(p.channel, step.post, { threadTs });
        // Another redraw's claim stands: it posts this part and those after it, in order.
        if (!(await postPart(this.#deps.record, part, this.#deps.clock.now(), post))) return;
      }
    }
  }
}
