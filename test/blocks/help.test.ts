/** /kennel help, one command's help and the Home tab's help: the rounds' names and the kennel's date order. */
import { describe, expect, it } from "vitest";
import { COMMANDS, commandNamed } from "../../src/answers/help.ts";
import { commandHelpMessage, helpMessage } from "../../src/blocks/help.ts";
import { homeBlocks } from "../../src/blocks/home.ts";
import { limitViolations } from "../../src/blocks/limits.ts";

const all = (blocks: unknown) => JSON.stringify(blocks);

describe("the help states how slash dates are read", () => {
  it("day first or month first as the kennel's setting says, else as its time zone does", () => {
    expect(all(helpMessage("Europe/London"))).toContain("read day first (24/12 is 24 December)");
    expect(all(helpMessage("America/Chicago"))).toContain("read month first (12/24 is December 24)");
    expect(all(helpMessage("Europe/London", undefined, "mdy"))).toContain("read month first");
  });

  it("the Home tab says the kennel's setting, not the time zone's", () => {
    const overview = {
      date: "2026-11-22",
      round: "midday" as const,
      arrivals: 1,
      departures: 2,
      unpaidDepartures: 0,
      inHouse: 3,
      medicationThisRound: 1,
      careMissingTomorrow: 0,
      problems: [],
    };
    expect(all(homeBlocks(overview, "Europe/London", "mdy"))).toContain("read month first");
    expect(all(homeBlocks(overview, "Europe/London"))).toContain("read day first");
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
