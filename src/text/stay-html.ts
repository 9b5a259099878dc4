/**
 * One stay's care record as a printable page for an inspector or a vet (`kennel-desk record export
 * --format html`): the stay's document (src/present/stay.ts stayPageDoc, the same as the "Stay
 * record" button and `kennel-desk record --booking`) serialized as HTML (src/text/html.ts), in one
 * self-contained file (no script, no external resource: the style inline, prints on A4). The pet, the
 * owner's name only (never a contact), every item due and every entry, who recorded it and when, in
 * the kennel's time zone; a corrected entry kept, struck through.
 */
import { type StayPage, stayPageDoc } from "../present/stay.ts";
import { stayIndexDoc } from "../present/stay-index.ts";
import { docPage } from "./html.ts";

const STYLE = `
  @page { size: A4; margin: 16mm 14mm; }
  body { font: 11pt/1.4 system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #111; margin: 0 auto; max-width: 190mm; }
  h1 { font-size: 17pt; margin: 0 0 6pt; }
  p { margin: 0 0 8pt; }
  p strong:first-child { font-size: 12pt; }
  .fields { color: #333; }
  .label { font-weight: 600; }
  .alert { color: #8a1c1c; font-weight: 600; }
  .warn { color: #8a4b00; }
  .muted, del { color: #666; }
  code { font-size: 9.5pt; word-break: break-all; }
  .note { margin-top: 14pt; font-size: 8.5pt; color: #555; }
  hr.page { border: 0; margin: 0; break-after: page; page-break-after: always; }
`;

/** A pet's page of a stay; `more`: the stay's other pets' pages after it, each on a new printed page (one file). */
export function stayHtml(page: StayPage, more: readonly StayPage[] = []): string {
  return docPage(stayPageDoc(page), STYLE, more.map(stayPageDoc));
}

/** The export's index page: each stay's pet with its page's link, dates and figures. */
export function stayIndexHtml(...args: Parameters<typeof stayIndexDoc>): string {
  return docPage(stayIndexDoc(...args), STYLE);
}
