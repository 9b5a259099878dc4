/**
 * A scheduled post claimed in the care record before it is posted (issue 46, item 16), as the dose
 * times' replies are (src/digest/dose-alert-records.ts): replicas sharing one record post each
 * round, plans, welfare and "not checked" post once, rather than each posting it and the later
 * copies deleting themselves (Slack notified everyone of both). Records of kind `post_claim`
 * (src/record/kinds/post-claim.ts), in the chain:
 * - the claim: request key `post:<date>:<kind>:<channel>` (the store's unique request key makes a
 *   second replica's claim a `duplicate`); its body names the replica and when it claimed;
 * - posted: request key `post:<date>:<kind>:<channel>:posted`, with the parent's ts and its parts;
 * - released: the claim's request key with `:released`, when its claimer found nothing to post (a
 *   review before any round was kept) or failed to compose or post it (the kennel API down, Slack
 *   refusing it): the next to ask claims again at once, not after TAKE_OVER_MS.
 * A claimer that stops between its claim and its post (the process ended) leaves a claim with
 * nothing posted after it: TAKE_OVER_MS after the claim any replica claims
 * again under the next attempt's key (`…#2`, `#3`…, each waiting twice as long, an hour at most),
 * which again one replica wins. The channel's history is read only as a check by the winner (a
 * post made before the claims, or by a replica that stopped before recording it), never as the
 * mechanism: it is the method Slack rate-limits hardest for apps outside its Marketplace.
 */
import { randomUUID } from "node:crypto";
import type { PostClaim as Claim } from "../record/kinds/post-claim.ts";
import type { CareRecordStore } from "../record/types.ts";

/** A claim with nothing posted after it this long is taken over (a big day's post takes well under it). */
const TAKE_OVER_MS = 5 * 60_000;
const TAKE_OVER_MAX_MS = 60 * 60_000;

/** Where a post stands in the record, for the replica asking. */
export type ClaimGate =
  /** Posted (by any replica): its parent and how many parts it has. */
  | { state: "posted"; ts: string; parts: number }
  /** Claimed by another replica and not posted yet: looked at again at `retryAt`. */
  | { state: "elsewhere"; retryAt: string }
  /** This replica's to post (its claim is written). */
  | { state: "mine"; attempt: number };

export interface PostRef {
  date: string;
  kind: string;
  channel: string;
}

const keyOf = (p: PostRef) => `post:${p.date}:${p.kind}:${p.channel}`;
const attemptKey = (key: string, attempt: number) => (attempt === 1 ? key : `${key}#${attempt}`);

/** The claims of one record, for one replica (its id made at start). */
export class PostClaims {
  readonly #store: CareRecordStore;
  readonly #by = randomUUID();
  readonly #takeOverMs: number;

  constructor(store: CareRecordStore, o: { takeOverMs?: number } = {}) {
    this.#store = store;
    this.#takeOverMs = o.takeOverMs ?? TAKE_OVER_MS;
  }

