/**
 * A held medicine whose runway is not counted says why beside its balance, in the same words on every
 * surface, from the one document (src/present/custody.ts `runwayPart`): the stock in the terminal's
 * and the connector's words and in Block Kit (Home), the pet's card and its medicines view. Something
 * to do is toned to be seen ("confirm it in 📋 Care plan"); nothing to count ahead, muted.
 */
import { describe, expect, it } from "vitest";
import type { StayCustody } from "../../src/answers/custody.ts";
import type { HeldMedicine } from "../../src/answers/custody-stock.ts";
import { stockView } from "../../src/blocks/custody.ts";
import type { Runway } from "../../src/domain/custody-rules.ts";
import { medicineStateLine, stockDoc } from "../../src/present/custody.ts";
import { petMedicineLines, petMedicinesDoc } from "../../src/present/custody-pet.ts";
import { lineText } from "../../src/present/doc.ts";
import { docText } from "../../src/text/doc.ts";
import { held } from "../helpers/custody-fixtures.ts";

const TZ = "Europe/London";
const DRAFT = "runway not known: the plan is not confirmed — confirm it in 📋 Care plan";
const NO_API = "runway not known: check-out not known (no kennel API here)";

const heldWith = (runway: Runway): HeldMedicine => ({ ...held(0, false), runway, today: "2026-12-02" });

describe("a runway not known says why", () => {
  it("the stock: the terminal's and the connector's words, and Block Kit", () => {
    const stock = {
      today: "2026-12-02",
      held: [heldWith({ status: "not_known", why: "plan_not_confirmed" })],
      unread: [],
    };
    const printed = docText(stockDoc(stock, TZ), { color: false, timezone: TZ, thisYear: "2026" });
    expect(printed).toContain(`≈ 20 tablets left · ${DRAFT}`);
    const blocks = JSON.stringify(stockView(() => "sealed", stock, TZ).blocks);
    expect(blocks).toContain("runway not known: the plan is not confirmed — confirm it in 📋 Care plan");
  });

  it("the pet's card and its medicines view say the same", () => {
    const h = heldWith({ status: "not_known", why: "plan_awaiting_second" });
    const stay = { bookingId: 100, petId: 200, medicines: [h.medicine] } as StayCustody;
    const words =
      "runway not known: the plan awaits its second person's confirmation (high-alert drug) — confirm it in 📋 Care plan";
    expect(petMedicineLines(stay, [h]).map(lineText).join("\n")).toContain(`20 tablets left · ${words}`);
    const view = docText(petMedicinesDoc(stay, [h], { petName: "Pet0", timezone: TZ }), {
      color: false,
      timezone: TZ,
      thisYear: "2026",
    });
    expect(view).toContain(words);
  });

  it("the check-out not read is said once, in the runway's place; toned by what is to do", () => {
    const api = medicineStateLine(heldWith({ status: "not_known", why: "no_kennel_api" }));
    expect(lineText(api)).toBe(`≈ 20 tablets left · ${NO_API}`);
    expect(api.find((s) => s.text === NO_API)?.tone).toBe("muted");
    const draft = medicineStateLine(heldWith({ status: "not_known", why: "plan_not_confirmed" }));
    expect(draft.find((s) => s.text === DRAFT)?.tone).toBe("warn");
    const prn = medicineStateLine(heldWith({ status: "not_scheduled", why: "as_needed" }));
    expect(lineText(prn)).toBe("≈ 20 tablets left · given only if needed: no runway");
    const none = medicineStateLine(heldWith({ status: "not_scheduled", why: "none_due" }));
    expect(lineText(none)).toBe("≈ 20 tablets left · no more doses due by the plan");
  });
});
