/**
 * Who recorded an entry, by name, without waiting on Slack (issue 48): a tap commits with the Slack
 * user id and the name known for it then (src/listeners/access.ts: Slack's name for them as last
 * read, kept in the store so a restart knows it; the handle Slack sent with the tap when none was
 * read). When Slack, asked after the ack, shows another name (never read before, or changed since),
 * a follow-up record of kind `staff_name` says so and names what was committed under the other name:
 * the entries themselves are never rewritten, and every surface can show both.
 *
 * `withStaffNames` puts this round the store the listeners write through, so every tap and form is
 * covered, whatever listener commits it.
 */

import type { KindName } from "../record/kinds/index.ts";
import type { CareRecordStore, EntryInput, LogInput, RecordResult } from "../record/types.ts";

const STAFF_NAME_KIND: LogInput["kind"] = "staff_name";

export interface NameSource {
  /** The user's name once any look-up in flight has ended. */
  settledName(userId: string): Promise<string | undefined>;
}

/** Writes the follow-up when Slack's name differs from the one committed (in the background: never throws). */
async function followUp(
  store: CareRecordStore,
  names: NameSource,
  done: { userId: string; committedAs: string; date: string; entries: number[]; records: number[] },
  onError: (error: unknown) => void,
): Promise<void> {
  try {
    const name = await names.settledName(done.userId);
    if (!name || name === done.committedAs) return;
    const first = done.entries[0] ?? done.records[0];
    const body = {
      userId: done.userId,
      name,
      committedAs: done.committedAs,
      entryIds: done.entries,
      recordIds: done.records,
    };
    await store.append({
      kind: STAFF_NAME_KIND,
      date: done.date,
      userId: done.userId,
      requestKey: `${STAFF_NAME_KIND}:${done.entries.length ? "e" : "r"}${first}`,
      body,
    });
  } catch (error) {
    onError(error);
  }
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
      track(followUp(store, names, done, onError));
    }
    return result;
  };
  const append = (async (input: LogInput, options?: { reuse?: boolean }) => {
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
      track(followUp(store, names, done, onError));
    }
    return result;
  }) as CareRecordStore["append"];
  return new Proxy(store, {
    get(target, name) {
      if (name === "record") return record;
      if (name === "append") return append;
      const value = Reflect.get(target, name, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
