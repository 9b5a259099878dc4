/**
 * What a post keeps in the care record before it is posted (a round's sheet, a welfare round's list):
 * kept once (the same one posted again, by a replica or a second command, is the one kept before),
 * read back by its id, and, as it never changes once kept, the last few read remembered for each
 * store (a redraw after each tap reads none again).
 */
import type { Deps } from "../deps.ts";
import type { BodyIn, BodyOf, KindName } from "../record/kinds/index.ts";
import type { CareRecordStore, LogEntry } from "../record/types.ts";

type PostKind = "sheet" | "welfare_list";
type Kept<K extends PostKind> = BodyOf<K> & { id: number };

/**
 * `whole`: a post's body as read whole from its record (a sheet kept in parts joined again:
 * src/answers/sheets.ts); undefined when it cannot be (a part missing), read then as no such post.
 */
export function keptPosts<K extends PostKind & KindName>(
  kind: K,
  remembers: number,
  whole: (store: CareRecordStore, e: LogEntry<K>) => Promise<BodyOf<K> | undefined> = async (_, e) =>
    e.body as BodyOf<K>,
) {
  const remembered = new WeakMap<CareRecordStore, Map<number, Kept<K>>>();
  function keep(store: CareRecordStore, id: number, body: BodyOf<K>): Kept<K> {
    const kept = { ...(body as object), id } as Kept<K>;
    let m = remembered.get(store);
    if (!m) {
      m = new Map();
      remembered.set(store, m);
    }
    m.delete(kept.id);
    m.set(kept.id, kept);
    if (m.size > remembers) m.delete(m.keys().next().value as number);
    return kept;
  }
  return {
    /** A post read whole already (a list of one day's, read at once), remembered. */
    remember: (store: CareRecordStore, e: LogEntry<K>): Kept<K> => keep(store, e.id, e.body as BodyOf<K>),
    /** Keeps a post's body, learning the business it is for (another business's record refuses). */
    async save(
      deps: Pick<Deps, "record">,
      body: BodyIn<K> & { date: string; kennelId?: number | undefined },
    ): Promise<Kept<K>> {
      const store = deps.record;
      if (!store) throw new Error("This Kennel Desk keeps no care record.");
      if (body.kennelId !== undefined) await store.bindKennelId(body.kennelId);
      const { entry } = await store.append({ kind, date: body.date, body }, { reuse: true });
      const read = await whole(store, entry);
      if (!read) throw new Error(`The ${kind} just kept (${entry.id}) could not be read back whole.`);
      return keep(store, entry.id, read);
    },
    /** A kept post by its id; undefined when there is none (a made-up id) or it is another kind. */
    async load(deps: Pick<Deps, "record">, id: number): Promise<Kept<K> | undefined> {
      const store = deps.record;
      if (!store) return undefined;
      const known = remembered.get(store)?.get(id);
      if (known) return known;
      const [entry] = await store.log({ kind, id });
      const read = entry && (await whole(store, entry));
      return entry && read ? keep(store, entry.id, read) : undefined;
    },
  };
}
