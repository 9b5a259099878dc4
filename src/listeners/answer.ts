/** What a command's or a button's work answers (src/listeners/runner.ts posts it). */
import type { Threaded } from "../blocks/thread.ts";
import type { Message } from "../blocks/types.ts";

/**
 * Messages, each answered in turn; a thread (a parent and its replies: a big round sheet,
 * tomorrow's check), which alone goes to a channel as a message and its thread; or an answer in
 * parts.
 */
export type Answer = Message[] | Threaded | InParts;

/**
 * An answer whose first messages are ready before the rest (a day list's first cards, as soon as
 * their care is read): those now, the rest once read, each in turn. A failure of the rest is
 * answered as any failure is.
 */
interface InParts {
  first: Message[];
  rest: Promise<Message[]>;
}

/** The messages to post now, whether they are a thread, and the messages that follow them. */
export function partsOf(a: Answer): { now: Message[]; thread: boolean; rest?: Promise<Message[]> } {
  if (Array.isArray(a)) return { now: a, thread: false };
  if ("rest" in a) return { now: a.first, thread: false, rest: a.rest };
  return { now: [a.parent, ...a.replies], thread: a.replies.length > 0 };
}
