/**
 * Contact details typed into free text: a phone number, an email address (spelt out in words too:
 * EMAIL_SAID) or a postal address (a UK postcode, a street line, a house and its town:
 * src/domain/address-text.ts) in a form's words (a vet's name, who a medicine was handed to, a
 * medicine's label, a note). Contact details never go into a channel post, and no customer contact
 * goes into the care record: a field that goes to either is refused with these words, the words
 * typed kept on the form. The one check for every such field, in Slack and in the terminal.
 *
 * A phone number is read by its form, not by any run of digits: UK national (01632 960123, 07700
 * 900456, (020) 7946 0958, 0116 496 0123), international (+44 7700 900456, +44 (0)20 7946 0958,
 * 0044 20 7946 0958, +33 1 42 68 53 00), North American ((555) 123-4567, 555-123-4567), and digits
 * after a word that says so ("tel 960123", "ring 960123"). What a kennel writes is not one: a dose
 * ("2.5 mg", "0.5 ml", "60 mg tablets"), a date (2026-12-24, 24/12/2026, 01.12.2026), a time (08:00,
 * 0800 1800), a room (Kennel 19), a booking's reference or id (HP-DK4Q7M, 12345), a quantity or a
 * microchip (985112345678901): digits followed by a unit are never a phone number.
 */

import { addressIn } from "./address-text.ts";
import { cleanText } from "./text.ts";

type ContactKind = "phone" | "email" | "address" | "postcode";

export interface ContactFound {
  kind: ContactKind;
  /** The words found, as typed. */
  text: string;
}

/** Invisible characters out (a zero-width space inside a number hides nothing), dashes and spaces of every kind read as the plain ones. */
const plainer = (text: string) =>
  cleanText(text)
    .replace(/[\u2010-\u2015\u2212]/g, "-")
    .replace(/[\u00A0\u2000-\u200A\u202F]/g, " ");

const EMAIL = /[\p{L}\p{N}._%+'-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** "ann (at) example (dot) com", "ann[at]example.com": an address written round a filter. */
const EMAIL_SPELT =
  /[\p{L}\p{N}._%+-]+\s*[[(]\s*at\s*[\])]\s*[\p{L}\p{N}-]+(?:\s*(?:[[(]\s*dot\s*[\])]|\.)\s*[\p{L}\p{N}-]+)*\s*(?:[[(]\s*dot\s*[\])]|\.)\s*\p{L}{2,}(?![\p{L}\p{N}])/iu;

/**
 * An address spelt out in words: a word, "at" (or "(at)", "[at]", "{at}", "<at>", "@"), a word,
 * then "dot" (or "(dot)", "[dot]", ".", " . ") and more words, the last a domain's ending ("jane at
 * gmail dot com", "jane dot smith at mail dot co dot uk", "jane AT gmail DOT com", "Jane at
 * Gmail.Com", "jane at gmail . com"). The ending must be one of ENDINGS, so care words with "at" and
 * "dot" in them are none: "give at breakfast", "meet at the gate", "Give at dinner. Dot of cream on
 * the ear" (no word ends it after "dot"), "a dot at night". An ending that is a word too (WORD_ENDINGS:
 * "it", "me", "ie", "info", "vet"…) ends an address only where the words end or a stop or comma
 * follows ("Apply at night dot it on the ear" is none). After a "." a capital starts a sentence as
 * often as it ends a domain: a capitalised ending there counts only right after the "." ("Jane at
 * Gmail.Com"), no word after it, and no word itself ("walk at lunch.It was fine", "Seen at vets. UK
 * passport checked", "Fed at 8.Fr Brown visited" are none). An ending that runs on into a word
 * ("Seen at Oak Vets.co-amoxiclav") is none either.
 */
const AT = String.raw`(?:\s+at\s+|\s*@\s*|\s*[[({<]\s*at\s*[\])}>]\s*)`;
const DOT = String.raw`(?:\s+dot\s+|[ \t]*\.[ \t]*|\s*[[({<]\s*dot\s*[\])}>]\s*)`;
const ENDINGS =
  "com|net|org|co|uk|io|info|biz|me|edu|gov|ac|ie|de|fr|nl|eu|us|ca|au|nz|es|it|email|online|dev|app|scot|wales|cymru|london|vet";
/** Endings that are words of a note too ("dot it on", "ie", "vet says"). */
const WORD_ENDINGS = new Set("it me us ie ca info email online dev app vet london wales scot".split(" "));
const EMAIL_SAID = new RegExp(
  String.raw`(?<![\p{L}\p{N}._%+-])[\p{L}\p{N}_%+'-]+(?:${DOT}[\p{L}\p{N}_%+'-]+)*${AT}[\p{L}\p{N}-]+(?:${DOT}[\p{L}\p{N}-]+)*(${DOT})(${ENDINGS})(?![\p{L}\p{N}-])`,
  "giu",
);

function emailSaidIn(text: string): string | undefined {
  for (const m of text.matchAll(EMAIL_SAID)) {
    const [all, dot = "", ending = ""] = m;
    const word = WORD_ENDINGS.has(ending.toLowerCase());
    const last = /^\s*(?:$|[.,;:!?)\]}>])/.test(text.slice(m.index + all.length));
    if (word && !last) continue;
    // After a "." a capital starts a sentence as often as it ends a domain ("Seen at vets. UK passport").
    const capital = ending !== ending.toLowerCase();
    if (dot.trim() === "." && capital && (word || !last || dot !== ".")) continue;
    return all;
  }
  return undefined;
}

