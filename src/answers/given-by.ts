/**
 * Who gave a dose, when it is not who recorded it (the record forms' "Given by (if not you)"): kept
 * as a `given_by` record beside the entries, in their transaction (src/record/kinds/given-by.ts),
 * and set on each entry it names as it is read (`entry.givenBy`), so every surface names the giver
 * (src/domain/giver.ts) and, where they differ, who recorded it too. The entries stay signed by who
 * recorded them. A giver whose name Kennel Desk did not know at the commit is kept by id; the name
 * Slack gives after the ack is a `staff_name` record naming the entries (src/answers/staff-names.ts),
 * read here in its place.
 */
import { carriedGiver } from "../domain/giver.ts";
import type { PrnDose } from "../domain/prn.ts";
import { isMedicationItem } from "../domain/record.ts";
import type { CareRecordStore, Entry, EntryInput, ItemKey, LogInput } from "../record/types.ts";

/** The person a form named as who gave its doses: their Slack user id, and their name when known. */
export interface Giver {
  userId: string;
  name?: string | undefined;
}

/** A giver kept beside entries: the form's (by id, their name when known), or a paper giver carried by name. */
export type KeptGiver = { userId?: string | undefined; name?: string | undefined };

/** The request key of a submission's `given_by` record: the first `given_by:<request>`, then `:<n>`. */
const givenByKey = (request: string, n: number) => `given_by:${request}${n ? `:${n}` : ""}`;

const sameGiver = (a: KeptGiver, b: KeptGiver) =>
  a.userId !== undefined ? a.userId === b.userId : b.userId === undefined && a.name === b.name;

/**
 * The `given_by` records for a submission's entries: the doses it records given, each by the giver
 * `giverFor` names for it (the form's, or the one a correction carries), one record per giver; none
 * for a dose given by who records it, or a submission that records no dose given.
 */
export function givenByBeside(
  inputs: readonly EntryInput[],
  giverFor: Giver | undefined | ((input: EntryInput) => KeptGiver | undefined),
): LogInput<"given_by">[] {
  const first = inputs[0];
  if (!first) return [];
  const of = typeof giverFor === "function" ? giverFor : () => giverFor;
  const groups: { giver: KeptGiver; items: Exclude<ItemKey, "meal">[] }[] = [];
  for (const i of inputs) {
    const giver = of(i);
    if (!giver || i.outcome !== "given" || !isMedicationItem(i.item) || giver.userId === i.userId) continue;
    const group = groups.find((g) => sameGiver(g.giver, giver));
    if (group) group.items.push(i.item as Exclude<ItemKey, "meal">);
    else groups.push({ giver, items: [i.item as Exclude<ItemKey, "meal">] });
  }
  return groups.map(({ giver, items }, n) => ({
    kind: "given_by",
    date: first.date,
    bookingId: first.bookingId,
    petId: first.petId,
    userId: first.userId,
    requestKey: givenByKey(first.requestKey, n),
    body: {
      v: 1,
      request: first.requestKey,
      ...(giver.userId ? { userId: giver.userId } : {}),
      ...(giver.name ? { name: giver.name } : {}),
      items,
    },
  }));
}

/**
 * The giver each correction carries (issue: a correction made someone else the giver). A correction
 * of an entry that stays "given", with no giver chosen on its form, carries the corrected entry's
 * giver (`carriedGiver`: the one its form named, its paper giver, or who recorded it) when that
 * entry said given (a refusal corrected to given carries nothing: its recorder gave nothing); a giver
 * chosen on the form wins (choosing oneself included: the person correcting says they gave it). A
 * correction to not given, refused or recorded in error names no giver (givenByBeside keeps givers
 * of doses given only). `old`: the entries the writes correct, read with their givers.
 */
export function giversOfCorrections(
  chosen: Giver | undefined,
  old: readonly Entry[],
): (input: EntryInput) => KeptGiver | undefined {
  if (chosen) return () => chosen;
  const byId = new Map(old.map((e) => [e.id, e]));
  return (input) => {
    const was = input.supersedes !== undefined ? byId.get(input.supersedes) : undefined;
    // Only a dose that stood given had a giver: a refusal or a dose not given, corrected to given,
    // was given by whoever says so now (the person correcting, unless the form names another).
    return was?.outcome === "given" ? carriedGiver(was) : undefined;
  };
}

