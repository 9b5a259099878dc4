/** A customer in words, for every renderer: the consent settings. Plain text. */
import type { Customer } from "../kennel/schemas.ts";

const tick = (v: boolean | undefined) => (v === true ? "✅" : v === false ? "❌" : "?");

/** Consent, compactly: "Email ✅ (receipts ✅ · marketing ❌ · reminders ✅)". */
export function consentLines(c: Customer): string[] {
  return [
    `Email ${tick(c.email_Accepts)} (receipts ${tick(c.email_Accepts_Receipts)} · reminders ${tick(c.email_Accepts_Booking_Reminders)} · marketing ${tick(c.email_Accepts_Marketing)})`,
    `SMS ${tick(c.smS_Accepts)} (reminders ${tick(c.smS_Accepts_Booking_Reminders)} · prices ${tick(c.smS_Accepts_Booking_Price_Messages)} · marketing ${tick(c.smS_Accepts_Marketing)})`,
    `Push: confirmations ${tick(c.pushMessage_Accepts_Booking_Confirmations)} · reminders ${tick(c.pushMessage_Accepts_Booking_Reminders)} · receipts ${tick(c.pushMessage_Accepts_Booking_Receipts)} · price due ${tick(c.pushMessage_Accepts_Booking_Price_Due)} · messages ${tick(c.pushMessage_Accepts_Direct_Messages)} · postcards ${tick(c.pushMessage_Accepts_Postcards)} · marketing ${tick(c.pushMessage_Accepts_Marketing)}`,
  ];
}
