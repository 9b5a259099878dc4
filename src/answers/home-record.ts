/**
 * The Home tab's care-record figures: this round's progress ("This round: 12 of 31 recorded"), the
 * pets off their food ("3 pets off their food", listed by the button), from the round's sheet and
 * the care record, and today's doses (issue 35, from the kept sheets): given on time ("given on time:
 * 46 of 48 due"), given off time, refused, not given, due, late and missed now, and each missed,
 * refused, not given or late dose (each high-alert one late or missed first: `homeOrder`), and each
 * high-alert dose given with no witness.
 */
import type { Deps } from "../deps.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import type { DoseWindow, OpenState } from "../domain/doses.ts";
import type { OwedRound } from "../domain/obligations.ts";
import type { OffFoodPet } from "../domain/off-food.ts";
import { type OnceGiven, onceGivenKey } from "../domain/once-given.ts";
import { owedStatuses } from "../domain/owed-statuses.ts";
import { dueOf, isMedicationItem, petRoundStatus, roundProgress } from "../domain/record.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { planNowOnOpen } from "../present/plan-now-open.ts";
import type { Entry, ItemKey, NotGivenReason } from "../record/types.ts";
import { onceGivenWords } from "../words/not-due.ts";
import { nameOrder } from "../words/order.ts";
import { inErrorSaid } from "../words/record.ts";
import { type Stock, stockNow } from "./custody-stock.ts";
import { type DoseFigures, doseFigures, type RoundDose, unwitnessedDoses } from "./doses.ts";
import { describeFailure } from "./failure.ts";
import { dosesOwed, owedRounds } from "./obligations.ts";
import { offFood } from "./off-food.ts";
import { onceGivenToday } from "./once-given.ts";
import { markedEntries } from "./paper-marks.ts";
import type { RoundReport } from "./rounds.ts";
import { confirmedPlansNow, roundPlansRead } from "./sheet-plans.ts";
import { openWelfareFlags } from "./welfare-flags.ts";
import { witnessesOf } from "./witness.ts";

/** A medication dose Home names: which pet's, in which room, what, and in which round. */
interface DoseNamed {
  round: Round;
  /** The pet's key ("bookingId-petId"): two of its doses named alike are told apart (src/words/apart.ts). */
  pet?: string | undefined;
  petName: string;
  room: string | undefined;
  label: string;
  /** Which item, and its own words: what tells two of a pet's doses named alike apart. */
  item?: ItemKey | undefined;
  text?: string | undefined;
  /** Due from the words, the pet's care plan not confirmed (issue 44). */
  unconfirmed?: boolean | undefined;
  /** A high-alert drug (💉: insulin, an anticonvulsant, a controlled drug): late or missed, named whatever Home's cap. */
  highAlert?: true | undefined;
  /** Owed once a day from its words, which give it no time (src/domain/day-dose.ts): "not recorded today". */
  onceToday?: true | undefined;
  /** One drug in two slots, "one dose or two?" not answered on its plan: ask before giving both. */
  twoSlots?: true | undefined;
  /** Late or missed, its pet's plan confirmed since saying it is not due at that round: the plan's words. */
  planNow?: string | undefined;
  /** Late or missed, its confirmed plan giving it at that round alone, given today at another round (src/answers/once-given.ts). */
  onceGiven?: string | undefined;
  /** Late or missed, its entry put right as recorded in error: "recorded in error: wrong pet · Sam 13:05". */
  inError?: string | undefined;
}

/**
 * Not recorded and late or missed (its window); or recorded refused or not given (when, by whom,
 * and the reason from the list when one was picked).
 */
type DoseListed =
  | (DoseNamed & { state: Extract<OpenState, "late" | "missed">; window: DoseWindow })
  | (DoseNamed & {
      state: "refused" | "not_given";
      at: string;
      userName: string;
      reasonCode?: NotGivenReason | undefined;
      /** A dose not given with no time of its own: `at` is only when it was recorded. */
      untimed?: true | undefined;
    });

