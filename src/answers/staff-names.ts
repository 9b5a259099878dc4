/**
 * Who recorded an entry, by name, without waiting on Slack (issue 48): a tap commits with the Slack
 * user id and the name known for it then (src/listeners/access.ts: Slack's name for them as last
 * read, kept in the store so a restart knows it; the handle Slack sent with the tap when none was
 * read). When Slack, asked after the ack, shows another name (never read before, or changed since),
 * a follow-up record of kind `staff_name` says so and names what was committed under the other name:
 * the entries themselves are never rewritten, and every surface can show both.
 *
 * The same goes for the giver a form named ("Given by (if not you)", src/answers/given-by.ts) whose
 * name was not known at the commit: kept by id, the name Slack gives after the ack names the entries,
 * and when Slack says they are a guest, a bot or app, or not a member, the follow-up says that too
 * (`notStaff`); a dose given if needed on that form likewise (its `prn` record's `givenBy`, the
 * follow-up naming the record: `staff_name:gr<id>`): every surface then says "given by Sam (not staff: a guest)", the entries unchanged.
 *
 * `withStaffNames` puts this round the store the listeners write through, so every tap and form is
 * covered, whatever listener commits it.
 */

import type { KindName } from "../record/kinds/index.ts";
import type { CareRecordStore, Entry, EntryInput, LogInput, RecordResult } from "../record/types.ts";

const STAFF_NAME_KIND: LogInput["kind"] = "staff_name";

export interface NameSource {
  /** The user's name once any look-up in flight has ended. */
  settledName(userId: string): Promise<string | undefined>;
  /** Once any look-up in flight has ended: why Slack says the user is not staff (none: a member, or not known). */
  settledStanding?(userId: string): Promise<NotStaff | undefined>;
}

type NotStaff = "guest" | "bot" | "other" | "unknown";

/** A commit whose user's name Slack may give otherwise after it: what a follow-up names. */
interface Done {
  userId: string;
  committedAs: string;
  date: string;
  entries: number[];
  records: number[];
  /** Whose name it is: who recorded (the default), or the giver a form named (`g`). */
  giver?: true;
}

/** Starts a commit's follow-up (in the background: never throws). */
type Follow = (done: Done) => void;

/** Each wrapped store's follow-ups in flight, by the user each names: what `followedUp` awaits. */
const inFlight = new WeakMap<CareRecordStore, Map<string, Set<Promise<void>>>>();

/**
 * Once every follow-up in flight for `userId` through `store` (as `withStaffNames` gave it) has
 * ended: written, or found needless (Slack gave the same name, or none). At once when none is.
 */
export async function followedUp(store: CareRecordStore, userId: string): Promise<void> {
  await Promise.all([...(inFlight.get(store)?.get(userId) ?? [])]);
}

/** Writes the follow-up when Slack's name differs from the one committed (in the background: never throws). */
async function followUp(
  store: CareRecordStore,
  names: NameSource,
  done: Done,
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    const name = await names.settledName(done.userId);
    // A giver a form named whom Slack says is not staff: said so after the commit, the entries as written.
    const notStaff = done.giver ? await names.settledStanding?.(done.userId) : undefined;
    if (!notStaff && (!name || name === done.committedAs)) return;
    const first = done.entries[0] ?? done.records[0];
    const body = {
      userId: done.userId,
      name: name ?? done.committedAs,
      committedAs: done.committedAs,
      entryIds: done.entries,
      recordIds: done.records,
      ...(notStaff ? { notStaff } : {}),
    };
    await store.append({
      kind: STAFF_NAME_KIND,
      date: done.date,
      userId: done.userId,
      requestKey: `${STAFF_NAME_KIND}:${followUpKey(done)}${first}`,
      body,
    });
  } catch (error) {
    onError(error);
  }
}

/** Whose follow-up and of what: a giver's of round entries (`g`) or of a dose given if needed (`gr`), else who recorded them. */
const followUpKey = (done: { giver?: true; entries: readonly number[] }) =>
  done.giver ? (done.entries.length ? "g" : "gr") : done.entries.length ? "e" : "r";

