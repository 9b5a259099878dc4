/**
 * Dose times on a round's sheet (issue 35): each due item not recorded yet with its state when the
 * sheet is drawn (upcoming, due, late, missed) and its window, and the lines that say it beside a
 * pet's record ("⏰ late: Rimadyl 50 mg, meal · window closes 10:00", "🕐 meal: due · late after
 * 08:45") and on the progress line ("⏰ 2 late"). Drawn by src/present/record.ts.
 */
import type { DoseState, DoseWindow, NotDueState, OpenState } from "../domain/doses.ts";
import { owedPetOf, owedState, type SheetDoses } from "../domain/obligations.ts";
import { isMedicationItem, type PetRoundStatus, withoutNotDue } from "../domain/record.ts";
import type { ItemKey } from "../record/types.ts";
import { MISSED_CHECK, stateIcon, stateTimeWords, stateWords } from "../words/doses.ts";
import { notDueIcon, notDueWords } from "../words/not-due.ts";
import { offTimeWords } from "../words/off-time.ts";
import { MEAL_AFTER_WINDOW } from "../words/record.ts";
import { doseName } from "../words/unconfirmed.ts";
import { type Line, line, toned, whole } from "./doc.ts";

/**
 * A due item not recorded yet: its state now and its window (issue 35), when the sheet knows the
 * time; not due in the end when the pet went home before its window closed (issue 45).
 */
export type OpenDose =
  | { state: OpenState; window: DoseWindow }
  /** Not due in the end: why, and when the pet went home (or arrives). */
  | { state: "not_due"; window: DoseWindow; notDue: Omit<NotDueState, "state"> };

/** Each due item of a pet not recorded yet, with its state now and its kept window (none without `doses`). */
export function openDoses(
  pet: { bookingId: number; petId: number },
  status: PetRoundStatus,
  doses: SheetDoses | undefined,
): Map<ItemKey, OpenDose> {
  const out = new Map<ItemKey, OpenDose>();
  const owed = doses?.owed && owedPetOf(doses.owed, pet.bookingId, pet.petId);
  if (!doses || !owed) return out;
  for (const item of owed.items) {
    if (status.current.has(item.item)) continue;
    const s =
      doses.day?.get(`${pet.bookingId}|${pet.petId}|${item.item}`) ??
      owedState(item, owed, undefined, doses.now.toISOString());
    if (s.state === "recorded") continue;
    out.set(
      item.item,
      s.state === "not_due"
        ? { state: s.state, window: item.window, notDue: (({ state: _, ...n }) => n)(s) }
        : { state: s.state, window: item.window },
    );
  }
  return out;
}

/**
 * A meal recorded after its window closed, marked so (src/words/record.ts MEAL_AFTER_WINDOW); else
 * none. One that kept the time the form said (a late entry's two times: "late entry: ate all 08:10,
 * recorded 13:00") says so in its own words already.
 */
export function lateMealWords(item: ItemKey, s: DoseState | undefined): string | undefined {
  if (item !== "meal" || s?.state !== "recorded" || !s.lateEntry) return undefined;
  return s.givenAt !== s.recordedAt ? undefined : MEAL_AFTER_WINDOW;
}

/**
 * An item's mark beside its entry, by its kept window (`w`): a dose given off its time with when it
 * was due ("⏰ given late (due 07:30, on time until 07:45)"; no window kept: the mark alone), tapped or
 * entered from the paper chart alike, or a meal recorded after its window closed; else none. The
 * round post, its replies and the record form say it as the terminal's record does.
 */
export function offTimeMark(
  item: ItemKey,
  s: DoseState | undefined,
  w: DoseWindow | undefined,
  timezone: string,
): string | undefined {
  return isMedicationItem(item) ? offTimeWords(s, w, timezone) : lateMealWords(item, s);
}

/**
 * Each dose of a pet given off its time and its meal recorded after its window closed, by its kept
 * window (`offTimeMark`: the round post's line says so beside the entry's words, as the
 * confirmation, the record and the exports do); none without `doses`.
 */
export function offTimeMarks(
  pet: { bookingId: number; petId: number },
  status: PetRoundStatus,
  doses: SheetDoses | undefined,
  timezone: string,
): Map<ItemKey, string> {
  const out = new Map<ItemKey, string>();
  const owed = doses?.owed && owedPetOf(doses.owed, pet.bookingId, pet.petId);
  if (!doses || !owed) return out;
  for (const item of owed.items) {
    const e = status.current.get(item.item);
    if (!e) continue;
    const state = owedState(item, owed, e, doses.now.toISOString());
    const words = offTimeMark(item.item, state, item.window, timezone);
    if (words) out.set(item.item, words);
  }
  return out;
}

