/**
 * Arrivals and departures of one day in Slack: the day's document (src/present/day.ts) as one
 * message, each entry a section with its "Stay record" button beside it, paged by the domain so the
 * biggest day never breaks a Block Kit limit. Channel-safe: no phone, email or address ever appears.
 */

import type { DayReport } from "../answers/day.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { channelDoc } from "../present/channel-words.ts";
import { type DayDocOptions, dayDoc } from "../present/day.ts";
import { dayTitle } from "../words/day.ts";
import { dayPage } from "./buttons.ts";
import { docMessages } from "./doc.ts";
import { rawMessages } from "./raw.ts";
import { stayRecordAction } from "./stay.ts";
import type { Message } from "./types.ts";

/** The day's document with Slack's buttons: each stay's record, and the pages. */
function slackDayOptions(r: ChannelSafe<DayReport>, timezone: string): DayDocOptions {
  return {
    timezone,
    stayAction: stayRecordAction,
    pageAction: (p, direction) => ({
      actionId: dayPage.actionId(direction),
      value: dayPage.encode({ k: r.kind, d: r.date, p, ...(r.only ? { o: r.only.only } : {}) }),
    }),
  };
}

export function dayListMessages(r: ChannelSafe<DayReport>, timezone: string): Message[] {
  if (r.raw !== undefined)
    return rawMessages(
      dayTitle(r.kind, r.date, r.totals.bookings),
      r.raw,
      `kennel-desk ${r.kind} ${r.date} --json`,
    );
  return docMessages(channelDoc(dayDoc(r, slackDayOptions(r, timezone))));
}
