/**
 * What each scheduled post says, from the kennel API: the day's departures or arrivals (every
 * booking and every pet's care), a round's sheet, or tomorrow's check. One function per kind of
 * post, all drawn by the same renderers as the commands.
 */

import { chartPost } from "../answers/chart-post.ts";
import { stockNow, toHandBack } from "../answers/custody-stock.ts";
import { dayReport } from "../answers/day.ts";
import { describeFailure } from "../answers/failure.ts";
import { keepPlansPost } from "../answers/plans-post.ts";
import { dayReview } from "../answers/review.ts";
import { roundReport } from "../answers/rounds.ts";
import { tomorrowCheck } from "../answers/today.ts";
import { chartPostMessages } from "../blocks/chart-post.ts";
import { handBackMessages, medicinesPostMessages } from "../blocks/custody.ts";
import { digestMessages } from "../blocks/digest.ts";
import { firstPart } from "../blocks/parts.ts";
import { plansMessages, plansPostPets } from "../blocks/plan.ts";
import { reviewMessages } from "../blocks/review.ts";
import { asThread } from "../blocks/thread.ts";
import { tomorrowMessages } from "../blocks/tomorrow.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { PlanView } from "../present/plan.ts";
import { plansHeading } from "../present/plans-post.ts";
import type { ChainHead } from "../record/types.ts";
import { addDays } from "../time.ts";
import type { PostMessages } from "./posts.ts";
import { type PostKind, plansOfPost, roundOfPost } from "./posts.ts";
import { prepareRoundPost } from "./round-post.ts";
import { composeWelfarePost, welfareInRound } from "./welfare.ts";
import { welfareKindOf } from "./welfare-kinds.ts";

export async function composePost(
  deps: Deps,
  kind: PostKind,
  date: string,
  lateAt?: string,
): Promise<PostMessages> {
  if (kind === "departures" || kind === "arrivals") {
    const report = await dayReport(deps, kind, date, { wholeDay: true });
    const post = digestMessages(report, deps.config.timezone, lateAt, await recordHead(deps));
    // The departures' medicines to hand back, with their balances (issue 49), in the thread.
    if (kind === "arrivals") return post;
    const back = handBackMessages(await custodyToHandBack(deps, report.entries), date);
    return { ...post, replies: [...post.replies, ...back] };
  }
  if (kind === "medicines") {
    const messages = medicinesPostMessages(await stockNow(deps), deps.config.timezone);
    return messages.length ? asThread(messages) : { ...asThread(messages), nothingToPost: true };
  }
  if (kind === "tomorrow") {
    return tomorrowMessages(await tomorrowCheck(deps, addDays(date, 1)), deps.config.timezone, lateAt);
  }
  if (kind === "chart") {
    // The evening before: tomorrow's charts, blank to sign, for the paper fallback.
    return asThread(chartPostMessages(await chartPost(deps, addDays(date, 1))));
  }
  if (kind === "review") {
    // A day with no round kept (none posted) has nothing to review: nothing is posted.
    const review = await dayReview(deps, date);
    // Drawn again in place after a tap (src/listeners/actions/review.ts): its parts marked as one message's.
    const messages = reviewMessages(review, deps.config.timezone);
    const post = { ...asThread([firstPart(messages), ...messages.slice(1)]), partsOfOne: true };
    return { ...post, ...(review.rounds === 0 ? { nothingToPost: true } : {}) };
  }
  const plansRound = plansOfPost(kind);
  if (plansRound) return plansPost(deps, plansRound, date);
  if (welfareKindOf(kind)) return composeWelfarePost(deps, kind, date, lateAt);
  const round = roundOfPost(kind);
  if (!round) throw new Error(`Nothing composes the "${kind}" post.`);
  const post = await prepareRoundPost(deps, round, date, lateAt);
  // WELFARE_IN_ROUND: the round post carries the welfare check in its thread (issue 38).
  const w = deps.config.welfare;
  if (!w.inRound || !w.rounds.includes(round)) return post;
  return { ...post, replies: [...post.replies, ...(await welfareInRound(deps, round, date))] };
}

/**
 * A round's care plans to confirm (issue 34): each pet on the round whose kept plan is not confirmed
 * (just drafted, awaiting a high-alert's second person, or changed in the kennel system), with its
 * button; nothing to post when every plan is confirmed.
 */
async function plansPost(deps: Deps, round: Round, date: string): Promise<PostMessages> {
  const report = await roundReport(deps, round, date);
  const views: PlanView[] = report.pets.flatMap((p) =>
    p.plan && p.plan.versionId !== undefined && p.plan.state !== "confirmed"
      ? [
          {
            versionId: p.plan.versionId,
            plan: p.plan.plan,
            changed: p.plan.changed,
            petName: p.pet?.flags.name ?? `pet ${p.plan.plan.petId}`,
            room: p.booking.roomName,
          },
        ]
      : [],
  );
  const messages = plansMessages(plansHeading(round, date), views, deps.config.timezone);
  if (views.length === 0) return { ...messages, nothingToPost: true };
  // Kept: the post's pets by message, so its counts are drawn again over all of them (issue 44).
  const pets = [messages.parent, ...messages.replies].map((m) => plansPostPets(m.blocks));
  const kept = await keepPlansPost(deps, date, round, pets).catch((error: unknown) => {
    deps.log.warn({ failure: describeFailure(error), date, round }, "the plans post could not be kept");
    return undefined;
  });
  return { ...messages, ...(kept ? { payload: { plans: kept } } : {}) };
}

/** The medicines held for the day's departing stays; none (logged) when the record cannot be read. */
async function custodyToHandBack(
  deps: Deps,
  entries: Array<{ booking: { bookingId?: number | undefined } }>,
) {
  const ids = entries.flatMap((e) => (e.booking.bookingId !== undefined ? [e.booking.bookingId] : []));
  return toHandBack(deps, ids).catch((error: unknown) => {
    deps.log.warn(
      { failure: describeFailure(error) },
      "the medicines to hand back could not be read for the morning post",
    );
    return [];
  });
}

/** The care record's head for the morning post's foot; none when there is no record or it cannot be read. */
async function recordHead(deps: Deps): Promise<ChainHead | undefined> {
  if (!deps.record) return undefined;
  try {
    const head = await deps.record.head();
    return head.seq > 0 ? head : undefined;
  } catch (error) {
    deps.log.warn(
      { failure: describeFailure(error) },
      "the care record's head could not be read for the morning post",
    );
    return undefined;
  }
}
