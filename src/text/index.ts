/**
 * Plain text of every answer, for the terminal (`kennel-desk …`, colours only in a terminal) and
 * the assistant connector's text content. Pure functions of the answers' data; the same words as
 * Slack's cards (src/words/). Each function takes the answer's data and options, returns a string.
 */
import { bookingsText, customerListText, customerText } from "./customers.ts";
import { dayText } from "./day.ts";
import { houseText, roundSheetText, roundText, todayText, tomorrowText } from "./house.ts";
import { failureText, helpText, rawText, statusText } from "./kennel.ts";
import type { TextOptions } from "./options.ts";
import { bookingText, petListText, petText } from "./records.ts";

export type { TextOptions };

export {
  bookingsText,
  bookingText,
  customerListText,
  customerText,
  dayText,
  failureText,
  helpText,
  houseText,
  petListText,
  petText,
  rawText,
  roundSheetText,
  roundText,
  statusText,
  todayText,
  tomorrowText,
};

/**
 * An answer as JSON (`--json`, the connector's structured content): the answer's data itself, with
 * `raw` only when the answer carries it (KENNEL_RAW_RESPONSES=1). An error inside (a status check's
 * cause) becomes its name, message and request id, never its stack.
 */
export function jsonOf(answer: unknown): string {
  return JSON.stringify(
    answer,
    (_key, value: unknown) => {
      if (value instanceof Error) {
        const requestId = (value as { requestId?: unknown }).requestId;
        return { name: value.name, message: value.message, ...(requestId ? { requestId } : {}) };
      }
      return value;
    },
    2,
  );
}
