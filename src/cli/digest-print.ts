/**
 * `kennel-desk digest --dry-run`: the posts printed here, never posted, and nothing written to the
 * care record: the record is read for a round already kept (shown as kept) and for the review only.
 */

import { chartPost } from "../answers/chart-post.ts";
import { dayReport } from "../answers/day.ts";
import { dayReview } from "../answers/review.ts";
import { tomorrowCheck } from "../answers/today.ts";
import type { Deps } from "../deps.ts";
import { type PostKind, roundOfPost, type ScheduledPost } from "../digest/posts.ts";
import { welfareKindOf } from "../digest/welfare-kinds.ts";
import { chartPostDoc } from "../present/chart-post.ts";
import { reviewDoc } from "../present/review.ts";
import type { CareRecordStore } from "../record/types.ts";
import { docText } from "../text/doc.ts";
import { dayText, type TextOptions, tomorrowText } from "../text/index.ts";
import { addDays } from "../time.ts";
import { timeOf } from "../words/dates.ts";
import { welfarePostedWords } from "../words/welfare.ts";
import { type CliContext, textOptions } from "./context.ts";
import { postWords } from "./digest-outcome.ts";
import { keptRoundText, laterRoundPost, roundPostText } from "./digest-rounds.ts";
import { welfarePostedAt, welfarePostText } from "./digest-welfare.ts";

/** The posts that go to ROUNDS_CHANNEL: a round's sheet, the day's review and the chart. */
export const inRoundsChannel = (kind: string) =>
  roundOfPost(kind) !== undefined || kind === "review" || kind === "chart";

/** What a dry run prints, and the care record it may read. */
interface DryRun {
  kinds: PostKind[];
  welfare: ScheduledPost[];
  date: string;
  json: boolean;
  /** The care record, read only: a round or a welfare check already posted today is shown as kept. */
  kept: CareRecordStore | undefined;
  /**
   * The care record the review is read from, and only the review: every other post is drawn as
   * without it, never prepared as a real post is (a round's sheet kept, its plans drafted).
   */
  review: CareRecordStore | undefined;
}

/**
 * --dry-run: each post as it would go to Slack (--json: Block Kit, parent and thread replies), or as
 * a reader sees it (each one's document as text: the same words and order).
 */
export async function printPosts(ctx: CliContext, deps: Deps, o: DryRun): Promise<void> {
  const out = o.json ? JSON.stringify(await jsonPosts(deps, o), null, 2) : await textPosts(ctx, deps, o);
  ctx.io.stdout.write(`${out}
`);
}

/** A post's dependencies: the care record for the review only. */
const depsOf = (deps: Deps, o: DryRun, kind: PostKind): Deps =>
  kind === "review" && o.review ? { ...deps, record: o.review } : deps;

/**
 * A welfare post's read of the care record (the list it kept when posted, and its checks): read
 * only, never to compose a post (which keeps its list).
 */
const welfareRead = (deps: Deps, o: DryRun): Deps => (o.kept ? { ...deps, record: o.kept } : deps);

/** A round post shown as kept: its round, read from the record kept. */
function keptRound(deps: Deps, o: DryRun, kind: PostKind) {
  const round = roundOfPost(kind);
  return round && o.kept ? { round, deps: { ...deps, record: o.kept } } : undefined;
}

async function jsonPosts(deps: Deps, o: DryRun) {
  const [{ composePost }, { keptRoundPost }] = await Promise.all([
    import("../digest/compose.ts"),
    import("../digest/round-post.ts"),
  ]);
  const { date } = o;
  const posts = [];
  for (const kind of o.kinds) {
    const k = keptRound(deps, o, kind);
    const kept = k && (await keptRoundPost(k.deps, k.round, date));
    if (kept) {
      posts.push({ kind, date, alreadyPosted: true, ...kept });
      continue;
    }
    // A welfare check already posted: said, with when (the instant its list was kept, as the text's
    // "Already posted at 18:05"), and the post as it would be drawn now.
    const postedAt = await welfarePostedAt(welfareRead(deps, o), kind, date);
    const post = laterRoundPost(deps, kind, date) ?? composePost(depsOf(deps, o, kind), kind, date);
    posts.push({ kind, date, ...(postedAt ? { alreadyPosted: true, postedAt } : {}), ...(await post) });
  }
  return posts;
}

async function textPosts(ctx: CliContext, deps: Deps, o: DryRun): Promise<string> {
  const { config } = ctx;
  const { date } = o;
  const texts = [];
  for (const kind of o.kinds) {
    const mine = o.welfare.find((p) => p.kind === kind);
    // The pets not checked go in the round post's thread with WELFARE_IN_ROUND.
    const setting = mine
      ? config.welfare.inRound
        ? "ROUNDS_CHANNEL"
        : "WELFARE_CHANNEL"
      : inRoundsChannel(kind)
        ? "ROUNDS_CHANNEL"
        : "DIGEST_CHANNEL";
    const channel = mine
      ? mine.channel || undefined
      : inRoundsChannel(kind)
        ? config.rounds.channel
        : config.digest?.channel;
    const k = keptRound(deps, o, kind);
    const kept = k && (await keptRoundText(k.deps, k.round, date, textOptions(ctx)));
    const welfare = welfareKindOf(kind);
    const postedAt = await welfarePostedAt(welfareRead(deps, o), kind, date);
    const where =
      kept || postedAt
        ? "already posted: kept in the care record"
        : channel
          ? `would be posted in ${channel}`
          : `${setting} not set`;
    // A welfare check already posted: said outright that a real run would post nothing more.
    const posted =
      welfare && postedAt
        ? `${welfarePostedWords(welfare.round, date, timeOf(postedAt, config.timezone))}\n\n`
        : "";
    texts.push(
      `── ${postWords(kind, date)}: ${where} ──\n\n${kept ?? `${posted}${await postText(welfare ? welfareRead(deps, o) : depsOf(deps, o, kind), kind, date, textOptions(ctx))}`}`,
    );
  }
  return texts.join("\n\n");
}

/** A post's text: the answer it is drawn from, as the terminal shows it (the post's own document). */
async function postText(deps: Deps, kind: PostKind, date: string, o: TextOptions): Promise<string> {
  if (kind === "departures" || kind === "arrivals")
    return dayText(await dayReport(deps, kind, date, { wholeDay: true }), o);
  if (kind === "tomorrow") return tomorrowText(await tomorrowCheck(deps, addDays(date, 1)), o);
  if (welfareKindOf(kind)) return welfarePostText(deps, kind, date, o);
  if (kind === "review")
    return docText(reviewDoc(await dayReview(deps, date), { timezone: deps.config.timezone }), o);
  if (kind === "chart") return docText(chartPostDoc(await chartPost(deps, addDays(date, 1))), o);
  const round = roundOfPost(kind);
  if (!round) throw new Error(`Nothing shows the "${kind}" post as text.`);
  return roundPostText(deps, round, date, o);
}
