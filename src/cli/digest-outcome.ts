/**
 * `kennel-desk digest`'s line for each post, in the posts' own words ("Posted tomorrow's check of
 * Wed 2 Dec (for Thu 3 Dec) in C0…", "Posted the evening welfare check of Wed 2 Dec"), never the
 * internal name of its kind ("tomorrow", "welfare:evening").
 */
import { plansOfPost, roundOfPost } from "../digest/posts.ts";
import { welfareKindOf, welfareLabel } from "../digest/welfare-kinds.ts";
import { addDays } from "../time.ts";
import { dayHeading } from "../words/dates.ts";

const NAMED: Record<string, string> = {
  departures: "the departures",
  arrivals: "the arrivals",
  review: "the day's review",
  medicines: "the medicines to act on",
  chart: "the day's chart",
};

/** What a post is, in its words, and its day: "the evening round's sheet of Wed 2 Dec". */
export function postWords(kind: string, date: string): string {
  const day = `of ${dayHeading(date)}`;
  if (kind === "tomorrow") return `tomorrow's check ${day} (for ${dayHeading(addDays(date, 1))})`;
  const round = roundOfPost(kind);
  if (round) return `the ${round} round's sheet ${day}`;
  const plans = plansOfPost(kind);
  if (plans) return `the ${plans} round's care plans to confirm ${day}`;
  const welfare = welfareKindOf(kind);
  if (welfare) return `the ${welfareLabel(welfare)} ${day}`;
  return `${NAMED[kind] ?? `the ${kind} post`} ${day}`;
}

export function outcomeLine(
  kind: string,
  date: string,
  channel: string,
  result: { result: string; replies?: number } | undefined,
): string {
  const what = postWords(kind, date);
  switch (result?.result) {
    case "posted":
      return `Posted ${what} in ${channel}${result.replies ? ` (${result.replies} thread replies)` : ""}.`;
    case "already-posted":
      return `Already posted in ${channel}: ${what}; nothing more posted.`;
    case "duplicate-removed":
      return `Another instance posted ${what} first; this copy was removed.`;
    case "nothing-to-post":
      return `Nothing to post for ${what} (${kind === "review" ? "no round was kept that day" : "nothing to say"}).`;
    case "completed":
      return `Completed ${what} in ${channel}: posted the ${result.replies ?? 0} missing thread replies.`;
    case "claimed-elsewhere":
      return `Another Kennel Desk (a replica on the same care record) is posting ${what}; nothing posted here.`;
    default:
      return `${what[0]?.toUpperCase()}${what.slice(1)}: ${result?.result}.`;
  }
}