/**
 * A dose given if needed whose giver the form named by id alone (never seen: `givenBy` with no
 * name): that giver, committed "as" their id, to be named after the commit as a round entry's is.
 */
function prnGiverByIdOnly(input: LogInput): string | undefined {
  if (input.kind !== "prn") return undefined;
  const g = (input.body as { givenBy?: { userId?: unknown; name?: unknown } }).givenBy;
  return typeof g?.userId === "string" && g.name === undefined ? g.userId : undefined;
}

/**
 * The givers a form named whose name was not known at the commit (a `given_by` record beside the
 * entries keeping their id alone): each with the entries it names, committed "as" their id.
 */
function giversByIdOnly(
  beside: readonly { kind: string; body: unknown }[],
  entries: readonly Entry[],
): { userId: string; committedAs: string; entries: number[] }[] {
  return beside.flatMap((l) => {
    const body = l.body as { userId?: unknown; name?: unknown; items?: unknown; request?: unknown };
    if (l.kind !== "given_by" || typeof body.userId !== "string" || body.name !== undefined) return [];
    const items = new Set(Array.isArray(body.items) ? body.items : []);
    const ids = entries.filter((e) => items.has(e.item) && e.requestKey === body.request).map((e) => e.id);
    return ids.length ? [{ userId: body.userId, committedAs: body.userId, entries: ids }] : [];
  });
}

/**
 * The store's append, with a follow-up after each record committed under a name (its body's
 * `userName`) Slack names otherwise, and one for the giver a dose given if needed names by id alone.
 */
function appendNamed(store: CareRecordStore, follow: Follow): CareRecordStore["append"] {
  return (async (input: LogInput, options?: { reuse?: boolean }) => {
    const result = await store.append(input, options);
    const committedAs = (input.body as { userName?: unknown } | undefined)?.userName;
    if (
      result.status === "recorded" &&
      input.kind !== STAFF_NAME_KIND &&
      input.userId &&
      typeof committedAs === "string"
    ) {
      const done = {
        userId: input.userId,
        committedAs,
        date: input.date,
        entries: [],
        records: [result.entry.id],
      };
      follow(done);
      const giver = prnGiverByIdOnly(input);
      if (giver) follow({ ...done, userId: giver, committedAs: giver, giver: true });
    }
    return result;
  }) as CareRecordStore["append"];
}

/**
 * The store, with a follow-up after each commit whose user Slack names otherwise (above). `track`
 * holds each follow-up in flight (the bot finishes them before it stops).
 */
export function withStaffNames(
  store: CareRecordStore,
  names: NameSource,
  track: (work: Promise<void>) => void,
  onError: (error: unknown) => void,
): CareRecordStore {
  const pending = new Map<string, Set<Promise<void>>>();
  const follow: Follow = (done) => {
    const work = followUp(store, names, done, onError);
    const mine = pending.get(done.userId) ?? new Set();
    pending.set(done.userId, mine.add(work));
    void work.then(() => {
      mine.delete(work);
      if (mine.size === 0) pending.delete(done.userId);
    });
    track(work);
  };
  // The records committed beside the entries (a round's items added, the paper chart's mark) go with them.
  const record = async <K extends KindName>(
    inputs: EntryInput[],
    beside?: LogInput<K>[],
  ): Promise<RecordResult> => {
    const result = await store.record(inputs, beside);
    const first = result.status === "recorded" ? result.entries[0] : undefined;
    if (first) {
      const entries = result.status === "recorded" ? result.entries.map((e) => e.id) : [];
      const done = {
        userId: first.userId,
        committedAs: first.userName,
        date: first.date,
        entries,
        records: [],
      };
      follow(done);
      const recorded = result.status === "recorded" ? result.entries : [];
      for (const g of giversByIdOnly(beside ?? [], recorded))
        follow({ ...done, ...g, records: [], giver: true });
    }
    return result;
  };
  const append = appendNamed(store, follow);
  const named = new Proxy(store, {
    get(target, name) {
      if (name === "record") return record;
      if (name === "append") return append;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
  inFlight.set(named, pending);
  return named;
}
