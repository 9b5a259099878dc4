/** Fixtures for medicine custody's tests. */

/** 28 tablets of Tramadol 50mg, a controlled drug, the owner's name checked on the pack, kept in the room. */
export const TRAMADOL_PACK = {
  label: "Tramadol 50mg",
  unit: "tablet",
  quantity: 28,
  ownerNameChecked: true,
  storage: "room",
  controlled: true,
} as const;
