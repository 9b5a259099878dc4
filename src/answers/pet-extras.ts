/**
 * What a pet's card (/pet, its buttons, the connector's get_pet) shows besides the pet's record: its
 * owner, its open welfare flags, its latest care plan kept, its doses to give if needed and its
 * medicines in custody. None of these needs the record itself, only the pet's id (or the owner's id):
 * they are asked beside GET /pets/{id}, not after it. The plan's medicines wait for the plan (they
 * are its stay's), nothing else. Each is one the card can go without: a failure is logged, and the
 * card shown without it.
 */
import type { Deps } from "../deps.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import type { Customer } from "../kennel/schemas.ts";
import { localDate } from "../time.ts";
import type { StayCustody } from "./custody.ts";
import { type HeldMedicine, petMedicines } from "./custody-stock.ts";
import { orLogged } from "./logged.ts";
import { latestPlanOf, type PlanVersion } from "./plans.ts";
import { inHouseToday, type PetAsNeeded, petAsNeeded } from "./prn-pets.ts";
import { openWelfareFlags } from "./welfare-flags.ts";

/** The card's parts read from the care record (and the plan's stay's booking), for one pet id. */
export interface PetExtras {
  /** The pet's id they were read for. */
  petId: number | undefined;
  welfare: WelfareFlag[];
  plan: PlanVersion | undefined;
  asNeeded: PetAsNeeded | undefined;
  medicines: { stay: StayCustody; held: HeldMedicine[] } | undefined;
  /** Its latest plan's stay, in house today with a care record to open (the card's "Stay record"). */
  stay?: { bookingId: number } | undefined;
}

/** The card's flags, plan, doses if needed and medicines of `petId`, all asked at once. Never throws. */
export async function petExtras(deps: Deps, petId: number | undefined): Promise<PetExtras> {
  const plan = petId === undefined ? Promise.resolve(undefined) : latestPlanOf(deps, petId);
  const [flags, latest, asNeeded, medicines, stay] = await Promise.all([
    openWelfareFlags(deps, localDate(deps.clock.now(), deps.config.timezone)),
    plan,
    asNeededOfPet(deps, petId),
    plan.then((p) => (p ? medicinesOfPet(deps, p.plan.bookingId, p.plan.petId) : undefined)),
    plan.then((p) => (p ? stayOfPet(deps, p.plan.bookingId, p.plan.petId) : undefined)),
  ]);
  return {
    petId,
    welfare: (flags ?? []).filter((f) => f.petId === petId),
    plan: latest,
    asNeeded,
    medicines,
    ...(stay ? { stay } : {}),
  };
}

/**
 * The stay of the pet's latest plan, when it is in house today (by the kennel API's booking) and the
 * care record holds an entry or a dose given if needed of the pet in it: what its "Stay record"
 * opens, as the booking's card does. A failure is logged, and the card shown without it.
 */
function stayOfPet(deps: Deps, bookingId: number, petId: number) {
  const { record } = deps;
  if (!record || deps.config.rawResponses) return undefined;
  return orLogged(
    deps.log,
    "stay record not looked up for a pet card",
    async () => {
      const today = localDate(deps.clock.now(), deps.config.timezone);
      const booking = (await deps.kennel.getBooking(bookingId)).data;
      if (!inHouseToday(booking, today, deps.config.timezone)) return undefined;
      // Whether there is one, not how many: the first entry is enough.
      const [entries, doses] = await Promise.all([
        record.entries({ bookingId, petId, limit: 1 }),
        record.log({ kind: "prn", bookingId, petId }),
      ]);
      return entries.length || doses.length ? { bookingId } : undefined;
    },
    { petId },
  );
}

/** The card's medicines in custody; a failure is logged, and the card shown without them. */
function medicinesOfPet(deps: Deps, bookingId: number, petId: number) {
  return orLogged(deps.log, "medicines not read for a pet card", () => petMedicines(deps, bookingId, petId), {
    petId,
  });
}

/** The card's doses to give if needed; a failure is logged, and the card shown without them. */
async function asNeededOfPet(deps: Deps, petId: number | undefined): Promise<PetAsNeeded | undefined> {
  if (petId === undefined || !deps.record || deps.config.rawResponses) return undefined;
  return orLogged(deps.log, "as-needed doses not read for a pet card", () => petAsNeeded(deps, petId), {
    petId,
  });
}

/** The pet's owner (GET /customers/{id}, cached); a failure is logged, and the card shown without it. */
export async function ownerOf(deps: Deps, customerId: number | undefined): Promise<Customer | undefined> {
  if (customerId === undefined) return undefined;
  try {
    return (await deps.kennel.getCustomer(customerId)).data;
  } catch (error) {
    deps.log.warn({ customerId, err: String(error) }, "pet's owner not loaded");
    return undefined;
  }
}
