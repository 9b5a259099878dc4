/**
 * `kennel-desk record audit [--days 28]`: the kennel's medication figures over the last days (issue
 * 35), for a manager or an inspector. Computed from what each round asked when its sheet was kept
 * (its obligation and the pets who arrived or went home since: src/answers/obligations.ts) beside
 * the entries, never from the kennel API: doses due, given on time, given late, late entries, missed, not given by reason, as-needed
 * doses with and without an effect recorded (care_log kinds `prn` and `prn_effect`), high-alert
 * doses (at a round or given if needed) witnessed and not; a drug its confirmed plan gives once a day
 * given at two rounds of a day, named to look at; the meals missed, apart from the doses; who did
 * what (each correction, each high-alert dose unwitnessed, per person their entries by kind:
 * src/answers/audit-who.ts); with the record's head, so the figures name the record they came from.
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { type PaperAuditReason, paperAuditReason } from "../domain/paper.ts";
import { reviewTime } from "../domain/review-time.ts";
import type { ChainHead, NotGivenReason } from "../record/types.ts";
import { addDays, localDate, recordMinute, zonedInstant } from "../time.ts";
import { type CustodyAudit, custodyAudit } from "./audit-custody.ts";
import { type HighAlertFigures, highAlertPart } from "./audit-high-alert.ts";
import { type AuditWho, addWho, correctionsOf, PeopleCount } from "./audit-who.ts";
import { type DoseFigures, doseFigures, notAsked, type RoundDose } from "./doses.ts";
import { type GivenTwice, givenTwiceOf } from "./given-twice.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { markedEntries } from "./paper-marks.ts";
import { reviewedDays } from "./review.ts";
import { allWitnessesOf } from "./witness.ts";

/** The longest audit (a year and a day: one whole year beside today). */
export const AUDIT_DAYS_MAX = 366;

export interface AuditFigures {
  /** The days counted (YYYY-MM-DD, the kennel's zone): the last `days`, today included. */
  from: string;
  to: string;
  days: number;
  /** Rounds with a kept sheet in those days. */
  rounds: number;
  /** Medication doses only (the rounds' meals are not doses): see `meals`. */
  doses: DoseFigures;
  /** The rounds' meals with nothing recorded by their window's close (the export counts them with the doses among its items missed). */
  meals: { missed: number };
  /**
   * Doses refused or not given, by the reason from the list; `unstated`: recorded before the list;
   * `paper_vomited`, `paper_withheld`: entered from the paper as V or W, which say less than the
   * list's reason their code stands in for (src/domain/paper.ts `paperAuditReason`).
   */
  notGivenByReason: Partial<Record<NotGivenReason | PaperAuditReason | "unstated", number>>;
  /** Entries put right as recorded in error (the wrong pet, the wrong dose): no outcome, counted apart. */
  inError: number;
  /** As-needed doses given, and of those with an effect recorded. */
  asNeeded: { given: number; withEffect: number; withoutEffect: number };
  /**
   * High-alert doses given, and of those witnessed, unwitnessed, still within their minutes; of the
   * unwitnessed, those entered from the paper chart with no witness on the paper (`noPaperWitness`).
   */
  highAlert: HighAlertFigures;
  /**
   * The days with a kept round whose last round has closed (the day's review due: reviewTime), and of
   * those the ones a manager reviewed (issue 50) and not, by date; `todayOpen`: today had a round
   * kept but its last round is still open, so it is not yet reviewable (not counted).
   */
  reviewed: { days: number; reviewed: number; notReviewed: string[]; todayOpen?: boolean };
  /**
   * The past days (since the record began) with rounds never posted, so no sheet kept: the record
   * cannot say what was due, the paper chart is their record (as `record DATE` says). Runs of days
   * with the same rounds never posted, oldest first.
   */
  neverPosted: Array<{ from: string; to: string; rounds: Round[] }>;
  /**
   * Each drug its confirmed plan gives at one round a day given at two rounds of a day, in the days'
   * order (src/domain/given-twice.ts): to look at, not an error in the record.
   */
  givenTwice: GivenTwice[];
  /** Medicine custody: discrepancies open now, doses given after a hand-back in the days. */
  custody: CustodyAudit;
  /** Each correction of a round's entry in the days: the latest AUDIT_NAMED, and how many (the export holds all). */
  corrections: AuditWho["corrections"];
  /** Each high-alert dose given and not witnessed: the latest AUDIT_NAMED, and how many. */
  unwitnessed: AuditWho["unwitnessed"];
  /** Per person, their entries of the days by kind. */
  people: AuditWho["people"];
  head: ChainHead;
  /** Where the record is (the SQLite file, or PostgreSQL's host and database). */
  where: string;
  /** When the figures were read (ISO 8601). */
  at: string;
}

