/**
 * KENNEL_NAME: the kennel's own name on its printed pages (the kennel API never says it). Read at
 * start like every setting; shown on the chart's title and the stay's page and index, before the
 * API's address and the record's kennel id, never instead of them.
 */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";
import { chartDoc } from "../src/present/chart.ts";
import { stayPageDoc } from "../src/present/stay.ts";
import { stayIndexDoc } from "../src/present/stay-index.ts";
import { docText } from "../src/text/doc.ts";
import { chartOf, chartOptions, PLAIN_TEXT } from "./helpers/chart.ts";
import { problems } from "./helpers/config.ts";

const DAY = "2026-11-24";

describe("KENNEL_NAME", () => {
  it("is the kennel's name, its spaces as one; unset, none", () => {
    expect(loadConfig({ KENNEL_NAME: "Hillside   Boarding Kennels" }).kennelName).toBe(
      "Hillside Boarding Kennels",
    );
    expect(loadConfig({}).kennelName).toBeUndefined();
    expect(loadConfig({ KENNEL_NAME: "" }).kennelName).toBeUndefined();
  });

  it("quotes inside a name are its own; a name wholly wrapped in quotes is refused, as every setting", () => {
    expect(loadConfig({ KENNEL_NAME: 'Kennels "Bow Wow"' }).kennelName).toBe('Kennels "Bow Wow"');
    expect(loadConfig({ KENNEL_NAME: "O'Brien's Kennels" }).kennelName).toBe("O'Brien's Kennels");
    expect(loadConfig({ KENNEL_NAME: "'Tails' Rest" }).kennelName).toBe("'Tails' Rest");
    expect(problems({ KENNEL_NAME: '"Hillside Kennels"' })[0]?.problem).toContain("is wrapped in quotes");
  });

  it("a name longer than a heading is refused at start, saying how long and what to give", () => {
    const found = problems({ KENNEL_NAME: "K".repeat(81) });
    expect(found).toHaveLength(1);
    expect(found[0]?.problem).toBe("is 81 characters long; a kennel's name is at most 80.");
    expect(found[0]?.fix).toContain("KENNEL_NAME=Hillside Boarding Kennels");
  });

  it("the chart's title names the kennel; without it, as before", () => {
    const chart = chartOf([{ date: DAY, round: "morning", kept: true }], []);
    const named = docText(
      chartDoc(chart, { ...chartOptions(DAY), kennelName: "Hillside & <Co>" }),
      PLAIN_TEXT,
    );
    expect(named.split("\n")[0]).toBe("Medication chart · Hillside & <Co> · Tue 24 Nov");
    const plain = docText(chartDoc(chart, chartOptions(DAY)), PLAIN_TEXT);
    expect(plain.split("\n")[0]).toBe("Medication chart · Tue 24 Nov");
  });

  it("the stay's page and index name it before the API's kennel, the id kept beside it", () => {
    const page = {
      reference: "R1",
      stay: { bookingId: 1, pets: [], problem: undefined },
      owner: undefined,
      checkIn: undefined,
      checkOut: undefined,
      dueProblem: undefined,
      timezone: "Europe/London",
      generatedAt: `${DAY}T10:00:00.000Z`,
      kennel: "https://api.kennel.example#7",
    };
    const lines = (k?: string) =>
      docText(stayPageDoc({ ...page, kennelName: k }), PLAIN_TEXT)
        .split("\n")
        .filter((l) => l.startsWith("Kennel:"));
    expect(lines("Hillside Boarding Kennels")).toEqual([
      "Kennel: Hillside Boarding Kennels · the kennel at api.kennel.example (business 7) · id https://api.kennel.example#7",
    ]);
    expect(lines()).toEqual([
      "Kennel: the kennel at api.kennel.example (business 7) · id https://api.kennel.example#7",
    ]);
    const index = docText(
      stayIndexDoc([], {
        timezone: "Europe/London",
        generatedAt: `${DAY}T10:00:00.000Z`,
        kennel: "loopback#1",
        kennelName: "Hillside Boarding Kennels",
      }),
      PLAIN_TEXT,
    );
    expect(index).toContain(
      "Hillside Boarding Kennels · the kennel on this computer (the sandbox, business 1) (id loopback#1)",
    );
  });
});
