/**
 * Tomorrow's check as one document: tomorrow's arrivals whose pets lack care details (no diet, not
 * evaluated, or not matched to the booking), so the evening shift can call the owners. Each
 * arrival: its time, pets, owner and reference, then what is missing for each pet and why care
 * could not be matched. Channel-safe (the owner's contacts are behind Slack's button, to the clicker).
 */
import type { TomorrowCheck } from "../answers/today.ts";
import type { ChannelSafe } from "../domain/privacy.ts";
import { plural } from "../domain/text.ts";
import { careWarningWords } from "../words/care.ts";
import { timeOf } from "../words/dates.ts";
import { leftOutWords, postedLateWords } from "../words/day.ts";
import { TOMORROW_ALL_KNOWN, tomorrowTitle } from "../words/house.ts";
import type { Action, Doc, Line, Part } from "./doc.ts";
import { dotted, line, strong, toned, value, whole } from "./doc.ts";
import { notGiven, notReadFoot } from "./not-read.ts";
import { referenceSpan, summarisedDoc } from "./parts.ts";

export interface TomorrowDocOptions {
  timezone: string;
  lateAt?: string | undefined;
  /** Each arrival's Owner's contacts button (Slack), answered only to the one who clicks. */
  contactsAction?: (bookingId: number) => Omit<Action, "text">;
}

export function tomorrowDoc(t: ChannelSafe<TomorrowCheck>, o: TomorrowDocOptions): Doc {
  const { timezone, lateAt } = o;
  const title = tomorrowTitle(t.date, t.entries.length, t.arrivals);
  const late = lateAt && postedLateWords(value(lateAt, 40));
  const off = leftOutWords({ leftOut: t.leftOut });
  const foot = dotted(t.careProblem && `❔ ${whole(t.careProblem)}`);
  const unread = notReadFoot(t.entries.map((e) => e.booking));
  const footPart: Part[] =
    foot.length || unread.length
      ? [{ kind: "note", lines: [...unread, ...(foot.length ? [foot] : [])] }]
      : [];
  if (t.entries.length === 0)
    return {
      fallback: `${title}: every arrival's care details are recorded`,
      parts: [
        { kind: "title", text: title },
        { kind: "text", lines: [dotted(`✅ ${TOMORROW_ALL_KNOWN}`, off && toned("muted", off), late)] },
        ...footPart,
      ],
    };
  const summary = dotted(
    plural(t.arrivals, "arrival"),
    `${t.entries.length} with care details to get from the owner`,
    off,
    late,
  );
  const items = t.entries.map((e): Part => {
    const b = e.booking;
    const first = dotted(
      line(
        strong(timeOf(b.checkInDate, timezone) || notGiven(b, "checkInDate", "time", "--:--")),
        " ",
        strong(b.petNames ? whole(b.petNames) : notGiven(b, "petNames", "pets", "pets not recorded")),
      ),
      b.customerName ? whole(b.customerName) : notGiven(b, "customerName", "owner", "owner not recorded"),
      referenceSpan(b),
    );
    const pets = e.pets.map((p): Line => line(strong(whole(p.flags.name)), `: ${p.missing.join(", ")}`));
    const warning = careWarningWords({
      status: e.careStatus,
      unmatched: e.unmatched.map(whole),
    });
    const id = b.bookingId;
    return {
      kind: "item",
      lines: [first, ...pets, ...(warning ? [[toned("alert", `❔ ${whole(warning)}`)]] : [])],
      action:
        id !== undefined && o.contactsAction
          ? { text: "Owner's contacts", ...o.contactsAction(id) }
          : undefined,
    };
  });
  return summarisedDoc(title, [summary], [...items, ...footPart]);
}