/** Days an audit reads at once: a week's rounds and entries, whatever the audit's length. */
const AUDIT_PART_DAYS = 7;

/**
 * The as-needed doses of the days (current ones), and how many have an effect recorded (any day
 * since): read a page at a time, only the answered doses' ids kept.
 */
async function asNeeded(deps: Required<Pick<Deps, "record">>, from: string, to: string, through: number) {
  const answered = new Set<unknown>();
  for await (const page of deps.record.logPages({ kind: "prn_effect", from }, { throughSeq: through }))
    for (const e of page)
      if (e.supersededBy === undefined) answered.add((e.body as { prnId?: unknown })?.prnId);
  const counts = { given: 0, withEffect: 0, withoutEffect: 0 };
  for await (const page of deps.record.logPages({ kind: "prn", from, to }, { throughSeq: through })) {
    for (const g of page) {
      if (g.supersededBy !== undefined) continue;
      counts.given++;
      if (answered.has(g.id)) counts.withEffect++;
      else counts.withoutEffect++;
    }
  }
  return counts;
}

/** The figures of the days from `from` to `to` that add up (a part of the audit). */
type AuditPart = Pick<
  AuditFigures,
  "doses" | "meals" | "notGivenByReason" | "highAlert" | "givenTwice" | "inError"
> & {
  who: AuditWho;
  rounds: number;
  /** The part's days with a kept round. */
  roundDays: string[];
  /** The part's rounds with a kept sheet: "2026-11-24|morning". */
  keptRounds: string[];
};

/** Each pet's room as its rounds kept it, by `${bookingId}|${petId}`. */
const roomsOf = (doses: readonly RoundDose[]): Map<string, string> =>
  new Map(doses.flatMap((d) => (d.room ? [[`${d.bookingId}|${d.petId}`, d.room] as const] : [])));

async function auditPart(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  from: string,
  to: string,
  now: Date,
  through: number,
): Promise<AuditPart> {
  const [owed, entries, witnesses] = await Promise.all([
    owedRounds(deps, { from, to }),
    // Entered from the paper chart: witnessed (or not) on the paper, never awaiting one.
    markedEntries(deps, { from, to }),
    allWitnessesOf(deps.record, { from, to }),
  ]);
  const doses = dosesOwed(deps, owed, entries, now);
  const notGivenByReason: AuditFigures["notGivenByReason"] = {};
  let mealsMissed = 0;
  for (const d of doses) {
    const e = d.entry;
    if (d.due.item === "meal" && d.state.state === "missed") mealsMissed++;
    // Recorded if given, not asked by the round (its days, its plan): a refusal of it is no dose not
    // given; a high-alert dose of it given is witnessed, and counted, as any high-alert dose given.
    if (e && !notAsked(d) && (e.outcome === "refused" || e.outcome === "not_given")) {
      const why = paperAuditReason(e) ?? e.reasonCode ?? (e.outcome === "refused" ? "refused" : "unstated");
      notGivenByReason[why] = (notGivenByReason[why] ?? 0) + 1;
    }
  }
  const people = new PeopleCount();
  people.entries(entries);
  for (const w of [...witnesses.entries.values(), ...witnesses.prn.values()]) people.witness(w);
  const { highAlert, unwitnessed } = await highAlertPart(
    deps,
    doses,
    witnesses.entries,
    { from, to, now, through },
    people,
  );
  return {
    rounds: owed.length,
    roundDays: [...new Set(owed.map((r) => r.date))],
    keptRounds: owed.map((r) => `${r.date}|${r.round}`),
    doses: doseFigures(doses),
    meals: { missed: mealsMissed },
    notGivenByReason,
    inError: entries.filter((e) => e.outcome === "in_error").length,
    highAlert,
    givenTwice: await givenTwiceOf(deps, owed, entries),
    who: { corrections: correctionsOf(entries, roomsOf(doses)), unwitnessed, people: people.people },
  };
}

