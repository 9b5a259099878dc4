/** A medicine due whose supply no one counted in, on the round's sheet and in Slack: what is true and what to do. */
import { describe, expect, it } from "vitest";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { sheetMedicineLines } from "../../src/present/custody-pet.ts";
import { lineText } from "../../src/present/doc.ts";

describe("a medicine of the plan never counted in", () => {
  it("says its stock is not tracked and to count in what the owner left, on the sheet and in Slack", () => {
    const [l] = sheetMedicineLines({ held: [], notCountedIn: ["Pardale-V 400 mg"] });
    if (!l) throw new Error("no line");
    const words =
      "💊 Pardale-V 400 mg: not counted in, so its stock is not tracked: count in what the owner left";
    expect(lineText(l)).toBe(words);
    expect(lineMrkdwn(l)).toContain(words);
  });
});