  async #read(
    p: PostRef,
  ): Promise<{ claims: Claim[]; last: number; posted?: { ts: string; parts: number } }> {
    const key = keyOf(p);
    const rows = (await this.#store.log({ kind: "post_claim", date: p.date })).filter(
      (e) =>
        e.requestKey === key || e.requestKey?.startsWith(`${key}#`) || e.requestKey?.startsWith(`${key}:`),
    );
    const released = new Set(rows.flatMap((e) => (e.body.step === "released" ? [e.body.attempt] : [])));
    // A released claim stands for nothing: only the attempts still standing, in order.
    const claims = rows
      .flatMap((e) => (e.body.step === "claim" && !released.has(e.body.attempt) ? [e.body] : []))
      .sort((a, b) => a.attempt - b.attempt);
    const posted = rows.flatMap((e) => (e.body.step === "posted" ? [e.body] : []))[0];
    const last = Math.max(0, ...rows.map((e) => e.body.attempt));
    return { claims, last, ...(posted ? { posted: { ts: posted.ts, parts: posted.parts } } : {}) };
  }

  /** When a claim stops standing: its attempt's wait after it was claimed. */
  #until(c: Claim): number {
    return Date.parse(c.claimedAt) + Math.min(this.#takeOverMs * 2 ** (c.attempt - 1), TAKE_OVER_MAX_MS);
  }

  /**
   * Where the post stands for this replica at `now`: posted already; claimed by another, standing;
   * or this replica's (its own claim standing, or a new claim written: the first, or one taking over).
   */
  async enter(p: PostRef, now: Date): Promise<ClaimGate> {
    const read = await this.#read(p);
    if (read.posted) return { state: "posted", ...read.posted };
    const last = read.claims.at(-1);
    // The last attempt standing (none when the last was released: claimed again at once).
    if (last && last.attempt === read.last) {
      if (last.by === this.#by) return { state: "mine", attempt: last.attempt };
      if (now.getTime() < this.#until(last))
        return { state: "elsewhere", retryAt: new Date(this.#until(last)).toISOString() };
    }
    const attempt = read.last + 1;
    const body: Claim = {
      v: 1,
      step: "claim",
      kind: p.kind,
      channel: p.channel,
      attempt,
      by: this.#by,
      claimedAt: now.toISOString(),
    };
    const { status, entry } = await this.#store.append({
      kind: "post_claim",
      date: p.date,
      requestKey: attemptKey(keyOf(p), attempt),
      body,
    });
    if (status === "recorded") return { state: "mine", attempt };
    const until = entry.body.step === "claim" ? this.#until(entry.body) : now.getTime() + this.#takeOverMs;
    return { state: "elsewhere", retryAt: new Date(until).toISOString() };
  }

  /**
   * When the post's last claim stops standing, while it stands with nothing posted after it (the post
   * being made, here or by another replica); undefined when none stands. Writes nothing.
   */
  async standing(p: PostRef, now: Date): Promise<string | undefined> {
    const read = await this.#read(p);
    const last = read.claims.at(-1);
    if (read.posted || !last || last.attempt !== read.last) return undefined;
    const until = this.#until(last);
    return now.getTime() < until ? new Date(until).toISOString() : undefined;
  }

  /** Still this replica's to post (no later attempt taken over, nothing posted): asked just before posting. */
  async stillMine(p: PostRef, attempt: number): Promise<boolean> {
    const { claims, posted } = await this.#read(p);
    return !posted && claims.at(-1)?.attempt === attempt && claims.at(-1)?.by === this.#by;
  }

  /** Gives up this replica's claim, with nothing to post: whoever asks next claims again at once. */
  async release(p: PostRef, attempt: number): Promise<void> {
    await this.#store.append({
      kind: "post_claim",
      date: p.date,
      requestKey: `${attemptKey(keyOf(p), attempt)}:released`,
      body: { v: 1, step: "released", kind: p.kind, channel: p.channel, attempt, by: this.#by },
    });
  }

  /** Records the post made (its parent and its parts): the first such record stands. */
  async posted(p: PostRef, where: { attempt: number; ts: string; parts: number }): Promise<void> {
    await this.#store.append({
      kind: "post_claim",
      date: p.date,
      requestKey: `${keyOf(p)}:posted`,
      body: { v: 1, step: "posted", kind: p.kind, channel: p.channel, ...where },
    });
  }
}

/**
 * A further part of a message (a round post, a flag, the day's review, a late or missed reply:
 * src/blocks/parts.ts) claimed before it is posted into its thread, so that two redraws of one
 * message at once (two replicas, or two taps in one) that both find it missing post it once. A
 * `post_claim` record whose request key names the message and the part, `part:<channel>:<ts>:<n>`
 * (`#<attempt>` from the second attempt): a `duplicate` is another redraw's claim, and that redraw
 * posts the part. A claim stands TAKE_OVER_MS: a redraw after that which still finds the part missing
 * in the thread it has just read (its claimer stopped before posting; the part was deleted) claims it
 * under the next attempt. A claimer whose post failed releases its claim (`:released`): the next
 * redraw claims again at once. Only a part about to be posted is claimed: a redraw of a message in
 * one part, or with all its parts found, writes nothing.
 */
