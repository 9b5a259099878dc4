/**
 * The name a care plan gives an item keeps the product's form after where it goes: "💊 Otomax ear
 * drops", not "Otomax ear" (the reader stopped at "drops" as it does at "2 drops"); an amount's
 * unit still ends the name.
 */
import { describe, expect, it } from "vitest";
import { nameIn } from "../../src/domain/plan/name.ts";

describe("an item's name", () => {
  it("keeps 'drops', 'gel' or 'ointment' after ear, eye or nose", () => {
    expect(nameIn("Otomax ear drops: 4 drops in the right ear after cleaning")).toBe("Otomax ear drops");
    expect(nameIn("Isathal eye drops 1 drop BID")).toBe("Isathal eye drops");
    expect(nameIn("Optimmune eye ointment twice daily")).toBe("Optimmune eye ointment");
  });

  it("an amount's unit still ends it", () => {
    expect(nameIn("Surolan 5 drops in each ear")).toBe("Surolan");
    expect(nameIn("Rimadyl 50 mg: half a tablet")).toBe("Rimadyl 50 mg");
  });
});
