/**
 * Answers drawn as Slack messages: each command and the button that pages or opens the same thing
 * share one function here, so a list looks the same whichever way it was asked for.
 */

import { customerAnswer, customerBookings, customerView } from "../answers/customers.ts";
import { dayReport } from "../answers/day.ts";
import { offFoodToday } from "../answers/home-record.ts";
import { houseReport } from "../answers/house.ts";
import { bookingsSearch, statusAnswer } from "../answers/kennel.ts";
import { asNeededToday } from "../answers/prn-pets.ts";
import { bookingView, petAnswer, petView, thisYear } from "../answers/records.ts";
import { currentRound, roundReport } from "../answers/rounds.ts";
import { tomorrowCheck } from "../answers/today.ts";
import { bookingMessages } from "../blocks/booking.ts";
import { bookingListMessages, customerListMessages, customerMessages } from "../blocks/customer.ts";
import { dayListMessages } from "../blocks/day-list.ts";
import { houseMessages } from "../blocks/house.ts";
import { offFoodMessages } from "../blocks/off-food.ts";
import { petListMessages, petMessages } from "../blocks/pet.ts";
import { asNeededMessages } from "../blocks/prn.ts";
import { statusMessage } from "../blocks/status.ts";
import type { Threaded } from "../blocks/thread.ts";
import { tomorrowMessages } from "../blocks/tomorrow.ts";
import type { Message } from "../blocks/types.ts";
import type { Deps } from "../deps.ts";
import type { PostMessages } from "../digest/posts.ts";
import { prepareRoundPost } from "../digest/round-post.ts";
import type { DayOnly } from "../domain/bookings.ts";
import type { Round } from "../domain/care.ts";
import type { DayKind } from "../domain/day.ts";
import type { Answer } from "./runner.ts";

const tz = (deps: Deps) => deps.config.timezone;

/**
 * The API's JSON (KENNEL_RAW_RESPONSES=1) in several messages is a thread: its first part, the rest
 * in its thread (src/blocks/raw.ts). Any other answer is its messages.
 */
const rawAsThread = (deps: Deps, messages: Message[]): Answer =>
  deps.config.rawResponses && messages.length > 1
    ? { parent: messages[0] as Message, replies: messages.slice(1) }
    : messages;

/**
 * Day lists being worked out, by client and page: another person asking for the same page while its
 * list is still being read joins that answer (the list call is one they would have shared anyway) and
 * gets the same messages, so a busy morning's twenty `/arrivals` a minute read and draw the day once
 * while the API is slow, not once each. Once the list is read, the next asker reads it afresh.
 */
const daysBeingRead = new WeakMap<object, Map<string, Promise<Answer>>>();

export function dayMessages(
  deps: Deps,
  kind: DayKind,
  date: string,
  page = 1,
  only?: DayOnly,
): Promise<Answer> {
  const open = daysBeingRead.get(deps.kennel) ?? new Map<string, Promise<Answer>>();
  daysBeingRead.set(deps.kennel, open);
  const key = `${kind} ${date} ${page} ${only ?? "all"}`;
  const joined = open.get(key);
  if (joined) return joined;
  const listed = () => {
    if (open.get(key) === answer) open.delete(key);
  };
  const answer = (async () => {
    const report = await dayReport(deps, kind, date, {
      page,
      raw: deps.config.rawResponses,
      readAhead: true,
      onListed: listed,
      ...(only ? { only } : {}),
    });
    return rawAsThread(deps, dayListMessages(report, tz(deps)));
  })();
  open.set(key, answer);
  answer.then(listed, listed);
  return answer;
}

export async function houseBoard(deps: Deps, date: string, page = 1): Promise<Answer> {
  return rawAsThread(deps, houseMessages(await houseReport(deps, date, { page }), tz(deps), thisYear(deps)));
}

/** A round's sheet: a thread (its parent, then a reply per part), as the round post. */
export async function roundSheet(deps: Deps, round: Round | undefined, date: string): Promise<Answer> {
  const r = round ?? currentRound(deps);
  return roundCopy(await prepareRoundPost(deps, r, date), date, r);
}

/**
 * A round's sheet as an answer naming its round and the sheet kept for it (the post's metadata
 * names it), so where it is posted is kept (src/answers/round-copies.ts); a sheet not kept (a later
 * day's, for reference; the record down) names none: it has no buttons.
 */
export function roundCopy(post: PostMessages, date: string, round: Round): Answer {
  const sheet = post.payload?.sheet;
  return typeof sheet === "number" ? { ...post, copy: { date, round, sheet } } : post;
}

/** The Home tab's "pets off their food", each with its room (from today's round sheet, when it can be read). */
export async function offFoodList(deps: Deps, date: string): Promise<Message[]> {
  const report = await roundReport(deps, currentRound(deps), date).catch(() => undefined);
  return offFoodMessages(await offFoodToday(deps, date, report), date);
}

/** The Home tab's "give if needed": each pet in house with a dose to give if needed, and its button. */
export async function asNeededList(deps: Deps): Promise<Message[]> {
  const { date, pets } = await asNeededToday(deps);
  return asNeededMessages(pets, date, tz(deps));
}

export async function tomorrowList(deps: Deps): Promise<Threaded> {
  return tomorrowMessages(await tomorrowCheck(deps), tz(deps));
}

export async function bookingCard(deps: Deps, text: string): Promise<Message[]> {
  return bookingMessages(await bookingView(deps, text), tz(deps), thisYear(deps));
}

export async function petCardById(deps: Deps, id: number): Promise<Message[]> {
  return petMessages(await petView(deps, id), tz(deps), thisYear(deps));
}

export async function petReply(deps: Deps, text: string, page = 1): Promise<Message[]> {
  const a = await petAnswer(deps, text, page);
  return a.type === "pet" ? petMessages(a.view, tz(deps), thisYear(deps)) : petListMessages(a.list);
}

export async function customerReply(deps: Deps, text: string, page = 1): Promise<Message[]> {
  const a = await customerAnswer(deps, text, page);
  return a.type === "customer" ? customerMessages(a.view) : customerListMessages(a.list);
}

export async function customerCardById(deps: Deps, id: number): Promise<Message[]> {
  return customerMessages(await customerView(deps, id));
}

export async function customerHistory(deps: Deps, customerId: number, page = 1): Promise<Message[]> {
  return bookingListMessages(await customerBookings(deps, customerId, page), tz(deps), thisYear(deps), {
    customerId,
  });
}

export async function bookingsSearchReply(
  deps: Deps,
  text: string,
  page = 1,
  asOf?: Date,
): Promise<Message[]> {
  const r = await bookingsSearch(deps, text, page, asOf);
  return bookingListMessages(r, tz(deps), thisYear(deps), { search: r.state });
}

export async function statusReply(deps: Deps, slack?: string, channels?: string): Promise<Message[]> {
  return [statusMessage(await statusAnswer(deps, "bot", slack, channels))];
}
