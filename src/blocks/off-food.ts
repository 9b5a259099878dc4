/** The Home tab's "pets off their food" list, for the one who clicked: each pet, its room and how many meals. */
import type { OffFoodListed } from "../answers/home-record.ts";
import { dayHeading } from "../words/dates.ts";
import { offFoodCountWords, offFoodWords } from "../words/off-food.ts";
import { clip, context, fallback, header, section } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

/** Most pets listed (a kennel with more has bigger problems than a list: the count says how many). */
const MAX = 40;

export function offFoodMessage(pets: OffFoodListed[] | undefined, date: string): Message {
  const title = `Off their food — ${dayHeading(date)}`;
  const blocks: Block[] = [header(title)];
  if (pets === undefined)
    blocks.push(section("The care record could not be read just now: try again in a minute."));
  else if (pets.length === 0)
    blocks.push(
      section("No pet is off its food: every pet ate its last meal in full, or at one of its last two."),
    );
  else {
    const lines = pets
      .slice(0, MAX)
      .map(
        (p) =>
          `• ${p.room ? `*${clip(p.room, 60)}* ` : ""}${clip(p.petName, 60)}: ${offFoodWords(p)}, the last at the ${p.last.round} round of ${dayHeading(p.last.date)}`,
      );
    for (let i = 0; i < lines.length; i += 15) blocks.push(section(lines.slice(i, i + 15).join("\n")));
    if (pets.length > MAX) blocks.push(context(`and ${pets.length - MAX} more`));
    blocks.push(
      context(
        "Off its food: ate some or none at two meals in a row or more. It clears at a meal eaten in full.",
      ),
    );
  }
  return { text: fallback(`${title}: ${offFoodCountWords(pets?.length ?? 0)}`), blocks };
}
