/** Fixtures for medicine custody's tests. */
import type { MedicineIn } from "../../src/domain/custody.ts";

/** 28 tablets of Tramadol 50mg, a controlled drug, the owner's name checked on the pack, kept in the room. */
export const TRAMADOL_PACK = {
  label: "Tramadol 50mg",
  unit: "tablet",
  quantity: 28,
  ownerNameChecked: true,
  storage: "room",
  controlled: true,
} as const;

/** `label` counted in on 24 November at 08:00 by `by` (28 tablets, controlled and high-alert, owner's name checked). */
export const countedIn = (label: string, by = { userId: "U1", userName: "Sam" }): MedicineIn => ({
  id: 1,
  seq: 1,
  date: "2026-11-24",
  bookingId: 9,
  petId: 7,
  item: "med:1",
  label,
  unit: "tablet",
  quantity: 28,
  ownerNameChecked: true,
  storage: "room",
  controlled: true,
  highAlert: true,
  by,
  recordedAt: "2026-11-24T08:00:00Z",
});
