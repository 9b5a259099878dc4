/**
 * A tap inside a view that Slack does not draw again says what did not happen: the page or the part
 * turned to, or the answer chosen and the form it was to be shown on; then what happened and what to do.
 */
import { describe, expect, it } from "vitest";
import { viewNotDrawnWords } from "../../src/words/surface.ts";

const HAPPENED = "Slack could not be reached.";
const TO_DO = "Try again in a minute.";

describe("a view not drawn again", () => {
  it("a page or a part turned to: it, by its number", () => {
    expect(viewNotDrawnWords({ what: "Page 2" }, HAPPENED, TO_DO)).toBe(
      "⚠️ Page 2 could not be shown: Slack could not be reached. Try again in a minute.",
    );
    expect(viewNotDrawnWords({ what: "Part 3 of the care plan form" }, HAPPENED, TO_DO)).toBe(
      "⚠️ Part 3 of the care plan form could not be shown: Slack could not be reached. Try again in a minute.",
    );
  });

  it("an answer chosen: the answer, on the form that stays as it was", () => {
    expect(viewNotDrawnWords({ what: "Your answer", on: "the care plan form" }, HAPPENED, TO_DO)).toBe(
      "⚠️ Your answer could not be shown on the care plan form: Slack could not be reached. Try again in a minute.",
    );
  });

  it("nothing to do said: no space left at its end", () => {
    expect(viewNotDrawnWords({ what: "Page 2" }, HAPPENED, "")).toBe(
      "⚠️ Page 2 could not be shown: Slack could not be reached.",
    );
  });
});
