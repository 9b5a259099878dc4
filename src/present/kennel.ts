/**
 * /kennel status, /kennel help and a failure, each as one document: the same words and order in
 * Slack, the terminal and the connector.
 */
import type { Failure } from "../answers/failure.ts";
import type { StatusAnswer } from "../answers/kennel.ts";
import { type DateOrder, zoneDateOrder } from "../config/date-order.ts";
import {
  COMMANDS,
  type CommandHelp,
  DATE_HELP,
  dateOrderHelp,
  PRIVACY_HELP,
  SEEN_BY,
} from "../words/help.ts";
import { code, type Doc, type Line, line, type Part, strong, toned, value } from "./doc.ts";

const STATUS_ICON = { ok: "✅", unreachable: "🔌", key_rejected: "🔑", wrong_address: "🧭" } as const;

/**
 * The kennel API's state: OK or not with its headline, what happened and what to do, then the
 * bot's link to Slack, who can read the posts, the cache, the house routine (KENNEL_HOUSE_MEALS), and
 * the address, request id and time.
 */
export function statusDoc(s: StatusAnswer): Doc {
  const { words, report } = s;
  const head = `${words.ok ? "OK" : "NOT OK"}: ${words.headline}`;
  const fields: Array<{ label: string; value: Line }> = [];
  const field = (label: string, text: string | undefined, max = 600) => {
    if (text) fields.push({ label, value: line(value(text, max)) });
  };
  field("What happened", words.detail);
  if (!words.ok) fields.push({ label: "What to do", value: line(value(words.action, 600)) });
  field("💬 Slack", s.slack, 400);
  field("👥 Who can read the posts", s.channels, 600);
  field("🗄 Cache", s.cache, 600);
  field("🍽 House routine (no diet on record)", s.houseMeals, 300);
  field("Address", report.baseUrl, 300);
  fields.push({
    label: "Request id",
    value: line(report.requestId ? value(report.requestId, 100) : "none given"),
  });
  fields.push({ label: "Answered in", value: line(`${report.durationMs} ms`) });
  return {
    fallback: head,
    parts: [
      { kind: "title", text: "Kennel API status" },
      {
        kind: "text",
        lines: [line(`${STATUS_ICON[words.state]} `, strong(head, words.ok ? undefined : "alert"))],
      },
      { kind: "fields", fields },
    ],
  };
}

/** "/rounds [round] [date] — the feeding and medication sheet… (in the channel)". */
const commandLine = (c: CommandHelp): Line =>
  line(strong(c.usage), ` — ${c.what} `, toned("muted", `(${SEEN_BY[c.seenBy]})`));

/** Every command from the one list (src/words/help.ts), how dates are read, and the time zone. */
export function helpDoc(timezone: string, note?: string, order: DateOrder = zoneDateOrder(timezone)): Doc {
  const parts: Part[] = [{ kind: "title", text: "Kennel Desk: what you can ask" }];
  if (note) parts.push({ kind: "text", lines: [line(value(note, 300))] });
  parts.push(
    { kind: "text", lines: COMMANDS.map(commandLine) },
    { kind: "text", lines: [line(DATE_HELP), line(dateOrderHelp(order)), line(PRIVACY_HELP)] },
    { kind: "note", lines: [line(`Kennel time zone: ${value(timezone, 100)}`)] },
  );
  return {
    fallback:
      "Kennel Desk help: /arrivals, /departures, /inhouse, /rounds, /booking, /pet, /customer, /kennel",
    parts,
  };
}

/** `/kennel help rounds`: that command's usage, what it answers, examples, and how dates are read. */
export function commandHelpDoc(c: CommandHelp, order: DateOrder): Doc {
  const examples = c.examples?.length ? line(strong("Examples:"), ` ${c.examples.join(", ")}`) : undefined;
  return {
    fallback: `Kennel Desk help: ${c.usage}`,
    parts: [
      { kind: "title", text: `Help: ${c.usage.split(" ")[0]}` },
      { kind: "text", lines: examples ? [commandLine(c), examples] : [commandLine(c)] },
      { kind: "text", lines: [line(DATE_HELP), line(dateOrderHelp(order))] },
      { kind: "note", lines: [line("Every command: /kennel help")] },
    ],
  };
}

/** A text's own lines, each cleaned and kept (a settings problem lists one setting a line). */
const ownLines = (text: string, max: number): Line[] =>
  text
    .split("\n")
    .map((l) => value(l, max))
    .filter(Boolean)
    .map((l) => line(l));

/**
 * What happened (loud), what to do, and the request id to quote: the one description of any failure.
 * A record not found says its request id too (spec, Errors: every error carries one, to quote to
 * support): the id that was not found may be the API's fault, not the typist's.
 */
export function failureDoc(f: Failure): Doc {
  const [first, ...rest] = ownLines(f.what, 1500);
  const what: Line[] = [[toned("alert", `⚠️ ${first?.[0]?.text ?? "Something went wrong."}`)], ...rest];
  const id = f.requestId
    ? [line("Request id: ", code(value(f.requestId, 100)), " (quote it to support)")]
    : [];
  return {
    fallback: `${f.what} ${f.whatToDo}`,
    parts: [{ kind: "text", lines: [...what, ...ownLines(f.whatToDo, 1500), ...id] }],
  };
}
