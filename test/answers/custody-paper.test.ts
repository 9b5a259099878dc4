/**
 * A medicine's register names the giver of a dose entered from the paper chart as the paper names
 * them, and who entered it apart, in the words of every surface ("from the paper chart: given 08:05 by
 * JS, entered 13:00 by Sam Lee"), never who entered it as the giver: over the sandbox's loopback HTTP and a real SQLite care record, the
 * medicine counted in, then the morning's dose entered as `kennel-desk record enter` enters it.
 */
import { expect, it } from "vitest";
import { stayCustodyOf } from "../../src/answers/custody.ts";
import { countIn } from "../../src/answers/custody-write.ts";
import { enterFromPaper } from "../../src/answers/paper-enter.ts";
import { countInStart } from "../../src/domain/custody-rules.ts";
import { registerLine } from "../../src/present/custody.ts";
import { lineText } from "../../src/present/doc.ts";
import { CUSTODY_DAY as DATE, medicatedMorning, useCustodyDay } from "./custody-day.ts";

let now = Date.parse(`${DATE}T07:40:00Z`);
const house = useCustodyDay({ now: () => new Date(now) });

it("a paper dose in the register is given by the paper's giver and says who entered it, as every surface does", async () => {
  const { deps } = house;
  const { sheet, pets } = await medicatedMorning(
    house,
    1,
    (i, pet) => pet.due.some((d) => d.item === i.key) && countInStart(i).secondPerson === false,
  );
  const [one] = pets;
  if (!one) throw new Error("the sandbox's morning round has no medicated pet");
  const counted = await countIn(deps, {
    bookingId: one.pet.bookingId,
    petId: one.pet.petId,
    item: one.item.key,
    label: "Tablets",
    unit: "tablet",
    quantity: 28,
    ownerNameChecked: true,
    storage: "room",
    controlled: false,
    by: { userId: "U0JANE", userName: "Jane" },
    requestKey: "k-in",
  });
  expect(counted.status).toBe("recorded");
  now = Date.parse(`${DATE}T13:00:00Z`);
  const entered = await enterFromPaper(
    deps,
    sheet,
    one.pet,
    [{ item: one.item.key, mark: "given", time: "08:05", by: "JS" }],
    { userId: "U0SAM", userName: "Sam Lee" },
    "cli:paper:1",
  );
  expect(entered.status).toBe("recorded");
  const stay = await stayCustodyOf(deps, one.pet.bookingId, one.pet.petId);
  const medicine = stay.medicines[0];
  if (!medicine) throw new Error("the medicine counted in is not in the stay's custody");
  const doses = medicine.lines.filter((l) => l.kind === "dose");
  expect(doses.map((l) => (l.kind === "dose" ? l.dose.by : undefined))).toEqual(["JS"]);
  const text = doses.map((l) => lineText(registerLine(l, medicine, deps.config.timezone))).join("\n");
  expect(text).toContain(" · from the paper chart: given 08:05 by JS, entered 13:00 by Sam Lee");
  expect(text).not.toContain(" · Sam Lee");
});
