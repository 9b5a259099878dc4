/**
 * The scheduled posts as data: each is a kind (what is posted, and the key of its metadata), a
 * channel and a local time. One job posts each of them exactly once per local date. The helpers
 * turn the settings into posts, one line each, so wiring a new kind of post is one line.
 */
import { furtherParts } from "../blocks/parts.ts";
import type { Message } from "../blocks/types.ts";
import type { WelfareSettings } from "../config/welfare.ts";
import { ROUNDS, type Round } from "../domain/care.ts";
import { reviewTime } from "../domain/review-time.ts";
import { welfareKindOf, welfareLabel, welfareParentKind, welfarePosts } from "./welfare-kinds.ts";

/** The kinds of scheduled post: a day list, a round's sheet, tomorrow's check, the welfare check. */
export type PostKind =
  | "departures"
  | "arrivals"
  | RoundPostKind
  | "tomorrow"
  | PlansPostKind
  | WelfarePostKind
  | "review"
  | "medicines"
  | "chart";
/** A round's care plans to confirm (issue 34): posted after the round's sheet, when any are. */
type PlansPostKind = `plans:${Round}`;
/** The daily welfare check (issue 38: src/digest/welfare-kinds.ts). */
type WelfarePostKind = `welfare:${string}` | `welfare-due:${string}`;
type RoundPostKind = `rounds:${Round}`;

export function isPostKind(kind: string): kind is PostKind {
  return (
    kind === "departures" ||
    kind === "arrivals" ||
    kind === "tomorrow" ||
    kind === "review" ||
    kind === "medicines" ||
    kind === "chart" ||
    roundOfPost(kind) !== undefined ||
    plansOfPost(kind) !== undefined ||
    welfareKindOf(kind) !== undefined
  );
}

/** The round a plans post is for ("plans:evening": evening), or undefined for the other kinds. */
export function plansOfPost(kind: string): Round | undefined {
  return ROUNDS.find((round) => kind === `plans:${round}`);
}

/**
 * The post a reply-post answers under (its thread), which a late start posts first: a welfare post
 * (or the round post) for its pets not checked.
 */
export function parentPostOf(kind: string, welfare?: Pick<WelfareSettings, "inRound">): string | undefined {
  const w = welfareKindOf(kind);
  return w?.part === "due" ? welfareParentKind(w, welfare?.inRound === true) : undefined;
}

/** A round's post: "rounds:evening". */
export const roundPost = (round: Round): RoundPostKind => `rounds:${round}`;

/** The round a post is the sheet of ("rounds:evening": evening), or undefined for the other kinds. */
export function roundOfPost(kind: string): Round | undefined {
  return ROUNDS.find((round) => kind === roundPost(round));
}

export interface ScheduledPost {
  /**
   * What is posted: "departures", "arrivals", "rounds:morning", "rounds:midday", "rounds:evening",
   * "tomorrow"… It is the compose function's first argument and the `kind` of the metadata, so it
   * must be unique within one job.
   */
  kind: string;
  /** Channel id. */
  channel: string;
  /** Local time, HH:MM, in the kennel's time zone. */
  time: string;
}

/** A post's messages: the parent, then the thread replies (each a part of its own). */
export interface PostMessages {
  parent: Message;
  replies: Message[];
  /** Nothing needs saying (no care plan to confirm): nothing is posted. */
  nothingToPost?: boolean;
  /**
   * More for every part's metadata: a round's post carries its kept sheet's id (`sheet`), so the
   * dose times' job can draw it again (src/digest/dose-alerts.ts).
   */
  payload?: Record<string, string | number | boolean>;
  /**
   * The parent and its replies are the parts of one message (a long review, drawn again in place
   * after a tap): the parent comes marked as its first part, each reply is marked with the parent's
   * ts when it is posted (src/blocks/parts.ts), so a redraw finds them.
   */
  partsOfOne?: boolean;
}

/** A post's replies as they are posted under the parent at `parentTs`. */
export const repliesOf = (m: PostMessages, parentTs: string): Message[] =>
  m.partsOfOne ? furtherParts([m.parent, ...m.replies], parentTs) : m.replies;

/**
 * Builds a post's messages for a local date. `lateAt` (HH:MM) is set when the post is made after
 * its time, for a "posted late" line. Called only when something must be posted.
 */
export type ComposeFn = (
  kind: string,
  date: string,
  options: { lateAt: string | undefined },
) => Promise<PostMessages>;

/** The short notice when a post cannot be made on time (the API down). */
export type NoticeFn = (kind: string, date: string, what: string, requestId: string | undefined) => Message;

