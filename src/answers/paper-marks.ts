/**
 * Which entries came from the chart on paper (issue 50), and who gave each as the paper names them:
 * with a high-alert dose's witness as the paper names them, read from the record's `paper` records
 * (src/record/kinds/paper.ts) beside the entries, and set on
 * each entry they mark (`entry.paper`), so every surface that shows an entry says so ("from the
 * paper chart: given 08:05 by JD, entered 14:00") from the record alone. Who gave a dose recorded by
 * someone else (the form's "Given by (if not you)", `entry.givenBy`) is read with them.
 */
import type { Deps } from "../deps.ts";
import type { Entry, EntryQuery } from "../record/types.ts";
import { withGivers } from "./given-by.ts";

const keyOf = (request: string, bookingId: number | undefined, petId: number | undefined, item: string) =>
  `${request}|${bookingId}|${petId}|${item}`;

/**
 * The record's entries `q` asks for, each entered from the paper chart marked so (`withPaperMarks`):
 * how every surface that shows a round's entries reads them, so none names who entered a paper
 * dose as its giver (test/architecture/entry-reads.test.ts keeps the other readers to a known list).
 */
export async function markedEntries(deps: Pick<Deps, "record">, q: EntryQuery): Promise<Entry[]> {
  if (!deps.record) return [];
  return withPaperMarks(deps, await deps.record.entries(q));
}

/**
 * Sets `paper` on each of the entries entered from the paper (the same objects, so what was read
 * with them stays theirs); one read of the record's `paper` records over the entries' days. A
 * record that cannot be read leaves them unmarked and the failure to the caller.
 */
export async function withPaperMarks<E extends Entry[]>(deps: Pick<Deps, "record">, entries: E): Promise<E> {
  const store = deps.record;
  if (!store || entries.length === 0) return entries;
  let from = entries[0]?.date as string;
  let to = from;
  for (const e of entries) {
    if (e.date < from) from = e.date;
    if (e.date > to) to = e.date;
  }
  const bookings = [...new Set(entries.map((e) => e.bookingId))];
  const range = { from, to, ...(bookings.length <= 50 ? { bookingIds: bookings } : {}) };
  // Who gave a dose when not who recorded it (src/answers/given-by.ts), read beside the paper's marks.
  await withGivers(store, entries, range);
  const marks = await store.log({ kind: "paper", ...range });
  if (marks.length === 0) return entries;
  const by = new Map<string, { by: string; witness?: string }>();
  for (const m of marks)
    for (const i of m.body.items)
      by.set(keyOf(m.body.request, m.bookingId, m.petId, i.item), {
        by: i.by,
        ...(i.witness ? { witness: i.witness } : {}),
      });
  for (const e of entries) {
    const mark = by.get(keyOf(e.requestKey, e.bookingId, e.petId, e.item));
    if (mark !== undefined) e.paper = mark;
  }
  return entries;
}
