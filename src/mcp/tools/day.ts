/**
 * list_arrivals and list_departures: the same day report as Slack's /arrivals and /departures
 * (src/answers/day.ts): the same bookings counted, the same order, the same care facts and flags,
 * the same pages. The text content is the page asked for; the structured content is the whole day
 * (every entry, the day's counts), never a Slack page.
 */
import { dayReport, pageOfReport } from "../../answers/day.ts";
import { apiDay } from "../../answers/lists.ts";
import type { Deps } from "../../deps.ts";
import { bookingsThatCount } from "../../domain/bookings.ts";
import type { DayKind } from "../../domain/day.ts";
import { dayDoc } from "../../present/day.ts";
import { rawText } from "../../text/index.ts";
import { day, textPage } from "../inputs.ts";
import { dayListWords, dayPageAnswer } from "../lists.ts";
import { addTool, answer, PRIVACY, type ToolServer, textOptions, today } from "../tool.ts";
import { withYear } from "../years.ts";

const dayPage = textPage(
  "One-based page of the day's list in the text, paged as Slack pages it (at most 20 bookings, fewer when entries are long). Default 1. The structured content always carries the whole day.",
);

export function register(server: ToolServer, deps: Deps): void {
  for (const kind of ["arrivals", "departures"] as const) registerDay(server, deps, kind);
}

function registerDay(server: ToolServer, deps: Deps, kind: DayKind): void {
  const endpoint = kind === "arrivals" ? "GET /bookings/checkin" : "GET /bookings/checkout";
  addTool(
    server,
    deps,
    {
      name: `list_${kind}`,
      title: kind === "arrivals" ? "List a day's arrivals" : "List a day's departures",
      description:
        `One day's ${kind} (${endpoint}) in the kennel's time zone (${deps.config.timezone}), exactly as the front desk sees them in Slack: ` +
        `ordered by time, then owner, with each pet's care (medication by name with its midday and evening instructions, allergies, not evaluated, grooming notes, special diet) and payment. ` +
        "Cancelled, no-show and waitlisted bookings are left out of the list and counted (totals.leftOut.calledOff and totals.leftOut.waitlisted); a status Kennel Desk does not know is listed as written and counted. " +
        "Care that could not be matched to the customer's pet records says so (care status not_matched) instead of showing nothing. " +
        "The text content shows one page of a long day (ask for the next with page); the structured content carries every entry of the day and the whole day's totals, with textPage saying which page the text shows. " +
        PRIVACY,
      inputSchema: { date: day(deps), page: dayPage },
      card: true,
    },
    async (a) => {
      const date = a.date ?? today(deps);
      if (deps.config.rawResponses) {
        // The API's JSON unchanged (the spec's (docs/kennel-api.md) raw mode), and still the counts of what a list leaves out.
        const r = await apiDay(deps, kind, date);
        const { kept, leftOut } = bookingsThatCount(r.items);
        return answer(rawText(r.raw, textOptions(deps)), {
          raw: r.raw,
          requestId: r.requestId,
          counted: kept.length,
          leftOut,
        });
      }
      const whole = await dayReport(deps, kind, date, { wholeDay: true });
      const asked = a.page ?? 1;
      const o = textOptions(deps);
      const { doc, text, data } = dayPageAnswer(
        {
          whole,
          shown: pageOfReport(whole, asked),
          asked,
          of: dayListWords(kind, date, today(deps), o.thisYear),
        },
        (r) => withYear(dayDoc(r, o), date, o.thisYear),
        o,
      );
      return answer(text, { ...whole, ...data }, doc);
    },
  );
}
