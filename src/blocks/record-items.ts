/**
 * The inputs of each item of "✏️ Record each…" (issue 44): its outcome, a dose's reason from the list
 * and its words, a dose given if needed's why and when, and the item's own note (issue 51), drawn
 * from the form's items (src/present/record-form.ts). Read back by src/blocks/record-form.ts. Its
 * instruction is the outcome's hint when it fits Slack's 2,000 characters for a hint; a longer one (or
 * a name too long for a label) is never cut: it is shown whole in sections above the item (the hint
 * then says so).
 */
import {
  atMostWords,
  BOTH_GIVEN_LABEL,
  BOTH_GIVEN_TICK,
  GIVEN_AGAIN_LABEL,
  GIVEN_AGAIN_TICK,
  GIVEN_AGAIN_WORDS_LABEL,
  INSTRUCTION_ABOVE,
  NOT_GIVEN_REASONS,
  REASON_MAX,
  type RecordFormItem,
  reasonWords,
} from "../present/record-form.ts";
import { wordSections } from "./form-room.ts";
import { plain } from "./modal.ts";

/** Longest note. */
export const NOTE_MAX = 500;
/**
 * A reason's bound is the record's (REASON_MAX): why a dose was given if needed, as on 💊 Give if
 * needed…; a dose not given's own words leave room for the reason from the list before them
 * ("withheld on the vet's advice: …").
 */
export const GIVEN_WHY_MAX = REASON_MAX;
export const WHY_MAX =
  REASON_MAX - Math.max(...NOT_GIVEN_REASONS.map((r) => reasonWords(r).length)) - ": ".length;
/** "At most 500 characters.", said at the field. */
const bound = (n: number) => `${atMostWords(n)[0]?.toUpperCase()}${atMostWords(n).slice(1)}.`;

/** Slack's limit for an input's hint (and its label). */
const HINT_MAX = 2000;

const choice = (c: { text: string; value: string }) => ({ text: plain(c.text, 75), value: c.value });

/** An optional input of the form. */
const input = (block_id: string, label: string, element: Record<string, unknown>, hint?: string) => ({
  type: "input",
  block_id,
  optional: true,
  label: plain(label, HINT_MAX),
  ...(hint ? { hint: plain(hint, HINT_MAX) } : {}),
  element,
});

const text = (action_id: string, max: number, multiline = false) => ({
  type: "plain_text_input",
  action_id,
  max_length: max,
  ...(multiline ? { multiline: true } : {}),
});

/** Does the item's instruction, or its name in one of its labels, pass what a hint or a label holds? */
function tooLong(f: RecordFormItem): "instruction" | "name" | undefined {
  if (f.hint.length > HINT_MAX) return "instruction";
  const labels = [f.label, f.note, f.reasons?.label, f.reasons?.words, f.given?.why, f.given?.at];
  return labels.some((l) => (l?.length ?? 0) > HINT_MAX) ? "name" : undefined;
}

/**
 * An item's instruction when it is too long for its hint (or its name for a label): whole, escaped,
 * with its name when a label cannot hold it, in as many sections as it takes (split between words;
 * no marks of the form's own to break); none when the hint and the labels hold them.
 */
export function instructionBlocks(f: RecordFormItem): unknown[] {
  const long = tooLong(f);
  if (!long) return [];
  const named = long === "name" || f.label.length > HINT_MAX;
  const words = named ? [f.label, f.hint].filter(Boolean).join(" · ") : f.hint;
  return wordSections([[{ text: words }]]);
}

/** One item's inputs; `clock`: the kennel's time now (a dose given if needed's default "given at"). */
export function itemBlocks(f: RecordFormItem, clock: { time: string; timezone: string }): unknown[] {
  const k = f.item;
  const outcome = input(
    `it:${k}`,
    f.label,
    {
      type: "static_select",
      action_id: "outcome",
      placeholder: plain(f.placeholder, 150),
      options: f.choices.map(choice),
      ...(f.chosen ? { initial_option: choice(f.chosen) } : {}),
    },
    tooLong(f) ? INSTRUCTION_ABOVE : f.hint,
  );
  const reasons = f.reasons
    ? [
        input(`code:${k}`, f.reasons.label, {
          type: "static_select",
          action_id: "code",
          placeholder: plain("Choose a reason…", 150),
          options: f.reasons.choices.map(choice),
          ...(f.reasons.chosen ? { initial_option: choice(f.reasons.chosen) } : {}),
        }),
        input(`why:${k}`, f.reasons.words, text("reason", WHY_MAX), `${f.reasons.hint} ${bound(WHY_MAX)}`),
      ]
    : [];
  const given = f.given
    ? [
        input(
          `why:${k}`,
          f.given.why,
          text("reason", GIVEN_WHY_MAX),
          `${f.given.hint} ${bound(GIVEN_WHY_MAX)}`,
        ),
        input(`at:${k}`, f.given.at, {
          type: "timepicker",
          action_id: "time",
          initial_time: clock.time,
          timezone: clock.timezone,
        }),
        ...(f.given.which
          ? [
              input(`wh:${k}`, f.given.which.label, {
                type: "radio_buttons",
                action_id: "which",
                options: f.given.which.choices.map(choice),
              }),
            ]
          : []),
      ]
    : [];
  return [outcome, ...reasons, ...given, input(`note:${k}`, f.note, text("note", NOTE_MAX, true))];
}

/** The block of a group's "Both given: I have checked" tick: `both:` and the group's last slot. */
export const BOTH_GIVEN = "both";
export const BOTH_CHECKED = "checked";

/**
 * One drug in two slots, "one dose or two?" not answered (`pairs`: each group, in the form's order):
 * after its last slot, the optional tick that both were given knowingly, once per group.
 */
export function bothTick(item: string, pairs: readonly (readonly string[])[] | undefined): unknown[] {
  if (!pairs?.some((g) => g.at(-1) === item)) return [];
  const tick = choice({ text: BOTH_GIVEN_TICK, value: BOTH_CHECKED });
  return [
    input(`${BOTH_GIVEN}:${item}`, BOTH_GIVEN_LABEL, {
      type: "checkboxes",
      action_id: BOTH_GIVEN,
      options: [tick],
    }),
  ];
}

/** The block of a dose's "Given again: I have checked" tick: `again:` and its slot. */
export const GIVEN_AGAIN = "again";

/**
 * A dose its confirmed plan gives at this round alone, asked or given at another round today
 * (`again`: src/answers/once-given.ts againOffered): after it, the optional tick that it was given
 * again knowingly (src/answers/given-again.ts). Shown from the start, whether or not it was given
 * elsewhere yet: a form opened before that entry can be submitted after it, and Slack keeps a form
 * open with errors at its fields but cannot add a field to it. `byWords`: owed once a day by its
 * words (plan not confirmed), its label says so.
 */
export function againTick(item: string, again: readonly string[] | undefined, byWords?: boolean): unknown[] {
  if (!again?.includes(item)) return [];
  const tick = choice({ text: GIVEN_AGAIN_TICK, value: BOTH_CHECKED });
  return [
    input(`${GIVEN_AGAIN}:${item}`, byWords ? GIVEN_AGAIN_WORDS_LABEL : GIVEN_AGAIN_LABEL, {
      type: "checkboxes",
      action_id: GIVEN_AGAIN,
      options: [tick],
    }),
  ];
}
