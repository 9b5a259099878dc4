/** The stay's care record as terminal text: the summary lines, and the full record (`kennel-desk record --booking`). */
import type { StayRecordView } from "../domain/stay.ts";
import { stayRecordLines, staySummaryWords } from "../words/stay.ts";
import type { TextOptions } from "./options.ts";
import { bold, one, paragraphs, title } from "./style.ts";

/** One line per pet ("📋 Stay record, Juniper: …"), or why the record could not be read. */
export function staySummaryText(stay: StayRecordView | undefined, timezone: string): string[] {
  if (!stay) return [];
  if (stay.problem) return [`📋 ❔ ${one(stay.problem, 600)}`];
  return stay.pets.map((p) => `📋 ${one(staySummaryWords(p, timezone), 2000)}`);
}

/** The stay's full record: each pet, each round, each item with who and when; corrections kept. */
export function stayRecordText(stay: StayRecordView, reference: string, o: TextOptions): string {
  const head = title(o, `Stay record · ${reference}`);
  if (stay.problem) return paragraphs([head, one(stay.problem, 600)]);
  if (stay.pets.length === 0) return paragraphs([head, "Nothing recorded for this stay yet."]);
  return paragraphs([
    head,
    ...stay.pets.map((p) => {
      const [first = "", ...rest] = stayRecordLines(p, o.timezone);
      return [bold(o, first), ...rest].join("\n");
    }),
    `Times in ${o.timezone}. A corrected entry is kept, marked “corrected”.`,
  ]);
}
