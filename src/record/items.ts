/**
 * Which item of a pet's round an entry, a kept sheet or a dose is about: a medication by its API
 * slot (`med:1` … `med:5`), or the round's meal (`meal`). The one list, the one type and the one
 * schema every layer names it by.
 */
import { z } from "zod";
import { atFirstUse } from "../first-use.ts";

export const ITEM_KEYS = ["med:1", "med:2", "med:3", "med:4", "med:5", "meal"] as const;

export type ItemKey = (typeof ITEM_KEYS)[number];

/** An item key, checked (a sheet's due item, a dose, a claimed reply). */
export const itemKey = atFirstUse(() => z.enum(ITEM_KEYS));

/** A plan's medicine (every item but the meal): what medicine custody counts. */
export const medicineItemKey = atFirstUse(() => itemKey().exclude(["meal"]));
