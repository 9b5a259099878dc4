/**
 * The departures post's reply (issue 49): each departing pet's medicines to hand back, with their
 * balances, and how to record each.
 */

import type { MedicineCustody } from "../answers/custody.ts";
import type { HandBack } from "../answers/custody-stock.ts";
import { balanceWords } from "../words/custody.ts";
import { dayHeading } from "../words/dates.ts";
import { type Doc, dotted, type Line, line, type Part, strong, whole } from "./doc.ts";

/** A departing pet's medicines to hand back: "Caninsulin pen: ≈ 120 iu left; Metacam: ≈ 9 ml left". */
function handBackLine(medicines: MedicineCustody[]): Line | undefined {
  const held = medicines.filter((m) => !m.handedBack);
  if (held.length === 0) return undefined;
  return line(
    `💊 to hand back: ${held.map((m) => `${whole(m.first.label)}: ${balanceWords(m.balance, m.unit)}`).join("; ")}`,
  );
}

/** The departures post's reply: each departing pet's medicines to hand back, with their balances; undefined: none. */
export function handBackDoc(pets: HandBack[], date: string): Doc | undefined {
  if (pets.length === 0) return undefined;
  const title = `💊 Medicines to hand back — ${dayHeading(date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  for (const p of pets)
    parts.push({
      kind: "item",
      key: `${p.bookingId}-${p.petId}`,
      lines: [
        dotted(p.room ? strong(whole(p.room)) : undefined, strong(whole(p.petName))),
        handBackLine(p.medicines) ?? [],
      ],
    });
  parts.push({
    kind: "note",
    lines: [
      line(
        "Record each with ↩️ Handed back… (💊 Medicines on the pet's card): quantity, to whom, who handed it.",
      ),
    ],
  });
  return { fallback: title, parts };
}
