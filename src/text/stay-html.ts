/**
 * One stay's care record as a printable page for an inspector or a vet (`kennel-desk record export
 * --format html`): one self-contained HTML file (no script, no external resource: styles inline,
 * prints on A4), with the pet, the owner's name only (never a contact), every item due and every
 * entry, who recorded it and when, in the kennel's time zone; a corrected entry kept, struck through.
 * Every string is cleaned as on every other surface (cleanText: controls, bidi overrides and
 * invisible characters) and escaped for HTML; each value from the record or the API is isolated
 * (`<bdi>`), so a right-to-left name cannot turn "(pet 501)" or the words beside it around.
 */

import { isProblemOutcome } from "../domain/record.ts";
import type { PetStayRecord, StayItem, StayRecordView } from "../domain/stay.ts";
import { cleanText } from "../domain/text.ts";
import type { ChainHead, Entry } from "../record/types.ts";
import { dateTimeOf, dayHeading } from "../words/dates.ts";
import { lateEntryWords } from "../words/doses.ts";
import { outcomeWords } from "../words/record.ts";
import {
  EXCEPTIONS_HEADING,
  stayExceptionLines,
  stayFigureWords,
  staySummaryWords,
  stayWitnessWords,
} from "../words/stay.ts";

export interface StayPage {
  /** The booking's reference, or "booking 123". */
  reference: string;
  stay: StayRecordView;
  /** The owner's name only (the page never carries contact details); undefined when not known. */
  owner: string | undefined;
  checkIn: string | undefined;
  checkOut: string | undefined;
  /** Why what was due is not shown, when it is not (no kennel API, the API failing). */
  dueProblem: string | undefined;
  timezone: string;
  /** When the page was made (ISO 8601). */
  generatedAt: string;
  /** The record's head when the page was made: an inspector checks it with `kennel-desk record verify`. */
  head?: ChainHead | undefined;
}

const html = (value: unknown) =>
  cleanText(value)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");

/** A value from the record or the API: cleaned, escaped and isolated from the words around it. */
const own = (value: unknown) => `<bdi>${html(value)}</bdi>`;

const STYLE = `
  @page { size: A4; margin: 16mm 14mm; }
  body { font: 11pt/1.35 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #111; margin: 0 auto; max-width: 190mm; }
  h1 { font-size: 17pt; margin: 0 0 4pt; }
  h2 { font-size: 13pt; margin: 16pt 0 4pt; page-break-after: avoid; }
  .meta { color: #333; margin: 0 0 8pt; }
  .summary { background: #f3f3f3; border-left: 3pt solid #555; padding: 5pt 8pt; margin: 4pt 0 8pt; }
  table { border-collapse: collapse; width: 100%; font-size: 9.5pt; }
  th, td { border: 0.5pt solid #999; padding: 2.5pt 4pt; text-align: left; vertical-align: top; }
  th { background: #e8e8e8; }
  tr { page-break-inside: avoid; }
  .problem { font-weight: 600; }
  .missing { color: #8a4b00; font-weight: 600; }
  del { color: #777; }
  .late { color: #8a4b00; }
  .exceptions { margin: 0 0 8pt; padding-left: 16pt; }
  footer { margin-top: 14pt; font-size: 8.5pt; color: #555; }
`;

function entryCell(e: Entry, timezone: string, i?: StayItem): string {
  const outcome = html(outcomeWords(e.outcome));
  const why = e.reason ?? e.note;
  // A late entry with both its times; a high-alert dose with its witness (issue 35).
  const late = e.givenAt ? ` <span class="late">(${html(lateEntryWords(e, timezone))})</span>` : "";
  const witness = i ? stayWitnessWords(i, timezone) : undefined;
  const eyes = witness
    ? ` <span class="${i?.witness?.state === "witnessed" ? "" : "problem"}">· ${html(witness)}</span>`
    : "";
  const text = `${isProblemOutcome(e.outcome) ? `<span class="problem">${outcome}</span>` : outcome}${late}${why ? ` — ${own(why)}` : ""}${eyes}`;
  return e.supersededBy !== undefined ? `<del>${text}</del> <small>(corrected)</small>` : text;
}

