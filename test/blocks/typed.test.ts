/**
 * A form drawn again in answer to its submission keeps what was typed and chosen (src/blocks/typed.ts):
 * each input starts with the submission's value, an option only as the element offers it, a choice
 * cleared stays cleared, and a block the submission has nothing for is left as drawn.
 */
import { describe, expect, it } from "vitest";
import type { FormValues } from "../../src/blocks/modal.ts";
import { withTyped } from "../../src/blocks/typed.ts";

const option = (value: string) => ({ text: { type: "plain_text", text: value }, value });
const input = (block_id: string, element: Record<string, unknown>) => ({ type: "input", block_id, element });

describe("a form drawn again keeps what was typed", () => {
  it("each kind of input starts with the submission's value", () => {
    const blocks = [
      { type: "section", text: { type: "mrkdwn", text: "Milo" } },
      input("it:med:1", {
        type: "static_select",
        action_id: "outcome",
        options: [option("given"), option("refused")],
      }),
      input("note:med:1", { type: "plain_text_input", action_id: "note" }),
      input("given_on", { type: "datepicker", action_id: "date", initial_date: "2026-11-21" }),
      input("given_at", { type: "timepicker", action_id: "time" }),
      input("given_which", {
        type: "radio_buttons",
        action_id: "which",
        options: [option("first"), option("second")],
      }),
      input("again:med:1", { type: "checkboxes", action_id: "again", options: [option("checked")] }),
      input("given_by", { type: "users_select", action_id: "user" }),
      input("it:meal", {
        type: "static_select",
        action_id: "outcome",
        options: [option("ate_all")],
        initial_option: option("ate_all"),
      }),
    ];
    const values = {
      "it:med:1": { outcome: { selected_option: { value: "given" } } },
      "note:med:1": { note: { value: "with food" } },
      given_on: { date: { selected_date: "2026-11-22" } },
      given_at: { time: { selected_time: "21:50" } },
      given_which: { which: { selected_option: { value: "second" } } },
      "again:med:1": { again: { selected_options: [{ value: "checked" }] } },
      given_by: { user: { selected_user: "U0SAM" } },
      // Cleared since it was drawn: stays cleared.
      "it:meal": { outcome: { selected_option: null } },
    } as FormValues;
    const [head, med, note, on, at, which, tick, by, meal] = withTyped(blocks, values) as {
      element?: Record<string, unknown>;
    }[];
    expect(head).toBe(blocks[0]);
    expect(med?.element?.initial_option).toEqual(option("given"));
    expect(note?.element?.initial_value).toBe("with food");
    expect(on?.element?.initial_date).toBe("2026-11-22");
    expect(at?.element?.initial_time).toBe("21:50");
    expect(which?.element?.initial_option).toEqual(option("second"));
    expect(tick?.element?.initial_options).toEqual([option("checked")]);
    expect(by?.element?.initial_user).toBe("U0SAM");
    expect(meal?.element).not.toHaveProperty("initial_option");
  });

  it("an option the element does not offer is never set; a block with nothing submitted is as drawn", () => {
    const select = input("it:med:2", {
      type: "static_select",
      action_id: "outcome",
      options: [option("given")],
    });
    const untouched = input("note:med:2", {
      type: "plain_text_input",
      action_id: "note",
      initial_value: "x",
    });
    const [drawn, kept] = withTyped([select, untouched], {
      "it:med:2": { outcome: { selected_option: { value: "forged" } } },
    } as FormValues) as { element?: Record<string, unknown> }[];
    expect(drawn?.element).not.toHaveProperty("initial_option");
    expect(kept).toBe(untouched);
  });
});
