/**
 * Postal addresses in free text (src/domain/address-text.ts, read by src/domain/contact-text.ts): a
 * UK postcode and a street line are found and refused with words saying which and what to do; what
 * a kennel writes is not one: doses, drugs with numbers, rooms and runs, times, dates, references,
 * microchips, walks. And every care word the sandbox writes (notes, medication, diet, allergies,
 * behaviour, the awkward cases' words), its references and rooms, passes the check, while every
 * owner's street line it makes is found.
 */
import { describe, expect, it } from "vitest";
import { CONTACT_INSTEAD, contactIn, contactRefusal } from "../../src/domain/contact-text.ts";
import { addAwkward } from "../../src/sandbox/awkward.ts";
import { generateData, type SandboxData } from "../../src/sandbox/data.ts";

const POSTCODES: Array<[string, string]> = [
  ["SW1A 1AA", "SW1A 1AA"],
  ["M1 1AE", "M1 1AE"],
  ["B33 8TH", "B33 8TH"],
  ["CR2 6XH", "CR2 6XH"],
  ["DN55 1PT", "DN55 1PT"],
  ["EC1A 1BB", "EC1A 1BB"],
  ["Oak Vets, Harrogate HG1 2AB", "HG1 2AB"],
  ["owner moved to ls6 2ab last week", "ls6 2ab"],
  ["sw1a 1aa", "sw1a 1aa"],
  ["Sw1a 1Aa", "Sw1a 1Aa"],
  ["m11ae", "m11ae"],
  ["M11AE", "M11AE"],
  ["sw1a1aa", "sw1a1aa"],
  ["postcode SW1A1AA", "SW1A1AA"],
  ["Post code: DN551PT", "DN551PT"],
  ["(CR2 6XH)", "CR2 6XH"],
  // A postcode of the sandbox's owners (its area made up), in capitals with its space.
  ["XJ12 3AB", "XJ12 3AB"],
];

const STREETS: Array<[string, string]> = [
  ["12 Acacia Avenue", "12 Acacia Avenue"],
  ["Flat 3, 45 High Street", "45 High Street"],
  ["221B Baker Street", "221B Baker Street"],
  ["12 acacia avenue", "12 acacia avenue"],
  ["staying at 14 mill lane till Friday", "14 mill lane"],
  ["3 The Close", "3 The Close"],
  ["4 Church Rd", "4 Church Rd"],
  ["7 Elm Ave, Leeds", "7 Elm Ave"],
  ["1 St Mary's Road", "1 St Mary's Road"],
  ["12-14 Mill Lane", "12-14 Mill Lane"],
  ["45 High St, Ambridge", "45 High St"],
  ["9 Kings Dr.", "9 Kings Dr."],
  ["1 Grange Gardens", "1 Grange Gardens"],
  ["8 Orchard Way", "8 Orchard Way"],
  ["17 Beech Crescent", "17 Beech Crescent"],
  ["2 Abbey Court", "2 Abbey Court"],
  ["30 Market Place", "30 Market Place"],
  ["6 Station Terrace", "6 Station Terrace"],
  ["5 Willow Grove", "5 Willow Grove"],
  ["11 Park Drive", "11 Park Drive"],
  ["collected from 2 Mill Lane, Ambridge", "2 Mill Lane"],
  ["7 Rue de l'Église", "7 Rue de l'Église"],
];

/** A street without a house number: a house's name before it, or a town after it. */
const NAMED_STREETS: Array<[string, string]> = [
  ["The Maltings, Mill Road", "The Maltings, Mill Road"],
  ["Rose Cottage, Church Lane, Ashby", "Rose Cottage, Church Lane, Ashby"],
  ["staying at Rose Cottage, Church Lane. Back Friday", "Rose Cottage, Church Lane"],
  ["Church Lane, Ashby", "Church Lane, Ashby"],
  ["Church Lane, Ashby de la Zouch.", "Church Lane, Ashby de la Zouch"],
  ["Flat B, Acacia Avenue", "Flat B, Acacia Avenue"],
  ["Rimadyl 50 mg, Oak Vets, Station Rd", "Oak Vets, Station Rd"],
  ["Manor Farm, St Mary's Close (owner's)", "Manor Farm, St Mary's Close"],
  ["Mill Road, Church Lane, Ashby", "Church Lane, Ashby"],
  ["Green Farm, Green Lane", "Green Farm, Green Lane"],
  ["May Cottage, Park Road, Ashby Magna", "May Cottage, Park Road, Ashby Magna"],
  ["Then Rose Cottage, Church Lane.", "Rose Cottage, Church Lane"],
  ["Rose Cottage, Church Lane, Ambridge", "Rose Cottage, Church Lane, Ambridge"],
  ["3 The Maltings, Mill Road", "The Maltings, Mill Road"],
  ["Dr Lee, Mill Road", "Dr Lee, Mill Road"],
];

