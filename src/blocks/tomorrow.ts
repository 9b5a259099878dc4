/**
 * Tomorrow's check: tomorrow's arrivals whose pets lack care details (no diet, not evaluated, or
 * not matched to the booking), so the evening shift can call the owners. Channel-safe: contacts
 * only behind each entry's "Owner's contacts" button, answered to the one who clicks.
 */
import type { TomorrowCheck } from "../answers/today.ts";
import { plural } from "../domain/text.ts";
import { CARE_NOT_LOADED, CARE_NOT_MATCHED } from "../words/care.ts";
import { dayHeading, timeOf } from "../words/dates.ts";
import { ownerContacts } from "./buttons.ts";
import { lateWords } from "./digest.ts";
import { bold, button, clip, context, esc, fallback, header, section } from "./mrkdwn.ts";
import { type Threaded, threaded } from "./thread.ts";
import type { Message } from "./types.ts";

function tomorrowTitle(t: TomorrowCheck): string {
  return `Care details missing — arrivals ${dayHeading(t.date)} (${t.entries.length})`;
}

export function tomorrowMessages(t: TomorrowCheck, timezone: string, lateAt?: string): Threaded {
  const title = tomorrowTitle(t);
  const summary = `${plural(t.arrivals, "arrival")} · ${t.entries.length} with care details to get from the owner${lateWords(lateAt)}`;
  if (t.entries.length === 0) {
    return {
      parent: {
        text: fallback(`${title}: every arrival's care details are recorded`),
        blocks: [
          header(title),
          section(
            `✅ Every arrival on ${dayHeading(t.date)} has its care details recorded.${lateWords(lateAt)}`,
          ),
        ],
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
      if (e.careStatus === "not_matched")
        what.push(
          `❔ ${CARE_NOT_MATCHED}${e.unmatched.length ? ` (${clip(e.unmatched.join(", "), 100)})` : ""}`,
        );
      if (e.careStatus === "not_loaded" || e.careStatus === "no_customer") what.push(`❔ ${CARE_NOT_LOADED}`);
      return `*${timeOf(b.checkInDate, timezone) || "--:--"}* ${b.petNames ? clip(b.petNames, 200) : "pets not recorded"} · ${b.customerName ? clip(b.customerName, 150) : "owner not recorded"}${b.reference ? ` · \`${clip(b.reference, 60)}\`` : ""}\n${what.join("\n")}`;
    }),
  );
  // Each entry gets its button: the sections were built in order, parent first, then the replies.
  const sections = [out.parent, ...out.replies].flatMap((m) => m.blocks.filter((b) => b.type === "section"));
  sections.forEach((s, i) => {
    const id = t.entries[i]?.booking.bookingId;
    if (s.type === "section" && id !== undefined)
      s.accessory = button("Owner's contacts", ownerContacts.actionId(id), ownerContacts.encode({ b: id }));
  });
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
