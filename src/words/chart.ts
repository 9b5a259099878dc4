/** The words of "🖨 Chart" (the day's medication chart on paper, sent to the one who taps it). */
import { plural } from "../domain/text.ts";
import { dayHeading } from "./dates.ts";

/** The file's name in Slack: as `kennel-desk chart DATE --out DIR` names it. */
export const chartFileName = (date: string) => `chart-${date}.html`;

export const chartFileTitle = (date: string) => `Medication chart · ${dayHeading(date)}`;

/** The message the file comes with, in the tapper's messages with the app. */
export function chartFileWords(date: string, pets: number, problems: number): string {
  const what =
    pets === 0
      ? "no pet in house has a medication that day: the file says so"
      : `${plural(pets, "pet")} with a medication, a page each`;
  const unread = problems ? ` ⚠️ ${plural(problems, "thing")} it could not show: said at its end.` : "";
  return `🖨 The medication chart for ${dayHeading(date)}: ${what}. Open it in a browser and print it (A4 portrait).${unread}`;
}

/** Said where the button was tapped (a channel): where the file went. */
export const chartSentWords = (date: string) =>
  `🖨 The medication chart for ${dayHeading(date)} is in your messages with Kennel Desk (its Messages tab), only for you: open it and print.`;

/** Before a failure's own words: what could not be done. */
export const chartFailedWords = (date: string) => `No chart for ${dayHeading(date)}:`;

/** The evening post of tomorrow's charts (CHART_POST_AT): what it is for, in the kennel's words. */
export function chartPostWords(date: string, pets: number): { title: string; lines: string[] } {
  return {
    title: `🖨 Tomorrow's medication charts · ${dayHeading(date)}`,
    lines: [
      pets === 0
        ? "No pet in house tomorrow has a medication: nothing to print."
        : `${plural(pets, "pet")} with a medication, a page each. Tap 🖨 Chart for the file (in your messages with Kennel Desk), print it (A4 portrait) and keep it with the medicines.`,
      "If Slack or Kennel Desk is down in the morning, give and sign on the paper, and enter it in the record once it is back.",
    ],
  };
}
