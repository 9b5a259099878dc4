/**
 * The round check as one document: at a round's time + ROUND_CHECK_AFTER, "⏰ Not recorded yet ·
 * Morning round, Tue 24 Nov · 12 of 31 pets recorded", then each pet still to record ("Kennel 5
 * Juniper: Rimadyl 50 mg, meal") and what is not known; redrawn as entries arrive until "✅ Morning
 * round, Tue 24 Nov: all recorded ✓". Channel-safe (names and rooms only). Block Kit posts it in the
 * round post's thread (src/blocks/round-check.ts, with the one mention it may carry); the text
 * serializer draws the same words.
 */
import type { RecordProblem, RoundCheck } from "../answers/round-check.ts";
import { roundWord } from "../domain/rounds.ts";
import { plural } from "../domain/text.ts";
import { dayHeading } from "../words/dates.ts";
import { type Doc, type Line, line, type Part, strong, toned, value } from "./doc.ts";

/** Most pets named (the rest are counted: the round post itself lists every pet). */
const MAX_PETS = 60;
/** Pets per paragraph: a Slack section's worth, with room for long names. */
const PER_PART = 15;

/** "Kennel 5 Juniper: Rimadyl 50 mg, meal" */
function checkPetLine(p: RoundCheck["missing"][number]): Line {
  return line(
    "• ",
    p.room ? `${value(p.room, 40)} ` : undefined,
    value(p.petName, 60),
    `: ${p.items.map((i) => value(i, 60)).join(", ")}`,
  );
}

/** Why nothing can be said to be recorded. */
const problemWords = (p: RecordProblem): string =>
  p.kind === "none"
    ? "This Kennel Desk keeps no care record."
    : `The care record could not be read: ${value(p.what, 400)}`;

/** The check's words; `updatedAt`: when it was last drawn ("09:12"), in the kennel's zone. */
export function roundCheckDoc(c: RoundCheck, o: { updatedAt?: string | undefined } = {}): Doc {
  const round = `${roundWord(c.round)} round, ${dayHeading(c.date)}`;
  const counted = `${c.recorded} of ${plural(c.pets, "pet")}`;
  const done = c.missing.length === 0 && !c.problem;
  const parts: Part[] = [];
  const fallback = done
    ? `${round}: all recorded ✓`
    : `Not recorded yet (${round}): ${plural(c.missing.length, "pet")}`;
  if (done)
    parts.push({ kind: "text", lines: [line("✅ ", strong(`${round}: all recorded ✓`), ` (${counted})`)] });
  else {
    parts.push({
      kind: "text",
      lines: [line("⏰ ", strong("Not recorded yet"), ` · ${round} · ${counted} recorded`)],
    });
    const named = c.missing.slice(0, MAX_PETS).map(checkPetLine);
    for (let i = 0; i < named.length; i += PER_PART)
      parts.push({ kind: "text", lines: named.slice(i, i + PER_PART) });
  }
  const notes: string[] = [];
  if (c.problem) notes.push(`❔ ${problemWords(c.problem)}`);
  if (c.careMissing)
    notes.push(
      `❔ ${plural(c.careMissing, "booking")} with care details not matched: what is due there is not known.`,
    );
  if (!done && c.missing.length > MAX_PETS)
    notes.push(`and ${plural(c.missing.length - MAX_PETS, "more pet")}: see the round post`);
  notes.push(o.updatedAt ? `updated ${o.updatedAt} · edited as entries arrive` : "edited as entries arrive");
  parts.push({ kind: "note", lines: [[toned(c.problem ? "warn" : undefined, notes.join(" · "))]] });
  return { fallback, parts };
}
