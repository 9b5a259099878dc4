/** ROUNDS_NAMES and KENNEL_DATE_ORDER, read and checked like every setting (src/config.ts). */
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

function problems(env: Record<string, string>) {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).problems;
  }
  throw new Error("expected the settings to be refused");
}

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
