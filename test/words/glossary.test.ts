/**
 * docs/glossary.md names every state in the words the bot uses for it, and the README links it: a word
 * changed in src/words/ without the glossary (or a state added without its word there) fails here.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CHART_KEY } from "../../src/domain/chart.ts";
import type { Runway } from "../../src/domain/custody-rules.ts";
import type { PlanState } from "../../src/domain/plan/types.ts";
import { PRN_EFFECTS } from "../../src/domain/prn-effects.ts";
import { MEAL_OUTCOMES, MEDICATION_OUTCOMES, NOT_GIVEN_REASONS } from "../../src/record/types.ts";
import { runwayShortWords } from "../../src/words/custody.ts";
import { runwayNotKnownWords } from "../../src/words/custody-runway.ts";
import {
  effectWords,
  OFF_TIME,
  reasonWords,
  stateWords,
  UNWITNESSED,
  unwitnessedWords,
} from "../../src/words/doses.ts";
import { NOT_DUE_ICON, notDueWords } from "../../src/words/not-due.ts";
import { onRoundWords, planStateWords } from "../../src/words/plan.ts";
import { outcomeWords } from "../../src/words/record.ts";
import { doseName, FROM_THE_WORDS } from "../../src/words/unconfirmed.ts";

const GLOSSARY = readFileSync(new URL("../../docs/glossary.md", import.meta.url), "utf8");

describe("the glossary", () => {
  it("is linked from the README's More list", () => {
    const more = /## More\n([\s\S]*)$/.exec(
      readFileSync(new URL("../../README.md", import.meta.url), "utf8"),
    );
    expect(more?.[1]).toContain("(docs/glossary.md)");
  });

  it("names each dose's state, outcome and reason in the bot's own words", () => {
    for (const s of ["upcoming", "due", "late", "missed"] as const) {
      const [icon, word] = stateWords(s).split(" ");
      expect(GLOSSARY).toContain(`${icon} **${word}**`);
    }
    for (const o of [...MEDICATION_OUTCOMES, ...MEAL_OUTCOMES]) expect(GLOSSARY).toContain(outcomeWords(o));
    for (const r of NOT_GIVEN_REASONS.filter((r) => r !== "refused"))
      expect(GLOSSARY).toContain(reasonWords(r));
    for (const e of PRN_EFFECTS) expect(GLOSSARY).toContain(`**${effectWords(e)}**`);
    expect(GLOSSARY).toContain(`💉 **${UNWITNESSED}**`);
    expect(GLOSSARY).toContain(`💉 **${unwitnessedWords({ onPaper: true })}**`);
    // Each dose given off its time, by its mark and words: one family either side of the window.
    for (const { icon, words } of Object.values(OFF_TIME)) expect(GLOSSARY).toContain(`${icon} **${words}**`);
    expect(GLOSSARY).toContain(
      `${NOT_DUE_ICON} **${notDueWords({ why: "gone_home", at: "2026-11-24T08:30:00Z" }, "UTC")}**`,
    );
    for (const w of [
      "late entry",
      "given late",
      "left to a person",
      "witness",
      "give if needed",
      "as needed",
    ])
      expect(GLOSSARY).toContain(w);
  });

  it("names each state of a plan, and what a confirmed plan says of an item, as the sheet does", () => {
    const states: PlanState[] = ["draft", "awaiting_second", "confirmed", "changed_in_source"];
    for (const s of states)
      expect(GLOSSARY).toContain(
        planStateWords(s)
          .replace(/^(📋|✅) /, "")
          .split(":")[0],
      );
    for (const why of [
      "before_arrival",
      "after_departure",
      "before_start",
      "after_stop",
      "off_day",
      "not_this_round",
      "written_twice",
    ] as const)
      expect(GLOSSARY).toContain(`**${onRoundWords({ status: "not_due", why })}**`);
    expect(GLOSSARY).toContain(`**${onRoundWords({ status: "as_needed" })}**`);
    // A dose due from the words of a plan no one confirmed, as every surface names it.
    expect(GLOSSARY).toContain(`**${doseName("", true).trim()}**`);
    expect(GLOSSARY).toContain(`**${FROM_THE_WORDS}**`);
  });

  it("names the marks beside a pet, the words of medicines in custody and the chart's codes", () => {
    for (const mark of ["🛬", "🚫", "🚩"]) expect(GLOSSARY).toContain(`| ${mark} **`);
    for (const w of [
      "not counted in",
      "lasts the stay",
      "count by hand",
      "runs out Sun 6 Dec, morning dose",
      "Medicines in…",
      "Handed back…",
    ])
      expect(GLOSSARY).toContain(`**${w}`);
    expect(GLOSSARY).toContain(`**${runwayShortWords({ status: "count_by_hand" } as Runway)}**`);
    // A runway not counted says why, in the words every surface shows.
    expect(GLOSSARY).toContain(`**${runwayNotKnownWords("plan_not_confirmed")}**`);
    for (const k of CHART_KEY) expect(GLOSSARY).toContain(`**${k.code}**`);
  });
});
