/**
 * The plan reader's costlier patterns (a pattern a high-alert drug's name, the amounts' and strengths'
 * patterns) are built when a first instruction is read, not when the bot's start loads the reader's
 * modules (src/first-use.ts), and built once: what they find is the reader's own tests'.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

const PLAN_MODULES = /src\/domain\/plan\/(high-alert|quantities|dates)\.ts/;
const Original = globalThis.RegExp;
/** Patterns built by `new RegExp` in those modules since the count began. */
let built = 0;

beforeEach(() => {
  built = 0;
  vi.resetModules();
  globalThis.RegExp = new Proxy(Original, {
    construct(target, args: [string | RegExp, string?]) {
      if (PLAN_MODULES.test(new Error().stack ?? "")) built++;
      return new target(...args);
    },
  });
});
afterEach(() => {
  globalThis.RegExp = Original;
});

describe("the plan reader's patterns", () => {
  it("loading the reader builds none of them; the first instruction read builds them, and they are kept", async () => {
    const { highAlertIn } = await import("../../src/domain/plan/high-alert.ts");
    const { quantitiesIn } = await import("../../src/domain/plan/quantities.ts");
    const { datesIn } = await import("../../src/domain/plan/dates.ts");
    const atLoad = built;
    expect(highAlertIn("Tramadol 50 mg twice daily", [])).toEqual({ class: "controlled", word: "Tramadol" });
    expect(quantitiesIn("Give 1/2 tab of 2,5 mg").amounts).toEqual(["1/2 tab"]);
    expect(datesIn("1/2 tab until 8/12", "dmy", "2026-12-05").map((d) => d.words)).toEqual(["8/12"]);
    const atFirstRead = built;
    highAlertIn("Gabapentin 100 mg", []);
    quantitiesIn("2 ml");
    datesIn("1/2 tab", "dmy", "2026-12-05");
    expect({ atLoad, atFirstRead: atFirstRead > 0, again: built - atFirstRead }).toEqual({
      // dates.ts builds its one date pattern at load (cheap: no case-folded letter classes).
      atLoad: 1,
      atFirstRead: true,
      again: 0,
    });
  });
});
