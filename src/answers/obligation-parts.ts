/**
 * What a round asked, kept in parts when it is longer than one record holds (src/answers/record-parts.ts):
 * the obligation keeps its own fields and its first pets, each `obligation_part` the next pets, in
 * order, written before the obligation that names them. Every reader of what was due reads
 * obligations here, whole again; an obligation whose part is missing (nothing Kennel Desk leaves:
 * `record verify` says what was taken) is not read as a shorter one, it is left out.
 */
import type { BodyIn } from "../record/kinds/index.ts";
import type { CareRecordStore, LogEntry, LogQuery } from "../record/types.ts";
import { packed, partsNamed } from "./record-parts.ts";

type Body = BodyIn<"obligation">;
type PartBody = BodyIn<"obligation_part">;

/** An obligation's body shared out over records: the obligation's own (its first pets) and its parts'. */
export function obligationPieces(body: Body): { head: Body; parts: PartBody[] } {
  const { pets, ...own } = body;
  const [head = [], ...rest] = packed(
    pets,
    JSON.stringify({ ...own, pets: [], continued: [] }).length + 12_000,
  );
  if (rest.length === 0) return { head: body, parts: [] };
  return {
    head: { ...body, pets: head },
    parts: rest.map((p) => ({ v: 1, date: body.date, round: body.round, pets: p })),
  };
}

/**
 * Keeps a round's obligation (its request key: the first written stands), in parts when it is longer
 * than one record holds, each part first. A part written by a keeping that lost the race to another
 * replica is named by no obligation.
 */
export async function appendObligation(
  store: CareRecordStore,
  body: Body,
  requestKey: string,
): Promise<void> {
  const { head, parts } = obligationPieces(body);
  const continued: number[] = [];
  for (const part of parts) {
    const { entry } = await store.append(
      { kind: "obligation_part", date: body.date, body: part },
      { reuse: true },
    );
    continued.push(entry.id);
  }
  await store.append({
    kind: "obligation",
    date: body.date,
    requestKey,
    body: continued.length ? { ...head, continued } : head,
  });
}

/** The obligations matching the query, oldest first, each whole (its parts' pets after its own). */
export async function keptObligations(
  store: CareRecordStore,
  query: Omit<LogQuery<"obligation">, "kind">,
): Promise<LogEntry<"obligation">[]> {
  const kept = await store.log({ kind: "obligation", ...query });
  if (!kept.some((o) => o.body.continued)) return kept;
  const days = { ...(query.date ? { date: query.date } : {}), ...(query.from ? { from: query.from } : {}) };
  const parts = new Map(
    (await store.log({ kind: "obligation_part", ...days, ...(query.to ? { to: query.to } : {}) })).map(
      (p) => [p.id, p],
    ),
  );
  return kept.flatMap((o) => {
    const { continued, ...own } = o.body;
    if (!continued) return [o];
    const mine = partsNamed(o, continued, (id) => parts.get(id));
    if (!mine) return [];
    const pets = [...own.pets, ...mine.flatMap((p) => p.body.pets)];
    return [{ ...o, body: { ...own, pets } }];
  });
}
