/**
 * "📄 Enter from paper…" (issue 50): its two forms as documents, in the kennel's words. The first
 * asks which pet (the round's pets with a dose); the second is that pet's doses at the round, each as
 * the chart on paper says it: the mark written (initials: given, or a code of the chart's key), the
 * time written, who gave it as the paper names them (and a high-alert dose's witness), and words
 * written beside it; a dose recorded
 * already says so, and has nothing to fill in. The forms are Slack's (src/blocks/paper-modal.ts);
 * what a submission says is read back here into the use case's cells (src/answers/paper-enter.ts).
 */
import type { PaperCell, PaperPet } from "../answers/paper-enter.ts";
import type { Sheet, SheetPet } from "../answers/sheets.ts";
import { PAPER_MARK_WORDS, PAPER_MARKS, paperField, paperMarkOf, paperWritten } from "../domain/paper.ts";
import { isMedicationItem } from "../domain/record.ts";
import { roundWord } from "../domain/rounds.ts";
import { cleanText, shortenAtWord } from "../domain/text.ts";
import type { Entry, ItemKey } from "../record/types.ts";
import { petStayWords } from "../words/chart.ts";
import { dayHeading } from "../words/dates.ts";
import { PAPER_ALL_IN, PAPER_PET_ALL_IN, paperHeldWords, paperSomeInWords } from "../words/paper.ts";
import { doseName } from "../words/unconfirmed.ts";
import type { Part } from "./doc.ts";
import { itemShown } from "./record.ts";

/** A form of some of the pets or of a pet's doses, in words (the serializer knows which it holds). */
export {
  PAPER_BUTTON,
  PAPER_NAMES_WHOLE,
  paperDosesPageWords,
  paperPickBackWords,
  paperPickPageWords,
} from "../words/paper.ts";

interface Choice {
  text: string;
  value: string;
}

/**
 * A pet as the picker offers it; `whole`: its words whole ("12. Sir Reginald … · Kennel 4 ·
 * HP-7K2M9Q"), when the menu's 75 characters shorten its name: said above the menu, numbered as its
 * choice is.
 */
interface PickChoice extends Choice {
  whole?: string;
}

/** The first form: which pet. */
export interface PaperPickDoc {
  /** What the last pet's submission entered, when it was one (src/present/paper-entered.ts). */
  done: Part[] | undefined;
  intro: string;
  pets: PickChoice[];
}

/**
 * One dose of the second form: its words whole, and its fields (none when recorded already); a
 * high-alert dose has a field for its witness as the paper names them.
 */
export interface PaperDoseDoc {
  text: string;
  recorded: string | undefined;
  fields: { mark: string; time: string; by: string; note: string; witness?: string };
}

/** The second form: one pet's doses. */
export interface PaperPetDoc {
  pet: string;
  /** The round: "the morning round of Mon 30 Nov", beside the pet in the form's heading. */
  round: string;
  intro: string;
  marks: Choice[];
  timeLabel: string;
  witnessLabel: string;
  doses: PaperDoseDoc[];
}

const roundWords = (sheet: Pick<Sheet, "date" | "round">) =>
  `the ${roundWord(sheet.round).toLowerCase()} round of ${dayHeading(sheet.date)}`;

const petValue = (p: Pick<SheetPet, "bookingId" | "petId">) => `${p.bookingId}-${p.petId}`;

/** Slack's limit on a choice's words. */
const CHOICE_MAX = 75;

/**
 * A pet named whole: "Biscuit · Kennel 4 · HP-7K2M9Q", its room and booking reference (the booking's
 * id when the round kept no reference) telling two pets of one name apart, as the chart's page names
 * them; never a contact.
 */
const petWhole = (p: PaperPet, mark = ""): string => `${p.name} · ${petStayWords(p)}${mark}`;

/**
 * A pet as the picker's menu names it, within a choice's 75 characters: whole when it fits; else
 * (`n`: its number) numbered, its room and reference shortened to 24 and its name to what is left,
 * its words whole above the menu beside the same number.
 */
function petChoice(p: PaperPet, mark = "", n?: number): string {
  const number = n === undefined ? "" : `${n}. `;
  const whole = `${number}${petWhole(p, mark)}`;
  if ([...whole].length <= CHOICE_MAX) return whole;
  const tail = `${petStayWords(p, (words) => shortenAtWord(words, 24))}${mark}`;
  return `${number}${shortenAtWord(p.name, CHOICE_MAX - [...tail].length - 3 - number.length)} · ${tail}`;
}

/**
 * What marks a pet in the picker when the record holds its doses already: " · ✅ in the record" (by a
 * tap or from the paper alike), or " · 1 of 2 doses in the record".
 */
function pickMark(p: PaperPet): string {
  const r = p.recorded;
  if (!r || r.doses === 0) return "";
  return ` · ${r.doses >= r.of ? PAPER_ALL_IN : paperSomeInWords(r.doses, r.of)}`;
}

/**
 * The first form: each pet whole in the menu while its words fit a choice; else numbered (every pet
 * then, as the menu reads in order), and its words whole above the menu beside its number, never
 * a name in part alone.
 */
