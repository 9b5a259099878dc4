/**
 * The daily welfare check (issue 38): what staff look at for each pet once a day (or at each of the
 * welfare rounds), the second abnormal entry that flags, the areas a house's posts are split by, and
 * a stay's days each with its check or its absence. Pure: checks, meal entries and times are passed in.
 *
 * Rules:
 * - A check has four signs, each "normal" or what was seen (drinking more, less or none; stool
 *   loose, none or blood; urine none, more or blood; demeanour quiet, anxious, lethargic or in
 *   pain), and a note; eating is read from the round's meal entries, never asked twice.
 * - Only current checks count (a correction supersedes what it corrects).
 * - The second abnormal flags: the pet's last two checks of its stay (or more, in a row) with the
 *   same sign and the same value ("loose stool" at 08:00 and 17:00; "not drinking" two days
 *   running) make one episode, named by its first check. A sign a vet would see today (SERIOUS:
 *   blood in the stool or urine, no urine, in pain, lethargic) flags at its first check; eating, by the off-food rule
 *   (src/domain/off-food.ts): two meals in a row eaten in part or not at all (a meal "not offered"
 *   neither counts nor breaks the run; a check or a meal not recorded says nothing either way).
 * - An area is the rooms whose names begin with its words (case aside; the longest beginning wins);
 *   the rooms no area names go in the post for the other rooms.
 */
import type { Entry, MealOutcome } from "../record/types.ts";
import { addDays, localDate, zonedInstant } from "../time.ts";
import { codeOrder } from "../words/order.ts";
import { ROUNDS, type Round } from "./care.ts";
import { currentEntries } from "./record.ts";
import { WELFARE_SIGNS } from "./welfare-signs.ts";

export { WELFARE_SIGNS };

export type WelfareField = keyof typeof WELFARE_SIGNS;
export const WELFARE_FIELDS: readonly WelfareField[] = ["drinking", "stool", "urine", "demeanour"];
export type WelfareValues = { [F in WelfareField]: (typeof WELFARE_SIGNS)[F][number] };

export const ALL_NORMAL: WelfareValues = {
  drinking: "normal",
  stool: "normal",
  urine: "normal",
  demeanour: "normal",
};

/** A meal of the check's day as the round's entry recorded it (or not). */
export interface MealSeen {
  round: Round;
  outcome: MealOutcome | "not_recorded";
  entryId?: number | undefined;
}

export interface WelfareCheck {
  id: number;
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
  petName: string;
  room?: string | undefined;
  values: WelfareValues;
  note?: string | undefined;
  /** The day's meals up to the check's round, as recorded when the check was made. */
  eating: MealSeen[];
  userId: string;
  userName: string;
  recordedAt: string;
  supersedes?: number | undefined;
  supersededBy?: number | undefined;
}

/**
 * A check made on a later day than the one it is for (yesterday's post checked today): checked
 * late, and shown so with the day it was made (issue 46, item 12), as a late dose entry is.
 */
export const checkedLate = (c: Pick<WelfareCheck, "date" | "recordedAt">, timeZone: string): boolean =>
  localDate(c.recordedAt, timeZone) > c.date;

/** A sign seen: "stool:loose", "drinking:none", or "eating:off" (meals not eaten). */
export type Sign = `${WelfareField}:${string}` | "eating:off";

/** The signs of a check that are not normal, in the fields' order. */
export function abnormalSigns(values: WelfareValues): Sign[] {
  return WELFARE_FIELDS.filter((f) => values[f] !== "normal").map((f): Sign => `${f}:${values[f]}`);
}

/**
 * Whether a check just written may open a flag: one with something seen may (its sign's second in a
 * row); one all normal cannot (its signs end every run).
 */
export const mayOpenFlags = (check: Pick<WelfareCheck, "values">): boolean =>
  abnormalSigns(check.values).length > 0;

/** Nothing seen and nothing noted: the one-tap check. */
export const isAllNormal = (c: Pick<WelfareCheck, "values" | "note">) =>
  abnormalSigns(c.values).length === 0 && !c.note?.trim();

const roundIndex = (r: Round) => ROUNDS.indexOf(r);
const order = (x: { date: string; round: Round; id: number }) =>
  `${x.date}|${roundIndex(x.round)}|${String(x.id).padStart(16, "0")}`;