/** A house named by its kind, then its town, no street at all: a village's address. */
const HOUSES_IN_TOWNS: Array<[string, string]> = [
  ["Rose Cottage, Ambridge", "Rose Cottage, Ambridge"],
  ["Handed to Mrs Smith, The Old Vicarage, Ambridge.", "The Old Vicarage, Ambridge"],
  ["Home Farm, Ashby de la Zouch", "Home Farm, Ashby de la Zouch"],
  ["Then Rose Cottage, Ambridge", "Rose Cottage, Ambridge"],
  ["collected from Manor House, Great Ashby (owner's)", "Manor House, Great Ashby"],
];

/** A practice's name, a house named alone, a house before a day or a room or a walk's place: no address. */
const HOUSE_WORDS = [
  "Oak Tree Vets",
  "Oak Tree Vets, Ambridge",
  "Seen at Oak House Vets, Ambridge",
  "Mill Road Surgery",
  "Mill Road surgery",
  "Dr Lee at Mill Road Vets",
  "Dr Lee, Mill Road Surgery, Ambridge",
  "Handed to Mrs Smith, Rose Cottage",
  "Walked past Home Farm, came back tired",
  "Walked past Home Farm, Ashby Park",
  "Home Farm, Monday",
  "Kennel Barn, Run 3",
  "House trained, Good with cats",
];

/**
 * Care words with a street's word in them: a street named alone (a walk), the kind's word in a
 * sentence, streets listed as walks, a street then a day, a room or a walk's place.
 */
const STREET_WORDS = [
  "Walk on the lane only",
  "No road trips",
  "Give at dinner. Dot of cream on the ear",
  "Close the gate",
  "Way too lively after meals",
  "Church Lane walk is fine",
  "walk on Mill Road field?",
  "Walk down Mill Road.",
  "Walks: Mill Road, Church Lane",
  "Walked on Church Lane, Monday",
  "Prefers Church Lane, Sundays",
  "Kennel 4, Garden Court",
  "Mill Road, Kennel 4",
  "Church Lane, Ashby Park",
  "Dr Patel, The Grove",
  "Dr Patel, Church Lane Surgery",
  "Loves Mill Road, Biscuit and Pip too",
  "Keep the gate Close, Then walk",
  "Walked Biscuit, Mill Road and back",
];

/** What a kennel writes, none of it an address. */
const KENNEL_WORDS = [
  "2 tablets",
  "1.5 ml",
  "give 1 with food",
  "Give 2 tablets with food, 1 at night",
  "Kennel 12",
  "Run B3",
  "room 4A",
  "Kennel 3 Garden Court",
  "08:30",
  "7am",
  "8pm",
  "24/12/2026",
  "2026-12-24",
  "24 Dec",
  "HP-DK4Q7M",
  "HP/ABC DE",
  "Booking HP-M3SSY8, ref 12345",
  "ref DK4Q7M",
  "985112345678901",
  "microchip 986012345678901",
  "walk around the block",
  "lives on Main Street farm",
  "walk 2 laps round the court",
  "2 walks down the road",
  "keep 2 bowls close",
  "2 St Bernards in Kennel 4",
  "1 Dr Patel prescribed",
  "seen by 2 Dr Patel",
  "B12 5 mg",
  "B12 5mg",
  "Vitamin D3 2 drops",
  "E45 cream on the left ear",
  "K9 collar",
  "Omega 3 oil",
  "b3 2nd door on the left",
  "e1 1st floor",
  "give 2lb",
  "w1 2lb",
  "Reg 12345678 passport GB826 1234567",
  "Pardale-V 400 mg: one tablet",
  "Metacam 1.5 mg/ml oral suspension: 1.2 ml on breakfast",
  "Hypoallergenic diet (Hill's z/d)",
  "Suite A",
  "Cattery 3",
  "NIL BY MOUTH – op at 10:00",
  "Fasting from 8pm",
  "Escape artist: do NOT walk with other dogs",
];

describe("a postcode in free text", () => {
  it.each(POSTCODES)("%s: found", (words, found) => {
    expect(contactIn(words)).toEqual({ kind: "postcode", text: found });
  });
});

describe("a street address in free text", () => {
  it.each(STREETS)("%s: found", (words, found) => {
    expect(contactIn(words)).toEqual({ kind: "address", text: found });
  });
});

