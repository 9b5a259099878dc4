/**
 * The welfare check's rules (src/domain/welfare.ts): the second abnormal entry of a sign opens one
 * episode (named by its first entry, so a third of the same run names the same one), a normal entry
 * or another value breaks the run, a correction replaces what it corrects, meals follow the off-food
 * rule; areas by the room's name; a stay's welfare rounds each with its check or its absence.
 */
import { describe, expect, it } from "vitest";
import {
  ALL_NORMAL,
  abnormalSigns,
  areaOf,
  areaSlug,
  episodeKey,
  isAllNormal,
  stayWelfareDays,
  type WelfareCheck,
  type WelfareValues,
  welfareEpisodes,
} from "../../src/domain/welfare.ts";
import type { Entry } from "../../src/record/types.ts";
import { keptEntry } from "../helpers/entries.ts";

let id = 0;
function check(
  date: string,
  round: WelfareCheck["round"],
  values: Partial<WelfareValues> = {},
  more: Partial<WelfareCheck> = {},
): WelfareCheck {
  return {
    id: ++id,
    date,
    round,
    bookingId: 7,
    petId: 70,
    petName: "Biscuit",
    values: { ...ALL_NORMAL, ...values },
    eating: [],
    userId: "U0JANE",
    userName: "Jane",
    recordedAt: `${date}T17:00:00.000Z`,
    ...more,
  };
}
function meal(date: string, round: Entry["round"], outcome: Entry["outcome"]): Entry {
  const biscuit = {
    kennel: "k",
    bookingId: 7,
    petId: 70,
    petName: "Biscuit",
    recordedAt: `${date}T08:00:00.000Z`,
  };
  return keptEntry({ ...biscuit, date, round, outcome } as Partial<Entry> & { date: string });
}

describe("what a check says", () => {
  it("names its abnormal signs in the fields' order; all normal is nothing seen and no note", () => {
    expect(abnormalSigns({ ...ALL_NORMAL, demeanour: "in_pain", drinking: "none" })).toEqual([
      "drinking:none",
      "demeanour:in_pain",
    ]);
    expect(isAllNormal(check("2026-11-22", "evening"))).toBe(true);
    expect(isAllNormal(check("2026-11-22", "evening", {}, { note: "ate grass" }))).toBe(false);
  });
});

describe("the second abnormal flags", () => {
  it("two loose stools in a row (08:00 and 17:00) are one episode of two", () => {
    const a = check("2026-11-22", "morning", { stool: "loose" });
    const b = check("2026-11-22", "evening", { stool: "loose" });
    const [e, ...rest] = welfareEpisodes([b, a], []);
    expect(rest).toEqual([]);
    expect(e?.sign).toBe("stool:loose");
    expect(e?.entries.map((x) => x.id)).toEqual([a.id, b.id]);
  });

  it("a third of the same run is the same episode (its key names the first): one flag per episode", () => {
    const a = check("2026-11-20", "evening", { drinking: "none" });
    const b = check("2026-11-21", "evening", { drinking: "none" });
    const c = check("2026-11-22", "evening", { drinking: "none" });
    const two = welfareEpisodes([a, b], []);
    const three = welfareEpisodes([a, b, c], []);
    expect(two.map(episodeKey)).toEqual(three.map(episodeKey));
    expect(three[0]?.entries).toHaveLength(3);
  });

  it("one abnormal entry, a normal one between, or another value of the sign: no episode", () => {
    expect(welfareEpisodes([check("2026-11-22", "evening", { stool: "loose" })], [])).toEqual([]);
    const broken = [
      check("2026-11-20", "evening", { stool: "loose" }),
      check("2026-11-21", "evening"),
      check("2026-11-22", "evening", { stool: "loose" }),
    ];
    expect(welfareEpisodes(broken, [])).toEqual([]);
    const other = [
      check("2026-11-21", "evening", { stool: "loose" }),
      check("2026-11-22", "evening", { stool: "none" }),
    ];
    expect(welfareEpisodes(other, [])).toEqual([]);
  });

  it("a serious sign (blood, no urine, in pain, lethargic) is an episode at its first check; quiet or anxious is not", () => {
    for (const seen of [
      { stool: "blood" },
      { urine: "blood" },
      { urine: "none" },
      { demeanour: "in_pain" },
      { demeanour: "lethargic" },
    ] as const) {
      const episodes = welfareEpisodes([check("2026-11-22", "evening", seen)], []);
      const [field, value] = Object.entries(seen)[0] as [string, string];
      expect(episodes.map((e) => [e.sign, e.entries.length])).toEqual([[`${field}:${value}`, 1]]);
    }
    for (const seen of [{ demeanour: "quiet" }, { demeanour: "anxious" }, { drinking: "none" }] as const)
      expect(welfareEpisodes([check("2026-11-22", "evening", seen)], [])).toEqual([]);
    // After loose stools, blood: the blood flags at once, the loose run (broken) does not.
    const after = [
      check("2026-11-21", "evening", { stool: "loose" }),
      check("2026-11-22", "evening", { stool: "blood" }),
    ];
    expect(welfareEpisodes(after, []).map((e) => [e.sign, e.entries.length])).toEqual([["stool:blood", 1]]);
  });

  it("a check corrected since counts as its correction", () => {
    const a = check("2026-11-21", "evening", { stool: "loose" });
    const wrong = check("2026-11-22", "evening", { stool: "loose" });
    const fixed = check("2026-11-22", "evening", {}, { supersedes: wrong.id });
    expect(welfareEpisodes([a, { ...wrong, supersededBy: fixed.id }, fixed], [])).toEqual([]);
    expect(welfareEpisodes([a, wrong], [])).toHaveLength(1);
  });

  it("another stay's checks never join a run", () => {
    const a = check("2026-11-21", "evening", { stool: "loose" });
    const b = check("2026-11-22", "evening", { stool: "loose" }, { bookingId: 8 });
    expect(welfareEpisodes([a, b], [])).toEqual([]);
  });

  it("meals by the off-food rule: two not eaten in full in a row, 'not offered' neither counts nor breaks", () => {
    const none = meal("2026-11-21", "evening", "ate_none");
    const skipped = meal("2026-11-22", "morning", "not_offered");
    const some = meal("2026-11-22", "midday", "ate_some");
    const [e] = welfareEpisodes([], [none, skipped, some]);
    expect(e?.sign).toBe("eating:off");
    expect(e?.entries.map((x) => [x.kind, x.id])).toEqual([
      ["meal", none.id],
      ["meal", some.id],
    ]);
    expect(welfareEpisodes([], [none, some, meal("2026-11-22", "evening", "ate_all")])).toEqual([]);
  });
});

