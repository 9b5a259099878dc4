/**
 * A dose owed once a day from its words: its field has only an instruction with no time words
 * ("Metacam 1.5 ml"; src/domain/care.ts `no_time`), printed on every round's sheet and, its care plan
 * not confirmed, due at each (the kept item's `noTime`). A carer who trusts the chase must never be
 * told to give it twice, so over the day's rounds (src/domain/obligations.ts owedDoses):
 *
 * - Recorded at any round of the day (given, refused, not given with its reason): every other round's
 *   obligation for it is settled by that entry ("given at the morning round by Jane 08:12"), never
 *   late nor missed.
 * - Recorded nowhere that day: chased once, at the latest round that asks it; an earlier round's
 *   late or missed reads "chased at the evening round".
 * - Two slots of one pet with the same drug (the plan's question "one dose or two?" not answered: the
 *   kept item's `sameDrugAs`): one recorded settles the other at that round ("the same drug as
 *   medication 1, recorded 08:12"); for a dose owed once a day, at any round of the day.
 *
 * A confirmed plan says exactly when each dose is due: this rule never applies to its items. An
 * entry of another day never counts. Pure: the day's doses, each with its state by its own round,
 * are passed in.
 */

import type { Entry, ItemKey } from "../record/types.ts";
import type { Round } from "./care.ts";
import type { DoseState } from "./doses.ts";
import { giverOf } from "./giver.ts";

/** What the rule reads of a dose a round asked (src/domain/obligations.ts OwedDose has it all). */
export interface DayDose {
  date: string;
  round: Round;
  bookingId: number;
  petId: number;
  due: { item: ItemKey };
  window: { dueAt: string };
  state: DoseState;
  entry?: Entry | undefined;
  confirmed: boolean;
  /** Due from the words, which give it no time of its own (kept with the round's item). */
  noTime?: true | undefined;
  /** The pet's other slots holding the same drug, the plan's question not answered. */
  sameDrugAs?: readonly ItemKey[] | undefined;
  /** An entry no kept round asked: it settles, it is never settled. */
  unasked?: true | undefined;
}

const ORDER: Record<Round, number> = { morning: 0, midday: 1, evening: 2 };

/** Owed once a day: due from the words with no time of its own, its plan not confirmed. */
export const onceADay = (d: Pick<DayDose, "confirmed" | "noTime">): boolean =>
  !d.confirmed && d.noTime === true;

const givenAt = (e: Entry) => e.givenAt ?? e.recordedAt;

/** The first of these entries to say it was given, else the first recorded. */
function first(doses: readonly DayDose[]): DayDose | undefined {
  const by = (a: DayDose, b: DayDose) =>
    Date.parse(givenAt(a.entry as Entry)) - Date.parse(givenAt(b.entry as Entry));
  const sorted = [...doses].sort(by);
  return sorted.find((d) => d.entry?.outcome === "given") ?? sorted[0];
}

/** The pet's entry of the day that settles a dose not recorded itself; none when none does. */
function settling(d: DayDose, recorded: readonly DayDose[]): DayDose | undefined {
  if (d.confirmed) return undefined;
  const same = d.sameDrugAs ?? [];
  const sibling = first(recorded.filter((r) => r.round === d.round && same.includes(r.due.item)));
  if (sibling || !onceADay(d)) return sibling;
  return first(recorded.filter((r) => r.due.item === d.due.item || same.includes(r.due.item)));
}

/** The latest later round of the day that asks a dose owed once a day still open, when it is late or missed here. */
function laterRound(d: DayDose, pet: readonly DayDose[]): DayDose | undefined {
  if (!onceADay(d) || (d.state.state !== "late" && d.state.state !== "missed")) return undefined;
  const later = pet.filter(
    (o) =>
      !o.unasked &&
      o.due.item === d.due.item &&
      onceADay(o) &&
      ORDER[o.round] > ORDER[d.round] &&
      o.state.state !== "not_due" &&
      o.state.state !== "recorded",
  );
  return later.sort((a, b) => ORDER[b.round] - ORDER[a.round])[0];
}

/** A dose's state by the day's rule, else its own (`settling`, `laterRound`). */
function dayStateOf(d: DayDose, pet: readonly DayDose[], recorded: readonly DayDose[]): DoseState {
  if (d.entry || d.unasked || d.state.state === "not_due" || d.state.state === "recorded") return d.state;
  const s = settling(d, recorded);
  if (s?.entry) {
    const e = s.entry;
    const untimed = e.outcome === "not_given" && e.givenAt === undefined;
    const by = {
      round: s.round,
      outcome: e.outcome,
      who: e.outcome === "given" ? giverOf(e) : e.userName,
      ...(untimed ? { untimed: true as const } : {}),
      ...(s.due.item !== d.due.item ? { item: s.due.item } : {}),
      ...(s.round === d.round ? { here: true as const } : {}),
    };
    return { state: "not_due", why: "settled", at: givenAt(e), by };
  }
  const later = laterRound(d, pet);
  if (later) return { state: "not_due", why: "later_round", at: later.window.dueAt, laterRound: later.round };
  return d.state;
}

/**
 * The doses read, each with its state by the day's rule: a dose owed once a day (or the same drug
 * in another slot) settled by an entry of its day, or chased at a later round; every other dose as
 * it was. The same doses, in the same order.
 */
export function byTheDay<T extends DayDose>(doses: readonly T[]): T[] {
  const pets = new Map<string, T[]>();
  for (const d of doses) {
    const key = `${d.date}|${d.bookingId}|${d.petId}`;
    pets.set(key, [...(pets.get(key) ?? []), d]);
  }
  return doses.map((d) => {
    if (d.confirmed || (!d.noTime && !d.sameDrugAs?.length)) return d;
    const pet = pets.get(`${d.date}|${d.bookingId}|${d.petId}`) ?? [];
    const state = dayStateOf(
      d,
      pet,
      pet.filter((o) => o.entry),
    );
    return state === d.state ? d : { ...d, state };
  });
}

/**
 * The pet's slots holding one drug whose plan's "one dose or two?" is not answered (the kept items'
 * `sameDrugAs`), each group once, its slots in the order given (`order`: the sheet's), only those in it.
 */
export function sameDrugGroups(
  items: readonly { item: ItemKey; confirmed: boolean; sameDrugAs?: readonly ItemKey[] | undefined }[],
  order: readonly ItemKey[],
): ItemKey[][] {
  const groups = new Map<string, ItemKey[]>();
  for (const i of items) {
    if (i.confirmed || !i.sameDrugAs?.length) continue;
    const slots = new Set([i.item, ...i.sameDrugAs]);
    const group = order.filter((o) => slots.has(o));
    if (group.length > 1) groups.set(group.join(","), group);
  }
  return [...groups.values()];
}
