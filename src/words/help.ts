/** What Kennel Desk can do, as words: every surface's help is drawn from this one list. */
import { type DateOrder, dateOrderWords } from "../config/date-order.ts";
import { roundNamesLine } from "../domain/round-names.ts";
import { nearestWord } from "../domain/suggest.ts";

export interface CommandHelp {
  /** The command and its arguments: "/arrivals [date]". */
  usage: string;
  what: string;
  /** Who sees the answer. */
  seenBy: "channel" | "asker";
  /** What to type, for `/kennel help COMMAND`. */
  examples?: string[];
}

/** Commands by who sees the answer: [usage, what it does, what to type]. */
type Row = [usage: string, what: string, examples: string[]];

function seenBy(who: CommandHelp["seenBy"], rows: Row[]): CommandHelp[] {
  return rows.map(([usage, what, examples]) => ({ usage, what, seenBy: who, examples }));
}

export const COMMANDS: readonly CommandHelp[] = [
  ...seenBy("channel", [
    [
      "/arrivals [date]",
      "the day's arrivals, with each pet's care flags",
      ["/arrivals", "/arrivals tomorrow", "/arrivals friday"],
    ],
    [
      "/departures [date]",
      "the day's departures with the going-home check: money to take, medication to hand back, grooming notes",
      ["/departures", "/departures +1"],
    ],
    [
      "/inhouse [date]",
      "every pet staying, by room, with owner, going-home date and care flags",
      ["/inhouse", "/inhouse saturday"],
    ],
    [
      "/rounds [round] [date]",
      `the feeding and medication sheet for a round (default: the round now), by room. Rounds by any name: ${roundNamesLine()}`,
      ["/rounds", "/rounds lunch", "/rounds pm tomorrow", "/rounds breakfast 24 Dec"],
    ],
  ]),
  ...seenBy("asker", [
    [
      "/booking REF or ID",
      "one booking: dates, status, room, money, pets with their care, owner's contacts",
      ["/booking HP-7K2M9Q", "/booking 1234"],
    ],
    [
      "/pet NAME [OWNER'S SURNAME] or ID",
      "a pet's care: diet by round, each medication with its midday and evening instructions, allergies, notes, owner",
      ["/pet Biscuit", "/pet Biscuit O'Brien", "/pet 88"],
    ],
    [
      "/customer NAME, EMAIL, PHONE or ID",
      "contacts, consent, pets and booking history",
      ["/customer O'Brien", "/customer 1234"],
    ],
    [
      "/kennel status",
      "is the kennel API reachable, is the key accepted, what is cached",
      ["/kennel status"],
    ],
    [
      "/kennel bookings [from] [to] [status:…] [type:…] [customer:ID] [text]",
      "search bookings",
      ["/kennel bookings tomorrow status:confirmed", "/kennel bookings 1 Dec 31 Dec customer:1234"],
    ],
    [
      "/kennel customers TEXT, /kennel pets TEXT",
      "search customers or pets",
      ["/kennel customers O'Brien", "/kennel pets Biscuit"],
    ],
  ]),
];

/** Who sees a command's answer, in the help's words. */
export const SEEN_BY = { channel: "in the channel", asker: "only you see it" } as const;

export const DATE_HELP =
  "Dates: today (the default), tomorrow, yesterday, a weekday such as friday (the coming one; today if it is Friday), +3 or -1 days, 2026-12-24, 24 Dec or Dec 24 (the nearest one).";

export const PRIVACY_HELP =
  "Times are in the kennel's time zone. Contact details only ever appear in answers that only you can see.";

/** How 24/12 is read here: "Dates written 24/12 or 24.12 are read day first (24/12 is 24 December): …". */
export function dateOrderHelp(order: DateOrder): string {
  return `Dates written 24/12 or 24.12 are read ${dateOrderWords(order)}: the kennel's date order (KENNEL_DATE_ORDER; unset, it follows the kennel's time zone).`;
}

/** The command a word names ("rounds", "/rounds", "status", "bookings"), for `/kennel help COMMAND`. */
export function commandNamed(word: string): CommandHelp | undefined {
  const w = word
    .trim()
    .toLowerCase()
    .replace(/^\//, "")
    .replace(/^kennel\s+/, "");
  return COMMANDS.find((c) =>
    c.usage
      .split(", ")
      .some((u) => u.split(" ")[0] === `/${w}` || (u.startsWith("/kennel ") && u.split(" ")[1] === w)),
  );
}

/** Every command's name as typed after `/kennel help` (rounds, status, bookings…), for suggestions. */
function commandWords(): string[] {
  return COMMANDS.flatMap((c) =>
    c.usage
      .split(", ")
      .map((u) => (u.startsWith("/kennel ") ? u.split(" ")[1] : u.split(" ")[0]?.slice(1)) ?? ""),
  );
}

/** The nearest command to a mistyped one, or undefined. */
export function nearestCommand(word: string): string | undefined {
  return nearestWord(word.replace(/^\//, ""), [...commandWords(), "help"]);
}
