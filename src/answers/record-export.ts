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
import { codeOrder } from "../words/order.ts";
import { custodyOfStays } from "./custody-stock.ts";
import { type EntryFacts, entryFactsByDay } from "./kept-doses.ts";
import { askedStays, dosesOwed, owedRounds } from "./obligations.ts";
import { mergeBySeq, pages } from "./pages.ts";
import { withPaperMarks } from "./paper-marks.ts";
import { type PlanVersion, planVersionsOf } from "./plans.ts";
import { prnDosePages, withPetNames } from "./prn.ts";
import { keptStayDays, keptStaysDays, NAMING_KINDS } from "./stay-dates.ts";
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
  // One pet's whole record (no stay, no range): every version of its plans, and the medicines of
  // every stay the record names it in, entries or not (nothing of the pet hidden).
  const petOnly = query.petId !== undefined && query.bookingId === undefined && from === undefined;
  const named = petOnly ? await store.stays({ petId: query.petId, kinds: NAMING_KINDS }) : [];
  const planned = query.bookingId !== undefined ? [query.bookingId] : [...new Set([...stays, ...named])];
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
      if (petOnly) parts.push(pagesMap(store.logPages({ kind: "plan", ...petId }, through), planVersionsOf));
      else
        for (let i = 0; i < planned.length; i += STAYS_PER_QUERY) {
          const bookingIds = planned.slice(i, i + STAYS_PER_QUERY);
          parts.push(
            pagesMap(store.logPages({ kind: "plan", bookingIds, ...petId }, through), planVersionsOf),
          );
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
 * week at a time: that week's kept rounds and entries, over the days `weeksOf` gives (without a range,
 * a stay's or a pet's stays' own days).
 */
async function* unrecordedPages(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock" | "config">,
  query: ExportQuery,
  head: ChainHead,
): AsyncGenerator<OwedDose[]> {
  const store = deps.record;
  const now = deps.clock.now();
  const mine = (d: { petId: number; bookingId: number }) =>
    (query.petId === undefined || d.petId === query.petId) &&
    (query.bookingId === undefined || d.bookingId === query.bookingId);
  for (const days of await weeksOf(deps, query)) {
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

/**
 * The days whose kept rounds are read for the items with nothing recorded, a week at a time: the
 * query's range; else one stay's own days (keptStayDays); else one pet's, the days of each of its
 * stays the record names (its entries, plans, checks, doses given if needed), as one stay's export
 * finds them; else (a stay nothing in the record names but its kept rounds, a pet nothing names)
 * from the record's first day to today.
 */
async function weeksOf(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock" | "config">,
  query: ExportQuery,
): Promise<Array<{ from: string; to: string }>> {
  const tz = deps.config.timezone;
  const today = localDate(deps.clock.now(), tz);
  let spans: Array<{ from: string; to: string }> = [];
  if (query.from !== undefined) spans = [{ from: query.from, to: query.to ?? today }];
  else if (query.bookingId !== undefined) {
    const stay = await keptStayDays(deps, query.bookingId);
    if (stay) spans = [stay];
  } else if (query.petId !== undefined) spans = await petSpans(deps, query.petId);
  if (spans.length === 0 && query.from === undefined) {
    // When the record began is read only when needed: it looks at every entry.
    const began = await deps.record.began();
    if (began) spans = [{ from: localDate(began, tz), to: today }];
  }
  const weeks: Array<{ from: string; to: string }> = [];
  let after = "";
  for (const span of spans.sort((a, b) => codeOrder(a.from, b.from))) {
    // Overlapping stays' days are read once.
    const to = span.to;
    for (
      let a = span.from > after ? span.from : addDays(after, 1);
      a <= to;
      a = addDays(a, UNRECORDED_DAYS)
    ) {
      const last = addDays(a, UNRECORDED_DAYS - 1);
      weeks.push({ from: a, to: last < to ? last : to });
    }
    if (to > after) after = to;
  }
  return weeks;
}

/**
 * The days of each stay of a pet the record names (its entries, plans, checks, doses given if
 * needed: stay-dates.ts NAMING_KINDS), back-to-back stays as one run; none (every day read) when
 * one of them has no days of its own in the record (named by its plan alone).
 */
async function petSpans(
  deps: Required<Pick<Deps, "record">> & Pick<Deps, "clock" | "config">,
  petId: number,
): Promise<Array<{ from: string; to: string }>> {
  const found = await Promise.all([
    deps.record.stays({ petId }),
    deps.record.stays({ petId, kinds: NAMING_KINDS }),
  ]);
  return (await keptStaysDays(deps, [...new Set(found.flat())])) ?? [];
}

async function* pagesMap<A, B>(source: AsyncIterable<A[]>, f: (page: A[]) => B[]): AsyncGenerator<B[]> {
  for await (const page of source) yield f(page);
}