/** The 07:00 post: its kinds (departures, arrivals) at DIGEST_TIME in DIGEST_CHANNEL. */
export function digestPosts(
  digest: { channel: string; time: string; kinds: readonly string[] } | undefined,
): ScheduledPost[] {
  if (!digest) return [];
  return digest.kinds.map((kind) => ({ kind, channel: digest.channel, time: digest.time }));
}

/**
 * One post per round ("rounds:morning", …) in the rounds channel, each at its own time, and after it
 * (`plans`: the bot, which keeps the care plans) the round's care plans to confirm ("plans:morning":
 * posted only when there are any).
 */
function roundPosts(
  rounds: { channel: string | undefined; times: Record<Round, string> } | undefined,
  plans: boolean,
): ScheduledPost[] {
  if (!rounds?.channel) return [];
  const channel = rounds.channel;
  return ROUNDS.flatMap((round) => [
    { kind: roundPost(round), channel, time: rounds.times[round] },
    ...(plans ? [{ kind: `plans:${round}`, channel, time: rounds.times[round] }] : []),
  ]);
}

/** Tomorrow's check ("tomorrow"), in the 07:00 post's channel at TOMORROW_TIME; none when unset. */
function tomorrowPosts(digest: { channel: string } | undefined, time: string | undefined): ScheduledPost[] {
  if (!digest || !time) return [];
  return [{ kind: "tomorrow", channel: digest.channel, time }];
}

/**
 * The manager's daily review (issue 50), in the rounds channel once the day's last round's doses
 * are all due or missed: the last round's time plus the dose window's minutes after it (a minute
 * before midnight at the latest). Only the bot, which keeps the care record, posts it.
 */
function reviewPosts(
  rounds: { channel: string | undefined; times: Record<Round, string> } | undefined,
  afterMinutes: number | undefined,
): ScheduledPost[] {
  if (!rounds?.channel || afterMinutes === undefined) return [];
  return [{ kind: "review", channel: rounds.channel, time: reviewTime(rounds.times, afterMinutes) }];
}

/**
 * The medicines to act on (issue 49: a supply running out before its pet's check-out, a controlled
 * drug's count overdue, a discrepancy open), with the 07:00 post in its channel; posted only when
 * there is something to say. The bot's alone (it keeps the care record).
 */
function medicinesPosts(
  digest: { channel: string; time: string } | undefined,
  record: boolean,
): ScheduledPost[] {
  return digest && record ? [{ kind: "medicines", channel: digest.channel, time: digest.time }] : [];
}

/** The evening post of tomorrow's medication charts (issue 50), at CHART_POST_AT in the rounds channel. */
function chartPosts(rounds: { channel: string | undefined; chartPostAt?: string | undefined } | undefined) {
  return rounds?.channel && rounds.chartPostAt
    ? [{ kind: "chart" as const, channel: rounds.channel, time: rounds.chartPostAt }]
    : [];
}

/** Every scheduled post the settings ask for. */
export function scheduledPosts(config: {
  digest?: { channel: string; time: string; kinds: readonly string[] } | undefined;
  rounds?:
    | { channel: string | undefined; times: Record<Round, string>; chartPostAt?: string | undefined }
    | undefined;
  tomorrowTime?: string | undefined;
  /** The care plans' settings: given by the bot, which keeps the plans (the plans posts). */
  plan?: unknown;
  /** The welfare check's posts: given by the bot, which keeps the care record. */
  welfare?: WelfareSettings | undefined;
  /** The dose windows (the day's review comes when the last round's window closes): given by the bot. */
  doses?: { afterMinutes: number } | undefined;
}): ScheduledPost[] {
  return [
    ...digestPosts(config.digest),
    ...roundPosts(config.rounds, config.plan !== undefined),
    ...tomorrowPosts(config.digest, config.tomorrowTime),
    ...medicinesPosts(config.digest, config.plan !== undefined),
    ...(config.welfare ? welfarePosts(config.welfare, { channel: config.rounds?.channel }) : []),
    ...reviewPosts(config.rounds, config.welfare ? config.doses?.afterMinutes : undefined),
    ...chartPosts(config.rounds),
  ];
}

/** A kind in words, for logs and notices: "departures", "morning round", "tomorrow's check". */
export function postLabel(kind: string): string {
  const round = roundOfPost(kind);
  if (round) return `${round} round`;
  if (kind === "tomorrow") return "tomorrow's check";
  if (kind === "review") return "day's review";
  if (kind === "medicines") return "medicines to act on";
  if (kind === "chart") return "tomorrow's charts";
  const plans = plansOfPost(kind);
  if (plans) return `${plans} round's care plans to confirm`;
  const welfare = welfareKindOf(kind);
  if (welfare) return welfareLabel(welfare);
  return kind;
}
