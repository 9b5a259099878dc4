/** /kennel help, one command's help and the Home tab's help: the rounds' names and the kennel's date order. */
import { describe, expect, it } from "vitest";
import type { TodayOverview } from "../../src/answers/today.ts";
import { commandHelpMessage, helpMessage } from "../../src/blocks/help.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { limitViolations } from "../../src/blocks/limits.ts";
import { COMMANDS, commandNamed } from "../../src/words/help.ts";

const all = (blocks: unknown) => JSON.stringify(blocks);

/** Today at a glance at midday on 22 Nov: nothing unpaid, no care missing, no problems; `over` set over it. */
const middayOf = (over: Partial<TodayOverview>): TodayOverview => ({
  date: "2026-11-22",
  round: "midday",
  arrivals: 0,
  departures: 0,
  unpaidDepartures: 0,
  inHouse: 0,
  medicationThisRound: 0,
  careMissingTomorrow: 0,
  problems: [],
  ...over,
});

describe("the help states how slash dates are read", () => {
  it("day first or month first as the kennel's setting says, else as its time zone does", () => {
    expect(all(helpMessage("Europe/London"))).toContain("read day first (24/12 is 24 December)");
    expect(all(helpMessage("America/Chicago"))).toContain("read month first (12/24 is December 24)");
    expect(all(helpMessage("Europe/London", undefined, "mdy"))).toContain("read month first");
  });

  it("the Home tab says the kennel's setting, not the time zone's", () => {
    const overview = middayOf({ arrivals: 1, departures: 2, inHouse: 3, medicationThisRound: 1 });
    expect(all(homeBlocks(overview, "Europe/London", "mdy"))).toContain("read month first");
    expect(all(homeBlocks(overview, "Europe/London"))).toContain("read day first");
  });

  it("the Home tab's figures say what they count: arrivals and departures are bookings, in house pets", () => {
    const overview = middayOf({
      arrivals: 15,
      departures: 1,
      inHouse: 67,
      medicationThisRound: 8,
      careMissingTomorrow: undefined,
      problems: ["x"],
    });
    const text = all(homeBlocks(overview, "Europe/London"));
    expect(text).toContain("*🛬 Arrivals:* 15 bookings");
    expect(text).toContain("*🏠 Departures:* 1 booking");
    expect(text).toContain("*🐾 In house:* 67 pets");
    expect(text).toContain("*💊 Medication this round (midday):* 8 pets");
    expect(text).toContain("*❔ Care details missing for tomorrow:* ?");
  });
});

describe("/kennel help COMMAND", () => {
  it("finds each command by its name, with or without the slash", () => {
    expect(commandNamed("rounds")?.usage).toBe("/rounds [round] [date]");
    expect(commandNamed("/Rounds")?.usage).toBe("/rounds [round] [date]");
    expect(commandNamed("status")?.usage).toBe("/kennel status");
    expect(commandNamed("pets")?.usage).toMatch(/\/kennel pets TEXT/);
    expect(commandNamed("dance")).toBeUndefined();
  });

  it("every command's help has examples and fits Slack's limits", () => {
    for (const c of COMMANDS) {
      expect(c.examples?.length, c.usage).toBeGreaterThan(0);
      const message = commandHelpMessage(c, "dmy");
      expect(limitViolations(message)).toEqual([]);
      expect(all(message)).toContain(c.examples?.[0]);
    }
  });
});
