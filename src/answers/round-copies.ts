/**
 * Where the copies of a round's sheet are, besides the rounds channel's scheduled post: Home's "Show
 * the round" in the asker's direct message with the app, a long /rounds answer posted in its channel
 * (or in the asker's direct message when the bot is not in it). Each is kept in the care record as it
 * is posted (a record of kind `round_copy`, in the chain: the round, the kept sheet it drew, the
 * channel and each message's ts; Slack ids only), so that a tap or form on any copy of the round
 * draws every other copy again (src/listeners/record-round.ts), and no one keeps reading a dose as
 * still to give that a colleague gave on another copy.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";

const KIND = "round_copy";

/** At most this many copies of a round (the newest) are drawn again after a tap. */
export const COPIES_DRAWN = 20;

/** The round a copy shows and the kept sheet it drew. */
export interface RoundCopyOf {
  date: string;
  round: Round;
  sheet: number;
}

/** Where a copy is: its channel as Slack named it, each message's ts in the sheet's order. */
export interface CopyPlace {
  channel: string;
  parts: string[];
  /** Its messages after the first are replies in the first's thread. */
  thread: boolean;
  /** Whose direct message with the app it is in; none for a channel's copy. */
  user?: string | undefined;
}

export interface KeptCopy extends RoundCopyOf, CopyPlace {
  /** Its record's id: the later, the newer. */
  id: number;
}

/**
 * Keeps where a copy of the round was posted. Never throws: a copy the record could not keep is
 * logged and still shown (it is drawn again only at a tap on it).
 */
export async function keepRoundCopy(
  deps: Pick<Deps, "record" | "log">,
  copy: RoundCopyOf,
  at: CopyPlace,
): Promise<void> {
  const [first] = at.parts;
  if (!deps.record || first === undefined) return;
  try {
    await deps.record.append({
      kind: KIND,
      date: copy.date,
      requestKey: `${KIND}:${at.channel}:${first}`,
      body: {
        v: 1,
        round: copy.round,
        sheet: copy.sheet,
        channel: at.channel,
        parts: at.parts,
        thread: at.thread,
        ...(at.user ? { user: at.user } : {}),
      },
    });
  } catch (error) {
    deps.log.warn(
      {
        date: copy.date,
        round: copy.round,
        channel: at.channel,
        err: String((error as Error)?.message ?? error),
      },
      "where the round's copy was posted was not kept: it is drawn again only at a tap on it",
    );
  }
}

/**
 * Keeps a copy posted in one go (a message and its thread) when all `of` its messages were posted,
 * each with its ts, at the channel Slack answered (else `where`'s); a copy posted in part keeps nothing.
 */
export async function keepPostedCopy(
  deps: Pick<Deps, "record" | "log">,
  copy: RoundCopyOf | undefined,
  posted: { sent: number; ts: string[]; channel?: string | undefined },
  of: number,
  where: Omit<CopyPlace, "parts">,
): Promise<void> {
  if (copy && posted.sent === of && posted.ts.length === of)
    await keepRoundCopy(deps, copy, { ...where, channel: posted.channel ?? where.channel, parts: posted.ts });
}

/** The copies of a date's round kept in the record, oldest first. */
export async function roundCopies(
  deps: Pick<Deps, "record">,
  date: string,
  round: Round,
): Promise<KeptCopy[]> {
  const rows = (await deps.record?.log({ kind: KIND, date })) ?? [];
  return rows
    .filter((r) => r.body.round === round)
    .map((r) => ({
      id: r.id,
      date: r.date,
      round: r.body.round,
      sheet: r.body.sheet,
      channel: r.body.channel,
      parts: r.body.parts,
      thread: r.body.thread,
      ...(r.body.user ? { user: r.body.user } : {}),
    }));
}

/** Whether the message at `at` (a part, or a reply in a part's thread) is one of the copy's. */
export function isOfCopy(
  copy: CopyPlace,
  at: { channel: string; ts: string; threadTs?: string | undefined },
) {
  if (copy.channel !== at.channel) return false;
  return copy.parts.includes(at.ts) || (at.threadTs !== undefined && copy.parts[0] === at.threadTs);
}

/**
 * The copies to draw again after a tap on the message at `at` (or after a late or missed reply,
 * none tapped): every copy but the one tapped, the newest first, at most `most` of them.
 */
export function otherCopies(
  copies: readonly KeptCopy[],
  at: { channel: string; ts: string; threadTs?: string | undefined } | undefined,
  most = COPIES_DRAWN,
): KeptCopy[] {
  return copies
    .filter((c) => at === undefined || !isOfCopy(c, at))
    .sort((a, b) => b.id - a.id)
    .slice(0, Math.max(0, most));
}
