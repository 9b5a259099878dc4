/**
 * Tomorrow's check: tomorrow's arrivals whose pets lack care details (no diet, not evaluated, or
 * not matched to the booking), so the evening shift can call the owners. Channel-safe: contacts
 * only behind each entry's "Owner's contacts" button, answered to the one who clicks.
 */
import type { TomorrowCheck } from "../answers/today.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { tomorrowDoc } from "../present/tomorrow.ts";
import { ownerContacts } from "./buttons.ts";
import { docBlocks, docMessage, lineMrkdwn } from "./doc.ts";
import { button, clip, esc, fallback, section } from "./mrkdwn.ts";
import { type Threaded, type ThreadItem, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

export function tomorrowMessages(t: ChannelSafe<TomorrowCheck>, timezone: string, lateAt?: string): Threaded {
  const doc = tomorrowDoc(t, timezone, lateAt);
  if (t.entries.length === 0) return { parent: docMessage(doc), replies: [] };
  const head = docBlocks(doc.parts.filter((p) => p.kind === "title" || p.kind === "summary"));
  const foot = docBlocks(doc.parts.filter((p) => p.kind === "note"));
  const texts = doc.parts.flatMap((p) => (p.kind === "item" ? [p.lines.map(lineMrkdwn).join("\n")] : []));
  const items = t.entries.map((e, i): ThreadItem => {
    const text = texts[i] ?? "";
    const id = e.booking.bookingId;
    // Each entry's own button: contacts only for the one who clicks, never in the channel.
    return id === undefined
      ? text
      : {
          text,
          accessory: button("Owner's contacts", ownerContacts.actionId(id), ownerContacts.encode({ b: id })),
        };
  });
  return threaded(doc.fallback, head, items, foot);
}

/** The contacts of one booking's owner, for the one who clicked (ephemeral). */
export function ownerContactsMessage(
  name: string | undefined,
  phone: string | undefined,
  email: string | undefined,
  reference: string | undefined,
): Message {
  const lines = [
    `👤 *${name ? clip(name, 200) : "Owner"}*${reference ? ` · booking \`${clip(reference, 60)}\`` : ""}`,
    phone ? `📞 ${esc(phone)}` : "📞 no phone recorded",
    email ? `✉️ ${esc(email)}` : "✉️ no email recorded",
  ];
  return { text: fallback(`Contacts of ${name ?? "the owner"}`), blocks: [section(lines.join("\n"))] };
}