/** Each figure of `b` added to `a`'s. */
function addUp<T extends object>(a: T, b: T): T {
  const out: Record<string, number> = { ...(a as Record<string, number>) };
  for (const [k, v] of Object.entries(b) as [string, number | undefined][]) out[k] = (out[k] ?? 0) + (v ?? 0);
  return out as T;
}

/**
 * The audit of the last `days` days, today included: read a part (`partDays`, a week) at a time and
 * added up, so a year's audit holds a week of the record in memory, not the year.
 */
export async function recordAudit(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  days: number,
  where: string,
  partDays = AUDIT_PART_DAYS,
): Promise<AuditFigures> {
  const now = deps.clock.now();
  const to = localDate(now, deps.config.timezone);
  const from = addDays(to, -(days - 1));
  const head = await deps.record.head();
  let total: AuditPart | undefined;
  for (let a = from; a <= to; a = addDays(a, partDays)) {
    const b = addDays(a, partDays - 1);
    const part = await auditPart(deps, a, b < to ? b : to, now, head.seq);
    total = total
      ? {
          rounds: total.rounds + part.rounds,
          roundDays: [...total.roundDays, ...part.roundDays],
          keptRounds: [...total.keptRounds, ...part.keptRounds],
          doses: addUp(total.doses, part.doses),
          meals: addUp(total.meals, part.meals),
          notGivenByReason: addUp(total.notGivenByReason, part.notGivenByReason),
          inError: total.inError + part.inError,
          highAlert: addUp(total.highAlert, part.highAlert),
          givenTwice: [...total.givenTwice, ...part.givenTwice],
          who: addWho(total.who, part.who),
        }
      : part;
  }
  const { roundDays, keptRounds, who, ...figures } = total as AuditPart;
  // The days since the record began: before it, nothing was kept for Kennel Desk to say.
  const began = await deps.record.began();
  const first = began ? localDate(new Date(began), deps.config.timezone) : to;
  return {
    from,
    to,
    days,
    ...figures,
    asNeeded: await asNeeded(deps, from, to, head.seq),
    reviewed: reviewedOf(
      roundDays,
      await reviewedDays(deps, from, to),
      reviewable(deps, to, now) ? undefined : to,
    ),
    neverPosted: neverPosted(new Set(keptRounds), first > from ? first : from, addDays(to, -1), (d, r) =>
      began
        ? zonedInstant(d, deps.config.rounds.times[r], deps.config.timezone).getTime() < recordMinute(began)
        : false,
    ),
    custody: await custodyAudit(deps, from, to),
    ...who,
    head,
    where,
    at: now.toISOString(),
  };
}

/** Whether `today` is reviewable at `now`: its last round's window has closed (when its review is posted). */
function reviewable(deps: Pick<Deps, "config">, today: string, now: Date): boolean {
  const { config } = deps;
  const at = reviewTime(config.rounds.times, config.doses.afterMinutes);
  return now.getTime() >= zonedInstant(today, at, config.timezone).getTime();
}

/**
 * The days with a kept round, reviewed and not; `open`, today while its last round is still open:
 * left out (not yet reviewable) unless a manager reviewed it already.
 */
function reviewedOf(
  roundDays: string[],
  reviews: Set<string>,
  open: string | undefined,
): AuditFigures["reviewed"] {
  const all = [...new Set(roundDays)].sort();
  const todayOpen = open !== undefined && all.includes(open) && !reviews.has(open);
  const days = todayOpen ? all.filter((d) => d !== open) : all;
  const notReviewed = days.filter((d) => !reviews.has(d));
  return {
    days: days.length,
    reviewed: days.length - notReviewed.length,
    notReviewed,
    ...(todayOpen ? { todayOpen } : {}),
  };
}

/** The past days' rounds with no kept sheet since the record began, as runs of days with the same rounds never posted. */
function neverPosted(
  kept: Set<string>,
  from: string,
  to: string,
  beforeRecord: (date: string, round: Round) => boolean,
): AuditFigures["neverPosted"] {
  const runs: AuditFigures["neverPosted"] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) {
    // A round of the record's first day timed before the record began was the paper's: never counted.
    const rounds = ROUNDS.filter((r) => !kept.has(`${d}|${r}`) && !beforeRecord(d, r));
    const last = runs.at(-1);
    if (rounds.length === 0) continue;
    if (last && last.to === addDays(d, -1) && last.rounds.join() === rounds.join()) last.to = d;
    else runs.push({ from: d, to: d, rounds });
  }
  return runs;
}
