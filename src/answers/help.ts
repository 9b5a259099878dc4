/** What Kennel Desk can do, as data: every surface's help is drawn from this one list. */

export interface CommandHelp {
  /** The command and its arguments: "/arrivals [date]". */
  usage: string;
  what: string;
  /** Who sees the answer. */
  seenBy: "channel" | "asker";
}

export const COMMANDS: readonly CommandHelp[] = [
  { usage: "/arrivals [date]", what: "the day's arrivals, with each pet's care flags", seenBy: "channel" },
  {
    usage: "/departures [date]",
    what: "the day's departures with the going-home check: money to take, medication to hand back, grooming notes",
    seenBy: "channel",
  },
  {
    usage: "/inhouse [date]",
    what: "every pet staying, by room, with owner, going-home date and care flags",
    seenBy: "channel",
  },
  {
    usage: "/rounds [morning|midday|evening] [date]",
    what: "the feeding and medication sheet for a round (default: the round now), by room",
    seenBy: "channel",
  },
  {
    usage: "/booking REF or ID",
    what: "one booking: dates, status, room, money, pets with their care, owner's contacts",
    seenBy: "asker",
  },
  {
    usage: "/pet NAME [OWNER'S SURNAME] or ID",
    what: "a pet's care: diet by round, each medication with its midday and evening instructions, allergies, notes, owner",
    seenBy: "asker",
  },
  {
    usage: "/customer NAME, EMAIL, PHONE or ID",
    what: "contacts, consent, pets and booking history",
    seenBy: "asker",
  },
  {
    usage: "/kennel status",
    what: "is the kennel API reachable, is the key accepted, what is cached",
    seenBy: "asker",
  },
  {
    usage: "/kennel bookings [from] [to] [status:…] [type:…] [customer:ID] [text]",
    what: "search bookings",
    seenBy: "asker",
  },
  { usage: "/kennel customers TEXT, /kennel pets TEXT", what: "search customers or pets", seenBy: "asker" },
];

export const DATE_HELP =
  "Dates: today (the default), tomorrow, yesterday, a weekday such as friday (the coming one; today if it is Friday), +3 or -1 days, 2026-12-24, 24 Dec or Dec 24 (the nearest one).";

export const PRIVACY_HELP =
  "Times are in the kennel's time zone. Contact details only ever appear in answers that only you can see.";