/** The checks no correction replaces, oldest first. */
export function currentChecks(checks: WelfareCheck[]): WelfareCheck[] {
  const gone = new Set(checks.flatMap((c) => (c.supersedes !== undefined ? [c.supersedes] : [])));
  return checks
    .filter((c) => c.supersededBy === undefined && !gone.has(c.id))
    .sort((a, b) => codeOrder(order(a), order(b)));
}

/** One entry of an episode: a check, or a meal entry of the round record. */
export interface EpisodeEntry {
  kind: "check" | "meal";
  id: number;
  date: string;
  round: Round;
  /** When it was recorded (ISO 8601). */
  at: string;
}

/** Two or more entries in a row with the same abnormal sign: what opens a welfare flag. */
export interface Episode {
  sign: Sign;
  bookingId: number;
  petId: number;
  petName: string;
  /** The run, oldest first (its first entry names the episode). */
  entries: EpisodeEntry[];
}

/** The key of an episode's flag: the same episode opens one flag, whoever (whichever replica) sees it. */
export const episodeKey = (e: Pick<Episode, "bookingId" | "petId" | "sign" | "entries">) => {
  const first = e.entries[0] as EpisodeEntry;
  return `welfare-flag:${e.bookingId}:${e.petId}:${e.sign}:${first.kind === "meal" ? "m" : "c"}${first.id}`;
};

const asEntry = (c: WelfareCheck): EpisodeEntry => ({
  kind: "check",
  id: c.id,
  date: c.date,
  round: c.round,
  at: c.recordedAt,
});

/**
 * The signs that open a flag at their first check, not the second: blood in the stool or the urine,
 * no urine passed, in pain, lethargic. A vet asks to hear of each the same day; waiting for a second
 * check (the next day, with one welfare round) would leave it unasked.
 */
const SERIOUS_SIGNS: ReadonlySet<Sign> = new Set<Sign>([
  "stool:blood",
  "urine:blood",
  "urine:none",
  "demeanour:in_pain",
  "demeanour:lethargic",
]);

/** The latest run of each sign of one stay's checks, when it is two or more long (one, for a serious sign). */
function checkEpisodes(mine: WelfareCheck[]): Episode[] {
  const last = mine.at(-1);
  if (!last) return [];
  const out: Episode[] = [];
  for (const sign of abnormalSigns(last.values)) {
    const [field, seen] = sign.split(":") as [WelfareField, string];
    const run: WelfareCheck[] = [];
    for (let i = mine.length - 1; i >= 0; i--) {
      const c = mine[i] as WelfareCheck;
      if (c.values[field] !== seen) break;
      run.unshift(c);
    }
    if (run.length >= (SERIOUS_SIGNS.has(sign) ? 1 : 2))
      out.push({
        sign,
        bookingId: last.bookingId,
        petId: last.petId,
        petName: last.petName,
        entries: run.map(asEntry),
      });
  }
  return out;
}

/** The latest run of meals eaten in part or not at all, when it is two or more long (the off-food rule). */
function mealEpisode(meals: Entry[]): Episode | undefined {
  const sorted = [...meals].sort((a, b) => codeOrder(order(a), order(b)));
  const run: Entry[] = [];
  for (let i = sorted.length - 1; i >= 0; i--) {
    const e = sorted[i] as Entry;
    if (e.outcome === "not_offered") continue;
    if (e.outcome !== "ate_none" && e.outcome !== "ate_some") break;
    run.unshift(e);
  }
  const last = run.at(-1);
  if (run.length < 2 || !last) return undefined;
  return {
    sign: "eating:off",
    bookingId: last.bookingId,
    petId: last.petId,
    petName: last.petName,
    entries: run.map((e) => ({ kind: "meal", id: e.id, date: e.date, round: e.round, at: e.recordedAt })),
  };
}

const stayKey = (x: { bookingId: number; petId: number }) => `${x.bookingId}|${x.petId}`;

/**
 * The episodes standing now, for every pet of the checks and meal entries given: each stay's latest
 * run of each sign, two or more long.
 */