/**
 * The order Home names them in: each high-alert dose late or missed first (named whatever Home's cap:
 * an insulin or an anticonvulsant missed at 18:30 is never behind "and 32 more" of the morning's),
 * then refused and not given (few, and each with its reason: a vet's first question, never lost past
 * the eight named behind a morning of misses), then missed, then late (still to give); within each,
 * the latest round first (what can still be acted on), else as the day's doses come.
 */
const NAMED_ORDER: Record<DoseListed["state"], number> = { refused: 0, not_given: 1, missed: 2, late: 3 };

/** A high-alert dose late or missed: Home names each, whatever its cap. */
const urgentDose = (d: Pick<DoseListed, "state" | "highAlert">): boolean =>
  d.highAlert === true && (d.state === "late" || d.state === "missed");

const homeOrder = (a: DoseListed, b: DoseListed): number =>
  Number(urgentDose(b)) - Number(urgentDose(a)) ||
  NAMED_ORDER[a.state] - NAMED_ORDER[b.state] ||
  ROUNDS.indexOf(b.round) - ROUNDS.indexOf(a.round);

/** A high-alert dose given with no witness (none in time, or none on the paper it was entered from). */
type DoseUnwitnessed = DoseNamed & { at: string; userName: string; onPaper: boolean };

/**
 * Today's doses on Home: the figures a manager reads (the doses not recorded by state among them:
 * due, late, missed), each missed, refused, not given or late one named.
 */
interface HomeDoses {
  figures: DoseFigures;
  /** The high-alert ones late or missed, then the refused, not given, missed and late ones, in that order. */
  named: DoseListed[];
  /** The high-alert doses given with no witness ("💉 1 unwitnessed"), named. */
  unwitnessed?: DoseUnwitnessed[] | undefined;
}

export interface OffFoodListed extends OffFoodPet {
  /** The room, when the pet is in house today. */
  room: string | undefined;
}

export interface HomeRecord {
  /** Pets with something due this round, and of those with all of it recorded. */
  round: { recorded: number; pets: number } | undefined;
  offFood: OffFoodListed[] | undefined;
  /** Today's medication doses, from the kept sheets: none before any dose is due. */
  doses?: HomeDoses | undefined;
  /** The welfare flags open (issue 38). */
  welfareFlags?: WelfareFlag[] | undefined;
  /** Medicine custody (issue 49): what is held, running out before check-out, counts due, discrepancies open. */
  medicines?: Stock | undefined;
  /** Why a figure is missing (the store could not be read). */
  problem: string | undefined;
}

/** Pets with something due in the round, and how many are recorded in full. */
async function roundRecorded(
  deps: Deps,
  report: RoundReport,
): Promise<{ recorded: number; pets: number } | undefined> {
  if (!deps.record) return undefined;
  const [dayEntries, rounds] = await Promise.all([
    deps.record.entries({ date: report.date }),
    owedRounds(deps, { date: report.date }),
  ]);
  const entries = dayEntries.filter((e) => e.round === report.round);
  const owed = rounds.find((r) => r.round === report.round);
  // Kept: what the round asked (issue 45); not kept yet, the round's answer (nothing recorded yet).
  // A dose owed once a day reads the day's rounds and entries (src/domain/day-dose.ts).
  if (owed) {
    const day = { rounds, entries: dayEntries };
    const progress = roundProgress(owedStatuses(owed, entries, deps.clock.now().toISOString(), day));
    return { recorded: progress.recorded, pets: progress.pets };
  }
  const statuses = report.pets.flatMap((p) => {
    const bookingId = p.booking.bookingId;
    const petId = p.pet?.pet.petId;
    if (!p.sheet || bookingId === undefined || petId === undefined) return [];
    return [petRoundStatus({ date: report.date, round: report.round, bookingId, petId }, dueOf(p), entries)];
  });
  const progress = roundProgress(statuses);
  return { recorded: progress.recorded, pets: progress.pets };
}