describe("a street line without a house number", () => {
  it.each(NAMED_STREETS)("%s: found", (words, found) => {
    expect(contactIn(words)).toEqual({ kind: "address", text: found });
  });
  it.each(STREET_WORDS)("%s: care words, no address", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
  it.each(HOUSES_IN_TOWNS)("%s: a house and its town, found", (words, found) => {
    expect(contactIn(words)).toEqual({ kind: "address", text: found });
  });
  it.each(HOUSE_WORDS)("%s: no address", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
  it("refused as a street address, in the same words", () => {
    expect(
      contactRefusal("Handed to Ann, Rose Cottage, Ambridge", "channel", CONTACT_INSTEAD.collector),
    ).toBe(
      "A street address can't go into a channel post: write their name only; keep owner contact details in the booking system.",
    );
    expect(
      contactRefusal("Handed to Ann, The Maltings, Mill Road", "record", CONTACT_INSTEAD.collector),
    ).toBe(
      "A street address can't go into the care record: write their name only; keep owner contact details in the booking system.",
    );
  });
});

describe("what a kennel writes is no address", () => {
  it.each(KENNEL_WORDS)("%s", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
  it("without its space, a reference's code is a reference (HP-DK4Q7M's, typed without HP-), not a postcode", () => {
    for (const code of ["SA83LN", "DN84TX", "W3E3GE", "ZE34SD"]) expect(contactIn(code)).toBeUndefined();
  });
});

describe("the refusal says what was found and what to do", () => {
  it("a postcode, a street address: named, and the owner's contact details kept in the booking system", () => {
    expect(contactRefusal("Owner at SW1A 1AA", "channel", CONTACT_INSTEAD.note)).toBe(
      "A postcode can't go into a channel post: write about the pet only; keep owner contact details in the booking system.",
    );
    expect(contactRefusal("Handed to Ann, 12 Acacia Avenue", "record", CONTACT_INSTEAD.collector)).toBe(
      "A street address can't go into the care record: write their name only; keep owner contact details in the booking system.",
    );
    expect(contactRefusal("Rimadyl 50 mg, Oak Vets, 12 High Street", "record", CONTACT_INSTEAD.label)).toBe(
      "A street address can't go into the care record: write the medicine's name and strength only, as on the label.",
    );
  });
});

/** The care words of a pet record: notes, medication, diet, allergies, behaviour, grooming. */
const CARE_FIELD =
  /^(?:notes|medicalNotes|dietaryRequirements\w*|medication\w*|allergies|groomingNotes|evaluationCompleteNotes)$/;
/** The words of a booking that are no contact: its reference, pets, room, kind, status. */
const BOOKING_FIELDS = ["reference", "petNames", "roomName", "bookingType", "status"];

function sandboxes(): SandboxData[] {
  const out = [7, 42].map((seed) =>
    generateData({ seed, customers: 300, today: "2026-11-22", timezone: "Europe/London" }),
  );
  addAwkward(out[0] as SandboxData);
  return out;
}

describe("the sandbox's words", () => {
  const all = sandboxes();
  const care = new Set<string>();
  const booking = new Set<string>();
  for (const data of all)
    for (const b of data.businesses) {
      for (const p of b.pets)
        for (const [k, v] of Object.entries(p)) if (CARE_FIELD.test(k) && typeof v === "string") care.add(v);
      for (const bk of b.bookings)
        for (const k of BOOKING_FIELDS) if (typeof bk[k] === "string") booking.add(bk[k] as string);
    }

  it("every care word of its pets passes (the one vet's number in a medical note is a phone number, no address)", () => {
    expect(care.size).toBeGreaterThan(100);
    const found = [...care].flatMap((w) => {
      const c = contactIn(w);
      return c ? [[w, c.kind]] : [];
    });
    expect(found).toEqual([["Epileptic: seizure plan in file, call vet on 01632 960000", "phone"]]);
  });

  it("every booking's reference, pets, room, kind and status passes, alone and in a sentence", () => {
    expect(booking.size).toBeGreaterThan(1000);
    for (const w of booking) {
      expect(contactIn(w), w).toBeUndefined();
      expect(contactIn(`Booking ${w}: 2 tablets at 08:30 in Kennel 12`), w).toBeUndefined();
    }
  });

  it("every owner's street line it makes is found, and their whole address", () => {
    const customers = all.flatMap((d) => d.businesses.flatMap((b) => b.customers));
    expect(customers.length).toBeGreaterThan(300);
    for (const c of customers.filter((x) => typeof x.address1 === "string")) {
      expect(contactIn(String(c.address1))?.kind, String(c.address1)).toBe("address");
      expect(contactIn(String(c.address)), String(c.address)).toBeDefined();
    }
  });
});