export function welfareEpisodes(checks: WelfareCheck[], entries: Entry[]): Episode[] {
  const byStay = new Map<string, WelfareCheck[]>();
  for (const c of currentChecks(checks)) byStay.set(stayKey(c), [...(byStay.get(stayKey(c)) ?? []), c]);
  const meals = new Map<string, Entry[]>();
  for (const e of currentEntries(entries.filter((x) => x.item === "meal")).values())
    meals.set(stayKey(e), [...(meals.get(stayKey(e)) ?? []), e]);
  const out: Episode[] = [];
  for (const mine of byStay.values()) out.push(...checkEpisodes(mine));
  for (const mine of meals.values()) {
    const e = mealEpisode(mine);
    if (e) out.push(e);
  }
  return out;
}

/**
 * The area of a room: the area whose words begin the room's name (case aside; the longest such
 * beginning wins); undefined for a room no area names (and for a stay with no room).
 */
export function areaOf(room: string | undefined, areas: readonly string[]): string | undefined {
  const name = (room ?? "").trim().toLowerCase();
  if (!name) return undefined;
  return [...areas].filter((a) => name.startsWith(a.toLowerCase())).sort((a, b) => b.length - a.length)[0];
}

/** An area as a post's kind names it: "Kennel" → "kennel", "Suite & Lodge" → "suite-lodge". */
export function areaSlug(area: string | undefined): string {
  if (area === undefined) return "other";
  const slug = area
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 20);
  return slug || "area";
}

/** A welfare round of one day of a stay, with its check or its absence. */
export interface WelfareDay {
  date: string;
  round: Round;
  /** The current check, when one was made. */
  check: WelfareCheck | undefined;
  /** checked; missed: none by its "check by" time; due: not yet past it; before: before the record began. */
  state: "checked" | "missed" | "due" | "before";
}

export interface StayWelfareInput {
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** The pet's checks of this stay (superseded ones too). */
  checks: WelfareCheck[];
  rounds: readonly Round[];
  /** Each welfare round's time and its "check by" time (local HH:MM). */
  times: Partial<Record<Round, string>>;
  checkBy: Partial<Record<Round, string>>;
  timezone: string;
  now: Date;
  recordSince?: Date | undefined;
}

/** Longest stay walked day by day (as the stay record's own limit). */
const STAY_DAYS_MAX = 400;

/**
 * Every welfare round of the stay up to now, each with its check or its absence; checks made on
 * days the stay's dates do not hold (dates changed since) are shown too, never hidden.
 */
export function stayWelfareDays(input: StayWelfareInput): WelfareDay[] {
  const { timezone, now } = input;
  const current = currentChecks(input.checks);
  const byDay = new Map(current.map((c) => [`${c.date}|${c.round}`, c]));
  const out: WelfareDay[] = [];
  const start = input.checkIn ? Date.parse(input.checkIn) : Number.NaN;
  if (!Number.isNaN(start)) {
    const endRaw = input.checkOut ? Date.parse(input.checkOut) : Number.NaN;
    const end = Math.min(Number.isNaN(endRaw) ? now.getTime() : endRaw, now.getTime());
    const last = localDate(end, timezone);
    let first = localDate(start, timezone);
    if (first < addDays(last, -STAY_DAYS_MAX)) first = addDays(last, -STAY_DAYS_MAX);
    for (let date = first; date <= last; date = addDays(date, 1)) {
      for (const round of input.rounds) {
        const at = zonedInstant(date, input.times[round] ?? "18:00", timezone).getTime();
        if (at < start || (!Number.isNaN(endRaw) && at > endRaw)) continue;
        const check = byDay.get(`${date}|${round}`);
        byDay.delete(`${date}|${round}`);
        const by = zonedInstant(date, input.checkBy[round] ?? "20:00", timezone).getTime();
        const since = input.recordSince?.getTime();
        const state = check
          ? "checked"
          : since !== undefined && by < since
            ? "before"
            : now.getTime() >= by
              ? "missed"
              : at <= now.getTime()
                ? "due"
                : undefined;
        if (state) out.push({ date, round, check, state });
      }
    }
  }
  for (const check of byDay.values())
    out.push({ date: check.date, round: check.round, check, state: "checked" });
  return out.sort((a, b) => codeOrder(a.date, b.date) || roundIndex(a.round) - roundIndex(b.round));
}
