/**
 * A round's plans post as it was posted ("Care plans to confirm · …", issue 34), kept in the care
 * record (a record of kind `plans_post`, in the chain, like a round's sheet): the day, the round, and
 * the pets of each of its messages in order. After a person saves or confirms a plan (issue 44), from
 * the plans post or the round post, the post's counts are drawn again over every pet it listed, from
 * the record, and the message holding the pet is found by its place here.
 */
import type { Deps } from "../deps.ts";
import type { Round } from "../domain/care.ts";
import type { PlanView } from "../present/plan.ts";
import { currentPlans } from "./plans.ts";

const KIND = "plans_post";

export interface KeptPlansPost {
  id: number;
  date: string;
  round: Round;
  messages: Array<Array<[number, number]>>;
}

/** Keeps a plans post about to be posted (the same post composed again is the one kept before). */
export async function keepPlansPost(
  deps: Pick<Deps, "record">,
  date: string,
  round: Round,
  messages: Array<Array<[number, number]>>,
): Promise<number | undefined> {
  if (!deps.record || messages.every((m) => m.length === 0)) return undefined;
  const { entry } = await deps.record.append(
    { kind: KIND, date, body: { v: 1, round, messages } },
    { reuse: true },
  );
  return entry.id;
}

/** The day's kept plans posts listing this pet, the latest first (a round's, or another round's). */
export async function plansPostsHolding(
  deps: Pick<Deps, "record">,
  date: string,
  bookingId: number,
  petId: number,
  round?: Round,
): Promise<KeptPlansPost[]> {
  const rows = (await deps.record?.log({ kind: KIND, date })) ?? [];
  const out: KeptPlansPost[] = [];
  for (const row of rows) {
    const b = row.body;
    if (round && b.round !== round) continue;
    if (!b.messages.some((m) => m.some(([x, y]) => x === bookingId && y === petId))) continue;
    out.push({ id: row.id, date: row.date, round: b.round, messages: b.messages });
  }
  return out.reverse();
}

/** Each pet of a kept plans post as its plan stands now (a pet whose plan cannot be read: left out). */
export async function plansPostViews(
  deps: Pick<Deps, "record">,
  pets: Array<[number, number]>,
): Promise<PlanView[]> {
  // One read of the record for the post's pets, not one a pet (a post holds dozens).
  const now = await currentPlans(
    deps,
    pets.map(([bookingId, petId]) => ({ bookingId, petId })),
  );
  return pets.flatMap(([bookingId, petId]): PlanView[] => {
    const v = now.get(`${bookingId}-${petId}`);
    return v ? [{ versionId: v.id, plan: v.plan, changed: v.changed, petName: v.petName, room: v.room }] : [];
  });
}
