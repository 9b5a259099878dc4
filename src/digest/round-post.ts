/**
 * Posting a round (issue 43): the one use case the round posts' schedule (src/digest/compose.ts) and
 * /rounds (src/listeners/replies.ts) both call. The round's answer is drafted into its sheet
 * (src/present/round-sheet.ts), shared out into the messages Slack will show, kept in the care record
 * first (src/answers/obligations.ts: what the round asked, written once; src/answers/sheets.ts: its
 * messages), then drawn with each pet's record and buttons. A pet whose care is longer than the record
 * keeps is set aside for paper, saying so at that pet (src/answers/round-paper.ts), the round kept for
 * every other; a sheet longer than one record is kept in parts (src/answers/sheets.ts); a sheet that
 * cannot be kept (the record down or read-only) is posted whole without buttons, and says why; with
 * no care record at all, it is the sheet alone.
 */
import { sheetCustody } from "../answers/custody-sheet.ts";
import { describeFailure, UsageError } from "../answers/failure.ts";
import { readLastGiven } from "../answers/last-given.ts";
import { withOwed } from "../answers/obligation-body.ts";
import { addDueSince } from "../answers/obligation-posted.ts";
import { keepRound } from "../answers/obligations.ts";
import { readOnceGiven } from "../answers/once-given.ts";
import { withinRecord } from "../answers/round-paper.ts";
import { keptRoundNow, readDayNotDue, roundRecord } from "../answers/round-record.ts";
import { roundReport } from "../answers/rounds.ts";
import { latestSheet, saveSheet } from "../answers/sheets.ts";
import { sheetForSlack, sheetMessages } from "../blocks/round-sheet.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { draftSheet } from "../present/round-sheet.ts";
import { localDate } from "../time.ts";
import { dayHeading } from "../words/dates.ts";
import { pastRoundWords, referenceRoundWords } from "../words/day.ts";
import type { PostMessages } from "./posts.ts";

/**
 * A round asked for with /rounds: today's is posted and kept (prepareRoundPost); a later day's is its
 * sheet as the bookings say now, for reference, with nothing written and no buttons (what it asks is
 * kept when it is posted on its day); a past day's is refused, saying where that day's record is (a
 * post now would ask what today's bookings say, not what was due then): its post and `record enter`
 * when its sheet was kept, the paper chart as that round's record when it never was.
 */
export async function askedRoundPost(deps: Deps, round: Round, date: string): Promise<PostMessages> {
  const timezone = deps.config.timezone;
  const today = localDate(deps.clock.now(), timezone);
  if (date < today) throw await pastRoundRefusal(deps.record, round, date);
  if (date === today) return prepareRoundPost(deps, round, date);
  // Its care plans are not drafted into the record either: nothing of it is written.
  const report = await roundReport(deps, round, date, { keepPlans: false });
  const reference = referenceRoundWords(dayHeading(date));
  // Every part says so, the thread's replies as the parent.
  const sheet = sheetForSlack(draftSheet(report, { timezone, reference }), { reference });
  // Its medicines as held now: one handed back says the kennel holds none (never only today's post);
  // an every-other-day dose, when the record last has it given (so nobody plans it two days running).
  const [custody, lastGiven] = await Promise.all([
    sheetCustody(deps, sheet.pets, undefined).catch(() => undefined),
    readLastGiven(deps, date, sheet.pets).catch(() => undefined),
  ]);
  return sheetMessages(sheet, { entries: [], timezone, custody, lastGiven });
}

/**
 * A past day's round asked for now, refused (a UsageError, nothing written) in what is true of that
 * round: its sheet kept (its post, its record), never posted (the paper chart is its record), or no
 * care record at all (`none`: what no record means to the asker; a record not made yet kept no sheet,
 * "never"). /rounds and `kennel-desk digest --content rounds --date` say the same.
 */
export async function pastRoundRefusal(
  record: Deps["record"],
  round: Round,
  date: string,
  none: "no_record" | "never" = "no_record",
): Promise<UsageError> {
  const kept = !record ? none : (await latestSheet({ record }, date, round)) ? "kept" : "never";
  const { what, whatToDo } = pastRoundWords(roundWord(round).toLowerCase(), dayHeading(date), date, kept);
  return new UsageError(what, whatToDo);
}

/**
 * Today's round already posted, drawn again as its post is after each tap: the sheet kept when it was
 * posted, with its record now (`kennel-desk digest --dry-run --json`); undefined when none was kept.
 */
export async function keptRoundPost(
  deps: Deps,
  round: Round,
  date: string,
): Promise<PostMessages | undefined> {
  const kept = await keptRoundNow(deps, round, date);
  if (!kept) return undefined;
  const { sheet, record, problem } = kept;
  return { ...sheetMessages(sheet, record, { problem }), payload: { sheet: sheet.id } };
}

export async function prepareRoundPost(
  deps: Deps,
  round: Round,
  date: string,
  lateAt?: string,
): Promise<PostMessages> {
  const timezone = deps.config.timezone;
  const [answer, record] = await Promise.all([
    roundReport(deps, round, date),
    roundRecord(deps, round, date),
  ]);
  const draft = (r: typeof answer) => sheetForSlack(draftSheet(r, { lateAt, timezone }));
  if (!record) return sheetMessages(draft(answer), { entries: [], timezone });
  // A pet whose care is longer than the record keeps (an item past its limit) is set aside for paper,
  // the round kept for the rest. A sheet longer than one record is kept in parts; one that cannot be
  // kept at all (the record down) is posted whole, every word, without buttons (below).
  const report = withinRecord(answer, { timezone });
  try {
    // What the round asks is written once (issue 45): the first time, from this answer; asked again,
    // the pets who arrived or went home since are added to it, and the sheet lists what it asked.
    const kept = await keepRound(deps, report);
    // Posted again: the doses the post prints that the round did not ask (a plan confirmed since, or
    // due from the words changed since, plan not confirmed), added to what it asked.
    const owed = kept && (await addDueSince(deps, report, kept));
    const sheet = await saveSheet(deps, draft(owed ? withOwed(deps, report, owed) : report));
    // Each item not recorded shows its state (late, missed, gone home…) by what the round asked; the
    // post's metadata names the sheet kept, so the dose times' job can draw it again at late and missed.
    const { problem, ...drawn } = record;
    // A dose owed once a day settled at another round of its day (or chased at a later one): said so.
    const now = deps.clock.now();
    const day = problem ? undefined : await readDayNotDue(deps, date, round, now).catch(() => undefined);
    const doses = { now, owed, ...(day ? { day } : {}) };
    // A dose its plan gives at this round alone, given today at another round: said so, no one tap.
    const onceGiven = problem ? undefined : await readOnceGiven(deps, date, owed || undefined);
    // Each pet's medicines in custody: balances, and a dose due never counted in (issue 49).
    const custody = problem ? undefined : await sheetCustody(deps, sheet.pets, owed).catch(() => undefined);
    // An every-other-day dose: when the record last has it given, beside its line.
    const lastGiven = problem
      ? undefined
      : await readLastGiven(deps, date, sheet.pets).catch(() => undefined);
    return {
      ...sheetMessages(sheet, { ...drawn, doses, custody, lastGiven, onceGiven }, { problem }),
      payload: { sheet: sheet.id },
    };
  } catch (error) {
    const f = describeFailure(error);
    deps.log.warn(
      { failure: f, date, round },
      "the round's sheet could not be kept: posted without its buttons",
    );
    return sheetMessages(draft(answer), { entries: [], timezone }, { problem: f.what });
  }
}