/** Each pet's round as its progress counts it: without the items not due in the end (gone home). */
export function owing(
  statuses: ReadonlyMap<string, PetRoundStatus>,
  open: ReadonlyMap<string, ReadonlyMap<ItemKey, OpenDose>>,
): Map<string, PetRoundStatus> {
  return new Map(
    [...statuses].map(([key, s]) => {
      const notDue = [...(open.get(key) ?? [])].filter(([, o]) => o.state === "not_due").map(([i]) => i);
      return [key, withoutNotDue(s, new Set(notDue))];
    }),
  );
}

/** How many items not recorded are late and missed, over the pets of a message. */
export function overdueCounts(open: Iterable<ReadonlyMap<ItemKey, OpenDose>>): {
  late: number;
  missed: number;
} {
  const counts = { late: 0, missed: 0 };
  for (const m of open)
    for (const o of m.values()) if (o.state === "late" || o.state === "missed") counts[o.state]++;
  return counts;
}

/** The due items not recorded whose state is late or missed, by state: what a pet's line must say. */
export function overdue(s: PetRoundStatus, open: ReadonlyMap<ItemKey, OpenDose> | undefined) {
  const by = new Map<"late" | "missed", { labels: string[]; window: DoseWindow; medication: boolean }>();
  for (const d of s.due) {
    const o = open?.get(d.item);
    if (s.current.has(d.item) || !o || (o.state !== "late" && o.state !== "missed")) continue;
    const group = by.get(o.state) ?? { labels: [], window: o.window, medication: false };
    group.labels.push(doseName(whole(d.label), d.unconfirmed));
    group.medication ||= isMedicationItem(d.item);
    by.set(o.state, group);
  }
  return (["missed", "late"] as const).flatMap((state) => {
    const g = by.get(state);
    return g ? [{ state, ...g }] : [];
  });
}

/** The items not recorded that were not due in the end, one line each reason: "🏠 not due: gone home 08:30: Caninsulin, meal". */
export function notDueLines(
  s: PetRoundStatus,
  open: ReadonlyMap<ItemKey, OpenDose> | undefined,
  timezone: string,
): Line[] {
  const by = new Map<string, { icon: string; labels: string[] }>();
  for (const d of s.due) {
    const o = open?.get(d.item);
    if (o?.state !== "not_due" || s.current.has(d.item)) continue;
    const words = notDueWords(o.notDue, timezone);
    by.set(words, { icon: notDueIcon(o.notDue), labels: [...(by.get(words)?.labels ?? []), whole(d.label)] });
  }
  return [...by].map(([words, { icon, labels }]) => [
    toned("muted", `${icon} ${words}: ${labels.join(", ")}`),
  ]);
}

/** "⏰ late: Rimadyl 50 mg, meal · window closes 10:00" */
export const overdueLine = (o: ReturnType<typeof overdue>[number], timezone: string): Line => [
  toned(
    o.state === "missed" ? "alert" : "warn",
    `${stateWords(o.state)}: ${o.labels.join(", ")} · ${stateTimeWords(o.state, o.window, timezone)}${missedCheck(o.state, o.medication)}`,
  ),
];

/**
 * A missed dose's mark on the post says to check the record before giving it: the post is drawn
 * again at taps and at the dose times, so a dose entered from the paper chart in the terminal
 * (`kennel-desk record enter`) is in the record before it is on the post.
 */
const missedCheck = (state: OpenDose["state"], medication: boolean) =>
  state === "missed" && medication ? ` · ${MISSED_CHECK}` : "";

/**
 * A due item not recorded: "⏰ Rimadyl 50 mg: late · window closes 10:00", "🏠 meal: not due: gone
 * home 08:30", or "⬜ meal to record".
 */
export function openLine(label: string, o: OpenDose | undefined, timezone: string, medication = true): Line {
  if (!o) return line(`⬜ ${whole(label)} to record`);
  if (o.state === "not_due")
    return [toned("muted", `${notDueIcon(o.notDue)} ${whole(label)}: ${notDueWords(o.notDue, timezone)}`)];
  const words = `${stateIcon(o.state)} ${whole(label)}: ${o.state} · ${stateTimeWords(o.state, o.window, timezone)}${missedCheck(o.state, medication)}`;
  return [toned(o.state === "missed" ? "alert" : o.state === "late" ? "warn" : undefined, words)];
}
