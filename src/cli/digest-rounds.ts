/**
 * `kennel-desk digest --content rounds --date D`: a round is posted and kept on its day only, as
 * /rounds does (src/digest/round-post.ts askedRoundPost): a past day's refused in the same words, a
 * later day's shown for reference (--dry-run), never posted.
 */

import { describeFailure, UsageError } from "../answers/failure.ts";
import { keptRoundNow } from "../answers/round-record.ts";
import { roundReport } from "../answers/rounds.ts";
import type { Deps } from "../deps.ts";
import { type PostKind, type PostMessages, roundOfPost } from "../digest/posts.ts";
import { askedRoundPost, pastRoundRefusal } from "../digest/round-post.ts";
import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import { sheetDocs, wholeSheet } from "../present/round-sheet.ts";
import type { CareRecordStore } from "../record/types.ts";
import { roundSheetText, roundText, type TextOptions } from "../text/index.ts";
import { localDate } from "../time.ts";
import { dayHeading } from "../words/dates.ts";
import { keptRoundWords, referenceRoundWords } from "../words/day.ts";
import type { CliContext } from "./context.ts";
import { openStore } from "./record-store.ts";

/**
 * A round is posted and kept on its day only, as /rounds: a past day's is refused in what is true of
 * that round (its post and record when its sheet was kept, the paper chart when it never was); a later
 * day's is only shown, for reference and not kept (--dry-run), never posted: posted now, its day's
 * own post would find it posted already (each kind once a day), and it would keep what the bookings
 * say today as what that day asks. No flag posts one: a past round is entered from its paper chart.
 */
export async function roundOfAnotherDay(
  ctx: CliContext,
  round: Round,
  date: string,
  dryRun: boolean,
): Promise<void> {
  const today = localDate(ctx.clock.now(), ctx.config.timezone);
  if (date < today) {
    // Read only, to say what is true of that round; a record that does not exist is not made (and
    // kept no sheet: never posted).
    const { store } = await openStore(ctx, { quiet: true });
    try {
      throw await pastRoundRefusal(store, round, date, "never");
    } finally {
      await store?.close();
    }
  }
  if (dryRun) return;
  const word = roundWord(round).toLowerCase();
  throw new UsageError(
    `The ${word} round of ${dayHeading(date)} is still to come: what a round asks is kept when it is posted on its day, so kennel-desk digest posts today's round only.`,
    `To see its sheet now, for reference (not kept): add --dry-run, or run kennel-desk rounds ${word} ${date}.`,
  );
}

/** A date after today, by the kennel's clock. */
const laterDay = (deps: Deps, date: string) => date > localDate(deps.clock.now(), deps.config.timezone);

/** A later day's round post as /rounds shows it (for reference, not kept, no buttons); none for another post or day. */
export function laterRoundPost(deps: Deps, kind: PostKind, date: string): Promise<PostMessages> | undefined {
  const round = roundOfPost(kind);
  return round && laterDay(deps, date) ? askedRoundPost(deps, round, date) : undefined;
}

/**
 * A round post's text: today's as the post says it (nothing drafted into the record: a dry run writes
 * nothing); a later day's marked for reference, not kept.
 */
export async function roundPostText(deps: Deps, round: Round, date: string, o: TextOptions): Promise<string> {
  if (!laterDay(deps, date)) return roundText(await roundReport(deps, round, date, { keepPlans: false }), o);
  const reference = referenceRoundWords(dayHeading(date));
  return roundText(await roundReport(deps, round, date, { keepPlans: false }), o, { reference });
}

/**
 * Today's round already posted, as a dry run prints it: said to be posted, then the sheet kept when it
 * was (what was due, written once) with its record now, as `kennel-desk rounds` and /rounds show it;
 * undefined when none was kept (the sheet now is what a post would ask).
 */
export async function keptRoundText(
  deps: Deps,
  round: Round,
  date: string,
  o: TextOptions,
): Promise<string | undefined> {
  const kept = await keptRoundNow(deps, round, date);
  if (!kept) return undefined;
  const sheet = roundSheetText(sheetDocs(wholeSheet(kept.sheet), kept.record, { problem: kept.problem }), o);
  return `${keptRoundWords(roundWord(round).toLowerCase(), dayHeading(date))}\n\n${sheet}`;
}

/** The care record to read, or undefined (said on standard error) when there is none or it cannot be read. */
export async function readRecord(ctx: CliContext): Promise<CareRecordStore | undefined> {
  try {
    return (await openStore(ctx, { quiet: true })).store;
  } catch (error) {
    ctx.io.stderr.write(
      `The care record cannot be read (${describeFailure(error).what}): a round or welfare check already posted is shown as the bookings say now.\n`,
    );
    return undefined;
  }
}
