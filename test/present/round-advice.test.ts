/**
 * What the vet advised on a welfare flag, beside the pet's flag line wherever the round is read: the
 * round's post as drafted (`/rounds`, the scheduled post) and its text (the terminal, the connector's
 * get_round), whole.
 */
import { describe, expect, it } from "vitest";
import { sheetForSlack, sheetMessages } from "../../src/blocks/round-sheet.ts";
import { draftSheet } from "../../src/present/round-sheet.ts";
import { roundText } from "../../src/text/index.ts";
import { adviceFlag } from "../helpers/care-parts.ts";
import { booking, PLAIN, pet, petBlock, RIMADYL, roundOf } from "../text/fixtures.ts";

const ADVICE = "Bland diet 48h, chicken & rice; metoclopramide 2.5 mg at 08:00 and 20:00, recheck Friday";

function advisedRound() {
  const r = roundOf("evening", [[booking({ roomName: "Kennel 4" }), pet({ name: "Biscuit", ...RIMADYL })]]);
  const [first] = r.pets;
  if (first) first.welfare = [adviceFlag({ petName: "Biscuit", vet: "Oak Vets", advice: ADVICE })];
  return r;
}

describe("the vet's advice on the round", () => {
  it("in the text (terminal, connector): the flag line with what was advised, whole", () => {
    const block = petBlock(roundText(advisedRound(), PLAIN), "Biscuit");
    expect(block).toContain(`🩺 vet advice: Oak Vets · advised: ${ADVICE}`);
  });

  it("on the round's post as drafted: the same, escaped", () => {
    const sheet = sheetForSlack(draftSheet(advisedRound(), { timezone: "Europe/London" }));
    const t = sheetMessages({ ...sheet, id: 1 }, { entries: [], timezone: "Europe/London" });
    const text = JSON.stringify([t.parent, ...t.replies]);
    expect(text).toContain("· advised: Bland diet 48h, chicken &amp; rice; metoclopramide 2.5 mg at 08:00");
  });
});
