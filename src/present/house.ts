/** /inhouse as one document: every stay by room, with owner, going-home date and care flags. Channel-safe. */
import type { HouseEntry, HouseReport } from "../answers/house.ts";
import { bookingTypeText, petCountText, statusText } from "../domain/bookings.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { dayOf } from "../words/dates.ts";
import { pagePlace } from "../words/day.ts";
import {
  CHECKED_OUT_NO_TIME,
  checkedOutWords,
  houseDayWord,
  houseSummaryParts,
  houseTitle,
  isToday,
  NO_CHECK_OUT,
  NO_ONE_IN_HOUSE,
  pastCheckOutWords,
} from "../words/house.ts";
import { offFoodWords } from "../words/off-food.ts";
import { entryCareLines } from "./care.ts";
import { type Doc, dotted, line, type PageAction, type Part, strong, toned, value, whole } from "./doc.ts";
import { notGiven, notReadFoot } from "./not-read.ts";
import { pageActions, referenceSpan, roomLine, summaryLine } from "./parts.ts";
import { flagLines } from "./welfare-flag.ts";

export interface HouseDocOptions {
  timezone: string;
  thisYear: string;
  /** The Previous and Next buttons' action (Slack); without it, no buttons. */
  pageAction?: PageAction;
}

function entryPart(e: ChannelSafe<HouseEntry>, o: HouseDocOptions, day: string): Part {
  const b = e.booking;
  const count = petCountText(b);
  const home = e.pastCheckOut
    ? toned("alert", pastCheckOutWords(value(e.pastCheckOut, 40)))
    : e.checkedOutAt
      ? toned("warn", checkedOutWords(value(e.checkedOutAt, 10)))
      : e.left
        ? toned("warn", CHECKED_OUT_NO_TIME)
        : e.goingHome
          ? toned("warn", `🏠 going home ${day}`)
          : b.checkOutDate
            ? `home ${dayOf(b.checkOutDate, o.timezone, o.thisYear)}`
            : toned("warn", notGiven(b, "checkOutDate", "going-home date", NO_CHECK_OUT));
  const type = bookingTypeText(b);
  const first = dotted(
    line(
      strong(b.petNames ? whole(b.petNames) : notGiven(b, "petNames", "pets", "pets not recorded")),
      count,
    ),
    b.customerName ? whole(b.customerName) : notGiven(b, "customerName", "owner", "owner not recorded"),
    home,
    e.arriving && `🛬 arrives ${day}`,
    // Not in the day's arriving count: whether it arrives that day nobody can tell (said in the foot).
    !b.checkInDate && toned("warn", notGiven(b, "checkInDate", "check-in date", "❔ no check-in date")),
    // A status Kennel Desk does not know ("Cancellation Requested") is shown as the API wrote it.
    e.standing === "unknown_status" && toned("warn", value(statusText(b.status), 60)),
    type && type !== "boarding" && { text: value(type, 40), em: true },
    referenceSpan(b),
  );
  const food = (e.offFood ?? []).map((f) => line(`${offFoodWords(f)} (${whole(f.petName)})`));
  return {
    kind: "item",
    lines: [first, ...entryCareLines(e.care), ...food, ...flagLines(e.welfare, { who: true })],
  };
}

export function houseDoc(r: ChannelSafe<HouseReport>, o: HouseDocOptions): Doc {
  const title = houseTitle(r.date, r.totals.pets);
  if (r.totals.bookings === 0)
    return {
      fallback: `${title}: none`,
      parts: [
        { kind: "title", text: title },
        { kind: "text", lines: [line(NO_ONE_IN_HOUSE)] },
      ],
    };
  const place = pagePlace({ ...r, shown: r.entries.length, total: r.totals.bookings }, "stays");
  const summary = summaryLine(houseSummaryParts(r.totals), place);
  const parts: Part[] = [
    { kind: "title", text: title },
    { kind: "summary", lines: [summary] },
  ];
  let room: string | undefined;
  for (const e of r.entries) {
    const b = e.booking;
    const here = b.roomName ? whole(b.roomName) : notGiven(b, "roomName", "room", "no room");
    if (here !== room) parts.push({ kind: "group", line: roomLine(here) });
    room = here;
    parts.push(entryPart(e, o, houseDayWord(isToday(r.totals))));
  }
  if (o.pageAction) parts.push(pageActions(r, o.pageAction));
  const foot = dotted(
    r.houseNote && `❔ ${whole(r.houseNote)}`,
    r.careProblem && `❔ ${whole(r.careProblem)}`,
  );
  const unread = notReadFoot(r.entries.map((e) => e.booking));
  if (foot.length || unread.length)
    parts.push({ kind: "note", lines: [...unread, ...(foot.length ? [foot] : [])] });
  return { fallback: `${title}: ${summary.map((s) => s.text).join("")}`, parts };
}
