/** Free text typed by a person: trimmed, capped with a message that says what was too long. */
import { thousands } from "../words/numbers.ts";
import { typedOn } from "../words/surface.ts";
import { UsageError } from "./failure.ts";

export interface TextRule {
  /** What the text is, for the message: "a booking reference". */
  what: string;
  max: number;
  /** The command and an example, for the message, as Slack types it: "/booking HP-DK4Q7M" (a terminal's: src/words/surface.ts). */
  example: string;
}

export function freeText(input: string, rule: TextRule): string {
  const text = input.trim().replace(/\s+/g, " ");
  const length = Array.from(text).length;
  if (length > rule.max) {
    throw new UsageError(
      `That is too long for ${rule.what}: ${thousands(length)} characters, at most ${rule.max}.`,
      (surface) => `Type a shorter one, for example ${typedOn(rule.example, surface)}.`,
    );
  }
  return text;
}

/** Quotes and backticks a person may type around a value: "HP-DK4Q7M", `HP-DK4Q7M`, “HP-DK4Q7M”. */
const WRAPPING = /^["'`“”‘’«»„]+|["'`“”‘’«»„]+$/g;

/**
 * A booking reference without the quotes or backticks typed around it (`/booking "HP/TWU XE"`, a
 * reference copied from a list as `HP-DK4Q7M`, ```HP-DK4Q7M```, a quote left at one end): no
 * reference begins or ends with one, and the words said of it then never double them.
 */
export function unwrapped(text: string): string {
  return text.trim().replace(WRAPPING, "").trim();
}

export const TEXT_RULES = {
  reference: { what: "a booking reference or id", max: 64, example: "/booking HP-DK4Q7M" },
  pet: { what: "a pet's name (and owner's surname) or id", max: 100, example: "/pet Biscuit Müller" },
  customer: { what: "a customer's name, email, phone or id", max: 100, example: "/customer O'Brien" },
  search: { what: "a search", max: 200, example: "/kennel bookings tomorrow status:confirmed" },
  date: { what: "a date", max: 40, example: "/arrivals tomorrow" },
} as const satisfies Record<string, TextRule>;
