/**
 * What a submitted record form says (src/blocks/record-modal.ts draws the forms): each item's
 * outcome, a reason from the list for a dose not given or refused (issue 35) with words of the
 * person's own, the note, and, when the form asked, when the doses whose window had closed were
 * given. Pure; every error is kept on the field at fault (`response_action: "errors"`), and nothing
 * is written while there is one. Whether the time is needed (a dose past its window written) and may
 * stand (not in the future, not before the pet arrived, not too early) is the listener's to check
 * (src/answers/late-entry.ts checkGiven).
 */
import type { GivenIfNeeded } from "../answers/record-each.ts";
import type { SheetPet } from "../answers/sheets.ts";
import type { Which } from "../domain/clock-change.ts";
import { refuseContacts } from "../present/form-contacts.ts";
import {
  GIVEN,
  GIVEN_ANYWAY,
  IN_ERROR,
  IN_ERROR_WHY_MAX,
  isMedicationItem,
  MEAL_OUTCOMES,
  MEDICATION_OUTCOMES,
  NOT_GIVEN_REASONS,
  printedItems,
  reasonWords,
} from "../present/record-form.ts";
import type { ItemKey, NotGivenReason, Outcome } from "../record/types.ts";
import { cleanInput, type FormValues } from "./modal.ts";
import { BOTH_CHECKED, BOTH_GIVEN, GIVEN_AGAIN } from "./record-items.ts";
import {
  GIVEN_AT,
  GIVEN_ON,
  GIVEN_WHICH,
  GIVEN_WHY_MAX,
  type ModalMeta,
  NOTE_MAX,
  WHY_MAX,
} from "./record-modal.ts";

/** One item's choice in a submitted modal. */
interface ItemChoice {
  item: ItemKey;
  outcome: Outcome;
  /** The reason in words: the list's words, then the person's own (stored as the entry's reason). */
  reason: string | undefined;
  reasonCode?: NotGivenReason | undefined;
  /** The item's own note (issue 51). */
  note?: string | undefined;
}

/** A dose given if needed, from the record form (issue 44). */
type IfNeededChoice = GivenIfNeeded;

export type Submission =
  | {
      ok: true;
      choices: ItemChoice[];
      ifNeeded: IfNeededChoice[];
      /**
       * The day and time said (YYYY-MM-DD, HH:mm, the kennel's zone), when the form asked; `missing`
       * when left empty (asked only if the submission writes a dose past its window: checkGiven).
       */
      given?: Given | "missing" | undefined;
    }
  | { ok: false; errors: Record<string, string> };

const isReason = (v: string | undefined): v is NotGivenReason =>
  v !== undefined && (NOT_GIVEN_REASONS as readonly string[]).includes(v);

/** The reason as kept: the list's words (not repeated for a refusal "refused"), then the person's. */
function reasonText(outcome: Outcome, code: NotGivenReason | undefined, why: string | undefined) {
  const words = code && !(outcome === "refused" && code === "refused") ? reasonWords(code) : undefined;
  return [words, why].filter(Boolean).join(": ") || undefined;
}

/** "first" or "second" of an hour that came twice, as a radio button of the form said it. */
const whichOf = (picked: string | undefined): Which | undefined =>
  picked === "first" || picked === "second" ? picked : undefined;

/**
 * The day and time a form says a dose was given; on a day the clocks go back, which of the hour
 * that came twice. No day (left empty): the sheet's day, as the form shows first (late-entry.ts givenDay).
 */
export interface Given {
  date?: string | undefined;
  time: string;
  which?: Which | undefined;
}

/** The day and time a form says a dose was given, when it asked; `missing` when the time is empty. */
export function readGiven(values: FormValues): Given | "missing" {
  const date = values[GIVEN_ON]?.date?.selected_date ?? undefined;
  const time = values[GIVEN_AT]?.time?.selected_time ?? undefined;
  const which = whichOf(values[GIVEN_WHICH]?.which?.selected_option?.value);
  return time ? { ...(date ? { date } : {}), time, ...(which ? { which } : {}) } : "missing";
}

