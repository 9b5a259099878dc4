/**
 * The sandbox's morning round kept with its pets' plans confirmed, for medicine custody's tests of
 * answers to count medicines in over.
 */
import { expect } from "vitest";
import { countIn } from "../../src/answers/custody-write.ts";
import { currentPlan } from "../../src/answers/plans.ts";
import { keptSheets } from "../../src/answers/sheets.ts";
import type { Deps } from "../../src/deps.ts";
import { prepareRoundPost } from "../../src/digest/round-post.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import type { PlanItem } from "../../src/domain/plan/types.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { confirmAllPlans } from "../helpers/plans.ts";
import { useSandboxDeps } from "../helpers/sandbox-deps.ts";

/** The sandbox's day for custody's tests: seed 17, 120 customers, Monday 23 November 2026 in London. */
export const CUSTODY_DAY = "2026-11-23";
const TZ = "Europe/London";

/**
 * The sandbox on CUSTODY_DAY with deps on it and a care record of its own for the whole file, the
 * rounds at 08:00, 12:00 and 18:00; `env` over those settings. Call at the top of a test file.
 */
export function useCustodyDay(clock: { now: () => Date }, env: Record<string, string> = {}) {
  const world = {} as { store: CareRecordStore; deps: Deps };
  useSandboxDeps(
    { seed: 17, customers: 120, today: CUSTODY_DAY, timezone: TZ },
    clock,
    { KENNEL_TIMEZONE: TZ, ROUNDS_TIMES: "08:00,12:00,18:00", ...env },
    ({ store, deps }) => Object.assign(world, { store, deps }),
  );
  return world;
}

type SheetPet = Awaited<ReturnType<typeof keptSheets>>[number]["pets"][number];
type Medication = PlanItem & { key: Exclude<PlanItem["key"], "meal"> };

/**
 * The morning round of CUSTODY_DAY posted and kept, then every pet's plan confirmed: the kept sheet
 * and, in its order, up to `most` pets each with the first medication of its confirmed plan that
 * `fits` (every medication by default).
 */
export async function medicatedMorning(
  { store, deps }: { store: CareRecordStore; deps: Deps },
  most: number,
  fits: (item: PlanItem, pet: SheetPet) => boolean = () => true,
) {
  await prepareRoundPost(deps, "morning", CUSTODY_DAY);
  expect(await confirmAllPlans(store, deps.config, deps.clock)).toBeGreaterThan(0);
  const [sheet] = await keptSheets(deps, { date: CUSTODY_DAY });
  if (!sheet) throw new Error("the morning round's sheet was not kept");
  const pets: Array<{ pet: SheetPet; item: Medication }> = [];
  for (const pet of sheet.pets) {
    if (pets.length === most) break;
    const plan = await currentPlan(deps, pet.bookingId, pet.petId);
    const item = plan?.plan.items.find((i) => i.key !== "meal" && fits(i, pet));
    if (item && item.key !== "meal") pets.push({ pet, item: { ...item, key: item.key } });
  }
  if (pets.length < most) throw new Error("the sandbox's morning round has too few medicated pets");
  return { sheet, pets };
}

/**
 * The morning round of CUSTODY_DAY kept, and its first pet with a medication due there that one
 * person may count in, 30 tablets of it counted in by Jane as "Phenobarbital 60 mg" (`requestKey`):
 * the sheet, the pet and its custody.
 */
export async function countedPhenobarbital(
  house: { store: CareRecordStore; deps: Deps },
  requestKey: string,
) {
  const { sheet, pets } = await medicatedMorning(
    house,
    1,
    (i, pet) => pet.due.some((d) => d.item === i.key) && countInStart(i).secondPerson === false,
  );
  const [one] = pets;
  if (!one) throw new Error("the sandbox's morning round has no medicated pet");
  const inn = await countIn(house.deps, {
    bookingId: one.pet.bookingId,
    petId: one.pet.petId,
    item: one.item.key,
    label: "Phenobarbital 60 mg",
    unit: "tablet",
    quantity: 30,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: { userId: "U0JANE", userName: "Jane" },
    requestKey,
  });
  if (inn.status !== "recorded") throw new Error("not counted in");
  return { sheet, one, custody: inn.value };
}
