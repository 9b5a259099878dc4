/**
 * Privacy by the compiler: what a channel renderer or post receives has no contact field in its
 * type, so naming one there does not compile (`npm test`'s types step fails). The checks are on
 * the types of the channel renderers' own parameters, so a renderer widened back to the full
 * booking fails them. They are type tests (expectTypeOf, `@ts-expect-error`): tsc checks them.
 */
import { readFileSync } from "node:fs";
import { describe, expect, expectTypeOf, it } from "vitest";
import type { dayListMessages } from "../../src/blocks/day-list.ts";
import type { digestMessages } from "../../src/blocks/digest.ts";
import type { houseMessages } from "../../src/blocks/house.ts";
import type { roundMessages } from "../../src/blocks/rounds.ts";
import type { tomorrowMessages } from "../../src/blocks/tomorrow.ts";
import type { ChannelSafe } from "../../src/domain/privacy.ts";
import type { Booking, Customer } from "../../src/kennel/schemas.ts";

type DayBooking = Parameters<typeof dayListMessages>[0]["entries"][number]["booking"];
type DigestBooking = Parameters<typeof digestMessages>[0]["entries"][number]["booking"];
type HouseBooking = Parameters<typeof houseMessages>[0]["entries"][number]["booking"];
type RoundBooking = Parameters<typeof roundMessages>[0]["pets"][number]["booking"];
type TomorrowBooking = Parameters<typeof tomorrowMessages>[0]["entries"][number]["booking"];

describe("a channel renderer's booking", () => {
  it("has the booking's own fields and no contact field, in every channel renderer and post", () => {
    for (const check of [
      expectTypeOf<DayBooking>(),
      expectTypeOf<DigestBooking>(),
      expectTypeOf<HouseBooking>(),
      expectTypeOf<RoundBooking>(),
      expectTypeOf<TomorrowBooking>(),
    ]) {
      check.toHaveProperty("customerName");
      check.toHaveProperty("petNames");
      check.not.toHaveProperty("customerPhone");
      check.not.toHaveProperty("customerEmail");
    }
    // The full booking does carry them: the channel's type takes them out.
    expectTypeOf<Booking>().toHaveProperty("customerPhone");
  });

  it("cannot name a contact field, nor reach one through an index", () => {
    const phone = (b: DayBooking) =>
      // @ts-expect-error a channel renderer cannot read the owner's phone
      b.customerPhone;
    const email = (b: RoundBooking) =>
      // @ts-expect-error nor the owner's email
      b.customerEmail;
    const any = (b: HouseBooking, key: string) =>
      // @ts-expect-error nor any field by a name chosen at run time
      b[key];
    expect([phone, email, any]).toHaveLength(3);
  });

  it("a customer made channel-safe keeps no phone (mobile, landline, work), email, address or second contact", () => {
    type Safe = ChannelSafe<Customer>;
    expectTypeOf<Safe>().toHaveProperty("firstname");
    expectTypeOf<Safe>().not.toHaveProperty("email");
    expectTypeOf<Safe>().not.toHaveProperty("workPhone");
    expectTypeOf<Safe>().not.toHaveProperty("landline");
    expectTypeOf<Safe>().not.toHaveProperty("address1");
    expectTypeOf<Safe>().not.toHaveProperty("zipCode");
    expectTypeOf<Safe>().not.toHaveProperty("emergencyContactAddress");
    expectTypeOf<Safe>().not.toHaveProperty("secondContact_Firstname");
    // Any answer's data fits where its channel-safe type is asked for (no conversion at the call).
    expectTypeOf<Booking>().toExtend<ChannelSafe<Booking>>();
  });
});

describe("the type checks above", () => {
  it("are compiled by npm test's types step (tsc --noEmit over test/): a drift fails it, not a run", () => {
    const tsconfig = JSON.parse(readFileSync(new URL("../../tsconfig.json", import.meta.url), "utf8")) as {
      include: string[];
      compilerOptions: { strict?: boolean };
    };
    expect(tsconfig.include).toContain("test");
    expect(tsconfig.compilerOptions.strict).toBe(true);
  });
});
