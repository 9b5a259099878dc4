/**
 * The zod schemas of the care record's kinds, the buttons' and forms' metadata and the kennel API's
 * records are built at their first use, not when the bot's start loads their modules (issue 48, a
 * leaner start: src/record/kinds/kind.ts, src/blocks/buttons.ts, src/blocks/forms.ts,
 * src/kennel/record-schemas.ts), and built once: what they accept and refuse is their own tests'.
 */
import { beforeEach, describe, expect, it, vi } from "vitest";

/** Calls of zod's builders (`z.object`, `z.string`…) since the count began. */
let built = 0;

vi.mock("zod", async (importOriginal) => {
  const zod = await importOriginal<typeof import("zod")>();
  const counted = new Proxy(zod.z, {
    get(target, key, receiver) {
      const value = Reflect.get(target, key, receiver);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        built++;
        return (value as (...a: unknown[]) => unknown).apply(target, args);
      };
    },
  });
  return { ...zod, z: counted };
});

beforeEach(() => {
  built = 0;
  vi.resetModules();
});

const silent = { warn: () => undefined } as unknown as import("../src/log.ts").Logger;

describe("the schemas the start loads", () => {
  it("loading their modules builds none; the first use builds them, and they are kept", async () => {
    const kinds = await import("../src/record/kinds/index.ts");
    const buttons = await import("../src/blocks/buttons.ts");
    await import("../src/blocks/forms.ts");
    await import("../src/blocks/custody-modal.ts");
    await import("../src/blocks/paper-modal.ts");
    await import("../src/blocks/plan.ts");
    await import("../src/blocks/prn-modal.ts");
    await import("../src/blocks/record-modal.ts");
    await import("../src/blocks/review.ts");
    await import("../src/blocks/welfare-modal.ts");
    await import("../src/blocks/welfare.ts");
    const api = await import("../src/kennel/schemas.ts");
    const atLoad = built;

    expect(kinds.readBody("witness", { entryId: 7, userName: "Sam" })).toEqual({
      entryId: 7,
      userName: "Sam",
    });
    expect(kinds.readBody("witness", { entryId: 0, userName: "Sam" })).toBeUndefined();
    expect(buttons.openPet.decode(buttons.openPet.encode({ p: 3 }))).toEqual({ p: 3 });
    expect(buttons.openPet.decode('{"p":-1}')).toBeUndefined();
    expect(api.readBooking({ bookingId: "12", reference: "B-12" }, silent)).toMatchObject({
      bookingId: 12,
      reference: "B-12",
    });
    const atFirstUse = built;
    const witness = kinds.kindNamed("witness");
    expect(witness?.body).toBe(witness?.body);
    kinds.readBody("witness", { prnId: 8, userName: "Jo" });
    buttons.openPet.decode('{"p":4}');
    api.readBooking({ bookingId: 13 }, silent);

    expect({ atLoad, atFirstUse: atFirstUse > 0, again: built - atFirstUse }).toEqual({
      atLoad: 0,
      atFirstUse: true,
      again: 0,
    });
  });
});
