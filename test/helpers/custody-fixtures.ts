/** Fixtures for medicine custody's tests. */
import type { HeldMedicine } from "../../src/answers/custody-stock.ts";
import type { MedicineCustody, MedicineIn } from "../../src/domain/custody.ts";

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

/** Medicine `i` of a stock view: 28 tablets of "Drug<i> 50 mg" counted in for Pet<i>, 20 left; `alert`: its count overdue. */
export function held(i: number, alert: boolean): HeldMedicine {
  const first: MedicineIn = {
    id: i + 1,
    seq: i + 1,
    date: "2026-12-01",
    bookingId: 100 + i,
    petId: 200 + i,
    item: "med:1",
    label: `Drug${i} 50 mg`,
    unit: "tablet",
    quantity: 28,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    highAlert: false,
    by: { userName: "Jane" },
    recordedAt: "2026-12-01T08:00:00Z",
  };
  const medicine: MedicineCustody = {
    first,
    supplies: [first],
    petName: `Pet${i}`,
    room: `Kennel ${i}`,
    unit: "tablet",
    lines: [],
    balance: 20,
    counts: [],
    open: [],
    lastCounted: "2026-12-01",
    lastCountedAt: "2026-12-01T08:00:00Z",
  };
  return {
    medicine,
    pastDiscard: false,
    ...(alert ? { countDue: { due: "2026-11-28", overdue: true, days: 3 } } : {}),
  };
}
