/**
 * The fields of medicine custody's forms in Slack (src/blocks/custody-modal.ts): words already in
 * mrkdwn as sections, whole; labelled inputs; text, number, note, select and radio elements, each
 * offering a value given back whole or not at all.
 */
import { custodyBounds } from "../present/custody-bounds.ts";
import { value } from "../present/doc.ts";
import { LIMITS } from "./limits.ts";
import { truncate } from "./mrkdwn.ts";
import { sectionTexts } from "./sections.ts";

const plain = (text: string, max: number) => ({
  type: "plain_text" as const,
  text: truncate(value(text, max) || " ", max),
});
/**
 * Words already in mrkdwn (a medicine's head, its pet) as sections, whole: cut between lines, a line
 * longer than a section between words (a long drug name), never shortened.
 */
export const notes = (text: string) =>
  sectionTexts(text.split("\n").flatMap((l) => mrkdwnPieces(l, LIMITS.sectionText - 10))).map((t) => ({
    type: "section",
    text: { type: "mrkdwn", text: t, verbatim: true },
  }));

function mrkdwnPieces(line: string, max: number): string[] {
  const out: string[] = [];
  let current = "";
  for (const w of line.match(/\S*\s*/g) ?? []) {
    for (let i = 0; i < Math.max(w.length, 1); i += max) {
      const part = w.slice(i, i + max);
      if (current && current.length + part.length > max) {
        out.push(current);
        current = "";
      }
      current += part;
    }
  }
  return [...out, current];
}
export const option = (text: string, value: string) => ({ text: plain(text, 75), value });

interface InputOptions {
  optional?: boolean;
  hint?: string | undefined;
}
export const input = (blockId: string, label: string, element: object, o: InputOptions = {}) => ({
  type: "input",
  block_id: blockId,
  label: plain(label, 2000),
  ...(o.optional ? { optional: true } : {}),
  ...(o.hint ? { hint: plain(o.hint, 2000) } : {}),
  element: { action_id: blockId, ...element },
});
/** A text field; `initial` offered whole, or not at all when it is longer than the field holds. */
export const text = (initial?: string, max = 200) => ({
  type: "plain_text_input",
  max_length: max,
  ...(initial && initial.length <= max ? { initial_value: initial } : {}),
});
/**
 * A number field from `least` to `max` (the record's bounds: src/present/custody-bounds.ts). A field
 * the record wants more than 0 starts at the least amount a dose is kept in (0.01), as Slack's field
 * takes no "more than".
 */
export const number = (max: number, initial?: number, decimal = true, least: number | "positive" = 0) => ({
  type: "number_input",
  is_decimal_allowed: decimal,
  min_value: least === "positive" ? (decimal ? "0.01" : "1") : String(least),
  max_value: String(max),
  ...(initial !== undefined && initial <= max ? { initial_value: String(initial) } : {}),
});
/** The note field, as long as the record keeps a note. */
export const noteText = (initial?: string) => ({ ...text(initial, custodyBounds().note), multiline: true });
export const select = (options: Array<{ text: string; value: string }>, initial?: string) => {
  const opts = options.map((o) => option(o.text, o.value));
  const chosen = opts.find((o) => o.value === initial);
  return { type: "static_select", options: opts, ...(chosen ? { initial_option: chosen } : {}) };
};
export const radios = (options: Array<{ text: string; value: string }>, initial?: string) => {
  const opts = options.map((o) => option(o.text, o.value));
  const chosen = opts.find((o) => o.value === initial);
  return { type: "radio_buttons", options: opts, ...(chosen ? { initial_option: chosen } : {}) };
};
