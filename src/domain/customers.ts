/** A customer as the kennel names them, their address on one line, and their pets still on record. */
import type { Customer, Pet } from "../kennel/schemas.ts";

export function customerName(c: Customer): string {
  return [c.firstname, c.secondname].filter(Boolean).join(" ") || `customer ${c.customerId ?? ""}`.trim();
}

/** The customer's address on one line: the combined field, or the lines and postcode. */
export function customerAddress(c: Customer): string | undefined {
  return (
    c.address ??
    ([c.address1, c.address2, c.address3, c.address4, c.zipCode].filter(Boolean).join(", ") || undefined)
  );
}

/** The pets still on record: a deleted pet is left out of lists, counts and matching. */
export function activePets<P extends Pick<Pet, "deleted">>(pets: readonly P[] | undefined): P[] {
  return (pets ?? []).filter((p) => !p.deleted);
}