export function paperPickDoc(sheet: Sheet, pets: PaperPet[], done?: Part[]): PaperPickDoc {
  const numbered = pets.some((p) => [...petWhole(p, pickMark(p))].length > CHOICE_MAX);
  return {
    done,
    intro: `📄 The chart on paper for ${roundWords(sheet)}: enter it one pet at a time. Each dose keeps the time written on the paper and who gave it; you are kept as who entered it, now.`,
    pets: pets.map((p, i): PickChoice => {
      const n = numbered ? i + 1 : undefined;
      const text = petChoice(p, pickMark(p), n);
      const whole = `${n}. ${petWhole(p, pickMark(p))}`;
      return { text, value: petValue(p), ...(numbered && text !== whole ? { whole } : {}) };
    }),
  };
}

/** The pet chosen in the first form, found among the round's; undefined when none (or not one of them). */
export const pickedPet = (value: string | undefined, pets: SheetPet[]) =>
  pets.find((p) => petValue(p) === value);

const doses = (pet: SheetPet) => pet.due.filter((d) => isMedicationItem(d.item));

export function paperPetDoc(
  sheet: Sheet,
  pet: PaperPet,
  current: Map<ItemKey, Entry>,
  timezone: string,
): PaperPetDoc {
  const allIn = doses(pet).every((d) => current.has(d.item));
  return {
    // Named as the picker names it, whole: the pet of two of one name is the one chosen.
    pet: petWhole(pet),
    round: roundWords(sheet),
    intro: allIn
      ? PAPER_PET_ALL_IN
      : "For each dose, as the paper says it: initials (given) or a code, the time written, and who gave it. A dose with nothing on the paper: leave it.",
    marks: PAPER_MARKS.map((m) => ({ text: PAPER_MARK_WORDS[m], value: m })),
    timeLabel: `Time written (the kennel's time, ${timezone})`,
    witnessLabel:
      "💉 High-alert: witnessed by (initials or name, as on the paper; empty: no witness on the paper)",
    doses: doses(pet).map((d) => {
      const had = current.get(d.item);
      return {
        // Named as the round names it: the drug with words that say only when ("Selgian 20 mg · AM"),
        // and "(plan not confirmed)" for a dose due from the words.
        text: doseName(itemShown(d.item, d.text, d.label), d.unconfirmed),
        recorded: had ? paperHeldWords(d.label, had, timezone) : undefined,
        fields: {
          mark: paperField("mark", d.item),
          time: paperField("time", d.item),
          by: paperField("by", d.item),
          note: paperField("note", d.item),
          ...(d.highAlert ? { witness: paperField("witness", d.item) } : {}),
        },
      };
    }),
  };
}

const cleaned = (v: string | undefined) => {
  const t = cleanText(v ?? "")
    .replace(/\s+/g, " ")
    .trim();
  return t || undefined;
};

/**
 * Each dose with anything filled in, as the form says it (`value`: a field's value by its id): its
 * mark, or none when only its other fields are (the use case refuses it at its mark, with the rest).
 * A dose with nothing filled in is left: nothing on the paper.
 */
export function paperCellsOf(pet: SheetPet, value: (field: string) => string | undefined): PaperCell[] {
  return doses(pet).flatMap((d): PaperCell[] => {
    const rawMark = value(paperField("mark", d.item))?.trim();
    const note = cleaned(value(paperField("note", d.item)));
    const time = value(paperField("time", d.item))?.trim() || undefined;
    const by = cleaned(value(paperField("by", d.item)));
    const witness = d.highAlert ? cleaned(value(paperField("witness", d.item))) : undefined;
    const cell = { time, by, ...(note ? { note } : {}), ...(witness ? { witness } : {}) };
    if (!rawMark && paperWritten(cell).length === 0) return [];
    return [{ item: d.item, mark: rawMark ? paperMarkOf(rawMark) : undefined, ...cell }];
  });
}

/**
 * Whether a form of the pet's doses `from`…`to` − 1 (all: the whole list) has one open to enter: not
 * in the record already. None: nothing to fill in, and its submission returns to the pets.
 */
export const paperHasOpen = (doc: PaperPetDoc, from = 0, to = doc.doses.length) =>
  doc.doses.slice(from, to).some((d) => !d.recorded);

/**
 * What a form of the pet's doses `from`…`to` − 1 does when submitted: "enter" when it has one open
 * (then the next, or the pets); "next" when these are in the record already and a later one is open;
 * "back" when none from here on is open: to the pets, without stepping through forms of doses
 * recorded already.
 */
export function paperPetStep(doc: PaperPetDoc, from: number, to: number): "enter" | "next" | "back" {
  if (paperHasOpen(doc, from, to)) return "enter";
  return paperHasOpen(doc, to) ? "next" : "back";
}

/**
 * The use case's errors on the form's fields: one for the pet ("pet", every dose left empty) on its
 * first open dose's mark, of those from the `from`th (the first the form shows: from 0).
 */
export function paperFieldErrors(
  errors: Record<string, string>,
  pet: SheetPet,
  current: Map<ItemKey, Entry>,
  from = 0,
): Record<string, string> {
  const first = doses(pet)
    .slice(from)
    .find((d) => !current.has(d.item));
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(errors))
    out[k === "pet" && first ? paperField("mark", first.item) : k] = v;
  return out;
}
