/**
 * Arrivals and departures of one day: a header with the date and the count, a summary, then one
 * compact entry per booking, paged by the domain so the biggest day never breaks a Block Kit limit.
 * Channel-safe: no phone, email or address ever appears here.
 */
import type { DayReport } from "../answers/day.ts";
import { bookingTypeText, statusText } from "../domain/bookings.ts";
import { type DayEntry, type DayKind, type DayTotals, ENTRY_CAPS, whenOf } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { timeOf } from "../words/dates.ts";
import { dayTitle, noneWords, pagePlace, summaryParts } from "../words/day.ts";
import { paymentWords } from "../words/money.ts";
import { dayPage } from "./buttons.ts";
import { careWarning, entryCareLines } from "./care.ts";
import { fitMessage } from "./fit.ts";
import { bold, button, clip, context, esc, fallback, header, section, truncate } from "./mrkdwn.ts";
import { rawMessages } from "./raw.ts";
import { stayButton, staySummaryLines } from "./stay.ts";
import type { Block, Message } from "./types.ts";

/** The summary line in mrkdwn: the going-home check's counts stand out on departures. */
export function summaryLine(kind: DayKind, t: DayTotals): string {
  return summaryParts(kind, t)
    .map((p) => (p.loud ? `*${esc(p.text)}*` : esc(p.text)))
    .join(" · ");
}

/**
 * The text of one entry (mrkdwn, every API string escaped, every part capped so the reference
 * always shows). Departures carry the going-home check: money loud, medication to hand back by
 * name, grooming notes.
 */
export function entryText(kind: DayKind, entry: ChannelSafe<DayEntry>, timezone: string): string {
  const b = entry.booking;
  const c = ENTRY_CAPS;
  const time = timeOf(whenOf(kind, b), timezone) || "--:--";
  const pets = b.petNames ? clip(b.petNames, c.pets) : "pets not recorded";
  const count = b.numberOfPets && b.numberOfPets > 1 ? ` (${b.numberOfPets})` : "";
  const owner = b.customerName ? clip(b.customerName, c.owner) : "owner not recorded";
  const type = bookingTypeText(b);
  const first = `${bold(time)}  ${bold(pets)}${count} · ${owner}${type ? ` · _${clip(type, 40)}_` : ""}`;
  const departing = kind === "departures";
  const money = paymentWords(entry.payment, departing);
  const details = [
    b.roomName ? clip(b.roomName, c.room) : "no room",
    clip(statusText(b.status) || "status not recorded", c.status),
    departing && entry.payment !== "paid" ? `*${money}*` : money,
    b.reference ? `\`${clip(b.reference, c.reference)}\`` : undefined,
  ].filter(Boolean);
  const lines = [first, details.join(" · ")];
  if (departing && entry.care) lines.push(...goingHomeLines(entry, timezone));
  else {
    const care = entryCareLines(entry.care);
    if (care) lines.push(care);
  }
  return lines.join("\n");
}

/** Departures: medication to hand back by name and pet, grooming notes, then the care warnings. */
function goingHomeLines(entry: ChannelSafe<DayEntry>, timezone: string): string[] {
  const care = entry.care;
  if (!care) return [];
  const lines: string[] = [];
  // One line per pet, so a pet's medications are never cut off by another's.
  for (const p of care.pets) {
    const meds = p.care.medications.map((m) => esc(m.name));
    if (meds.length)
      lines.push(truncate(`💊 hand back: ${meds.join(", ")} (${clip(p.flags.name, 40)})`, 400));
  }
  const grooming = care.pets.filter((p) => p.care.groomingNotes);
  for (const p of grooming)
    lines.push(truncate(`✂️ ${clip(p.flags.name, 40)}: ${esc(p.care.groomingNotes)}`, 200));
  const warning = careWarning(care);
  if (warning) lines.unshift(warning);
  lines.push(...staySummaryLines(entry.stay, timezone));
  return lines;
}

export function dayListMessages(r: ChannelSafe<DayReport>, timezone: string): Message[] {
  const title = dayTitle(r.kind, r.date, r.totals.bookings);
  if (r.raw !== undefined) return rawMessages(title, r.raw, `kennel-desk ${r.kind} ${r.date} --json`);
  const blocks: Block[] = [header(title)];
  if (r.totals.bookings === 0) {
    const off = summaryParts(r.kind, r.totals)
      .slice(2)
      .map((p) => p.text);
    blocks.push(section(`${noneWords(r.kind)}${off.length ? ` (${esc(off.join("; "))}.)` : ""}`));
    return [{ text: fallback(`${title}: none`), blocks }];
  }
  const place = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings });
  const pageWords = place ? ` · ${esc(place)}` : "";
  blocks.push(context(`${summaryLine(r.kind, r.totals)}${pageWords}`));
  for (const entry of r.entries)
    blocks.push(section(entryText(r.kind, entry, timezone), stayButton(entry.stay)));
  if (r.pages > 1) {
    const buttons = [];
    if (r.page > 1)
      buttons.push(
        button(
          "◀ Previous",
          dayPage.actionId("prev"),
          dayPage.encode({ k: r.kind, d: r.date, p: r.page - 1 }),
        ),
      );
    if (r.page < r.pages)
      buttons.push(
        button(
          `Next ▶ (page ${r.page + 1} of ${r.pages})`,
          dayPage.actionId("next"),
          dayPage.encode({ k: r.kind, d: r.date, p: r.page + 1 }),
        ),
      );
    blocks.push({ type: "actions", elements: buttons });
  }
  const foot = [
    r.careProblem ? `❔ ${esc(r.careProblem)}` : undefined,
    `request id ${esc(r.requestId)}`,
  ].filter(Boolean) as string[];
  blocks.push(context(foot.join(" · ")));
  return [
    fitMessage({
      text: fallback(
        `${title}: ${summaryParts(r.kind, r.totals)
          .map((p) => p.text)
          .join(" · ")}`,
      ),
      blocks,
    }),
  ];
}
