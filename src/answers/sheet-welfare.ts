/**
 * The welfare flags of a kept round sheet's pets as they stand now (issue 38): a sheet keeps each
 * pet's flag lines as they were when it was posted; drawn again, it shows the stay's flags open now
 * whose run had begun by the sheet's day (src/present/welfare-flag.ts withWelfareNow), so a flag advised
 * or resolved since reads as the pet's card, in house and Home read it. What was due stays as kept.
 */
import type { Deps } from "../deps.ts";
import { openFlagsByStay, type WelfareFlag } from "../domain/welfare-flag.ts";
import { sheetPetKey } from "../present/rounds.ts";
import type { Sheet, SheetBody } from "./sheets.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

/**
 * The open flags of the pets on the sheet's message `index` (every message's when none is given),
 * by pet key, each pet with none an empty list; undefined when the record cannot be read (the
 * sheet then as kept).
 */
export async function sheetWelfareNow(
  deps: Pick<Deps, "record" | "log">,
  sheet: Sheet | SheetBody,
  index?: number,
): Promise<Map<string, WelfareFlag[]> | undefined> {
  const flags = await openWelfareFlags(deps, sheet.date);
  if (!flags) return undefined;
  // Shown from the day its run began (as the welfare posts show it), never on a sheet before it.
  const byStay = openFlagsByStay(flags.filter((f) => (f.entries[0]?.date ?? f.date) <= sheet.date));
  const out = new Map<string, WelfareFlag[]>();
  for (const p of sheet.pets)
    if (index === undefined || p.message === index)
      out.set(sheetPetKey(p.bookingId, p.petId), byStay.get(`${p.bookingId}|${p.petId}`) ?? []);
  // And each pet listed with nothing to record there (no sheet pet: its item's key alone).
  for (const key of itemKeys(sheet, index))
    if (!out.has(key)) out.set(key, byStay.get(key.replace("-", "|")) ?? []);
  return out;
}

/** The pet keys ("bookingId-petId") of the items on the sheet's message `index` (every message's when none). */
export const itemKeys = (sheet: Sheet | SheetBody, index?: number): string[] =>
  sheet.messages
    .filter((_, i) => index === undefined || i === index)
    .flatMap((m) => m.parts.flatMap((p) => (p.kind === "item" && p.key ? [p.key] : [])));
