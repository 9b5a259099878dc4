/**
 * The record's rows of a range for the exports (`kennel-desk record export`: CSV, JSON; src/cli/
 * record-export.ts), read a page at a time in the chain's order up to the head taken when the export
 * began, so an export of three years holds one page in memory, not the record: the round entries
 * (each page with its doses' witnesses and high-alert marks, src/answers/kept-doses.ts), the welfare
 * records, the care plans of the stays exported (every version) and the doses given if needed, each
 * with its effect. `mergeBySeq` puts several of them in one stream in the chain's order (the CSV).
 */
import type { Deps } from "../deps.ts";
import type { PrnDose } from "../domain/prn.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { type EntryFacts, entryFactsByDay } from "./kept-doses.ts";
import { PLAN_KIND, type PlanVersion, planVersionsOf } from "./plans.ts";
import { PRN_KIND, prnDosePages } from "./prn.ts";
import { WELFARE_KINDS, type WelfareRecordRow, welfareRecordPages } from "./welfare-record.ts";

export interface ExportQuery {
  from?: string;
  to?: string;
  petId?: number;
  bookingId?: number;
}

/** What an export reads, each a page at a time (call each once). */
export interface ExportRows {
  /** The record's head when the export began: nothing committed after it is in the export. */
  head: ChainHead;
  /** The stays exported (booking ids): those with entries, welfare records or doses in the range, as they first appear. */
  stays: number[];
  entries(): AsyncIterable<{ entries: Entry[]; facts: EntryFacts }>;
  welfare(): AsyncIterable<WelfareRecordRow[]>;
  plans(): AsyncIterable<PlanVersion[]>;
  asNeeded(): AsyncIterable<PrnDose[]>;
}

/** Stays whose plans one query reads at once (an IN list; a longer list is read in parts, merged). */
const STAYS_PER_QUERY = 2_000;

export async function exportRows(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock">,
  query: ExportQuery,
): Promise<ExportRows> {
  const store = deps.record;
  const head = await store.head();
  const through = { throughSeq: head.seq };
  // In the order they first appear: the entries' stays, then the welfare records', then the doses'.
  const found = await Promise.all([
    store.stays(query),
    store.stays({ ...query, kinds: WELFARE_KINDS }),
    store.stays({ ...query, kinds: [PRN_KIND] }),
  ]);
  const stays = [...new Set(found.flat())];
  const planned = query.bookingId !== undefined ? [query.bookingId] : stays;
  const petId = query.petId !== undefined ? { petId: query.petId } : {};
  return {
    head,
    stays,
    async *entries() {
      const facts = entryFactsByDay(deps);
      for await (const entries of store.entryPages(query, through))
        yield { entries, facts: await facts(entries) };
    },
    welfare: () => welfareRecordPages(store, query, head.seq),
    plans: () => {
      const parts: AsyncIterable<PlanVersion[]>[] = [];
      for (let i = 0; i < planned.length; i += STAYS_PER_QUERY) {
        const bookingIds = planned.slice(i, i + STAYS_PER_QUERY);
        parts.push(
          pagesMap(store.logPages({ kind: PLAN_KIND, bookingIds, ...petId }, through), planVersionsOf),
        );
      }
      return pages(mergeBySeq(parts, (v) => v.seq));
    },
    asNeeded: () => prnDosePages(deps, query, head.seq),
  };
}

async function* pagesMap<A, B>(source: AsyncIterable<A[]>, f: (page: A[]) => B[]): AsyncGenerator<B[]> {
  for await (const page of source) yield f(page);
}

/** Items back into pages (of up to `size`). */
async function* pages<T>(items: AsyncIterable<T>, size = 500): AsyncGenerator<T[]> {
  let page: T[] = [];
  for await (const item of items) {
    page.push(item);
    if (page.length >= size) {
      yield page;
      page = [];
    }
  }
  if (page.length) yield page;
}

/**
 * Several streams of pages, each in the chain's order, as one stream of items in that order (ties:
 * the earlier stream first, as a stable sort of their concatenation would have them).
 */
export async function* mergeBySeq<T>(
  sources: AsyncIterable<T[]>[],
  seq: (item: T) => number,
): AsyncGenerator<T> {
  const streams = sources.map((s) => ({
    it: s[Symbol.asyncIterator](),
    page: [] as T[],
    at: 0,
    done: false,
  }));
  const fill = async (s: (typeof streams)[number]) => {
    while (!s.done && s.at >= s.page.length) {
      const next = await s.it.next();
      if (next.done) s.done = true;
      else [s.page, s.at] = [next.value, 0];
    }
  };
  await Promise.all(streams.map(fill));
  for (;;) {
    let best: (typeof streams)[number] | undefined;
    for (const s of streams) {
      if (s.at >= s.page.length) continue;
      if (!best || seq(s.page[s.at] as T) < seq(best.page[best.at] as T)) best = s;
    }
    if (!best) return;
    yield best.page[best.at++] as T;
    await fill(best);
  }
}