/** A number group: an optional "+", an optional "(", digits, an optional ")". */
const GROUP = /(\+)?(\()?(\d+)(\))?/g;
/** What may stand between two groups of one phone number. */
const SEPARATOR = /^(?:| |-|\.| - )$/;
/** Digits followed by one of these are a quantity, never a phone number. */
const UNIT =
  /^\s*(?:mg|mcg|µg|ug|g|kg|ml|l|iu|u|units?|tabs?|tablets?|caps?|capsules?|drops?|sachets?|pumps?|mmol|%|x|times|doses?|hours?|hrs?|h|days?|mins?|minutes?)(?![a-z])/i;
/** A word that says the digits after it are a phone number: "tel 960123", "ring 960123". */
const SAID =
  /\b(?:tel|telephone|phone|ph|mob|mobile|cell|call|ring|text|whatsapp|landline)\b\.?:?\s*(?:on|is|-)?\s*$/i;

interface Group {
  plus: boolean;
  open: boolean;
  close: boolean;
  digits: string;
  start: number;
  end: number;
}

/** The runs of number groups, each group joined to the one before by a separator alone. */
function runs(text: string): Group[][] {
  const out: Group[][] = [];
  let run: Group[] = [];
  for (const m of text.matchAll(GROUP)) {
    const start = m.index;
    const g: Group = {
      plus: Boolean(m[1]),
      open: Boolean(m[2]),
      close: Boolean(m[4]),
      digits: m[3] ?? "",
      start,
      end: start + m[0].length,
    };
    const last = run[run.length - 1];
    const joined = last && !g.plus && SEPARATOR.test(text.slice(last.end, start));
    if (!joined && run.length) out.push(run);
    if (!joined) run = [];
    // A group inside a word or a code (HP-DK4Q7M, K9, B12) starts no number.
    if (!joined && /[\p{L}\p{N}_]$/u.test(text.slice(0, start))) continue;
    run.push(g);
  }
  if (run.length) out.push(run);
  return out;
}

const count = (gs: Group[]) => gs.reduce((n, g) => n + g.digits.length, 0);

/** "+44 7700 900456", "+44 (0)20 7946 0958", "0044 20 7946 0958": 8 to 15 digits after the prefix. */
function international(gs: Group[]): boolean {
  const [first] = gs;
  if (!first) return false;
  if (first.plus) return count(gs) >= 8 && count(gs) <= 15;
  if (!first.digits.startsWith("00") || first.digits.length < 3) return false;
  const n = count(gs) - 2;
  return n >= 9 && n <= 15;
}

/** UK national: 0 and 9 or 10 digits, the area code first (in brackets or not), each later group 3 digits or more. */
function national(gs: Group[]): boolean {
  const [first, ...rest] = gs;
  if (!first?.digits.startsWith("0") || first.plus) return false;
  const n = count(gs);
  if (n < 10 || n > 11) return false;
  if (!rest.length) return !first.open;
  if (first.digits.length > 5 || first.open !== first.close) return false;
  return rest.every((g) => g.digits.length >= 3 && !g.open && !g.close);
}

