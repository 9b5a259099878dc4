/** /kennel status in Slack: the status document (src/present/kennel.ts) as one message. */
import type { StatusAnswer } from "../answers/kennel.ts";
import { statusDoc } from "../present/kennel.ts";
import { docMessage } from "./doc.ts";
import type { Message } from "./types.ts";

export function statusMessage(s: StatusAnswer): Message {
  return docMessage(statusDoc(s));
}
