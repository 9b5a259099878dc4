/**
 * The record's rows of a range for the exports (`kennel-desk record export`: CSV, JSON; src/cli/
 * record-export.ts), read a page at a time in the chain's order up to the head taken when the export
 * began, so an export of three years holds one page in memory, not the record: the round entries
 * (each page with its doses' witnesses and high-alert marks, src/answers/kept-doses.ts), the welfare
 * records, the care plans of the stays exported (every version) and the doses given if needed, each
 * with its effect, a high-alert one's witness and its pet's name, and the medicines in custody of
 * those stays (src/answers/pages.ts merges them in the chain's order for the CSV); then each item
 * the range's rounds asked with nothing recorded (missed, still open when exported, or not due: the
 * pet went home), read from what each round kept (issue 45: a dose due and never recorded is in the
 * export, not only in the record's views).
 */
import type { Deps } from "../deps.ts";
import type { MedicineCustody } from "../domain/custody.ts";
import type { OwedDose } from "../domain/obligations.ts";
import type { PrnDose } from "../domain/prn.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { addDays, localDate } from "../time.ts";
import { custodyOfStays } from "./custody-stock.ts";
import { type EntryFacts, entryFactsByDay } from "./kept-doses.ts";
import { askedStays, dosesOwed, owedRounds } from "./obligations.ts";
import { mergeBySeq, pages } from "./pages.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { type PlanVersion, planVersionsOf } from "./plans.ts";
import { prnDosePages, withPetNames } from "./prn.ts";
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
  /** The medicines in custody of the stays exported (issue 49), each with its register: read at once (a stay holds a few). */
  custody(): Promise<MedicineCustody[]>;
  /** Each item the rounds asked with nothing recorded by the head, a week of days at a time (issue 45). */
  unrecorded(): AsyncIterable<OwedDose[]>;
}

/** Stays whose plans one query reads at once (an IN list; a longer list is read in parts, merged). */
const STAYS_PER_QUERY = 2_000;

export async function exportRows(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock" | "config">,
  query: ExportQuery,
): Promise<ExportRows> {
  const store = deps.record;
  const head = await store.head();
  const through = { throughSeq: head.seq };
  // In the order they first appear: the entries' stays, then the welfare records', then the doses',
  // then the stays the range's rounds asked something of with nothing recorded (what was due stands
  // alone: its page says what was missed). One stay asked by its booking: its page whatever it holds.
  const { from, to } = query;
  const found = await Promise.all([
    store.stays(query),
    store.stays({ ...query, kinds: WELFARE_KINDS }),
    store.stays({ ...query, kinds: ["prn"] }),
    from && to ? askedStays(deps, { ...query, from, to }) : [],
    query.bookingId !== undefined ? [query.bookingId] : [],
  ]);
  const stays = [...new Set(found.flat())];
  const planned = query.bookingId !== undefined ? [query.bookingId] : stays;
  const petId = query.petId !== undefined ? { petId: query.petId } : {};
  return {
    head,
    stays,
    async *entries() {
      const facts = entryFactsByDay(deps);
      // Each entry from the chart on paper says so, with its giver (issue 50): one read a page.
      for await (const entries of store.entryPages(query, through))
        yield { entries: await withPaperMarks(deps, entries), facts: await facts(entries) };
    },
    welfare: () => welfareRecordPages(store, query, head.seq),
    plans: () => {
      const parts: AsyncIterable<PlanVersion[]>[] = [];
      for (let i = 0; i < planned.length; i += STAYS_PER_QUERY) {
        const bookingIds = planned.slice(i, i + STAYS_PER_QUERY);
        parts.push(pagesMap(store.logPages({ kind: "plan", bookingIds, ...petId }, through), planVersionsOf));
      }
      return pages(mergeBySeq(parts, (v) => v.seq));
    },
    // Each dose with its witness and its pet's name (the dose's own, else its stay's plan's).
    async *asNeeded() {
      for await (const page of prnDosePages(deps, query, head.seq)) yield withPetNames(deps, page);
    },
    custody: () => custodyOfStays(deps, planned, query.petId),
    unrecorded: () => unrecordedPages(deps, query, head),
  };
}

/** Days whose rounds and entries are read at once for the items with nothing recorded. */
const UNRECORDED_DAYS = 7;

/**
 * Each item the rounds of the query's days asked (one pet's, one stay's, when named) with no current
 * entry committed by `head`: missed, still open when exported, or not due (the pet went home, or came
 * after its window), as every other surface reads it (src/answers/obligations.ts dosesOwed). Read a
 * week at a time: that week's kept rounds and entries. Without a range: a stay's own days (`stayDays`),
 * else (a pet's whole record, or a stay nothing in the record names) from the record's first day to today.
 */
