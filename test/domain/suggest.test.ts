/**
 * "Did you mean tomorrow?": the nearest valid word for a mistyped date, round, command or option, on
 * every surface; a suggestion only, never taken for the word.
 */
import { describe, expect, it } from "vitest";
import { COMMAND_NAMES } from "../../src/cli/index.ts";
import { parseDay, parseRoundDay } from "../../src/dates.ts";
import { roundWords } from "../../src/domain/round-names.ts";
import { didYouMean, editDistance, nearestWord, optionProblem } from "../../src/domain/suggest.ts";

const NOW = new Date("2026-11-22T09:00:00Z");
const TZ = "Europe/London";

describe("edit distance", () => {
  it("counts letters added, removed, changed, and two neighbours swapped as one", () => {
    expect(editDistance("tomorrow", "tomorrow")).toBe(0);
    expect(editDistance("tomorow", "tomorrow")).toBe(1);
    expect(editDistance("lunhc", "lunch")).toBe(1);
    expect(editDistance("tommorow", "tomorrow")).toBe(2);
    expect(editDistance("", "am")).toBe(2);
    expect(editDistance("kitten", "sitting")).toBe(3);
  });

  it("suggests only within two edits (one for short words), the nearest first", () => {
    expect(nearestWord("tomorow", ["today", "tomorrow"])).toBe("tomorrow");
    expect(nearestWord("xyz", ["am", "pm"])).toBeUndefined();
    expect(nearestWord("tomorrow", ["tomorrow"])).toBeUndefined();
    expect(nearestWord("banana", ["tomorrow"])).toBeUndefined();
    expect(didYouMean("fridy", ["friday"])).toBe(" Did you mean friday?");
    expect(didYouMean("zzzzzz", ["friday"])).toBe("");
  });
});

/** Common typos and what each suggests. */
const DAY_TYPOS: Array<[string, string]> = [
  ["tomorow", "tomorrow"],
  ["tommorow", "tomorrow"],
  ["tomorrw", "tomorrow"],
  ["tmorrow", "tomorrow"],
  ["yesterdy", "yesterday"],
  ["tody", "today"],
  ["fridya", "friday"],
  ["wendesday", "wednesday"],
  ["thursdy", "thursday"],
  ["satruday", "saturday"],
  ["24 decmber", "24 december"],
  ["next fridy", "next friday"],
];

describe("a mistyped day", () => {
  for (const [typo, meant] of DAY_TYPOS) {
    it(`"${typo}": did you mean ${meant}?`, () => {
      const r = parseDay(typo, NOW, TZ);
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : r.message).toContain(`Did you mean ${meant}?`);
    });
  }

  it("the list of dates a person can type names slash dates in the kennel's order", () => {
    const uk = parseDay("banana", NOW, "Europe/London");
    expect(uk.ok ? "" : uk.message).toContain("24 Dec, or 24/12 (day first).");
    const us = parseDay("tomorow", NOW, "America/New_York", "mdy");
    expect(us.ok ? "" : us.message).toContain("Did you mean tomorrow?");
    expect(us.ok ? "" : us.message).toContain("24 Dec, or 12/24 (month first).");
  });

  it("something far from any day gets no suggestion", () => {
    const r = parseDay("banana", NOW, TZ);
    expect(r.ok ? "" : r.message).toMatch(/^"banana" is not a date I know\. Use today/);
  });
});

