/**
 * `/pet Sugar` while she is in house (a carer's fresh try): her card showed no dose history and no way
 * to her stay record, which only /booking's card opened. The pet's card now has the "📋 Stay record"
 * button /booking's card has (the same action: the stay's full record, only to the one who tapped),
 * when her latest plan's stay is in house today and the care record holds something of her in it;
 * none for a stay gone home, or one with nothing recorded yet. Real SQLite.
 */
import { beforeEach, describe, expect, it } from "vitest";
import { petExtras } from "../../src/answers/pet-extras.ts";
import { recordEach } from "../../src/answers/record-each.ts";
import type { PetView } from "../../src/answers/records.ts";
import { petMessages } from "../../src/blocks/pet.ts";
import type { Deps } from "../../src/deps.ts";
import { careOf } from "../../src/domain/care.ts";
import type { Pet } from "../../src/kennel/schemas.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { scratchRecord, withFaults } from "../helpers/record.ts";
import { keepSugarPlan, SUGAR_BOOKING, SUGAR_DATE, sugarDeps, sugarMorning } from "../helpers/sugar-day.ts";

const clock = { now: () => new Date(`${SUGAR_DATE}T13:00:00Z`) };
let store: CareRecordStore;

/** The deps of a pet's card, the booking's status as the kennel API says it. */
function cardDeps(status = "Checked In"): Deps {
  const booking = { ...SUGAR_BOOKING, status, roomName: "Suite E" };
  const kennel = { getBooking: async () => ({ data: booking }) };
  return { ...sugarDeps(store, clock), kennel } as unknown as Deps;
}

beforeEach(() => {
  store = scratchRecord(clock);
});

/** Sugar's plan kept and her morning insulin and meal recorded. */
async function recorded() {
  const deps = sugarDeps(store, clock);
  await keepSugarPlan(deps);
  const { sheet, pet } = await sugarMorning(deps);
  const writes = [
    { item: "med:1" as const, outcome: "given" as const, givenAt: `${SUGAR_DATE}T07:40:00.000Z` },
    { item: "meal" as const, outcome: "ate_all" as const, givenAt: `${SUGAR_DATE}T07:40:00.000Z` },
  ];
  const jane = { userId: "U0JANE", userName: "Jane" };
  expect((await recordEach(deps, sheet, pet, { writes, ifNeeded: [] }, jane, "view:J1")).status).toBe("done");
}

/** Sugar's card in Slack, with what `petExtras` read for it. */
async function card(deps: Deps): Promise<string> {
  const extras = await petExtras(deps, 35);
  const pet = { petId: 35, name: "Sugar" } as Pet;
  const view: PetView = {
    pet,
    care: careOf(pet),
    owner: undefined,
    requestId: "r1",
    ...(extras.stay ? { stay: extras.stay } : {}),
  };
  return JSON.stringify(petMessages(view, "UTC", "2026"));
}

describe("the pet's card opens its stay record", () => {
  it("in house with a record: the booking's Stay record button", async () => {
    await recorded();
    const extras = await petExtras(cardDeps(), 35);
    expect(extras.stay).toEqual({ bookingId: 32 });
    const blocks = await card(cardDeps());
    expect(blocks).toContain("📋 Stay record");
    expect(blocks).toContain('"action_id":"stay_record:32"');
  });

  it("reads at most one of the stay's entries to know it has a record", async () => {
    await recorded();
    const real = store;
    const read: number[] = [];
    store = withFaults(real, {
      entries: async (q) => {
        const got = await real.entries(q);
        read.push(got.length);
        return got;
      },
    });
    expect((await petExtras(cardDeps(), 35)).stay).toEqual({ bookingId: 32 });
    expect(await real.entries({ bookingId: 32, petId: 35 })).toHaveLength(2);
    expect(read).toEqual([1]);
  });

  it("none once the stay has gone home", async () => {
    await recorded();
    expect((await petExtras(cardDeps("Checked Out"), 35)).stay).toBeUndefined();
    expect(await card(cardDeps("Checked Out"))).not.toContain("stay_record");
  });

  it("none with nothing recorded of the pet in the stay yet", async () => {
    await keepSugarPlan(sugarDeps(store, clock));
    expect((await petExtras(cardDeps(), 35)).stay).toBeUndefined();
  });
});
