/** The kennel API's state, help, a failure and the API's raw JSON, as terminal text. */
import type { Failure } from "../answers/failure.ts";
import type { StatusAnswer } from "../answers/kennel.ts";
import { cleanText } from "../domain/text.ts";
import { COMMANDS, DATE_HELP, PRIVACY_HELP } from "../words/help.ts";
import type { TextOptions } from "./options.ts";
import { bold, dim, one, paragraphs, red, title } from "./style.ts";

/** "OK: …", what happened, what to do, the address, the request id, how long it took. */
export function statusText(s: StatusAnswer, o: TextOptions): string {
  const { report, words } = s;
  const head = words.ok ? bold(o, `OK: ${words.headline}`) : red(o, `NOT OK: ${words.headline}`);
  return [
    head,
    words.detail ? `  What happened: ${one(words.detail, 600)}` : undefined,
    words.ok ? undefined : `  What to do: ${words.action}`,
    `  Address: ${one(report.baseUrl, 300)}`,
    `  Request id: ${report.requestId ? one(report.requestId, 100) : "none given"}`,
    `  Answered in: ${report.durationMs} ms`,
    s.cache ? `  Cache: ${one(s.cache, 300)}` : undefined,
    s.slack ? `  Slack: ${one(s.slack, 300)}` : undefined,
  ]
    .filter((l) => l !== undefined)
    .join("\n");
}

const SEEN_BY = { channel: "in the channel", asker: "only you see it" } as const;

/** What Kennel Desk can do in Slack: the one list of commands (src/words/help.ts). */
export function helpText(o: TextOptions): string {
  const rows = COMMANDS.map((c) => `${bold(o, c.usage)}\n    ${c.what} ${dim(o, `(${SEEN_BY[c.seenBy]})`)}`);
  return paragraphs([title(o, "Kennel Desk: what it can do"), rows.join("\n"), DATE_HELP, PRIVACY_HELP]);
}

/** What happened, what to do, and the request id to quote, on one line (standard error, logs). */
export function failureText(f: Failure, o: TextOptions): string {
  const id = f.requestId ? ` (request id ${one(f.requestId, 100)})` : "";
  return `${red(o, cleanText(f.what))} ${cleanText(f.whatToDo)}${id}`;
}

/** The API's JSON as it came (KENNEL_RAW_RESPONSES=1), cleaned of display-hijacking characters. */
export function rawText(raw: unknown, o: TextOptions): string {
  return `${dim(o, "The API's JSON:")}\n${cleanText(JSON.stringify(raw, null, 2) ?? "null")}`;
}