describe("a mistyped round", () => {
  for (const [typo, meant] of [
    ["lunhc", "lunch"],
    ["brekfast", "breakfast"],
    ["dinnr", "dinner"],
    ["evenign", "evening"],
    ["mornin", "morning"],
    ["supr", "supper"],
  ] as const) {
    it(`"${typo}": did you mean ${meant}?`, () => {
      const r = parseRoundDay(`${typo} tomorrow`, NOW, TZ, "dmy");
      expect(r.ok).toBe(false);
      expect(r.ok ? "" : r.message).toContain(
        `"${typo}" is not a round nor a date I know. Did you mean ${meant}?`,
      );
    });
  }

  it("a weekday beside a mistyped round is not taken for the typo", () => {
    const r = parseRoundDay("tue lunhc", NOW, TZ, "dmy");
    expect(r.ok ? "" : r.message).toContain("Did you mean lunch?");
  });

  it("a mistyped round beside a mistyped day suggests both, never the typo left in", () => {
    const r = parseRoundDay("brekfast tomorow", NOW, TZ, "dmy");
    expect(r.ok ? "" : r.message).toContain("Did you mean breakfast tomorrow?");
    expect(r.ok ? "" : r.message).not.toContain("brekfast tomorrow");
    const s = parseRoundDay("tomorow lnch", NOW, TZ, "dmy");
    expect(s.ok ? "" : s.message).toContain("Did you mean lunch tomorrow?");
    const t = parseRoundDay("dinnr 24 decmber", NOW, TZ, "dmy");
    expect(t.ok ? "" : t.message).toContain("Did you mean dinner 24 december?");
  });

  it("a mistyped round beside words that are no day still gets the round's suggestion", () => {
    const r = parseRoundDay("lunhc banana", NOW, TZ, "dmy");
    expect(r.ok ? "" : r.message).toContain('"lunhc" is not a round nor a date I know. Did you mean lunch?');
  });

  it("the kennel's own names are suggested too", () => {
    const names = { morning: "Breakfast", midday: "Lunch", evening: "Kennel Supper" };
    expect(roundWords(names)).toContain("kennel supper");
  });
});

describe("a mistyped command or option", () => {
  for (const [typo, meant] of [
    ["arivals", "arrivals"],
    ["departurs", "departures"],
    ["inhose", "inhouse"],
    ["rouns", "rounds"],
    ["stauts", "status"],
    ["bookngs", "bookings"],
  ] as const) {
    it(`kennel-desk ${typo}: did you mean ${meant}?`, () => {
      expect(nearestWord(typo, COMMAND_NAMES)).toBe(meant);
    });
  }

  it("an unknown option names the nearest of the command's options", () => {
    const message =
      "Unknown option '--jsno'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--jsno\"";
    expect(optionProblem(message, ["json", "page"])).toBe("Unknown option '--jsno'. Did you mean --json?");
    expect(optionProblem("Unknown option '--pgae'. To specify…", ["json", "page"])).toBe(
      "Unknown option '--pgae'. Did you mean --page?",
    );
    // Nothing close: the parser's own words.
    // Nothing near: the command's options, never Node's "To specify… as in '-- \"--colour\"" (unbalanced quotes).
    expect(optionProblem("Unknown option '--colour'. To specify…", ["json", "page"])).toBe(
      "Unknown option '--colour'. Its options: --json, --page.",
    );
    expect(optionProblem("Unknown option '--zzz'", ["json", "h"])).toBe(
      "Unknown option '--zzz'. Its options: --json, -h.",
    );
    expect(optionProblem("Option '-p, --page <value>' argument missing", ["page"])).toBe(
      "--page needs a value after it.",
    );
    expect(optionProblem("Option '--page' argument is ambiguous.\nDid you forget…", ["page"])).toMatch(
      /^--page needs a value after it, .* write --page=VALUE \(no space\)\.$/,
    );
    expect(optionProblem("Option '--json' does not take an argument", ["json"])).toBe(
      "--json takes no value: write --json on its own.",
    );
    expect(
      optionProblem("Unexpected argument 'foo'. This command does not take positional arguments", ["json"]),
    ).toBe('"foo" is not expected: this command takes only options. Its options: --json.');
    for (const m of [
      "Unknown option '--x'. To specify a positional argument starting with a '-', place it at the end of the command after '--', as in '-- \"--x\"",
      "Option '--page' argument is ambiguous.\nDid you forget to specify the option argument for '--page'?\nTo specify an option argument starting with a dash use '--page=-XYZ'.",
    ]) {
      const words = optionProblem(m, ["page"]);
      expect(words).not.toMatch(/To specify|Did you forget|\n/);
      // Quotes balanced: every ' and " opened is closed.
      expect((words.match(/'/g) ?? []).length % 2).toBe(0);
      expect((words.match(/"/g) ?? []).length % 2).toBe(0);
    }
  });
});