const keyOf = (request: string, bookingId: number | undefined, petId: number | undefined, item: string) =>
  `${request}|${bookingId}|${petId}|${item}`;

type Later = { name: string; notStaff?: "guest" | "bot" | "other" | "unknown" | undefined };

/** The names Slack gave after the commit, by user id and entry id (the `staff_name` follow-ups). */
async function namedLater(
  store: Pick<CareRecordStore, "log">,
  range: { from: string; to: string },
): Promise<Map<string, Later>> {
  const out = new Map<string, Later>();
  for (const l of await store.log({ kind: "staff_name", ...range })) {
    const later = { name: l.body.name, notStaff: l.body.notStaff };
    for (const id of l.body.entryIds) out.set(`${l.body.userId}|${id}`, later);
    // A dose given if needed is a record of the log (its ids apart from the entries').
    for (const id of l.body.recordIds) out.set(`${l.body.userId}|r${id}`, later);
  }
  return out;
}

/**
 * The entries just written, each given by the giver its `given_by` record names (`given`: those
 * written beside them), so what answers the form (its private confirmation) names the giver as every
 * later read of the record does.
 */
export function withGiversWritten(entries: Entry[], given: readonly LogInput<"given_by">[]): void {
  for (const g of given)
    for (const e of entries)
      if (
        e.requestKey === g.body.request &&
        e.bookingId === g.bookingId &&
        e.petId === g.petId &&
        (g.body.items as readonly string[]).includes(e.item)
      )
        e.givenBy = giverFrom({ userId: g.body.userId, name: g.body.name }, undefined);
}

/** An entry's giver from its mark and what Slack said after the commit: "unnamed" while it said no name. */
function giverFrom(mark: KeptGiver, later: Later | undefined): NonNullable<Entry["givenBy"]> {
  const { userId } = mark;
  const name = mark.name ?? (later && later.name !== userId ? later.name : undefined);
  const notStaff = later?.notStaff;
  return {
    ...(userId ? { userId } : {}),
    name: name ?? userId ?? "",
    ...(name ? {} : { unnamed: true as const }),
    ...(notStaff ? { notStaff } : {}),
  };
}

/**
 * Sets `givenBy` on each entry a `given_by` record names (the same objects). One read of the
 * records over the entries' days (`range`), and of the names (and a giver not staff) Slack gave
 * after the commit only when a giver was kept by id alone.
 */
export async function withGivers(
  store: Pick<CareRecordStore, "log">,
  entries: Entry[],
  range: { from: string; to: string; bookingIds?: number[] },
): Promise<void> {
  const marks = await store.log({ kind: "given_by", ...range });
  if (marks.length === 0) return;
  const by = new Map<string, KeptGiver>();
  for (const m of marks)
    for (const item of m.body.items)
      by.set(keyOf(m.body.request, m.bookingId, m.petId, item), { userId: m.body.userId, name: m.body.name });
  // A name given after the commit is not a stay's record (no booking): read by the days alone.
  const days = { from: range.from, to: range.to };
  const later = marks.some((m) => !m.body.name) ? await namedLater(store, days) : undefined;
  for (const e of entries) {
    const mark = by.get(keyOf(e.requestKey, e.bookingId, e.petId, e.item));
    if (mark) e.givenBy = giverFrom(mark, later?.get(`${mark.userId}|${e.id}`));
  }
}

/** A dose given if needed's giver as its `prn` record keeps it (src/answers/prn.ts doseOf). */
export const prnGiverOf = (kept: { userId: string; name?: string | undefined }) => giverFrom(kept, undefined);

/**
 * Names each dose given if needed whose giver the form named by id alone (`unnamed`) as Slack did
 * after the commit, and says when Slack said they are not staff (the `staff_name` follow-up naming
 * the dose's record): one read over those doses' days, none when every giver was named.
 */
export async function withPrnGivers(store: Pick<CareRecordStore, "log">, doses: PrnDose[]): Promise<void> {
  const unnamed = doses.filter((d) => d.givenBy?.unnamed && d.givenBy.userId);
  const days = unnamed.map((d) => d.date).sort();
  const [from, to] = [days[0], days.at(-1)];
  if (!from || !to) return;
  const later = await namedLater(store, { from, to });
  for (const d of unnamed) {
    const userId = d.givenBy?.userId as string;
    const said = later.get(`${userId}|r${d.id}`);
    if (said) d.givenBy = giverFrom({ userId }, said);
  }
}
