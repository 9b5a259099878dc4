/**
 * The pets off their food as one document (the Home tab's list, for the one who clicked): each pet,
 * its room, how many meals and the last of them; or that none is, or that the record could not be
 * read. Block Kit (src/blocks/off-food.ts) and the text serializer draw the same words.
 */
import type { OffFoodListed } from "../answers/home-record.ts";
import { dayHeading } from "../words/dates.ts";
import { offFoodCountWords, offFoodWords } from "../words/off-food.ts";
import { type Doc, type Line, line, type Part, strong, whole } from "./doc.ts";
import { andMoreWords } from "./parts.ts";

/** Most pets listed (a kennel with more has bigger problems than a list: the rest counted, with where to see them). */
const MAX = 40;
/** Pets per paragraph: a Slack section's worth. */
const PER_PART = 15;

function offFoodLine(p: OffFoodListed): Line {
  return line(
    "• ",
    p.room ? strong(whole(p.room)) : undefined,
    p.room ? " " : undefined,
    whole(p.petName),
    `: ${offFoodWords(p)}, the last at the ${p.last.round} round of ${dayHeading(p.last.date)}`,
  );
}

/** `pets`: undefined when the care record could not be read (said, never an empty list). */
export function offFoodDoc(pets: OffFoodListed[] | undefined, date: string): Doc {
  const title = `Off their food — ${dayHeading(date)}`;
  const parts: Part[] = [{ kind: "title", text: title }];
  if (pets === undefined)
    parts.push({
      kind: "text",
      lines: [line("The care record could not be read just now: try again in a minute.")],
    });
  else if (pets.length === 0)
    parts.push({
      kind: "text",
      lines: [
        line("No pet is off its food: every pet ate its last meal in full, or at one of its last two."),
      ],
    });
  else {
    const lines = pets.slice(0, MAX).map(offFoodLine);
    for (let i = 0; i < lines.length; i += PER_PART)
      parts.push({ kind: "text", lines: lines.slice(i, i + PER_PART) });
    const foot: Line[] = [];
    if (pets.length > MAX)
      foot.push(line(andMoreWords(pets.length - MAX, "pet", "the round's sheet (/rounds), each flagged 🍽")));
    foot.push(
      line(
        "Off its food: ate some or none at two meals in a row or more. It clears at a meal eaten in full.",
      ),
    );
    parts.push({ kind: "note", lines: foot });
  }
  return { fallback: `${title}: ${offFoodCountWords(pets?.length ?? 0)}`, parts };
}
