/**
 * A stay's daily welfare checks as document parts, for the stay's full record (the "Stay record"
 * button, `kennel-desk record --booking`, the connector: src/present/stay.ts) and the inspection
 * page's welfare section (src/text/stay-html.ts, through src/text/html.ts): every welfare round
 * of the stay with its check or its absence ("Sat 21 Nov, evening: ❌ no welfare check"), a check
 * corrected since kept and struck through, and each flag with its vet advice and its resolution.
 */
import type { PetStayRecord } from "../domain/stay.ts";
import { dateTimeOf } from "../words/dates.ts";
import { flagHeadWords, WELFARE_DAY_STATE, welfareDayHead } from "../words/welfare.ts";
import { type Line, line, type Part, strong, toned, whole } from "./doc.ts";
import { textParts } from "./parts.ts";
import { checkLine } from "./welfare.ts";

/** A section's worth of lines (Slack's 3000 characters, with room for the marks). */
const CHUNK_CHARS = 2600;

/** The lines of a stay's welfare checks: each round with its check or its absence, then the flags. */
function welfareLines(p: PetStayRecord, timezone: string): Line[] {
  const w = p.welfare;
  if (!w) return [];
  const lines: Line[] = [[strong(`🩺 Welfare checks, ${whole(p.petName)}`)]];
  for (const d of w.days) {
    const head = `${welfareDayHead(d)}: `;
    if (!d.check) {
      const words = WELFARE_DAY_STATE[d.state as keyof typeof WELFARE_DAY_STATE];
      lines.push(line(head, d.state === "missed" ? toned("alert", words) : words));
      continue;
    }
    lines.push([{ text: head }, ...checkLine(d.check, timezone)]);
    // The checks this one corrected, kept and struck through.
    for (const c of w.corrected.filter((x) => x.date === d.date && x.round === d.round))
      lines.push([{ text: "\u2003corrected: " }, ...checkLine(c, timezone, { struck: true })]);
  }
  if (w.days.length === 0)
    lines.push(
      line(w.ended ? "No welfare check was due in this stay." : "No welfare check due in this stay yet."),
    );
  for (const f of w.flags) {
    const advice = f.advice.map(
      (a) =>
        `🩺 vet advice from ${whole(a.vet)} (sought ${dateTimeOf(a.sought, timezone)}, recorded by ${whole(a.userName)}): ${whole(a.advice)}`,
    );
    lines.push(
      line(
        toned("alert", `${flagHeadWords(f)}`),
        ` · opened ${dateTimeOf(f.openedAt, timezone)}`,
        ...advice.map((a) => ` · ${a}`),
        f.advice.length ? "" : " · 🩺 vet advice sought? not recorded",
        f.resolved
          ? ` · ✔️ resolved ${dateTimeOf(f.resolved.recordedAt, timezone)} by ${whole(f.resolved.userName)}: ${whole(f.resolved.why)}`
          : " · still open",
      ),
    );
  }
  return lines;
}

/** The stay's welfare checks as parts (text parts within a section's size each); none without them. */
export function stayWelfareParts(p: PetStayRecord, timezone: string): Part[] {
  const lines = welfareLines(p, timezone);
  return textParts(lines, CHUNK_CHARS);
}
