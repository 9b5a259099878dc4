/**
 * A form's errors told in a message when its answer came too late to show them on the form: an error
 * naming a pet in the kennel system's words makes no mention and no link, whether the form gave it
 * escaped already or as plain words, and an escaped one is shown as it was.
 */
import { expect, it } from "vitest";
import { notRecorded } from "../../src/listeners/form-answer.ts";

it("escapes what could ping or link, once", () => {
  const words = notRecorded([
    "Smudge <!channel> & <@U123>: choose what was given.",
    "Pip &lt;!here&gt; &amp; Co: say why.",
  ]);
  expect(words).toBe(
    "⚠️ Nothing was recorded: Smudge &lt;!channel&gt; & &lt;@U123&gt;: choose what was given. Pip &lt;!here&gt; &amp; Co: say why. Open the form again.",
  );
  expect(words).not.toMatch(/[<>]/);
});
