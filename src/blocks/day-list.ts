/**
 * Arrivals and departures of one day in Slack: the day's document (src/present/day.ts) as one
 * message, each entry a section with its "Stay record" button beside it, paged by the domain so the
 * biggest day never breaks a Block Kit limit. Channel-safe: no phone, email or address ever appears.
 */
import type { DayReport } from "../answers/day.ts";
import type { DayEntry } from "../domain/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dayDoc } from "../present/day.ts";
import type { Part } from "../present/doc.ts";
import { dayTitle } from "../words/day.ts";
import { dayPage } from "./buttons.ts";
import { docBlocks } from "./doc.ts";
import { fitMessage } from "./fit.ts";
import { fallback } from "./mrkdwn.ts";
import { rawMessages } from "./raw.ts";
import { stayButton } from "./stay.ts";
import type { Block, Message } from "./types.ts";

/** The blocks of the day's parts, each entry's section with its "Stay record" button when it has one. */
export function dayBlocks(parts: Part[], entries: ChannelSafe<DayEntry>[]): Block[] {
  return parts.flatMap((p) => {
    const blocks = docBlocks([p]);
    const button =
      p.kind === "item" && p.key !== undefined ? stayButton(entries[Number(p.key)]?.stay) : undefined;
    const [section] = blocks;
    if (button && section?.type === "section") section.accessory = button;
    return blocks;
  });
}

export function dayListMessages(r: ChannelSafe<DayReport>, timezone: string): Message[] {
  if (r.raw !== undefined)
    return rawMessages(
      dayTitle(r.kind, r.date, r.totals.bookings),
      r.raw,
      `kennel-desk ${r.kind} ${r.date} --json`,
    );
  const doc = dayDoc(r, {
    timezone,
    pageAction: (p, direction) => ({
      actionId: dayPage.actionId(direction),
      value: dayPage.encode({ k: r.kind, d: r.date, p }),
    }),
  });
  return [fitMessage({ text: fallback(doc.fallback), blocks: dayBlocks(doc.parts, r.entries) })];
}
