/**
 * Contact details in free text (src/domain/contact-text.ts): phone numbers in their UK and
 * international forms and email addresses (spelt out in words too: "jane at gmail dot com") are
 * found; what a kennel writes (doses, dates, times, rooms, references, quantities, microchips, "give
 * at breakfast") is not.
 */
import { describe, expect, it } from "vitest";
import { CONTACT_INSTEAD, contactIn, contactRefusal } from "../../src/domain/contact-text.ts";

const PHONES: Array<[string, string]> = [
  ["Dr Patel, Oak Vets 01632 960123", "01632 960123"],
  ["Gareth Pugh 07700 900456", "07700 900456"],
  ["+44 7700 900456", "+44 7700 900456"],
  ["Oak Vets (020) 7946 0958", "(020) 7946 0958"],
  ["020 7946 0958", "020 7946 0958"],
  ["0116 496 0123 (surgery)", "0116 496 0123"],
  ["07700 900 456", "07700 900 456"],
  ["07700-900456", "07700-900456"],
  ["07700900456", "07700900456"],
  ["Ann:01632960123", "01632960123"],
  ["+44 (0)20 7946 0958", "+44 (0)20 7946 0958"],
  ["+447700900456", "+447700900456"],
  ["0044 20 7946 0958", "0044 20 7946 0958"],
  ["Mme Roux +33 1 42 68 53 00", "+33 1 42 68 53 00"],
  ["+1 (555) 123-4567", "+1 (555) 123-4567"],
  ["(555) 123-4567", "(555) 123-4567"],
  ["555-123-4567", "555-123-4567"],
  ["555.123.4567", "555.123.4567"],
  ["Oak Vets, tel 960123", "960123"],
  ["ring 960 123 after 6", "960 123"],
  ["ring on 960123", "960123"],
  ["Mob: 7700900456", "7700900456"],
  ["Oak Vets 01632 960123, Dr Patel", "01632 960123"],
  ["Oak Vets 01632\u00a0960123", "01632 960123"],
  ["Oak Vets 07700\u2013900456", "07700-900456"],
];

const EMAILS: Array<[string, string]> = [
  ["Dr Patel patel@oakvets.example", "patel@oakvets.example"],
  ["ann.lee+dogs@example.co.uk please", "ann.lee+dogs@example.co.uk"],
  ["(ann@example.com)", "ann@example.com"],
  ["ann (at) example (dot) com", "ann (at) example (dot) com"],
  ["ann[at]example.com", "ann[at]example.com"],
  ["ann [at] mail [dot] example [dot] co [dot] uk", "ann [at] mail [dot] example [dot] co [dot] uk"],
];

/** An address spelt out in words round a filter: a word, "at", a word, "dot", a domain's ending. */
const EMAILS_SAID: Array<[string, string]> = [
  ["jane at gmail dot com", "jane at gmail dot com"],
  ["owner: jane (at) gmail (dot) co (dot) uk", "jane (at) gmail (dot) co (dot) uk"],
  ["jane[at]gmail[dot]com", "jane[at]gmail[dot]com"],
  ["Jane AT Gmail DOT Com please", "Jane AT Gmail DOT Com"],
  ["jane dot smith at mail dot example dot co dot uk", "jane dot smith at mail dot example dot co dot uk"],
  ["jane at gmail.com", "jane at gmail.com"],
  ["jane @ gmail dot com", "jane @ gmail dot com"],
  ["Oak Vets, reception at oakvets dot vet", "reception at oakvets dot vet"],
  ["jane AT gmail DOT com", "jane AT gmail DOT com"],
  ["jane at example dot co dot uk", "jane at example dot co dot uk"],
  ["Jane at Gmail.Com", "Jane at Gmail.Com"],
  ["jane AT gmail.COM", "jane AT gmail.COM"],
  ["jane at gmail . com", "jane at gmail . com"],
  ["jane @ gmail .com", "jane @ gmail .com"],
  ["jane {at} gmail {dot} com", "jane {at} gmail {dot} com"],
  ["owner: jane <at> gmail <dot> co <dot> uk", "jane <at> gmail <dot> co <dot> uk"],
  ["jane at site dot me, thanks", "jane at site dot me"],
];

