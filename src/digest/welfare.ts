/**
 * The welfare check's scheduled posts (issue 38), on the scheduled posts' machinery: the check
 * itself (its list kept in the record first, src/answers/welfare-store.ts, then drawn with its
 * buttons; a list that cannot be kept is posted without them, and says why), the same carried in the
 * round post's thread (WELFARE_IN_ROUND), and at WELFARE_CHECK_BY the pets not checked, named once in
 * the post's thread: claimed in the care record first (src/digest/post-claims.ts), so two replicas
 * post once (without a record: read before posting, a later duplicate deleting itself). Nothing is posted when every pet is checked, nor for the other rooms when no pet is in one.
 */
import { describeFailure } from "../answers/failure.ts";
import { type WelfareBoard, welfareBoard, welfareLists } from "../answers/welfare.ts";
import { raiseFlags } from "../answers/welfare-flags.ts";
import { type ListBody, readLists, saveList } from "../answers/welfare-store.ts";
import { firstPart } from "../blocks/parts.ts";
import { asThread } from "../blocks/thread.ts";
import { uncheckedMessages, welfareMessages } from "../blocks/welfare.ts";
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import {
  compareTs,
  DIGEST_EVENT,
  historyStartTs,
  ownMessages,
  type PostDigestOptions,
  type PostOutcome,
  postDigestOnce,
  postsFor,
} from "./post.ts";
import type { PostMessages } from "./posts.ts";
import { type DigestSlack, type HistoryMessage, postFurther } from "./slack.ts";
import { areaNamed, type WelfareKind, welfareKindOf, welfareParentKind } from "./welfare-kinds.ts";

/** A post with nothing to say (the other rooms with no pet; every pet checked): nothing is posted. */
const NOTHING_TO_POST: PostMessages = { parent: { text: "", blocks: [] }, replies: [], nothingToPost: true };

/** A list kept (or, when the record cannot be written, a draft: drawn without buttons, and said). */
async function keep(deps: Deps, body: ListBody): Promise<WelfareBoard> {
  try {
    return await welfareBoard(deps, await saveList(deps, body));
  } catch (error) {
    const f = describeFailure(error);
    deps.log.warn(
      { failure: f, date: body.date, round: body.round },
      "the welfare list could not be kept: posted without its buttons",
    );
    return { ...(await welfareBoard({ log: deps.log }, body)), problem: f.what };
  }
}

/** The flags standing for the pets listed (a flag a crash left unopened opens here). */
async function raiseAll(deps: Deps, date: string, lists: ListBody[]): Promise<void> {
  if (!deps.record) return;
  const rooms = new Map(
    lists.flatMap((l) => l.pets.map((p) => [`${p.bookingId}|${p.petId}`, p.room] as const)),
  );
  await raiseFlags(deps, date, { rooms }).catch((error: unknown) => {
    deps.log.warn(
      { err: String((error as Error)?.message ?? error) },
      "welfare flags not raised for the post",
    );
  });
}

/** A welfare post's messages (one area, or the house). */
export async function composeWelfarePost(
  deps: Deps,
  kind: string,
  date: string,
  lateAt?: string,
): Promise<PostMessages> {
  const k = welfareKindOf(kind) as WelfareKind;
  if (k.part === "due") return composeUnchecked(deps, k, date);
  const { lists } = await welfareLists(deps, k.round, date);
  const area = areaNamed(deps.config.welfare, k.slug);
  const body = lists.find((l) => l.area === area);
  if (!body) return NOTHING_TO_POST;
  await raiseAll(deps, date, [body]);
  const [parent, ...replies] = welfareMessages(await keep(deps, body), {
    timezone: deps.config.timezone,
    lateAt,
  });
  return { parent: parent as PostMessages["parent"], replies };
}

/** The check carried by a round post (WELFARE_IN_ROUND): every area's messages, as thread replies. */
export async function welfareInRound(
  deps: Deps,
  round: Round,
  date: string,
): Promise<PostMessages["replies"]> {
  const { lists } = await welfareLists(deps, round, date);
  await raiseAll(deps, date, lists);
  const out: PostMessages["replies"] = [];
  for (const body of lists)
    out.push(...welfareMessages(await keep(deps, body), { timezone: deps.config.timezone }));
  return out;
}

