/** A customer in words, for every renderer: the consent settings. Plain text. */
import type { Customer } from "../kennel/schemas.ts";

const tick = (v: boolean | undefined) => (v === true ? "✓" : v === false ? "✗" : "?");
const kinds = (pairs: Array<[string, boolean | undefined]>) =>
  pairs.map(([name, v]) => `${name} ${tick(v)}`).join(", ");

/**
 * A channel with a switch of its own and a setting per kind of message: the kinds, and the switch
 * only when it is not on ("Email: receipts ✗, reminders ✓, marketing ✓"; switched off: "Email: off
 * (each kind as set: …)"), so it never reads "Email ❌ (reminders ✅)".
 */
function channel(name: string, on: boolean | undefined, each: Array<[string, boolean | undefined]>): string {
  if (on === true) return `${name}: ${kinds(each)}`;
  if (on === false) return `${name}: off (each kind as set: ${kinds(each)})`;
  return `${name}: ${kinds(each)} (on or off: not recorded)`;
}

/** Consent, compactly: "Email: receipts ✗, reminders ✓, marketing ✓". */
export function consentLines(c: Customer): string[] {
  return [
    channel("Email", c.email_Accepts, [
      ["receipts", c.email_Accepts_Receipts],
      ["reminders", c.email_Accepts_Booking_Reminders],
      ["marketing", c.email_Accepts_Marketing],
    ]),
    channel("SMS", c.smS_Accepts, [
      ["reminders", c.smS_Accepts_Booking_Reminders],
      ["prices", c.smS_Accepts_Booking_Price_Messages],
      ["marketing", c.smS_Accepts_Marketing],
    ]),
    `Push: ${kinds([
      ["confirmations", c.pushMessage_Accepts_Booking_Confirmations],
      ["reminders", c.pushMessage_Accepts_Booking_Reminders],
      ["receipts", c.pushMessage_Accepts_Booking_Receipts],
      ["price due", c.pushMessage_Accepts_Booking_Price_Due],
      ["messages", c.pushMessage_Accepts_Direct_Messages],
      ["postcards", c.pushMessage_Accepts_Postcards],
      ["marketing", c.pushMessage_Accepts_Marketing],
    ])}`,
  ];
}

/**
 * A phone number that never wraps mid-number ("07364 025592" split as "07364 / 025592" at a card's
 * edge): each space inside it a no-break space. Its digits, signs and brackets stay as written.
 */
export const unbrokenPhone = (phone: string): string =>
  phone.replace(/(?<=[\d)+])[ \t]+(?=[\d(])/g, "\u00A0");
