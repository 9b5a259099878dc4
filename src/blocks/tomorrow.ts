/**
 * Tomorrow's check: tomorrow's arrivals whose pets lack care details (no diet, not evaluated, or
 * not matched to the booking), so the evening shift can call the owners. Channel-safe: contacts
 * only behind each entry's "Owner's contacts" button, answered to the one who clicks.
 */
import type { TomorrowCheck } from "../answers/today.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { plural } from "../domain/text.ts";
import { careWarningWords } from "../words/care.ts";
import { timeOf } from "../words/dates.ts";
import { TOMORROW_ALL_KNOWN, tomorrowTitle } from "../words/house.ts";
import { ownerContacts } from "./buttons.ts";
import { lateWords } from "./digest.ts";
import { bold, button, clip, context, esc, fallback, header, section } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

export function tomorrowMessages(t: ChannelSafe<TomorrowCheck>, timezone: string, lateAt?: string): Threaded {
  const title = tomorrowTitle(t.date, t.entries.length, t.arrivals);
  const summary = `${plural(t.arrivals, "arrival")} · ${t.entries.length} with care details to get from the owner${lateWords(lateAt)}`;
  if (t.entries.length === 0) {
    return {
      parent: {
        text: fallback(`${title}: every arrival's care details are recorded`),
        blocks: [header(title), section(`✅ ${esc(TOMORROW_ALL_KNOWN)}${lateWords(lateAt)}`)],
      },
      replies: [],
    };
  }
  const out = threaded(
    title,
    [header(title), context(summary)],
    t.entries.map((e) => {
      const b = e.booking;
      const what = e.pets.map((p) => `${bold(clip(p.flags.name, 60))}: ${esc(p.missing.join(", "))}`);
      const warning = careWarningWords({ status: e.careStatus, unmatched: e.unmatched });
      if (warning) what.push(`❔ ${clip(warning, 200)}`);
      const text = `*${timeOf(b.checkInDate, timezone) || "--:--"}* ${b.petNames ? clip(b.petNames, 200) : "pets not recorded"} · ${b.customerName ? clip(b.customerName, 150) : "owner not recorded"}${b.reference ? ` · \`${clip(b.reference, 60)}\`` : ""}\n${what.join("\n")}`;
      const id = b.bookingId;
      // Each entry's own button: contacts only for the one who clicks, never in the channel.
      return id === undefined
        ? text
        : {
            text,
            accessory: button(
              "Owner's contacts",
              ownerContacts.actionId(id),
              ownerContacts.encode({ b: id }),
            ),
          };
    }),
  );
  return out;
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
