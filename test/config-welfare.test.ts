/** The welfare check's settings (src/config/welfare.ts): their defaults, and each wrong value refused in words. */
import { describe, expect, it } from "vitest";
import { loadConfig } from "../src/config.ts";

const base = { ROUNDS_CHANNEL: "C0ROUNDS" };

describe("WELFARE_* settings", () => {
  it("default: the evening round, with the evening round post's time, in the rounds channel, named by 20:00, one post for the house", () => {
    expect(loadConfig(base).welfare).toEqual({
      rounds: ["evening"],
      channel: "C0ROUNDS",
      times: { evening: "18:00" },
      checkBy: { evening: "20:00" },
      areas: [],
      inRound: false,
    });
    // No rounds channel and no welfare channel: no posts.
    expect(loadConfig({}).welfare.channel).toBeUndefined();
    expect(loadConfig({ ...base, WELFARE_ROUNDS: "off" }).welfare).toMatchObject({
      rounds: [],
      channel: undefined,
    });
  });

  it("a late evening round is named two hours after its post by default, not refused for 20:00", () => {
    // ROUNDS_TIMES morning, midday, evening; no WELFARE_* set: the bot must start.
    const late = loadConfig({ ...base, ROUNDS_TIMES: "07:30,12:00,21:06" }).welfare;
    expect(late).toMatchObject({ times: { evening: "21:06" }, checkBy: { evening: "23:06" } });
    expect(loadConfig({ ...base, ROUNDS_TIMES: "07:30,12:00,22:30" }).welfare.checkBy).toEqual({
      evening: "23:59",
    });
  });

  it("two rounds a day, each its own time (or one for both), a channel of its own, areas by the room's name", () => {
    const w = loadConfig({
      ...base,
      WELFARE_ROUNDS: "evening,morning",
      WELFARE_TIME: "08:30,17:30",
      WELFARE_CHANNEL: "C0WELFARE",
      WELFARE_AREAS: "Kennel, Cattery ,Suite",
    }).welfare;
    expect(w).toMatchObject({
      rounds: ["morning", "evening"],
      channel: "C0WELFARE",
      times: { morning: "08:30", evening: "17:30" },
      checkBy: { morning: "10:30", evening: "20:00" },
      areas: ["Kennel", "Cattery", "Suite"],
    });
    expect(
      loadConfig({ ...base, WELFARE_ROUNDS: "morning,evening", WELFARE_TIME: "9:00" }).welfare.times,
    ).toEqual({
      morning: "09:00",
      evening: "09:00",
    });
  });

  it("refuses what cannot be meant, saying how to fix it", () => {
    expect(() => loadConfig({ ...base, WELFARE_ROUNDS: "teatime" })).toThrow(
      /WELFARE_ROUNDS: "teatime" is not a list of rounds/,
    );
    expect(() => loadConfig({ ...base, WELFARE_CHECK_BY: "17:00" })).toThrow(
      /WELFARE_CHECK_BY: is 17:00, not after the evening/,
    );
    expect(() => loadConfig({ ...base, WELFARE_TIME: "18:00,19:00" })).toThrow(
      /WELFARE_TIME: "18:00,19:00" is not a time of day/,
    );
    expect(() => loadConfig({ ...base, WELFARE_AREAS: "Kennel,kennel" })).toThrow(/names an area twice/);
    expect(() => loadConfig({ WELFARE_IN_ROUND: "1" })).toThrow(
      /WELFARE_IN_ROUND: is on, but ROUNDS_CHANNEL is not set/,
    );
    expect(() => loadConfig({ ...base, WELFARE_IN_ROUND: "1", WELFARE_TIME: "19:00" })).toThrow(
      /WELFARE_TIME: is set, but WELFARE_IN_ROUND is on/,
    );
  });

  it("WELFARE_IN_ROUND: the round post carries it, at the round's time", () => {
    expect(loadConfig({ ...base, WELFARE_IN_ROUND: "true" }).welfare).toMatchObject({
      inRound: true,
      times: { evening: "18:00" },
    });
  });
});