/** The pets off their food today, each with its room when the round's sheet has it. */
export async function offFoodToday(
  deps: Deps,
  date: string,
  report: RoundReport | undefined,
): Promise<OffFoodListed[] | undefined> {
  const flags = await offFood(deps, date);
  if (!flags) return undefined;
  const rooms = new Map<number, string | undefined>();
  for (const p of report?.pets ?? []) {
    if (p.booking.bookingId !== undefined) rooms.set(p.booking.bookingId, p.booking.roomName);
  }
  return (
    [...flags.values()]
      // Only stays still in house when the round's sheet is known (a pet gone home is no one's worry now).
      .filter((f) => !report || rooms.has(f.bookingId))
      .map((f) => ({ ...f, room: rooms.get(f.bookingId) }))
      .sort((a, b) => nameOrder(a.room ?? "", b.room ?? "") || nameOrder(a.petName, b.petName))
  );
}

export async function homeRecord(
  deps: Deps,
  report: RoundReport | undefined,
  date: string,
): Promise<HomeRecord> {
  if (!deps.record) return { round: undefined, offFood: undefined, problem: undefined };
  try {
    return {
      round: report ? await roundRecorded(deps, report) : undefined,
      offFood: await offFoodToday(deps, date, report),
      doses: await todayDoses(deps, date, report),
      welfareFlags: await openWelfareFlags(deps, date),
      medicines: await stockNow(deps),
      problem: undefined,
    };
  } catch (error) {
    const f = describeFailure(error);
    return { round: undefined, offFood: undefined, problem: `care record: ${f.what}` };
  }
}

/**
 * Each late or missed dose beside what its pet's plan, confirmed since its round asked it, says now of
 * that round ("📋 its plan, confirmed since this round asked it from the words (Jane 12:10), gives it at the evening round, not this one —
 * …"); the plans read only for the pets with such a dose asked from the words (plan not confirmed
 * when its round was kept), none said when they cannot be read; those the round's report read, not again.
 */
async function withPlansNow(
  deps: Deps,
  date: string,
  named: DoseListed[],
  report?: RoundReport,
): Promise<DoseListed[]> {
  const pets = named.flatMap((d) => {
    const [bookingId, petId] = (d.pet ?? "").split("-").map(Number);
    const open = (d.state === "late" || d.state === "missed") && d.unconfirmed;
    return open && bookingId && petId ? [{ bookingId, petId }] : [];
  });
  if (pets.length === 0) return named;
  const read = roundPlansRead(report?.pets ?? []);
  const plans = await confirmedPlansNow(deps, pets, read).catch(() => new Map<string, never>());
  const { timezone } = deps.config;
  return named.map((d) => {
    if (!(d.state === "late" || d.state === "missed") || !d.item || !d.pet) return d;
    const due = [{ item: d.item, label: d.label, text: d.text ?? d.label }];
    const at = { date, round: d.round, timezone };
    const words = planNowOnOpen(due, plans.get(d.pet), at, () => true, false).get(d.item);
    return words ? { ...d, planNow: words } : d;
  });
}

/** A dose as Home names it: whose, in which room (the sheet's, else the round report's), what, and what is said beside it. */
const doseNamed = (d: RoundDose, room: string | undefined, timezone: string): DoseNamed => ({
  round: d.round,
  pet: `${d.bookingId}-${d.petId}`,
  petName: d.petName,
  room: d.room ?? room,
  label: d.due.label,
  item: d.due.item,
  text: d.due.text,
  ...(d.due.unconfirmed ? { unconfirmed: true } : {}),
  ...(d.due.highAlert ? { highAlert: true as const } : {}),
  ...(d.due.onceToday ? { onceToday: true as const } : {}),
  ...(d.due.twoSlots ? { twoSlots: true as const } : {}),
  ...(d.inError ? { inError: inErrorSaid(d.inError, timezone) } : {}),
});