/** North American: (555) 123-4567, or 555-123-4567 / 555.123.4567 with one separator throughout. */
function northAmerican(gs: Group[], text: string): boolean {
  if (gs.length !== 3) return false;
  const [a, b, c] = gs as [Group, Group, Group];
  if (a.digits.length !== 3 || b.digits.length !== 3 || c.digits.length !== 4) return false;
  if (/^[01]/.test(a.digits) || b.open || c.open) return false;
  if (a.open && a.close) return true;
  const s1 = text.slice(a.end, b.start);
  return (s1 === "-" || s1 === ".") && text.slice(b.end, c.start) === s1;
}

/** Digits after a word that says they are a phone number: 6 to 15 of them. */
const said = (gs: Group[], text: string) =>
  count(gs) >= 6 && count(gs) <= 15 && SAID.test(text.slice(0, gs[0]?.start ?? 0));

function isPhone(gs: Group[], text: string): boolean {
  const last = gs[gs.length - 1];
  if (!last || UNIT.test(text.slice(last.end))) return false;
  // Followed by more digits or a word's letters: part of something longer (a code, a decimal).
  if (/^(?:[.,]\d|[\p{L}_])/u.test(text.slice(last.end))) return false;
  return international(gs) || national(gs) || northAmerican(gs, text) || said(gs, text);
}

function phoneIn(text: string): string | undefined {
  for (const run of runs(text))
    for (let i = 0; i < run.length; i++)
      for (let j = run.length; j > i; j--) {
        const gs = run.slice(i, j);
        if (isPhone(gs, text)) return text.slice(gs[0]?.start, gs[gs.length - 1]?.end);
      }
  return undefined;
}

/** The first phone number, email address, street address or postcode in the words, if any. */
export function contactIn(words: string): ContactFound | undefined {
  const text = plainer(words);
  const email = EMAIL.exec(text)?.[0] ?? emailSaidIn(text) ?? EMAIL_SPELT.exec(text)?.[0];
  if (email) return { kind: "email", text: email };
  const phone = phoneIn(text);
  if (phone !== undefined) return { kind: "phone", text: phone };
  return addressIn(text);
}

/**
 * The words with each contact detail in them (`contactIn`) put as `shown`, the words around it kept
 * ("call owner on 07700 900123 if off food" → "call owner on (…) if off food"); the words as given
 * when they hold none. For words kept before the checks, drawn where no contact may go.
 */
export function contactsReplaced(words: string, shown: string): string {
  let text = plainer(words);
  let found = contactIn(text);
  if (!found) return words;
  // Each replacement takes one contact out and puts none in: the loop ends (the bound is a guard).
  for (let i = 0; found && i < 100; i++, found = contactIn(text)) {
    const at = text.indexOf(found.text);
    if (at < 0) return shown;
    text = `${text.slice(0, at)}${shown}${text.slice(at + found.text.length)}`;
  }
  return found ? shown : text;
}

/** What was found, as the refusal names it. */
const FOUND_WORDS: Record<ContactKind, string> = {
  phone: "A phone number",
  email: "An email address",
  address: "A street address",
  postcode: "A postcode",
};

/** Where the field's words go: a channel post (and the record), or the care record. */
export type ContactPlace = "channel" | "record";

/**
 * The refusal of a field's words holding contact details, or nothing, saying what was found and what
 * to write instead: "A postcode can't go into the care record: write about the pet only; keep owner
 * contact details in the booking system." `instead`: what to write.
 */
export function contactRefusal(words: string | undefined, place: ContactPlace, instead: string) {
  const found = words ? contactIn(words) : undefined;
  if (!found) return undefined;
  const what = FOUND_WORDS[found.kind];
  const where = place === "channel" ? "a channel post" : "the care record";
  return `${what} can't go into ${where}: ${instead}.`;
}

/** What each kind of field asks for instead. */
export const CONTACT_INSTEAD = {
  vet: "name the vet or practice only",
  person: "write their name only",
  /** Who collected a medicine: the owner, most often. */
  collector: "write their name only; keep owner contact details in the booking system",
  initials: "write the initials or the name only",
  note: "write about the pet only; keep owner contact details in the booking system",
  label: "write the medicine's name and strength only, as on the label",
} as const;

/**
 * Each field whose words hold contact details refused at the field, where it has
 * no error yet (a note by default: `instead` says what to write).
 */
export function refuseContacts(
  errors: Record<string, string>,
  fields: Record<string, string | undefined>,
  place: ContactPlace,
  instead: string = CONTACT_INSTEAD.note,
): void {
  for (const [field, words] of Object.entries(fields)) {
    const refusal = errors[field] ? undefined : contactRefusal(words, place, instead);
    if (refusal) errors[field] = refusal;
  }
}
