/**
 * Line breaks in API text cannot forge lines (issue 26, item 2), and invisible or direction
 * characters reach no header or button (item 8). Property: for any booking and pet whose every text
 * field may hold line breaks (\n, \r\n, \r, U+2028, U+2029, U+0085), every message has exactly the
 * lines it has when each value was folded to one line (" ↵ ") beforehand: no value starts a line.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingMessages } from "../../src/blocks/booking.ts";
import { dayListMessages } from "../../src/blocks/day-list.ts";
import { digestMessages } from "../../src/blocks/digest.ts";
import { button, header } from "../../src/blocks/mrkdwn.ts";
import { petMessages } from "../../src/blocks/pet.ts";
import { roundMessages } from "../../src/blocks/rounds.ts";
import type { Message } from "../../src/blocks/types.ts";
import { careOf } from "../../src/domain/care.ts";
import { careOfBooking } from "../../src/domain/day.ts";
import { oneLine } from "../../src/domain/text.ts";
import type { Booking, Pet } from "../../src/kennel/schemas.ts";
import { booking, dayOf, pet, RIMADYL, roundOf } from "../text/fixtures.ts";

fc.configureGlobal({ seed: Number(process.env.FC_SEED ?? 20261124) });

const BREAKS = ["\n", "\r\n", "\r", "\u2028", "\u2029", "\u0085", "\n\n"];
// biome-ignore lint/suspicious/noControlCharactersInRegex: line breaks are control characters.
const BREAK = /\r\n|[\n\r\u000B\u000C\u0085\u2028\u2029]/g;
const withBreaks = fc
  .array(fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...BREAKS, "✅ paid in full", "💊 none")), {
    minLength: 1,
    maxLength: 8,
  })
  // Something to show on each side (whether a blank value counts as recorded is the domain's rule).
  .map((parts) => `«${parts.join("")}»`);
const field = fc.option(withBreaks, { nil: undefined });

const BOOKING_TEXT = ["customerName", "petNames", "roomName", "status", "reference", "bookingType"] as const;
const PET_TEXT = [
  "name",
  "breed",
  "petType",
  "sex",
  "colour",
  "weight",
  "microchip",
  "medication",
  "medicationNoon",
  "medicationPm",
  "dietaryRequirements",
  "dietaryRequirementsAm",
  "dietaryRequirementsNoon",
  "dietaryRequirementsPm",
  "allergies",
  "notes",
  "medicalNotes",
  "groomingNotes",
  "insurer",
  "evaluationCompleteNotes",
] as const;

const record = <K extends string>(keys: readonly K[]) =>
  fc.record(Object.fromEntries(keys.map((k) => [k, field])) as Record<K, typeof field>);

/** A value with each line break already folded by the one sanitiser. */
const fold = (v: string | undefined) => (v === undefined ? v : oneLine(v));
const folded = <T extends object>(o: T, keys: readonly string[]): T =>
  Object.fromEntries(
    Object.entries(o).map(([k, v]) => [k, keys.includes(k) && typeof v === "string" ? fold(v) : v]),
  ) as T;

function render(b: Booking, p: Pet): Message[] {
  const b2 = { ...b, bookingPaid: false, customerPhone: "0", customerEmail: "e" };
  const r = roundOf("morning", [[b2, p]]);
  return [
    ...dayListMessages(dayOf("departures", [[b2, [p]]]), "UTC"),
    ...dayListMessages(dayOf("arrivals", [[b2, [p]]]), "UTC"),
    ...bookingMessages(
      { booking: b2, full: true, care: careOfBooking(b2, [p]), careProblem: undefined, requestId: "r" },
      "UTC",
      "2026",
    ),
    ...petMessages({ pet: p, care: careOf(p), owner: undefined, requestId: "r" }, "UTC", "2026"),
    ...Object.values(roundMessages(r)).flat(),
    ...Object.values(digestMessages(dayOf("departures", [[b2, [p]]]), "UTC")).flat(),
  ];
}

/** Every text in the messages (mrkdwn and plain), as its number of lines: the messages' line structure. */
function lineCounts(value: unknown, out: number[] = []): number[] {
  if (Array.isArray(value)) for (const v of value) lineCounts(v, out);
  else if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (k === "text" && typeof v === "string") out.push(v.split("\n").length);
      else lineCounts(v, out);
    }
  }
  return out;
}

/** Every plain_text in a message (headers, buttons). */
function plainTexts(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) for (const v of value) plainTexts(v, out);
  else if (value && typeof value === "object") {
    const o = value as Record<string, unknown>;
    if (o.type === "plain_text" && typeof o.text === "string") out.push(o.text);
    for (const v of Object.values(o)) plainTexts(v, out);
  }
  return out;
}

describe("line breaks in API text", () => {
  it("any text field with line breaks renders exactly as with the breaks folded: no forged line anywhere", () => {
    fc.assert(
      fc.property(record(BOOKING_TEXT), record(PET_TEXT), (bt, pt) => {
        const b = booking(bt as Partial<Booking>);
        const p = pet({ ...RIMADYL, ...(pt as Partial<Pet>) });
        const shown = render(b, p);
        // The same lines as with every value folded beforehand (long values may be cut differently).
        expect(lineCounts(shown)).toEqual(lineCounts(render(folded(b, BOOKING_TEXT), folded(p, PET_TEXT))));
        for (const t of plainTexts(shown)) expect(t).not.toMatch(BREAK);
      }),
      { numRuns: 300 },
    );
  });

  it("a room name cannot put '✅ paid in full' on a line of an unpaid departure, nor a pet's name a line above its medication", () => {
    const b = booking({ bookingPaid: false, roomName: "Kennel 4\n✅ paid in full" });
    const p = pet({ ...RIMADYL, name: "Biscuit\nfasting tonight — no medication" });
    const text = render(b, p)
      .flatMap((m) => JSON.stringify(m.blocks).split("\\n"))
      .join("\n");
    expect(text).not.toMatch(/^✅ paid in full/m);
    expect(text).not.toMatch(/^fasting tonight/m);
    expect(text).toContain("Kennel 4 ↵ ✅ paid in full");
  });
});

describe("invisible and direction characters", () => {
  const sneaky = [
    "\u202E",
    "\u2066",
    "\u200B",
    "\u2060",
    "\u206A",
    "\u206F",
    "\u3164",
    "\uFFA0",
    "\u115F",
    "\u{E0041}",
    "\u{E007F}",
    "\u034F",
  ];
  it("are removed from headers and buttons as from mrkdwn; a flag's tag sequence stays", () => {
    for (const c of sneaky) {
      const h = header(`Rex${c}ter\nnext`).text.text;
      expect(h).toBe("Rexter ↵ next");
      expect(button(`Open${c} Rex`, "a", "v").text.text).toBe("Open Rex");
      expect(oneLine(`a${c}b`)).toBe("ab");
    }
    const scotland = "\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}";
    expect(oneLine(`Hamish ${scotland}`)).toBe(`Hamish ${scotland}`);
  });
});
