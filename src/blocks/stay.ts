/**
 * The stay's care record in Block Kit: the summary lines under a departure or a booking, the "Stay
 * record" button, and the full record (answered only to the one who clicked). Every word from the
 * shared wording (src/words/stay.ts), escaped; within Block Kit's limits on the longest stay.
 */
import type { StayRecordView } from "../domain/stay.ts";
import { stayRecordLines, staySummaryWords } from "../words/stay.ts";
import { stayRecordButton } from "./buttons.ts";
import { LIMITS } from "./limits.ts";
import { bold, button, context, esc, fallback, header, section, truncate } from "./mrkdwn.ts";
import type { Block, Button, Message } from "./types.ts";

/** Most pets' summary lines under one entry (a booking with more points to the button). */
const MAX_PETS = 4;
const LINE_MAX = 600;

/** One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read. */
export function staySummaryLines(stay: StayRecordView | undefined, timezone: string): string[] {
  if (!stay) return [];
  if (stay.problem) return [`📋 ❔ ${esc(stay.problem)}`];
  const lines = stay.pets
    .slice(0, MAX_PETS)
    .map((p) => truncate(`📋 ${esc(staySummaryWords(p, timezone))}`, LINE_MAX));
  if (stay.pets.length > MAX_PETS) lines.push(`📋 ${stay.pets.length - MAX_PETS} more pets: Stay record`);
  return lines;
}

/** The "Stay record" button, when there is a record to open. */
export function stayButton(stay: StayRecordView | undefined): Button | undefined {
  if (!stay || stay.problem || stay.pets.length === 0) return undefined;
  return button(
    "Stay record",
    stayRecordButton.actionId(stay.bookingId),
    stayRecordButton.encode({ b: stay.bookingId }),
  );
}

/**
 * The stay's full record (each round, each item, who and when, corrections): sections of whole
 * lines, within the block and text budgets; what does not fit points to the terminal.
 */
export function stayRecordMessage(stay: StayRecordView, reference: string, timezone: string): Message {
  const title = `Stay record · ${reference}`;
  const blocks: Block[] = [header(title)];
  if (stay.problem) blocks.push(section(`❔ ${esc(stay.problem)}`));
  if (!stay.problem && stay.pets.length === 0) blocks.push(section("Nothing recorded for this stay yet."));
  const budget = LIMITS.messageText - 1500;
  let used = title.length;
  let cut = false;
  for (const pet of stay.pets) {
    const lines = stayRecordLines(pet, timezone).map((l, i) =>
      i === 0 ? bold(esc(l)) : esc(l).replace(/^( +)/, (m) => "\u2003".repeat(m.length / 2)),
    );
    let chunk: string[] = [];
    const flush = () => {
      if (chunk.length) blocks.push(section(chunk.join("\n")));
      chunk = [];
    };
    for (const line of lines) {
      const l = truncate(line, 1000);
      if (used + l.length + 1 > budget || blocks.length >= LIMITS.blocks - 3) {
        cut = true;
        break;
      }
      if ([...chunk, l].join("\n").length > LIMITS.sectionText - 100) flush();
      chunk.push(l);
      used += l.length + 1;
    }
    flush();
    if (cut) break;
  }
  if (cut) {
    blocks.push(
      context(
        `The rest of this stay's record is longer than one message: \`kennel-desk record --booking ${esc(reference)}\` prints all of it.`,
      ),
    );
  }
  blocks.push(context("Times in the kennel's time zone. A corrected entry is kept, marked “corrected”."));
  return { text: fallback(title), blocks };
}