export interface PartRef {
  /** The day the record is filed under (a reply's round date; a tapped message's day). */
  date: string;
  channel: string;
  /** The message's first part. */
  ts: string;
  /** The part's number (2 onwards). */
  part: number;
}

const partKey = (p: PartRef) => `part:${p.channel}:${p.ts}:${p.part}`;
const PART_KEY = /^part:([^:#]+):([^:#]+):\d+/;

/**
 * Posts the part (`post`) when this redraw wins its claim: true when posted here, false when another
 * redraw's claim stands (it posts the part). A failed post releases the claim and throws.
 */
export async function postPart(
  store: CareRecordStore,
  p: PartRef,
  now: Date,
  post: () => Promise<unknown>,
  o: { takeOverMs?: number } = {},
): Promise<boolean> {
  const takeOverMs = o.takeOverMs ?? TAKE_OVER_MS;
  const by = randomUUID();
  const step = { kind: `part:${p.ts}:${p.part}`, channel: p.channel };
  let known: Set<string> | undefined;
  for (let attempt = 1; ; attempt++) {
    const requestKey = attemptKey(partKey(p), attempt);
    const body: Claim = { v: 1, step: "claim", ...step, attempt, by, claimedAt: now.toISOString() };
    const { status, entry } = await store.append({ kind: "post_claim", date: p.date, requestKey, body });
    if (status === "recorded") {
      try {
        await post();
        return true;
      } catch (error) {
        // Not released (the record down): the claim stands until taken over, as if its claimer had stopped.
        await store
          .append({
            kind: "post_claim",
            date: p.date,
            requestKey: `${requestKey}:released`,
            body: { v: 1, step: "released", ...step, attempt, by },
          })
          .catch(() => undefined);
        throw error;
      }
    }
    const other = entry.body;
    if (other.step === "claim" && now.getTime() >= Date.parse(other.claimedAt) + takeOverMs) continue;
    // Read only when another claim stands: whether its claimer gave it up.
    known ??= new Set(
      (await store.log({ kind: "post_claim", date: p.date })).flatMap((e) => e.requestKey ?? []),
    );
    if (!known.has(`${requestKey}:released`)) return false;
  }
}

/**
 * The messages (`<channel>|<ts>` of their first parts) of which a further part was ever claimed
 * under `date`: the messages that were in more than one part at some time, in some process.
 */
export async function claimedLong(store: CareRecordStore, date: string): Promise<Set<string>> {
  const out = new Set<string>();
  for (const e of await store.log({ kind: "post_claim", date })) {
    const m = PART_KEY.exec(e.requestKey ?? "");
    if (m) out.add(`${m[1]}|${m[2]}`);
  }
  return out;
}

/** Where each scheduled post of some days is ("date|kind": its parent's channel and ts). */
export type PostedParents = Map<string, { channel: string; ts: string }>;

/**
 * Where each scheduled post of the days is, as its "posted" record says ("date|kind": its parent's
 * channel and ts): the welfare redraws' and the round taps' way to find a post without asking Slack.
 * One read of the record whatever the days.
 */
export async function postedParents(
  store: CareRecordStore,
  days: { from: string; to: string },
): Promise<PostedParents> {
  const out: PostedParents = new Map();
  for (const { date, body } of await store.log({ kind: "post_claim", ...days })) {
    const key = `${date}|${body.kind}`;
    if (body.step === "posted" && !out.has(key)) out.set(key, { channel: body.channel, ts: body.ts });
  }
  return out;
}
