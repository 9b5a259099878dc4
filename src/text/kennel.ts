/** The kennel API's state, help, a failure and the API's raw JSON, as terminal text. */
import type { Failure } from "../answers/failure.ts";
import type { StatusAnswer } from "../answers/kennel.ts";
import type { DateOrder } from "../config/date-order.ts";
import { cleanText, type Doc } from "../present/doc.ts";
import { failureDoc, helpDoc, statusDoc } from "../present/kennel.ts";
import { docText } from "./doc.ts";
import type { TextOptions } from "./options.ts";
import { dim, paragraphs, title } from "./style.ts";

/** The kennel API's state: the status document (src/present/kennel.ts) as text. */
export function statusText(s: StatusAnswer, o: TextOptions): string {
  return docText(statusDoc(s), o);
}

/** What Kennel Desk can do in Slack: the help document, as /kennel help shows it. */
export function helpText(o: TextOptions, order?: DateOrder): string {
  return docText(helpDoc(o.timezone, undefined, order), o);
}

/** What happened, what to do, and the request id to quote (standard error, the connector). */
export function failureText(f: Failure, o: TextOptions): string {
  return docText(failureDoc(f), o);
}

/** The API's JSON as it came (KENNEL_RAW_RESPONSES=1), cleaned of display-hijacking characters. */
export function rawText(raw: unknown, o: TextOptions): string {
  return `${dim(o, "The API's JSON:")}\n${cleanText(JSON.stringify(raw, null, 2) ?? "null")}`;
}

/** A record or a search as text: the API's own JSON under `heading` when it was asked for, else its document. */
export function rawOrDocText(raw: unknown, heading: string, doc: () => Doc, o: TextOptions): string {
  if (raw === undefined) return docText(doc(), o);
  return paragraphs([title(o, heading), rawText(raw, o)]);
}
