/**
 * `kennel-desk record audit [--days 28]`: the kennel's medication figures over the last days (issue
 * 35), for a manager or an inspector. Computed from what each round asked when its sheet was kept
 * (its obligation and the pets who arrived or went home since: src/answers/obligations.ts) beside
 * the entries, never from the kennel API: doses due, given on time, given late, late entries, missed, not given by reason, as-needed
 * doses with and without an effect recorded (care_log kinds `prn` and `prn_effect`), high-alert
 * doses witnessed and not; with the record's head, so the figures name the record they came from.
 */
import type { Deps } from "../deps.ts";
import { needsWitness, witnessState } from "../domain/witness.ts";
import type { ChainHead, LogEntry, NotGivenReason } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { type DoseFigures, doseFigures } from "./doses.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { witnessesOf } from "./witness.ts";

/** The longest audit (a year and a day: one whole year beside today). */
export const AUDIT_DAYS_MAX = 366;

export interface AuditFigures {
  /** The days counted (YYYY-MM-DD, the kennel's zone): the last `days`, today included. */
  from: string;
  to: string;
  days: number;
  /** Rounds kept in those days (what each asked is in the record). */
  rounds: number;
  doses: DoseFigures;
  /** Doses refused or not given, by the reason from the list; `unstated`: recorded before the list. */
  notGivenByReason: Partial<Record<NotGivenReason | "unstated", number>>;
  /** As-needed doses given, and of those with an effect recorded. */
  asNeeded: { given: number; withEffect: number; withoutEffect: number };
  /** High-alert doses given, and of those witnessed, unwitnessed, still within their minutes. */
  highAlert: { given: number; witnessed: number; unwitnessed: number; awaiting: number };
  head: ChainHead;
  /** Where the record is (the SQLite file, or PostgreSQL's host and database). */
  where: string;
  /** When the figures were read (ISO 8601). */
  at: string;
}

/** The as-needed doses of the days (current ones), and which have an effect recorded (any day since). */
async function asNeeded(deps: Required<Pick<Deps, "record">>, from: string, to: string) {
  const [given, effects] = await Promise.all([
    deps.record.log({ kind: "prn", from, to }),
    deps.record.log({ kind: "prn_effect", from }),
  ]);
  const answered = new Set(
    effects
      .filter((e) => e.supersededBy === undefined)
      .map((e: LogEntry) => (e.body as { prnId?: unknown })?.prnId),
  );
  const doses = given.filter((g) => g.supersededBy === undefined);
  const withEffect = doses.filter((g) => answered.has(g.id)).length;
  return { given: doses.length, withEffect, withoutEffect: doses.length - withEffect };
}

export async function recordAudit(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config" | "clock">,
  days: number,
  where: string,
): Promise<AuditFigures> {
  const now = deps.clock.now();
  const to = localDate(now, deps.config.timezone);
  const from = addDays(to, -(days - 1));
  const [rounds, entries, witnesses, prn, head] = await Promise.all([
    owedRounds(deps, { from, to }),
    deps.record.entries({ from, to }),
    witnessesOf(deps.record, { from, to }),
    asNeeded(deps, from, to),
    deps.record.head(),
  ]);
  const doses = dosesOwed(deps, rounds, entries, now);
  const notGivenByReason: AuditFigures["notGivenByReason"] = {};
  const highAlert = { given: 0, witnessed: 0, unwitnessed: 0, awaiting: 0 };
  for (const d of doses) {
    const e = d.entry;
    if (!e) continue;
    if (e.outcome === "refused" || e.outcome === "not_given") {
      const why = e.reasonCode ?? (e.outcome === "refused" ? "refused" : "unstated");
      notGivenByReason[why] = (notGivenByReason[why] ?? 0) + 1;
    }
    if (!needsWitness(e, d.due.highAlert)) continue;
    highAlert.given++;
    const w = witnessState(e, witnesses.get(e.id), now.toISOString());
    if (w.state === "witnessed") highAlert.witnessed++;
    else if (w.state === "awaiting") highAlert.awaiting++;
    else highAlert.unwitnessed++;
  }
  return {
    from,
    to,
    days,
    rounds: rounds.length,
    doses: doseFigures(doses),
    notGivenByReason,
    asNeeded: prn,
    highAlert,
    head,
    where,
    at: now.toISOString(),
  };
}
