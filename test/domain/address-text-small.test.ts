/**
 * A street line typed all in small letters (src/domain/address-text.ts): a house number, a name and a
 * street's kind as a full word ("12 acacia avenue"), or a house named by its kind before a street
 * ("rose cottage, church lane, ambridge"), is found; what a kennel writes in small letters, the
 * street's word in it, is not: a walk ("2 quiet lane walks", "1 high street walk"), an amount or a
 * split ("3 way stopcock", "half a pouch, 2 way split"), a shelf, a booking's reference, a microchip.
 */
import { describe, expect, it } from "vitest";
import { contactIn } from "../../src/domain/contact-text.ts";

const SMALL_STREETS: Array<[string, string]> = [
  ["12 acacia avenue", "12 acacia avenue"],
  ["flat 3, 45 high street", "45 high street"],
  ["owner at 7 church road, back friday", "7 church road"],
  ["12 acacia avenue leeds", "12 acacia avenue"],
  ["1 high street", "1 high street"],
  ["12 main road", "12 main road"],
  ["16 beech crescent.", "16 beech crescent."],
  ["4 station terrace (owner's)", "4 station terrace"],
  ["rose cottage, church lane, ambridge", "rose cottage, church lane, ambridge"],
  ["the old vicarage, mill road, ambridge", "the old vicarage, mill road, ambridge"],
  ["collected from rose cottage, church lane.", "rose cottage, church lane"],
  ["manor farm, green lane", "manor farm, green lane"],
  ["home farm, church lane, monday", "home farm, church lane"],
];

/** What a kennel writes in small letters, a street's word or a number in it: none an address. */
const KENNEL_SMALL = [
  "give 2 tablets with food",
  "walk 2 laps of the road side field",
  "1 close eye on him",
  "3 way stopcock",
  "half a pouch, 2 way split",
  "12 high fibre biscuits",
  "meds on the 2nd shelf",
  "2 side road walks",
  "2 quiet lane walks only",
  "1 short lane walk",
  "2 slow road walks a day",
  "3 busy street crossings",
  "no more than 2 road crossings",
  "2 main road walks",
  "1 back lane walk",
  "2 green lane loops",
  "1 quiet street stroll",
  "1 high street walk",
  "2 high street shops",
  "2 loose lead road walks",
  "give 2 before road trip",
  "15 min road walk",
  "2 leads lane",
  "2 sensory gardens visits",
  "walk 2 gardens laps",
  "2 terrace steps",
  "2 avenue walks",
  "walks: 2 lane loops, 1 field",
  "keep 2 metres from the road",
  "2 weeks off road",
  "booking hp-dk4q7m, 2 dogs",
  "chip 985112345678901",
  "walked past home farm, back lane",
  "walk to home farm, mill lane",
  "play barn, side lane",
  "in the house, back lane",
  "dog house, main road walks",
  "walks: mill road, church lane",
  "church lane walk is fine",
];

describe("a street line in small letters", () => {
  it.each(SMALL_STREETS)("%s: found", (words, found) => {
    expect(contactIn(words)).toEqual({ kind: "address", text: found });
  });
  it.each(KENNEL_SMALL)("%s: kennel words, no address", (words) => {
    expect(contactIn(words)).toBeUndefined();
  });
});