/** One item's choice, or the errors on its fields; undefined when nothing changed for it. */
function readItem(
  item: ItemKey,
  values: FormValues,
  current: { outcome: string; code?: string | undefined } | undefined,
  errors: Record<string, string>,
): ItemChoice | undefined {
  const outcome = values[`it:${item}`]?.outcome?.selected_option?.value ?? undefined;
  const why = cleanInput(values[`why:${item}`]?.reason?.value);
  const note = noteOf(values, item, errors);
  const picked = values[`code:${item}`]?.code?.selected_option?.value ?? undefined;
  const code = isReason(picked) ? picked : undefined;
  // A form opened before the reasons' list (no such field): its words alone, as then.
  const listed = values[`code:${item}`] !== undefined;
  if (why && Array.from(why).length > WHY_MAX) errors[`why:${item}`] = `At most ${WHY_MAX} characters.`;
  if (picked !== undefined && !code) {
    errors[`code:${item}`] = "Choose one of the listed reasons.";
    return undefined;
  }
  if (!outcome) {
    if (why || code) errors[`it:${item}`] = "Choose what happened for this reason to be recorded.";
    else if (note) errors[`it:${item}`] = "Choose what happened for this note to be recorded.";
    return undefined;
  }
  const med = isMedicationItem(item);
  if (outcome === IN_ERROR && med && current) return inErrorChoice(item, { why, note }, errors);
  const fits = (
    med ? (MEDICATION_OUTCOMES as readonly string[]) : (MEAL_OUTCOMES as readonly string[])
  ).includes(outcome);
  if (!fits) {
    errors[`it:${item}`] = "Choose one of the listed outcomes.";
    return undefined;
  }
  const o = outcome as Outcome;
  // The same outcome and reason (the form shows the current ones), nothing new said: unchanged, the
  // entry left alone (a note of its own is a change). An entry with no reason from the list (its
  // words alone, or a form opened before it kept one) is unchanged with none chosen.
  if (current?.outcome === o && code === current.code && !why && !note) return undefined;
  if (code && o !== "not_given" && o !== "refused") {
    errors[`code:${item}`] =
      "A reason is for a dose not given or refused: leave it empty, or choose one of those.";
    return undefined;
  }
  if (o === "not_given" && !code && (listed || !why)) {
    errors[listed ? `code:${item}` : `why:${item}`] = "Say why it was not given.";
    return undefined;
  }
  if (code === "other" && !why) {
    errors[`why:${item}`] = "Say what the other reason is.";
    return undefined;
  }
  const reasonCode = code ?? (o === "refused" && listed ? "refused" : undefined);
  return {
    item,
    outcome: o,
    reason: reasonText(o, code, why),
    ...(reasonCode ? { reasonCode } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * A recorded dose put right as recorded in error (the wrong pet, the wrong dose): its why, in the
 * person's words, required and short. A reason from the list (the form shows the current entry's,
 * and a Slack menu cannot be emptied) is not kept: nothing was given or withheld here.
 */
function inErrorChoice(
  item: ItemKey,
  said: { why: string | undefined; note: string | undefined },
  errors: Record<string, string>,
): ItemChoice | undefined {
  if (!said.why) {
    errors[`why:${item}`] = "Say why it was recorded in error (the wrong pet, the wrong dose…).";
    return undefined;
  }
  if (Array.from(said.why).length > IN_ERROR_WHY_MAX) {
    errors[`why:${item}`] = `At most ${IN_ERROR_WHY_MAX} characters.`;
    return undefined;
  }
  return { item, outcome: IN_ERROR, reason: said.why, ...(said.note ? { note: said.note } : {}) };
}

/** An item's own note, checked for length (errors on its field). */
function noteOf(values: FormValues, item: string, errors: Record<string, string>): string | undefined {
  const note = cleanInput(values[`note:${item}`]?.note?.value);
  if (note && Array.from(note).length > NOTE_MAX) errors[`note:${item}`] = `At most ${NOTE_MAX} characters.`;
  return note;
}

/** A dose to give if needed: given or not; why (required when given), when, and its note. */
function readIfNeeded(
  item: ItemKey,
  values: FormValues,
  errors: Record<string, string>,
): IfNeededChoice | undefined {
  const chosen = values[`it:${item}`]?.outcome?.selected_option?.value ?? undefined;
  const why = cleanInput(values[`why:${item}`]?.reason?.value);
  const note = noteOf(values, item, errors);
  const time = values[`at:${item}`]?.time?.selected_time ?? undefined;
  const which = whichOf(values[`wh:${item}`]?.which?.selected_option?.value);
  if (!chosen) {
    if (why || note) errors[`it:${item}`] = "Choose “given” for this to be recorded, or leave it empty.";
    return undefined;
  }
  if (chosen !== GIVEN && chosen !== GIVEN_ANYWAY) {
    errors[`it:${item}`] = "Choose one of the listed outcomes.";
    return undefined;
  }
  if (!why) errors[`why:${item}`] = "Say why it was given.";
  else if (Array.from(why).length > GIVEN_WHY_MAX)
    errors[`why:${item}`] = `At most ${GIVEN_WHY_MAX} characters.`;
  if (chosen === GIVEN_ANYWAY && !note)
    errors[`note:${item}`] = "Say who you checked with, and why it is given anyway.";
  if (!why) return undefined;
  return {
    item,
    reason: why,
    anyway: chosen === GIVEN_ANYWAY,
    ...(time && /^\d{2}:\d{2}$/.test(time) ? { time } : {}),
    ...(which ? { which } : {}),
    ...(note ? { note } : {}),
  };
}

/**
 * The choices in a submitted "Record each…" modal: only what changed from the current record (a new
 * outcome, a new reason, a note of its own), each dose given if needed; with the time question, when
 * the doses were given. Errors keep the modal open, on the field to fix.
 */
export function readSubmission(
  m: Pick<ModalMeta, "cur" | "q" | "k">,
  pet: SheetPet,
  values: FormValues,
): Submission {
  const errors: Record<string, string> = {};
  const current = new Map(m.cur.map(([item, , outcome, code]) => [item, { outcome, code }]));
  // Each item due, then each the sheet printed not due by its days' words (recorded only if given).
  const choices = [...pet.due, ...(pet.byDays ?? [])].flatMap(
    (d) => readItem(d.item, values, current.get(d.item), errors) ?? [],
  );
  const ifNeeded = (pet.ifNeeded ?? []).flatMap((d) => readIfNeeded(d.item, values, errors) ?? []);
  // A form opened before each item had its own note: its one note goes with what it records.
  const shared = cleanInput(values.note?.note?.value);
  if (shared && Array.from(shared).length > NOTE_MAX) errors.note = `At most ${NOTE_MAX} characters.`;
  const given = m.q ? readGiven(values) : undefined;
  // The reasons and notes show beside the pet on the round's posts: no phone number or email address.
  refuseContacts(errors, typedWords(values), "channel");
  if (Object.keys(errors).length) return { ok: false, errors };
  // Only the time changed from the one its recorded doses share: each given one corrected to it.
  if (choices.length === 0 && ifNeeded.length === 0) choices.push(...retimed(m, given));
  if (choices.length === 0 && ifNeeded.length === 0) {
    return {
      ok: false,
      errors: {
        [firstField(pet)]: shared
          ? "Nothing changed: choose an outcome to record the note with."
          : "Nothing changed: choose what happened.",
      },
    };
  }
  const withShared = shared ? choices.map((c) => ({ ...c, note: c.note ?? shared })) : choices;
  return { ok: true, choices: withShared, ifNeeded, ...(given ? { given } : {}) };
}

/**
 * The doses recorded given, each corrected to the time said, when the form's time question showed
 * their shared time first (`k`) and the time said is another; none otherwise. The outcome kept: a
 * correction of the time alone (its entry superseded, kept).
 */
function retimed(m: Pick<ModalMeta, "cur" | "k">, given: Given | "missing" | undefined): ItemChoice[] {
  if (!m.k || !given || given === "missing") return [];
  if (`${given.date ?? m.k.slice(0, 10)} ${given.time}` === m.k) return [];
  return m.cur.flatMap(([item, , outcome]) =>
    outcome === "given" ? [{ item: item as ItemKey, outcome: "given" as const, reason: undefined }] : [],
  );
}

/** The words typed in the form's reasons and notes, by their block. */
const typedWords = (values: FormValues) =>
  Object.fromEntries(
    Object.entries(values).flatMap(([block, actions]) =>
      /^(?:why|note)(?::|$)/.test(block) ? [[block, cleanInput(Object.values(actions ?? {})[0]?.value)]] : [],
    ),
  );

/** The block id of a "Record each…" form's first field: where an error that names no item is shown. */
export const firstField = (pet: SheetPet) => `it:${printedItems(pet)[0]?.item ?? "meal"}`;

/** The slots whose tick of this kind (`both`, `again`) is ticked (its block names the slot). */
const ticksOf = (values: FormValues, kind: string): Set<string> =>
  new Set(
    Object.entries(values).flatMap(([block, actions]) =>
      block.startsWith(`${kind}:`) && actions?.[kind]?.selected_options?.some((o) => o.value === BOTH_CHECKED)
        ? [block.slice(kind.length + 1)]
        : [],
    ),
  );

/** The slots whose "Both given: I have checked" is ticked (its block names its group's last slot). */
export const readBothTicks = (values: FormValues): Set<string> => ticksOf(values, BOTH_GIVEN);

/**
 * The doses whose "Given again: I have checked" is ticked (`ticked`), and those the form offers it
 * for (`offered`: its block is on the form, ticked or not).
 */
export const readAgainTicks = (values: FormValues) => ({
  ticked: ticksOf(values, GIVEN_AGAIN),
  offered: new Set(
    Object.keys(values).flatMap((b) =>
      b.startsWith(`${GIVEN_AGAIN}:`) ? [b.slice(GIVEN_AGAIN.length + 1)] : [],
    ),
  ),
});
