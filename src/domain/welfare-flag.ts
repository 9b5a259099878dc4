/**
 * A welfare flag (issue 38): opened by the second abnormal entry of a sign (src/domain/welfare.ts),
 * it asks "Vet advice sought?" (each answer an entry: who was asked, when, what was advised, who
 * recorded it) and closes when someone marks it resolved, saying why. Records of the care record,
 * put together here for every surface; pure.
 */
import { addDays } from "../time.ts";
import type { EpisodeEntry, Sign } from "./welfare.ts";

export interface VetAdvice {
  id: number;
  /** The vet or practice asked. */
  vet: string;
  /** When the advice was sought (ISO 8601). */
  sought: string;
  /** What was advised. */
  advice: string;
  userId: string;
  userName: string;
  recordedAt: string;
}

export interface FlagResolution {
  id: number;
  userId: string;
  userName: string;
  recordedAt: string;
  why: string;
}

export interface WelfareFlag {
  id: number;
  bookingId: number;
  petId: number;
  petName: string;
  room?: string | undefined;
  sign: Sign;
  /** The day of the entry that opened it. */
  date: string;
  openedAt: string;
  /** The run that opened it, oldest first. */
  entries: EpisodeEntry[];
  advice: VetAdvice[];
  resolved?: FlagResolution | undefined;
}

export const isOpenFlag = (f: Pick<WelfareFlag, "resolved">) => f.resolved === undefined;

/** The open flags of a stay, by "bookingId|petId". */
export function openFlagsByStay(flags: WelfareFlag[]): Map<string, WelfareFlag[]> {
  const out = new Map<string, WelfareFlag[]>();
  for (const f of flags.filter(isOpenFlag)) {
    const key = `${f.bookingId}|${f.petId}`;
    out.set(key, [...(out.get(key) ?? []), f]);
  }
  return out;
}

/**
 * Why a time said for the vet's advice cannot stand (issue 46, item 9): still to come (a few
 * minutes' allowance for clocks), or before the flag was raised (advice is sought on a flag).
 */
export function adviceTimeProblem(
  sought: string,
  o: { now: string; openedAt: string },
): "future" | "before_flag" | undefined {
  const t = Date.parse(sought);
  if (t > Date.parse(o.now) + 5 * 60_000) return "future";
  if (t < Date.parse(o.openedAt) - 60_000) return "before_flag";
  return undefined;
}

/**
 * How many days' posts, today's included, a flag's change draws again at most: a flag open longer
 * (on a long stay) draws the last month's, never hundreds of days' (each day's posts are read from
 * the record, and a post's thread from Slack).
 */
export const REDRAW_DAYS = 31;

/**
 * The days whose welfare posts may show a flag, as ranges each read at once: every day from the
 * run's first entry to today (a post's message holding a pet shows the stay's open flags, so a post
 * drawn while the flag was open shows it), the last REDRAW_DAYS at most; and the flag's own days (its
 * entries' and its opening day, whose post holds its message) however old. Oldest first.
 */
export function flagPostDays(
  flag: Pick<WelfareFlag, "date" | "entries">,
  today: string,
): Array<{ from: string; to: string }> {
  const own = [...new Set([...flag.entries.map((e) => e.date), flag.date])].filter((d) => d <= today).sort();
  const from = [own[0] ?? today, addDays(today, 1 - REDRAW_DAYS)].sort().at(-1) as string;
  return [...own.filter((d) => d < from).map((d) => ({ from: d, to: d })), { from, to: today }];
}
