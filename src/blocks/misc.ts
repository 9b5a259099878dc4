/** Help, status, errors, refusals and raw JSON. */
import type { StatusWords } from "../kennel/status.ts";
import { LIMITS } from "./limits.ts";
import { context, esc, fallback, header, section, truncate } from "./mrkdwn.ts";
import type { Block, Message } from "./types.ts";

export const HELP_TEXT = [
  "*/arrivals* `[date]` — the day's arrivals, for the channel",
  "*/departures* `[date]` — the day's departures, for the channel; unpaid ones stand out",
  "*/booking* `REF` or `/booking 12345` — one booking, only you see it",
  "*/pet* `NAME` or `ID` — a pet's care summary: diet, medication schedule, allergies, notes",
  "*/customer* `NAME`, `EMAIL`, `PHONE` or `ID` — contacts, consent, pets, booking history (only you see it)",
  "*/kennel status* — is the kennel API reachable and is the key accepted",
  "*/kennel bookings* `[from] [to] [status:confirmed] [type:boarding] [customer:ID] [text]` — search bookings",
  "*/kennel customers* `TEXT` — search customers · */kennel pets* `TEXT` — search pets",
  "",
  "*Dates:* `today` (the default), `tomorrow`, `yesterday`, a weekday such as `friday` (the coming one; today if it is Friday), `+3` or `-1` days, `2026-12-24`, `24 Dec` or `Dec 24` (the nearest one).",
  "Times are in the kennel's time zone. Contact details only ever appear in answers that only you can see.",
].join("\n");

export function helpMessage(timezone: string, note?: string): Message {
  const blocks: Block[] = [header("Kennel Desk: what you can ask")];
  if (note) blocks.push(section(note));
  blocks.push(section(HELP_TEXT), context(`Kennel time zone: ${esc(timezone)}`));
  return { text: "Kennel Desk help: /arrivals, /departures, /booking, /pet, /customer, /kennel", blocks };
}

export function statusMessage(
  words: StatusWords,
  baseUrl: string,
  requestId: string | undefined,
  durationMs: number,
): Message {
  const icon = words.ok
    ? "✅"
    : words.state === "unreachable"
      ? "🔌"
      : words.state === "key_rejected"
        ? "🔑"
        : "🧭";
  const lines = [`${icon} *${esc(words.headline)}*`];
  if (words.detail) lines.push(esc(words.detail));
  if (!words.ok) lines.push(`*What to do:* ${esc(words.action)}`);
  return {
    text: fallback(`${words.ok ? "OK" : "Not OK"}: ${words.headline}`),
    blocks: [
      header("Kennel API status"),
      section(lines.join("\n")),
      context(
        `${esc(baseUrl)} · answered in ${durationMs} ms${requestId ? ` · request id ${esc(requestId)}` : ""}`,
      ),
    ],
  };
}

/** An error in words: what happened, what to do, and the request id to quote. */
export function errorMessage(what: string, hint: string, requestId?: string): Message {
  const id = requestId ? `\nRequest id: \`${esc(requestId)}\` (quote it to support)` : "";
  const text = `⚠️ ${esc(what)}\n${esc(hint)}${id}`;
  return { text: fallback(`${what} ${hint}`), blocks: [section(text)] };
}

/** A notice written by Kennel Desk in mrkdwn (any API or user text in it already escaped). */
export function noticeMessage(mrkdwnText: string): Message {
  return {
    text: truncate(mrkdwnText.replace(/[*`]/g, ""), LIMITS.fallbackText),
    blocks: [section(mrkdwnText)],
  };
}

/**
 * The API's JSON unchanged, in code blocks, split so every message respects the limits
 * (at most 3000 characters a section, 50 blocks a message).
 */
export function rawMessages(title: string, raw: unknown): Message[] {
  const json = JSON.stringify(raw ?? null, null, 2) ?? "null";
  const chunkChars = LIMITS.sectionText - 8;
  // Escape first, then cut between characters so no entity (&amp;) is split.
  const escaped = esc(json);
  const chunks: string[] = [];
  let rest = escaped;
  while (rest.length > 0) {
    let cut = Math.min(chunkChars, rest.length);
    const amp = rest.lastIndexOf("&", cut);
    if (amp > cut - 6 && amp > 0 && rest.indexOf(";", amp) >= cut) cut = amp;
    chunks.push(rest.slice(0, cut));
    rest = rest.slice(cut);
  }
  // At most 12 sections (about 36 KB) a message: within Slack's overall message size.
  const perMessage = 12;
  const messages: Message[] = [];
  for (let i = 0; i < chunks.length; i += perMessage) {
    const part = chunks.slice(i, i + perMessage);
    const n = Math.floor(i / perMessage) + 1;
    const total = Math.ceil(chunks.length / perMessage);
    const blocks: Block[] = [header(total > 1 ? `${title} (raw, part ${n} of ${total})` : `${title} (raw)`)];
    for (const c of part) blocks.push(section(`\`\`\`${c}\`\`\``));
    messages.push({ text: `${title}: the API's JSON${total > 1 ? `, part ${n} of ${total}` : ""}`, blocks });
  }
  return messages;
}
