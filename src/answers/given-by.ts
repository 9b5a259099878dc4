/**
 * Who gave a dose, when it is not who recorded it (the record forms' "Given by (if not you)"): kept
 * as a `given_by` record beside the entries, in their transaction (src/record/kinds/given-by.ts),
 * and set on each entry it names as it is read (`entry.givenBy`), so every surface names the giver
 * (src/domain/giver.ts) and, where they differ, who recorded it too. The entries stay signed by who
 * recorded them. A giver whose name Kennel Desk did not know at the commit is kept by id; the name
 * Slack gives after the ack is a `staff_name` record naming the entries (src/answers/staff-names.ts),
 * read here in its place.
 */
import { isMedicationItem } from "../domain/record.ts";
import type { CareRecordStore, Entry, EntryInput, ItemKey, LogInput } from "../record/types.ts";

/** The person a form named as who gave its doses: their Slack user id, and their name when known. */
export interface Giver {
  userId: string;
  name?: string | undefined;
}

/** The request key of a submission's `given_by` record. */
const givenByKey = (request: string) => `given_by:${request}`;

/**
 * The `given_by` record for a submission's entries: the doses it records given, by `giver`; none
 * when it records no dose given, or the giver is who records them.
 */
export function givenByBeside(
  inputs: readonly EntryInput[],
  giver: Giver | undefined,
): LogInput<"given_by">[] {
  const first = inputs[0];
  if (!giver || !first || giver.userId === first.userId) return [];
  const items = inputs
    .filter((i) => i.outcome === "given" && isMedicationItem(i.item))
    .map((i) => i.item as Exclude<ItemKey, "meal">);
  if (!items.length) return [];
  return [
    {
      kind: "given_by",
      date: first.date,
      bookingId: first.bookingId,
      petId: first.petId,
      userId: first.userId,
      requestKey: givenByKey(first.requestKey),
      body: {
        v: 1,
        request: first.requestKey,
        userId: giver.userId,
        ...(giver.name ? { name: giver.name } : {}),
        items,
      },
    },
  ];
}

const keyOf = (request: string, bookingId: number | undefined, petId: number | undefined, item: string) =>
  `${request}|${bookingId}|${petId}|${item}`;

/** The names Slack gave after the commit, by user id and entry id (the `staff_name` follow-ups). */
async function namedLater(
  store: Pick<CareRecordStore, "log">,
  range: { from: string; to: string },
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const l of await store.log({ kind: "staff_name", ...range }))
    for (const id of l.body.entryIds) out.set(`${l.body.userId}|${id}`, l.body.name);
  return out;
}

/**
 * Sets `givenBy` on each entry a `given_by` record names (the same objects). One read of the
 * records over the entries' days (`range`), and of the names given after the commit only when a
 * giver was kept by id alone.
 */
export async function withGivers(
  store: Pick<CareRecordStore, "log">,
  entries: Entry[],
  range: { from: string; to: string; bookingIds?: number[] },
): Promise<void> {
  const marks = await store.log({ kind: "given_by", ...range });
  if (marks.length === 0) return;
  const by = new Map<string, { userId: string; name: string | undefined }>();
  for (const m of marks)
    for (const item of m.body.items)
      by.set(keyOf(m.body.request, m.bookingId, m.petId, item), { userId: m.body.userId, name: m.body.name });
  // A name given after the commit is not a stay's record (no booking): read by the days alone.
  const days = { from: range.from, to: range.to };
  const later = marks.some((m) => !m.body.name) ? await namedLater(store, days) : undefined;
  for (const e of entries) {
    const mark = by.get(keyOf(e.requestKey, e.bookingId, e.petId, e.item));
    if (!mark) continue;
    const name = mark.name ?? later?.get(`${mark.userId}|${e.id}`) ?? mark.userId;
    e.givenBy = { userId: mark.userId, name };
  }
}
