/** A medicine due whose supply no one counted in, on the round's sheet and in Slack: what is true and what to do. */
import { describe, expect, it } from "vitest";
import { lineMrkdwn } from "../../src/blocks/doc.ts";
import { petMedicinesDoc, sheetMedicineLines } from "../../src/present/custody-pet.ts";
import { lineText } from "../../src/present/doc.ts";
import { held } from "../helpers/custody-fixtures.ts";

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

describe("the medicines view's last movement", () => {
  it("is the last that stands: a dose corrected since (struck through) is never shown as last", () => {
    const h = held(0, false);
    const m = h.medicine;
    const dose = {
      id: 40,
      seq: 40,
      kind: "round" as const,
      date: "2026-12-02",
      round: "evening",
      outcome: "refused" as const,
      amount: 1,
      by: "Jane",
      at: "2026-12-02T13:00:00Z",
      superseded: { id: 41, at: "2026-12-02T13:01:00Z", by: "Jane", outcome: "not_given" as const },
    };
    m.balance = 30;
    m.lines = [
      {
        kind: "in",
        at: "2026-12-02T12:59:00Z",
        id: 1,
        seq: 1,
        quantity: 30,
        by: { userName: "Jane" },
        balance: 30,
      },
      { kind: "dose", at: dose.at, id: 40, seq: 40, dose, out: 1, balance: 29 },
    ];
    const stay = { bookingId: m.first.bookingId, petId: m.first.petId, medicines: [m] };
    const doc = petMedicinesDoc(stay, [h], { petName: "Dylan", timezone: "Europe/London" });
    const words = doc.parts.flatMap((p) => ("lines" in p ? (p.lines ?? []).map(lineText) : []));
    const last = words.find((w) => w.startsWith("last: "));
    expect(last).toContain("counted in +30 tablets");
    expect(last).not.toContain("refused");
    expect(last).not.toContain("superseded");
  });
});
