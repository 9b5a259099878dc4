/** ROUNDS_NAMES, KENNEL_DATE_ORDER and KENNEL_HOUSE_MEALS, read and checked like every setting (src/config.ts). */
import { describe, expect, it } from "vitest";
import { ConfigError, type HouseMeals, loadConfig } from "../src/config.ts";
import { problems } from "./helpers/config.ts";

describe("ROUNDS_NAMES", () => {
  it("is optional: unset, the rounds have no names of the kennel's own", () => {
    expect(loadConfig({}).rounds.names).toBeUndefined();
  });

  it("three names, morning, midday and evening, spaces tidied", () => {
    expect(loadConfig({ ROUNDS_NAMES: "Breakfast, Lunch ,Dinner" }).rounds.names).toEqual({
      morning: "Breakfast",
      midday: "Lunch",
      evening: "Dinner",
    });
    expect(loadConfig({ ROUNDS_NAMES: "Feed 1,Feed  2,Last feed" }).rounds.names).toEqual({
      morning: "Feed 1",
      midday: "Feed 2",
      evening: "Last feed",
    });
  });

  it.each([
    ["Breakfast,Lunch", /not three names/],
    ["Breakfast,,Dinner", /not three names/],
    ["Lunch,Breakfast,Dinner", /"Lunch" names the midday round, not the morning round/],
    ["AM,PM,Tea", /"PM" names the evening round, not the midday round/],
    ["Feed,feed,Dinner", /names two rounds alike/],
    ["<!channel>,Lunch,Dinner", /not a round's name/],
    ["A very long name for the breakfast round,Lunch,Dinner", /not a round's name/],
  ])("%j is refused with how to write it", (value, problem) => {
    const [p] = problems({ ROUNDS_NAMES: value });
    expect(p?.variable).toBe("ROUNDS_NAMES");
    expect(p?.problem).toMatch(problem);
    expect(p?.fix).toMatch(/Breakfast,Lunch,Dinner/);
  });
});

describe("KENNEL_DATE_ORDER", () => {
  it("unset: from the kennel's time zone", () => {
    expect(loadConfig({ KENNEL_TIMEZONE: "Europe/London" }).dateOrder).toBe("dmy");
    expect(loadConfig({ KENNEL_TIMEZONE: "Australia/Perth" }).dateOrder).toBe("dmy");
    expect(loadConfig({ KENNEL_TIMEZONE: "America/Denver" }).dateOrder).toBe("mdy");
  });

  it("set: it wins over the time zone", () => {
    expect(loadConfig({ KENNEL_TIMEZONE: "America/Toronto", KENNEL_DATE_ORDER: "dmy" }).dateOrder).toBe(
      "dmy",
    );
    expect(loadConfig({ KENNEL_TIMEZONE: "Europe/London", KENNEL_DATE_ORDER: "MDY" }).dateOrder).toBe("mdy");
  });

  it("anything else is refused, with every other problem", () => {
    const found = problems({ KENNEL_DATE_ORDER: "dd/mm", ROUNDS_NAMES: "x" });
    expect(found.map((p) => p.variable).sort()).toEqual(["KENNEL_DATE_ORDER", "ROUNDS_NAMES"]);
    expect(found.find((p) => p.variable === "KENNEL_DATE_ORDER")?.problem).toBe(
      '"dd/mm" is not a date order.',
    );
  });
});

describe("KENNEL_HOUSE_MEALS", () => {
  const read = (value: string, more: Record<string, string> = {}): HouseMeals =>
    loadConfig({ KENNEL_HOUSE_MEALS: value, ...more }).rounds.houseMeals;

  it("unset: morning and evening, for every species", () => {
    expect(loadConfig({}).rounds.houseMeals).toEqual({ rounds: ["morning", "evening"] });
  });

  it("round names by any of their names, any case, in the day's order", () => {
    expect(read("morning,midday,evening")).toEqual({ rounds: ["morning", "midday", "evening"] });
    expect(read("Dinner, BREAKFAST")).toEqual({ rounds: ["morning", "evening"] });
    expect(read("am,noon,tea")).toEqual({ rounds: ["morning", "midday", "evening"] });
    expect(read("pm")).toEqual({ rounds: ["evening"] });
    // The kennel's own names (ROUNDS_NAMES) too.
    expect(read("feed 1, Last  feed", { ROUNDS_NAMES: "Feed 1,Feed 2,Last feed" })).toEqual({
      rounds: ["morning", "evening"],
    });
  });

  it("per species by the API's petType; a list without a species is for the others", () => {
    expect(read("dog:morning,evening;cat:morning,midday,evening")).toEqual({
      rounds: ["morning", "evening"],
      bySpecies: { dog: ["morning", "evening"], cat: ["morning", "midday", "evening"] },
    });
    expect(read("lunch,dinner; Cat : breakfast,lunch,dinner")).toEqual({
      rounds: ["midday", "evening"],
      bySpecies: { cat: ["morning", "midday", "evening"] },
    });
    expect(read("guinea pig:morning,evening")).toEqual({
      rounds: ["morning", "evening"],
      bySpecies: { "guinea pig": ["morning", "evening"] },
    });
  });

  it.each([
    ["morning,brunch", /"brunch" is not a round/],
    ["morning,,evening", /empty name between its commas/],
    [",", /names no round/],
    ["dog:morning;cat:", /"cat:" names no round/],
    ["dog:morning;cat:lunch,,dinner", /"cat:lunch,,dinner" has an empty name between its commas/],
    ["dog:morning;dog:evening", /gives dog twice/],
    ["dog:morning;;cat:evening", /empty part between its semicolons/],
    ["morning;evening", /two lists without a species/],
    ["<!channel>:morning", /is not a species/],
    ["Feed 2", /"Feed 2" is not a round/],
  ])("%j is refused in one line, with how to write it", (value, problem) => {
    const found = problems({ KENNEL_HOUSE_MEALS: value });
    expect(found).toHaveLength(1);
    expect(found[0]?.variable).toBe("KENNEL_HOUSE_MEALS");
    expect(found[0]?.problem).toMatch(problem);
    expect(found[0]?.fix).toMatch(/morning,evening/);
    expect(new ConfigError(found).message).toMatch(
      /^Kennel Desk cannot start: 1 problem with the settings\.\n {2}- KENNEL_HOUSE_MEALS: [^\n]+$/,
    );
  });
});
