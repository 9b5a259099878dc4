/** A customer's consent in words: each kind with ✓ or ✗, and the channel's own switch only when it is not on. */
import { describe, expect, it } from "vitest";
import type { Customer } from "../../src/kennel/schemas.ts";
import { consentLines } from "../../src/words/customer.ts";

const customer = (c: Partial<Customer>) => c as Customer;

describe("consent in words", () => {
  it("reads as the settings are: 'Email: receipts ✗, reminders ✓, marketing ✓'", () => {
    const [email, sms, push] = consentLines(
      customer({
        email_Accepts: true,
        email_Accepts_Receipts: false,
        email_Accepts_Booking_Reminders: true,
        email_Accepts_Marketing: true,
        smS_Accepts: true,
        smS_Accepts_Booking_Reminders: true,
        smS_Accepts_Booking_Price_Messages: false,
        smS_Accepts_Marketing: false,
        pushMessage_Accepts_Booking_Confirmations: true,
      }),
    );
    expect(email).toBe("Email: receipts ✗, reminders ✓, marketing ✓");
    expect(sms).toBe("SMS: reminders ✓, prices ✗, marketing ✗");
    expect(push).toMatch(/^Push: confirmations ✓, reminders \?, /);
  });

  it("never 'Email ❌ (reminders ✅)': a channel switched off says so, then its kinds as set", () => {
    const [email] = consentLines(
      customer({
        email_Accepts: false,
        email_Accepts_Receipts: false,
        email_Accepts_Booking_Reminders: true,
        email_Accepts_Marketing: true,
      }),
    );
    expect(email).toBe("Email: off (each kind as set: receipts ✗, reminders ✓, marketing ✓)");
    const [unknown] = consentLines(customer({ email_Accepts_Receipts: true }));
    expect(unknown).toBe("Email: receipts ✓, reminders ?, marketing ? (on or off: not recorded)");
  });
});
