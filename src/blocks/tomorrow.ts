/**
 * Tomorrow's check: tomorrow's arrivals whose pets lack care details (no diet, not evaluated, or
 * not matched to the booking), so the evening shift can call the owners. Channel-safe: contacts
 * only behind each entry's "Owner's contacts" button, answered to the one who clicks.
 */

import type { TomorrowCheck } from "../answers/today.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { channelDoc } from "../present/channel-words.ts";
import { tomorrowDoc } from "../present/tomorrow.ts";
import { ownerContacts } from "./buttons.ts";
import { docMessages, docThread } from "./doc.ts";
import { clip, esc, fallback, section } from "./mrkdwn.ts";
import { asThread, type Threaded, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

export function tomorrowMessages(t: ChannelSafe<TomorrowCheck>, timezone: string, lateAt?: string): Threaded {
  const doc = channelDoc(
    tomorrowDoc(t, {
      timezone,
      lateAt,
      // Each entry's own button: contacts only for the one who clicks, never in the channel.
      contactsAction: (b) => ({ actionId: ownerContacts.actionId(b), value: ownerContacts.encode({ b }) }),
    }),
  );
  if (t.entries.length === 0) return asThread(docMessages(doc));
  const { head, items, foot } = docThread(doc);
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
