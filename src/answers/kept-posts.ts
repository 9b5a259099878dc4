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

export function keptPosts<K extends PostKind & KindName>(kind: K, remembers: number) {
  const remembered = new WeakMap<CareRecordStore, Map<number, Kept<K>>>();
  function remember(store: CareRecordStore, e: LogEntry<K>): Kept<K> {
    const kept = { ...e.body, id: e.id } as Kept<K>;
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
    remember,
    /** Keeps a post's body, learning the business it is for (another business's record refuses). */
    async save(
      deps: Pick<Deps, "record">,
      body: BodyIn<K> & { date: string; kennelId?: number | undefined },
    ): Promise<Kept<K>> {
      const store = deps.record;
      if (!store) throw new Error("This Kennel Desk keeps no care record.");
      if (body.kennelId !== undefined) await store.bindKennelId(body.kennelId);
      const { entry } = await store.append({ kind, date: body.date, body }, { reuse: true });
      return remember(store, entry);
    },
    /** A kept post by its id; undefined when there is none (a made-up id) or it is another kind. */
    async load(deps: Pick<Deps, "record">, id: number): Promise<Kept<K> | undefined> {
      const store = deps.record;
      if (!store) return undefined;
      const known = remembered.get(store)?.get(id);
      if (known) return known;
      const [entry] = await store.log({ kind, id });
      return entry ? remember(store, entry) : undefined;
    },
  };
}