describe("areas by the room's name", () => {
  const areas = ["Kennel", "Cattery", "Kennel Block B"];
  it("the longest beginning wins, case aside; a room no area names has none", () => {
    expect(areaOf("Kennel 12", areas)).toBe("Kennel");
    expect(areaOf("kennel block b 3", areas)).toBe("Kennel Block B");
    expect(areaOf("CATTERY 2", areas)).toBe("Cattery");
    expect(areaOf("Suite A", areas)).toBeUndefined();
    expect(areaOf(undefined, areas)).toBeUndefined();
  });
  it("each area's slug names its post", () => {
    expect(areaSlug("Kennel Block B")).toBe("kennel-block-b");
    expect(areaSlug("Suite & Lodge")).toBe("suite-lodge");
    expect(areaSlug(undefined)).toBe("other");
  });
});

describe("a stay's welfare rounds", () => {
  const base = {
    checkIn: "2026-11-19T10:00:00Z",
    checkOut: "2026-11-23T10:00:00Z",
    rounds: ["evening"] as const,
    times: { evening: "18:00" },
    checkBy: { evening: "20:00" },
    timezone: "Europe/London",
  };
  it("every evening of the stay has its check or its absence; tonight's is still due before 20:00", () => {
    const days = stayWelfareDays({
      ...base,
      checks: [check("2026-11-19", "evening"), check("2026-11-21", "evening", { stool: "loose" })],
      now: new Date("2026-11-22T19:00:00Z"),
    });
    expect(days.map((d) => [d.date, d.state])).toEqual([
      ["2026-11-19", "checked"],
      ["2026-11-20", "missed"],
      ["2026-11-21", "checked"],
      ["2026-11-22", "due"],
    ]);
  });
  it("rounds before the record began are not missed; a check outside the stay's dates is still shown", () => {
    const days = stayWelfareDays({
      ...base,
      checks: [check("2026-11-25", "evening")],
      now: new Date("2026-11-24T12:00:00Z"),
      recordSince: new Date("2026-11-21T12:00:00Z"),
    });
    expect(days.map((d) => [d.date, d.state])).toEqual([
      ["2026-11-19", "before"],
      ["2026-11-20", "before"],
      ["2026-11-21", "missed"],
      ["2026-11-22", "missed"],
      ["2026-11-25", "checked"],
    ]);
  });
});