async function* unrecordedPages(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock" | "config">,
  query: ExportQuery,
  head: ChainHead,
): AsyncGenerator<OwedDose[]> {
  const store = deps.record;
  const tz = deps.config.timezone;
  const now = deps.clock.now();
  const today = localDate(now, tz);
  const stay =
    query.from === undefined && query.bookingId !== undefined
      ? await stayDays(deps, query.bookingId, today)
      : undefined;
  // When the record began is read only when needed: it looks at every entry.
  const began = query.from === undefined && !stay ? await store.began() : undefined;
  const from = query.from ?? stay?.from ?? (began ? localDate(began, tz) : undefined);
  const to = query.to ?? stay?.to ?? today;
  if (from === undefined) return;
  const mine = (d: { petId: number; bookingId: number }) =>
    (query.petId === undefined || d.petId === query.petId) &&
    (query.bookingId === undefined || d.bookingId === query.bookingId);
  for (let a = from; a <= to; a = addDays(a, UNRECORDED_DAYS)) {
    const last = addDays(a, UNRECORDED_DAYS - 1);
    const days = { from: a, to: last < to ? last : to };
    const [rounds, entries] = await Promise.all([
      owedRounds(deps, days),
      store.entries({
        ...days,
        ...(query.petId !== undefined ? { petId: query.petId } : {}),
        ...(query.bookingId !== undefined ? { bookingId: query.bookingId } : {}),
      }),
    ]);
    // An entry committed after the export began is not in it: its dose is not recorded there either.
    const committed = entries.filter((e) => e.seq <= head.seq);
    // Only the pets exported: another pet's doses are not worked out to be left out.
    const asked = rounds.map((r) => ({ ...r, pets: r.pets.filter(mine) }));
    const page = dosesOwed(deps, asked, committed, now).filter((d) => !d.entry && mine(d));
    if (page.length) yield page;
  }
}

/** Days with no round kept at all (the bot not running) that the walk out of a stay's days looks past. */
const UNKEPT_DAYS = 7;

/** What names a stay by its booking besides its entries: a change to a kept round, its plans, its welfare checks and doses given if needed. */
const NAMING_KINDS = ["obligation_change", "plan", "prn", ...WELFARE_KINDS] as const;

/**
 * The days a stay's rounds asked anything of it, read from its own days, not the record's: from the
 * first to the last day (up to `today`) its entries and the records naming its booking are of, then on
 * out a day at a time while that day's kept rounds still ask it (a first or last day with nothing
 * recorded). None when nothing names the booking. Before the record began no round was kept: the
 * walk back stops there by itself.
 */
async function stayDays(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config">,
  bookingId: number,
  today: string,
): Promise<{ from: string; to: string } | undefined> {
  const store = deps.record;
  const named = await Promise.all([
    store.entries({ bookingId }),
    ...NAMING_KINDS.map((kind) => store.log({ kind, bookingId })),
  ]);
  const dates = named
    .flat()
    .map((r) => r.date)
    .filter((d) => d <= today)
    .sort();
  const [from, to] = [dates[0], dates.at(-1)];
  if (from === undefined || to === undefined) return undefined;
  return {
    from: await stayEdge(deps, bookingId, from, -1),
    to: await stayEdge(deps, bookingId, to, 1, today),
  };
}

/**
 * The last day, from `day` on in the direction of `step` (up to `bound`), whose kept rounds ask the
 * stay, each day read on its own: it stops at a day whose kept rounds do not ask it, and looks past
 * days with no kept rounds at all (the bot not running) for a week of them at most.
 */
async function stayEdge(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "config">,
  bookingId: number,
  day: string,
  step: 1 | -1,
  bound?: string,
): Promise<string> {
  let edge = day;
  let unkept = 0;
  for (let d = addDays(day, step); bound === undefined || d <= bound; d = addDays(d, step)) {
    const rounds = await owedRounds(deps, { date: d });
    if (rounds.some((r) => r.pets.some((p) => p.bookingId === bookingId))) {
      edge = d;
      unkept = 0;
    } else if (rounds.length > 0 || ++unkept > UNKEPT_DAYS) break;
  }
  return edge;
}

async function* pagesMap<A, B>(source: AsyncIterable<A[]>, f: (page: A[]) => B[]): AsyncGenerator<B[]> {
  for await (const page of source) yield f(page);
}
