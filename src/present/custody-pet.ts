/**
 * A pet's medicines (issue 49): on its card and the round's sheet, one line each ("💊 Tramadol 50mg:
 * ≈ 9 tablets left · runs out Sun 6 Dec, morning dose", "💊 Apoquel: not counted in"), and in Slack's medicines view each
 * medicine of its plan with its state and its buttons (count in, count, handed back, close a
 * discrepancy). One document; the serializers draw it.
 */

import type { MedicineCustody, StayCustody } from "../answers/custody.ts";
import type { SheetCustody } from "../answers/custody-sheet.ts";
import type { HeldMedicine } from "../answers/custody-stock.ts";
import type { MedicineItem } from "../domain/custody.ts";
import { medicineLabel } from "../domain/custody-rules.ts";
import type { PlanItem } from "../domain/plan/types.ts";
import { balanceWords, handedBackSheetWords, notCountedInWords } from "../words/custody.ts";
import {
  actionRows,
  closeButtonText,
  discardPart,
  medicineHead,
  medicineKey,
  medicineStateLine,
  openDiscrepancyLines,
  registerLine,
  runwayPart,
} from "./custody.ts";
import {
  type Action,
  type Doc,
  dotted,
  kept,
  type Line,
  line,
  type Part,
  strong,
  toned,
  whole,
} from "./doc.ts";

/** The words of a page of the medicines view past one Slack form (src/blocks/custody-pages.ts). */
export { medicinesPageWords, pageBackWords, pageOnWords } from "../words/custody.ts";

/** The plan's medicines (every slot but the meal). */
const planMedicines = (stay: StayCustody) =>
  (stay.plan?.plan.items ?? []).filter((i): i is PlanItem & { key: MedicineItem } => i.key !== "meal");

/** A medicine of the plan never counted in: "💊 Apoquel 16mg: not counted in, so its stock is not tracked: …". */
const notCountedInLine = (label: string): Line =>
  line(toned("warn", `💊 ${notCountedInWords(whole(label))}`));

/** One medicine held in a line: "💊 Tramadol 50mg: ≈ 9 tablets left · runs out Sun 6 Dec, morning dose". */
function heldLine(h: HeldMedicine): Line {
  const m = h.medicine;
  return dotted(
    // The label as counted in, kept: a channel hides a contact in it (a pharmacy label's practice address).
    kept(`💊 ${whole(m.first.label)}: ${balanceWords(m.balance, m.unit, m.lines)}`),
    runwayPart(h),
    h.pastDiscard ? discardPart(h) : undefined,
    m.open.length ? toned("alert", "⚠️ discrepancy open") : undefined,
  );
}

/**
 * The pet's medicines in lines, for its card and the sheet: each held (its balance and runway), each
 * of the plan's never counted in (said), none for a pet whose plan has none.
 */
export function petMedicineLines(stay: StayCustody, held: HeldMedicine[]): Line[] {
  const lines = held.filter((h) => !h.medicine.handedBack).map(heldLine);
  for (const item of planMedicines(stay))
    if (!stay.medicines.some((m) => m.first.item === item.key) && item.kind.kind !== "as_needed")
      lines.push(notCountedInLine(medicineLabel(item)));
  return lines;
}

/** The buttons of the medicines view (Slack); without them, the view is read only. */
export interface PetMedicineActions {
  countIn: (item: MedicineItem) => Omit<Action, "text">;
  count: (m: MedicineCustody) => Omit<Action, "text">;
  back: (m: MedicineCustody) => Omit<Action, "text">;
  close: (countId: number) => Omit<Action, "text">;
}

function medicineParts(
  h: HeldMedicine,
  timezone: string,
  a: PetMedicineActions | undefined,
  again: boolean,
): Part[] {
  const m = h.medicine;
  // The last movement that stands: a dose corrected since is struck through in the register, never "last".
  const last = m.lines.findLast((l) => l.kind !== "dose" || (!l.dose.superseded && !l.before));
  const parts: Part[] = [
    {
      kind: "item",
      key: medicineKey(m),
      lines: [
        medicineHead(m),
        medicineStateLine(h),
        ...(last ? [[toned("muted", "last: "), ...registerLine(last, m, timezone)]] : []),
        ...openDiscrepancyLines(m, timezone),
      ],
    },
  ];
  if (!a) return parts;
  // Handed back, and none of its item held since: counted in again (a new supply), from here.
  const actions: Action[] = m.handedBack
    ? again
      ? [{ text: "💊 Count in again…", ...a.countIn(m.first.item) }]
      : []
    : [
        { text: "🔢 Count…", ...a.count(m) },
        { text: "↩️ Handed back…", ...a.back(m) },
        { text: "💊 More counted in…", ...a.countIn(m.first.item) },
      ];
  for (const c of m.open) actions.push({ text: closeButtonText(m, c, timezone), ...a.close(c.id) });
  return [...parts, ...actionRows(actions)];
}

/**
 * The pet's medicines: each held or handed back (one handed back with a 💊 Count in again… while the
 * plan still has it), then each of its plan's never counted in, with a button each.
 */
export function petMedicinesDoc(
  stay: StayCustody,
  held: HeldMedicine[],
  o: { petName: string; timezone: string; actions?: PetMedicineActions },
): Doc {
  const title = `💊 Medicines — ${whole(o.petName)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  const holds = (m: MedicineCustody) =>
    stay.medicines.some((x) => x.first.item === m.first.item && !x.handedBack);
  const lastOf = (m: MedicineCustody) =>
    stay.medicines.filter((x) => x.first.item === m.first.item).at(-1) === m;
  for (const h of held) {
    const again =
      !holds(h.medicine) &&
      lastOf(h.medicine) &&
      planMedicines(stay).some((i) => i.key === h.medicine.first.item);
    parts.push(...medicineParts(h, o.timezone, o.actions, again));
  }
  // A medicine counted in (held or handed back) is not "not counted in": its custody says what it is.
  for (const item of planMedicines(stay)) {
    if (stay.medicines.some((m) => m.first.item === item.key)) continue;
    const label = medicineLabel(item);
    parts.push({
      kind: "text",
      lines: [notCountedInLine(label), line(toned("muted", whole(item.what.text)))],
      ...(o.actions ? { action: { text: "💊 Count in…", ...o.actions.countIn(item.key) } } : {}),
    });
  }
  if (parts.length === 1)
    parts.push({ kind: "text", lines: [line("No medicine on this pet's care plan, and none counted in.")] });
  if (!stay.plan)
    parts.push({
      kind: "note",
      lines: [line(strong("📋 No care plan kept yet"), ": it is drafted at the pet's first round.")],
    });
  return { fallback: title, parts };
}

/** A pet's medicines on the round's sheet: each held ("≈ 9 tablets left · runs out Sun 6 Dec, morning dose"), each due never counted in. */
export function sheetMedicineLines(c: SheetCustody | undefined): Line[] {
  if (!c) return [];
  const back = (c.handedBack ?? []).map((b) =>
    line(kept(handedBackSheetWords(whole(b.label), whole(b.to), b.date), "warn")),
  );
  return [...c.held.map(heldLine), ...back, ...c.notCountedIn.map(notCountedInLine)];
}