/**
 * Today's medication doses as the kept sheets asked them, beside the day's entries (no kennel API):
 * the figures, and each missed, refused, not given or late one, with its room when the round's
 * report has the pet's booking. None before any dose is due (nothing to say).
 */
async function todayDoses(
  deps: Deps,
  date: string,
  report: RoundReport | undefined,
): Promise<HomeDoses | undefined> {
  if (!deps.record) return undefined;
  const [rounds, entries, witnessed] = await Promise.all([
    owedRounds(deps, { date }),
    markedEntries(deps, { date }),
    witnessesOf(deps.record, { date }),
  ]);
  const doses = dosesOwed(deps, rounds, entries, deps.clock.now()).filter((d) =>
    isMedicationItem(d.due.item),
  );
  const figures = doseFigures(doses, { of: witnessed, now: deps.clock.now().toISOString() });
  if (figures.due === 0) return undefined;
  const rooms = new Map((report?.pets ?? []).map((p) => [p.booking.bookingId, p.booking.roomName]));
  const whoOf = (d: RoundDose) => doseNamed(d, rooms.get(d.bookingId), deps.config.timezone);
  const named: DoseListed[] = [];
  for (const d of doses) {
    const s = d.state;
    const who = whoOf(d);
    if (s.state === "late" || s.state === "missed") named.push({ ...who, state: s.state, window: d.window });
    else if (s.state === "recorded" && (s.outcome === "refused" || s.outcome === "not_given"))
      named.push({
        ...who,
        state: s.outcome,
        at: s.givenAt,
        userName: d.entry?.userName ?? "",
        ...(d.entry?.reasonCode ? { reasonCode: d.entry.reasonCode } : {}),
        ...(s.untimed ? { untimed: true as const } : {}),
      });
  }
  named.sort(homeOrder);
  const given = await withOnceGiven(deps, rounds, entries, named);
  const unwitnessed = unwitnessedDoses(doses, { of: witnessed, now: deps.clock.now().toISOString() }).map(
    ({ dose, onPaper }): DoseUnwitnessed => ({
      ...whoOf(dose),
      at: dose.entry?.givenAt ?? dose.entry?.recordedAt ?? "",
      // Its giver: from the paper chart, as the paper says (who entered it is not who gave it).
      userName: dose.entry?.paper?.by ?? dose.entry?.userName ?? "",
      onPaper,
    }),
  );
  return { figures, named: await withPlansNow(deps, date, given, report), unwitnessed };
}

/**
 * Each late or missed dose its confirmed plan gives at its round alone that the day has given at
 * another round, beside the words its round post says ("☑️ given today at the morning round by Jane
 * 08:00 — its plan gives it once a day: check before giving it again"); a plan read only for a dose
 * given elsewhere, none said when it cannot be.
 */
async function withOnceGiven(
  deps: Deps,
  rounds: OwedRound[],
  entries: Entry[],
  named: DoseListed[],
): Promise<DoseListed[]> {
  const open = (d: DoseListed) => d.state === "late" || d.state === "missed";
  const asked = new Set(named.filter(open).map((d) => d.round));
  const byRound = new Map<Round, OnceGiven>();
  for (const r of rounds.filter((r) => asked.has(r.round)))
    byRound.set(r.round, await onceGivenToday(deps, r, entries).catch(() => new Map()));
  return named.map((d) => {
    const [bookingId, petId] = (d.pet ?? "").split("-").map(Number);
    const key = d.item && onceGivenKey(bookingId ?? 0, petId ?? 0, d.item);
    const g = open(d) && key && byRound.get(d.round)?.get(key);
    return g ? { ...d, onceGiven: onceGivenWords(g, deps.config.timezone) } : d;
  });
}