function rows(p: PetStayRecord, timezone: string): string {
  const out: string[] = [];
  const line = (i: StayItem, e: Entry | undefined, cls = "") =>
    `<tr${cls ? ` class="${cls}"` : ""}><td>${html(dayHeading(i.date))}</td><td>${html(i.round)}</td><td>${own(e?.itemText ?? i.label)}${i.due ? "" : " <small>(recorded; not on the care record now)</small>"}</td>` +
    `<td>${e ? entryCell(e, timezone, e === i.entry ? i : undefined) : '<span class="missing">not recorded</span>'}</td><td>${e ? own(e.userName) : ""}</td><td>${e ? html(dateTimeOf(e.recordedAt, timezone)) : ""}</td></tr>`;
  for (const i of p.items) {
    // The item's earlier entries, corrected since, first (struck through), then the current one.
    const older = p.entries.filter(
      (e) => e.date === i.date && e.round === i.round && e.item === i.item && e.supersededBy !== undefined,
    );
    for (const e of older) out.push(line(i, e, "corrected"));
    out.push(line(i, i.entry));
  }
  return out.join("\n");
}

/** The stay's figure and every dose late, missed or not given, with its reason (issue 35). */
function doseFigures(p: PetStayRecord, timezone: string): string {
  const figure = stayFigureWords(p);
  const list = stayExceptionLines(p, timezone);
  return [
    figure ? `<p class="meta">${html(figure)}</p>` : "",
    list.length
      ? `<p class="meta">${html(EXCEPTIONS_HEADING)}</p>\n<ul class="exceptions">\n${list.map((x) => `<li>${html(x)}</li>`).join("\n")}\n</ul>`
      : "",
  ]
    .filter(Boolean)
    .join("\n");
}

function petSection(p: PetStayRecord, timezone: string): string {
  return `<section>
<h2>${own(p.petName)} <small>(pet ${html(p.petId)})</small></h2>
<p class="summary">${html(staySummaryWords(p, timezone))}</p>
${doseFigures(p, timezone)}
<table>
<thead><tr><th>Day</th><th>Round</th><th>Item due</th><th>Outcome</th><th>Who</th><th>When</th></tr></thead>
<tbody>
${rows(p, timezone) || '<tr><td colspan="6">Nothing due or recorded for this stay.</td></tr>'}
</tbody>
</table>
</section>`;
}

export function stayHtml(page: StayPage): string {
  const tz = page.timezone;
  const pets = page.stay.pets.map((p) => p.petName);
  const title = `Care record — ${pets.join(", ") || "no pet recorded"} — ${page.reference}`;
  const heading = `Care record — ${pets.map(own).join(", ") || "no pet recorded"} — ${own(page.reference)}`;
  const when = [
    page.checkIn ? `check-in ${dateTimeOf(page.checkIn, tz)}` : undefined,
    page.checkOut ? `check-out ${dateTimeOf(page.checkOut, tz)}` : undefined,
  ]
    .filter(Boolean)
    .join(" · ");
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${html(title)}</title>
<style>${STYLE}</style>
</head>
<body>
<h1>${heading}</h1>
<p class="meta">Booking ${own(page.reference)}${when ? ` · ${html(when)}` : ""} · owner: ${page.owner === undefined ? "not known" : own(page.owner)}</p>
<p class="meta">Times are in the kennel's time zone, ${html(tz)}. Each entry shows who recorded it and when; a corrected entry is kept, struck through.</p>
${page.dueProblem ? `<p class="meta problem">${html(page.dueProblem)}</p>` : ""}
${page.stay.problem ? `<p class="meta problem">${html(page.stay.problem)}</p>` : ""}
${page.stay.pets.map((p) => petSection(p, tz)).join("\n")}
<footer>Made by Kennel Desk on ${html(dateTimeOf(page.generatedAt, tz))} (${html(tz)}) from the kennel's care record.${page.head ? ` Record head at the time: #${html(page.head.seq)}, sha256 <code>${html(page.head.hash)}</code> (check it with <code>kennel-desk record verify</code>).` : ""}</footer>
</body>
</html>
`;
}
