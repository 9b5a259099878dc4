/**
 * Dose times on a round's sheet (issue 35): each due item not recorded yet with its state when the
 * sheet is drawn (upcoming, due, late, missed) and its window, and the lines that say it beside a
 * pet's record ("⏰ late: Rimadyl 50 mg, meal · window closes 10:00", "🕐 meal: due · late after
 * 08:45") and on the progress line ("⏰ 2 late"). Drawn by src/present/record.ts.
 */
import type { Round } from "../domain/care.ts";
import { type DoseWindow, doseWindow, type OpenState, openState, type SheetDoses } from "../domain/doses.ts";
import type { PetRoundStatus } from "../domain/record.ts";
import type { ItemKey } from "../record/types.ts";
import { stateIcon, stateTimeWords, stateWords } from "../words/doses.ts";
import { doseName } from "../words/unconfirmed.ts";
import { type Line, line, toned, value } from "./doc.ts";

/** A due item not recorded yet: its state now and its window (issue 35), when the sheet knows the time. */
export interface OpenDose {
  state: OpenState;
  window: DoseWindow;
}

/** Each due item of a pet not recorded yet, with its state now and its window (none without `doses`). */
export function openDoses(
  sheet: { date: string; round: Round },
  status: PetRoundStatus,
  timezone: string,
  doses: SheetDoses | undefined,
): Map<ItemKey, OpenDose> {
  const out = new Map<ItemKey, OpenDose>();
  if (!doses) return out;
  for (const item of status.due) {
    if (status.current.has(item.item)) continue;
    const window = doseWindow(item, sheet.date, sheet.round, doses.times, timezone, doses.settings);
    out.set(item.item, { state: openState(window, doses.now.toISOString()), window });
  }
  return out;
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
  const by = new Map<"late" | "missed", { labels: string[]; window: DoseWindow }>();
  for (const d of s.due) {
    const o = open?.get(d.item);
    if (s.current.has(d.item) || !o || (o.state !== "late" && o.state !== "missed")) continue;
    const group = by.get(o.state) ?? { labels: [], window: o.window };
    group.labels.push(doseName(value(d.label, 80), d.unconfirmed));
    by.set(o.state, group);
  }
  return (["missed", "late"] as const).flatMap((state) => {
    const g = by.get(state);
    return g ? [{ state, ...g }] : [];
  });
}

/** "⏰ late: Rimadyl 50 mg, meal · window closes 10:00" */
export const overdueLine = (o: ReturnType<typeof overdue>[number], timezone: string): Line => [
  toned(
    o.state === "missed" ? "alert" : "warn",
    `${stateWords(o.state)}: ${o.labels.join(", ")} · ${stateTimeWords(o.state, o.window, timezone)}`,
  ),
];

/** A due item not recorded: "⏰ Rimadyl 50 mg: late · window closes 10:00", or "⬜ meal to record". */
export function openLine(label: string, o: OpenDose | undefined, timezone: string): Line {
  if (!o) return line(`⬜ ${value(label, 80)} to record`);
  const words = `${stateIcon(o.state)} ${value(label, 80)}: ${o.state} · ${stateTimeWords(o.state, o.window, timezone)}`;
  return [toned(o.state === "missed" ? "alert" : o.state === "late" ? "warn" : undefined, words)];
}
