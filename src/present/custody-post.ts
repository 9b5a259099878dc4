/**
 * Medicine custody to act on, as documents (issue 49): the morning post's medicines (a supply running
 * out before check-out, one past its discard-by, a count overdue, a discrepancy open), Home's lines,
 * and the departures post's medicines to hand back. Block Kit and the terminal serialize the same
 * document.
 */
import type { MedicineCustody } from "../answers/custody.ts";
import type { HandBack, HeldMedicine, Stock } from "../answers/custody-stock.ts";
import { plural } from "../domain/text.ts";
import { balanceWords, discardByWords, runsOutWords } from "../words/custody.ts";
import { dayHeading } from "../words/dates.ts";
import { countDueWords, medicineStateLine, openDiscrepancyLines, petHead } from "./custody.ts";
import { type Doc, dotted, type Line, line, type Part, type Span, strong, toned, whole } from "./doc.ts";

/** A medicine's label as counted in, kept: a channel hides a contact in it. */
const labelSpan = (h: HeldMedicine): Span => ({ ...strong(whole(h.medicine.first.label)), kept: true });

/** "⚠️ past its discard-by (Mon 30 Nov)", toned. */
const pastDiscardLine = (h: HeldMedicine) =>
  toned("alert", discardByWords(h.medicine.discardBy as string, true));

/**
 * The morning post's medicines: running out before check-out, past its discard-by, counts overdue,
 * discrepancies open; undefined: nothing to say.
 */
export function medicinesPostDoc(stock: Stock, timezone: string): Doc | undefined {
  const short = stock.held.filter((h) => h.runway?.status === "short");
  const overdue = stock.held.filter((h) => h.countDue?.overdue);
  const open = stock.held.filter((h) => h.medicine.open.length > 0 || h.medicine.givenNoneHeld?.length);
  const past = stock.held.filter((h) => h.pastDiscard && !h.medicine.handedBack);
  if (short.length + overdue.length + open.length + past.length === 0) return undefined;
  const title = `💊 Medicines to act on — ${dayHeading(stock.today)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  for (const h of short)
    if (h.runway?.status === "short")
      parts.push({
        kind: "item",
        lines: [
          line(toned("alert", `⏳ ${runsOutWords(h.medicine.petName, h.medicine.first.label, h.runway)}`)),
          medicineStateLine(h),
        ],
      });
  for (const h of past)
    parts.push({
      kind: "item",
      lines: [
        dotted(petHead(h.medicine), labelSpan(h)),
        line(pastDiscardLine(h), " · ask the owner or the vet before each dose"),
      ],
    });
  for (const h of overdue)
    parts.push({
      kind: "item",
      lines: [
        dotted(petHead(h.medicine), labelSpan(h)),
        line(
          toned("alert", countDueWords(h.countDue as NonNullable<HeldMedicine["countDue"]>)),
          " · two people count it",
        ),
      ],
    });
  for (const h of open)
    parts.push({
      kind: "item",
      lines: [dotted(petHead(h.medicine), labelSpan(h)), ...openDiscrepancyLines(h.medicine, timezone)],
    });
  return { fallback: title, parts };
}

/** A departing pet's medicines to hand back: "Caninsulin pen: ≈ 120 iu left; Metacam: ≈ 9 ml left". */
function handBackLine(medicines: MedicineCustody[]): Line | undefined {
  const held = medicines.filter((m) => !m.handedBack);
  if (held.length === 0) return undefined;
  return line({
    kept: true,
    text: `💊 to hand back: ${held.map((m) => `${whole(m.first.label)}: ${balanceWords(m.balance, m.unit, m.lines)}`).join("; ")}`,
  });
}

/**
 * Home's medicines (once a day, the state now): what is held, and each supply running out before its
 * pet's check-out, each count overdue, each discrepancy open; nothing when nothing is held.
 */
export function medicinesHomeLines(stock: Stock, timezone: string): Line[] {
  const held = stock.held.filter((h) => !h.medicine.handedBack);
  if (stock.held.length === 0) return [];
  const lines: Line[] = [[strong(`💊 ${plural(held.length, "medicine")} held in custody`)]];
  for (const h of stock.held) {
    const m = h.medicine;
    if (h.runway?.status === "short")
      lines.push(line(toned("alert", `⏳ ${runsOutWords(m.petName, m.first.label, h.runway)}`)));
    if (h.pastDiscard && !m.handedBack)
      lines.push(dotted(`${whole(m.petName)}'s ${whole(m.first.label)}`, line(pastDiscardLine(h))));
    if (h.countDue?.overdue)
      lines.push(
        dotted(toned("alert", `🔢 ${whole(m.petName)}'s ${whole(m.first.label)}`), countDueWords(h.countDue)),
      );
    for (const l of openDiscrepancyLines(m, timezone))
      lines.push(dotted(`${whole(m.petName)}'s ${whole(m.first.label)}`, l));
  }
  // Within one section (Slack's 3000 characters): the rest behind the button, counted.
  const shown = lines.slice(0, HOME_LINES + 1);
  if (lines.length > shown.length)
    shown.push(line(`and ${lines.length - shown.length} more: 💊 Medicines held… lists them`));
  return shown;
}

/** The lines Home shows under its medicines' head before "and N more". */
const HOME_LINES = 8;

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