/** The pets of the day's kept list(s) with no check: the list the post kept, else the house now. */
async function composeUnchecked(deps: Deps, k: WelfareKind, date: string): Promise<PostMessages> {
  const w = deps.config.welfare;
  const area = w.inRound ? undefined : areaNamed(w, k.slug);
  const mine = (l: ListBody) => area === undefined || l.area === area;
  let lists: ListBody[] = [];
  let problem: string | undefined;
  try {
    // The last list kept for each area (a replica's identical one is the same record).
    const kept = deps.record ? await readLists(deps.record, date, k.round) : [];
    lists = [...new Map(kept.map((l) => [l.area, l])).values()].filter(mine);
  } catch (error) {
    problem = `The care record could not be read: ${describeFailure(error).what}`;
  }
  // No list kept (the post could not be made): the house as it is now.
  if (lists.length === 0) lists = (await welfareLists(deps, k.round, date)).lists.filter(mine);
  const boards = await Promise.all(lists.map((l) => welfareBoard(deps, l)));
  const pets = boards.flatMap((b) => b.pets);
  const missing = pets.filter((p) => !p.check).map((p) => ({ room: p.room, name: p.name }));
  problem ??= boards.find((b) => b.problem)?.problem;
  if (missing.length === 0 && !problem) return NOTHING_TO_POST;
  return asThread(
    uncheckedMessages({
      round: k.round,
      date,
      area: area ?? null,
      checkBy: w.checkBy[k.round] as string,
      missing,
      pets: pets.length,
      problem,
    }),
  );
}

interface Found {
  parentTs: string | undefined;
  copies: HistoryMessage[];
}

async function findDue(slack: DigestSlack, o: PostDigestOptions, parentKind: string): Promise<Found> {
  const read = await slack.history(o.channel, historyStartTs(o.date, o.timezone, o.now()));
  const history = await ownMessages(slack, o.channel, read);
  const parentTs = postsFor(history, DIGEST_EVENT, o.date, parentKind)[0]?.ts;
  const top = postsFor(history, DIGEST_EVENT, o.date, o.kind);
  const thread = parentTs
    ? await ownMessages(slack, o.channel, await slack.replies(o.channel, parentTs))
    : [];
  const inThread = postsFor(
    thread.filter((m) => m.ts !== parentTs),
    DIGEST_EVENT,
    o.date,
    o.kind,
  );
  return { parentTs, copies: [...top, ...inThread].sort((a, b) => compareTs(a.ts, b.ts)) };
}

/** The poster of a welfare kind (undefined for another kind of post). */
export function welfarePoster(kind: string, inRound: boolean) {
  const k = welfareKindOf(kind);
  if (!k) return undefined;
  return k.part === "due" ? postUncheckedOnce(inRound) : postDigestOnce;
}

/**
 * The pets not checked, once, in the thread of their post (or, when there is none that day, in the
 * channel): claimed in the record first when there is one (src/digest/post-claims.ts; the thread
 * read as a check), else found before posting and a later copy deleting itself after.
 */
function postUncheckedOnce(inRound: boolean) {
  return async (o: PostDigestOptions): Promise<PostOutcome> => {
    const ref = { date: o.date, kind: o.kind, channel: o.channel };
    const gate = await o.claims?.enter(ref, o.now());
    if (gate?.state === "elsewhere") return { result: "claimed-elsewhere", retryAt: gate.retryAt };
    if (gate?.state === "posted") return { result: "already-posted", ts: gate.ts };
    const parentKind = welfareParentKind(welfareKindOf(o.kind) as WelfareKind, inRound);
    const before = await findDue(o.slack, o, parentKind);
    const found = before.copies[0];
    if (found && gate) await o.claims?.posted(ref, { attempt: gate.attempt, ts: found.ts, parts: 1 });
    if (found) return { result: "already-posted", ts: found.ts };
    const messages = await o.compose();
    if (messages.nothingToPost) {
      if (gate) await o.claims?.release(ref, gate.attempt);
      return { result: "nothing-to-post" };
    }
    const metadata = {
      event_type: DIGEST_EVENT,
      event_payload: { date: o.date, kind: o.kind, late: o.late, part: 1, parts: 1 },
    };
    if (gate && !(await o.claims?.stillMine(ref, gate.attempt)))
      return { result: "claimed-elsewhere", retryAt: o.now().toISOString() };
    const all = [messages.parent, ...messages.replies];
    const ts = await o.slack.post(o.channel, firstPart(all), { threadTs: before.parentTs, metadata });
    // A list too long for one message goes on after it, in the same thread (nothing cut).
    const rest = () => postFurther(o.slack, o.channel, all, { firstTs: ts, threadTs: before.parentTs ?? ts });
    if (gate) {
      const replies = await rest();
      await o.claims?.posted(ref, { attempt: gate.attempt, ts, parts: 1 });
      return { result: "posted", ts, replies };
    }
    await o.settle();
    const earliest = (await findDue(o.slack, o, parentKind)).copies[0];
    if (earliest && earliest.ts !== ts && compareTs(earliest.ts, ts) < 0) {
      await o.slack.remove(o.channel, ts);
      return { result: "duplicate-removed", kept: earliest.ts };
    }
    return { result: "posted", ts, replies: await rest() };
  };
}