/** Care words with "at" and "dot" in them: no domain's ending after a "dot", so no address. */
const AT_AND_DOT_WORDS = [
  "give at breakfast",
  "meet at the gate",
  "Give at dinner. Dot of cream on the ear",
  "a dot of cream at night",
  "seen at Oak Vets dot to dot",
  "walk at lunch.It was fine",
  "fed at 8.00",
  "at breakfast dot her ear",
  "given at lunch",
  "seen at Oak Vets",
  "handed to Dr Lee at the practice",
  "walk at 3 dot on the hour",
  // An ending that is a word too, with words after it: "dot it on" is how cream goes on.
  "Apply at night dot it on the ear",
  "Cream at bedtime dot it on thinly",
  // After a ".", a capital starts a sentence; an ending run on into a word is a drug's name.
  "Seen at vets. UK passport checked",
  "Seen at vets. Info on file",
  "seen at vets. ie no change",
  "Fed at 8. Net change 0.2 kg",
  "Fed at 8.Fr Brown visited",
  "Walk at lunch.Me and Sam took her",
  "Seen at Oak Vets.co-amoxiclav given",
];

/** What a kennel writes in these fields, none of it a contact. */
const KENNEL_WORDS = [
  "Dr Patel, Oak Vets",
  "Oak Vets (Harrogate)",
  "Bland diet 48h, 2.5 mg metoclopramide twice a day",
  "60 mg tablets",
  "0.5 ml twice daily",
  "1.25 mg",
  "Kennel 19",
  "Kennel 2, then Kennel 10",
  "Booking HP-DK4Q7M, ref 12345",
  "booking 1234567",
  "Seen 2026-12-24 at 08:00",
  "24/12/2026 to 02/01/2027",
  "01.12.2026",
  "2026-01-05 - 2026-01-06",
  "at 0800 1800",
  "0800 1400 2000",
  "0800 1800 500 mg",
  "ate at 0800 1800 100% of each meal",
  "given 08:05, recorded 11:00",
  "1000 ml bag, 200 iu per pen",
  "Insulin 100 IU/ml 10 ml vial",
  "lost 0.3 kg since 21 Nov",
  "microchip 985112345678901",
  "chip 985 112 345 678 901",
  "B12 5 mg, K9 collar",
  "vomited 3 times in 2 hours",
  "call back at 14:30",
  "vet to call at 0800 1800",
  "ring the vet in 2 days",
  "+2 kg since arrival",
  "weight +0.5kg",
  "half a 20 mg tablet, 2 x 10 mg",
  "Sam @Alex checked",
  "fed (at) 08.00 and (at) 17.30",
  "4 tablets left of 28",
  "Give 10 ml at 07:30 and 19:30",
  "Phone the vet if she vomits again",
  "Reg 12345678 passport GB826 1234567",
];

describe("a phone number in free text", () => {
  it.each(PHONES)("%s: found", (words, number) => {
    expect(contactIn(words)).toEqual({ kind: "phone", text: number });
  });
});

describe("an email address in free text", () => {
  it.each(EMAILS)("%s: found", (words, address) => {
    expect(contactIn(words)).toEqual({ kind: "email", text: address });
  });
});

describe("an email address spelt out in words", () => {
  it.each(EMAILS_SAID)("%s: found", (words, address) => {
    expect(contactIn(words)).toEqual({ kind: "email", text: address });
  });
  it.each(AT_AND_DOT_WORDS)("%s: care words, no address", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
  it("refused as an email address, in the same words", () => {
    expect(contactRefusal("owner is jane at gmail dot com", "record", CONTACT_INSTEAD.note)).toBe(
      "An email address can't go into the care record: write about the pet only; keep owner contact details in the booking system.",
    );
  });
});

describe("what a kennel writes is not a contact", () => {
  it.each(KENNEL_WORDS)("%s", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
});

describe("the refusal's words", () => {
  it("a phone number in a vet's name: a channel post, the vet or practice only", () => {
    expect(contactRefusal("Dr Patel, Oak Vets 01632 960123", "channel", CONTACT_INSTEAD.vet)).toBe(
      "A phone number can't go into a channel post: name the vet or practice only.",
    );
  });
  it("an email address in a note: the care record", () => {
    expect(contactRefusal("owner ann@example.com", "record", CONTACT_INSTEAD.note)).toBe(
      "An email address can't go into the care record: write about the pet only; keep owner contact details in the booking system.",
    );
  });
  it("nothing for words without a contact, or no words", () => {
    expect(contactRefusal("Dr Patel, Oak Vets", "channel", CONTACT_INSTEAD.vet)).toBeUndefined();
    expect(contactRefusal(undefined, "record", CONTACT_INSTEAD.note)).toBeUndefined();
    expect(contactRefusal("", "record", CONTACT_INSTEAD.note)).toBeUndefined();
  });
});

describe("written round the check", () => {
  it("a number with invisible characters inside it is still found", () => {
    expect(contactIn("Oak Vets 01632\u200b960123")?.kind).toBe("phone");
  });
});
