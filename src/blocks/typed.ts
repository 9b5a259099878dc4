/**
 * A form drawn again in answer to its own submission (`response_action: "update"`), keeping what the
 * person typed and chose: each input block's element, where the submission (`values`, Slack's view
 * state) has a value for it under the same block and action ids, gets it as its initial value. An
 * option is set only as the element offers it (Slack refuses an initial option not among its
 * options); a value the element cannot take is left out, never guessed. Pure.
 */
import type { FormValues } from "./modal.ts";

type Option = { value?: string };
type Element = {
  type?: string;
  action_id?: string;
  options?: Option[];
  option_groups?: { options?: Option[] }[];
  [key: string]: unknown;
};
type Block = { type?: string; block_id?: string; element?: Element; [key: string]: unknown };
type Value = FormValues[string][string];

/** The element's own options (flat, or in groups). */
const optionsOf = (e: Element): Option[] => [
  ...(e.options ?? []),
  ...(e.option_groups ?? []).flatMap((g) => g.options ?? []),
];

/** What the element starts with, as the submission had it; none when it had nothing for it. */
function initialOf(e: Element, v: Value): Record<string, unknown> {
  const offered = (value: string | undefined) => optionsOf(e).find((o) => o.value === value);
  switch (e.type) {
    case "static_select":
    case "radio_buttons": {
      const o = offered(v.selected_option?.value ?? undefined);
      return o ? { initial_option: o } : {};
    }
    case "checkboxes": {
      const chosen = (v.selected_options ?? []).flatMap((s) => offered(s.value) ?? []);
      return chosen.length ? { initial_options: chosen } : {};
    }
    case "plain_text_input":
      return v.value ? { initial_value: v.value } : {};
    case "datepicker":
      return v.selected_date ? { initial_date: v.selected_date } : {};
    case "timepicker":
      return v.selected_time ? { initial_time: v.selected_time } : {};
    case "users_select":
      return v.selected_user ? { initial_user: v.selected_user } : {};
    default:
      return {};
  }
}

/** The blocks, each input's element starting with what the submission `values` had typed or chosen in it. */
export function withTyped(blocks: readonly unknown[], values: FormValues): unknown[] {
  return blocks.map((raw) => {
    const b = raw as Block;
    const e = b.element;
    const v =
      b.type === "input" && b.block_id && e?.action_id ? values[b.block_id]?.[e.action_id] : undefined;
    if (!e || !v) return raw;
    // What the submission says replaces what the form was drawn with (a choice cleared stays cleared).
    const {
      initial_option,
      initial_options,
      initial_value,
      initial_date,
      initial_time,
      initial_user,
      ...rest
    } = e;
    return { ...b, element: { ...rest, ...initialOf(e, v) } };
  });
}
