/**
 * Each command's own help: `kennel-desk COMMAND --help` (or -h) and `kennel-desk help COMMAND`.
 * ADDING A COMMAND: add its entry here, next to its line in SUBCOMMANDS (src/cli/index.ts);
 * test/cli/help.test.ts fails for a command without one.
 */
import { roundNamesLine } from "../domain/round-names.ts";

export interface CommandUsage {
  /** The arguments after the command's name: "[DATE] [--page N] [--json]". */
  args: string;
  what: string;
  /** Each option or argument and what it does. */
  options: Array<[string, string]>;
  examples: string[];
  /** What each exit code means for this command. */
  exits: string;
}

const DATE =
  "today (the default), tomorrow, yesterday, a weekday (friday), +3 or -1, 2026-12-24, 24 Dec, or 24/12 in the kennel's date order (KENNEL_DATE_ORDER)";
const JSON_OPTION: [string, string] = ["--json", "the answer's data as JSON instead of text"];
const PAGE_OPTION: [string, string] = [
  "--page N",
  "page N of a long answer (the text says when there is more)",
];
const LOOKUP_EXITS = "0 found, 1 not found, 2 invalid settings or input, 3 kennel API failure.";
/** A day's list or sheet: a day, not a search, so an empty one is an answer (never 1). */
const DAY_EXITS = "0 shown (an empty day too), 2 invalid settings or input, 3 kennel API failure.";

/** A day's list (arrivals, departures, in house): a date, paged, as text or JSON. */
function dayList(what: string, examples: string[]): CommandUsage {
  return {
    args: "[DATE] [--page N] [--json]",
    what,
    options: [["DATE", DATE], PAGE_OPTION, JSON_OPTION],
    examples,
    exits: DAY_EXITS,
  };
}

export const COMMAND_HELP: Record<string, CommandUsage> = {
  arrivals: dayList("The day's arrivals, with each pet's care flags.", [
    "kennel-desk arrivals",
    "kennel-desk arrivals tomorrow",
    "kennel-desk arrivals friday --json",
  ]),
  departures: dayList(
    "The day's departures, with the going-home check: money to take, medication to hand back, grooming.",
    ["kennel-desk departures", "kennel-desk departures +1", "kennel-desk departures 24 Dec"],
  ),
  inhouse: dayList("Every pet staying, by room: owner, going-home date, care flags.", [
    "kennel-desk inhouse",
    "kennel-desk inhouse saturday --page 2",
  ]),
  rounds: {
    args: "[ROUND] [DATE] [--json]",
    what: "The feeding and medication sheet of a round, by room.",
    options: [
      [
        "ROUND",
        `${roundNamesLine()}, any case, or the kennel's own names (ROUNDS_NAMES); default: the round now, by the kennel's clock`,
      ],
      ["DATE", DATE],
      JSON_OPTION,
    ],
    examples: [
      "kennel-desk rounds",
      "kennel-desk rounds lunch",
      "kennel-desk rounds pm tomorrow",
      "kennel-desk rounds breakfast 24/12",
    ],
    exits: DAY_EXITS,
  },
  chart: {
    args: "[DATE] [--days N] [--pet ID | --room NAME] [--out DIR]",
    what: "The medication chart to print and pin up (A4 portrait, a page per pet and three days, each with a QR code that opens Kennel Desk in Slack when SLACK_BOT_TOKEN is set): each medication of the pet's plan down the side (drug, strength, amount, condition, high-alert mark, the words as written), the days' rounds across; each cell from the care record (initials and time given, a high-alert dose's witness beside them ('wit. TB', or 'unwitnessed'); R refused, V vomited, W withheld, N none left, A asleep as instructed; late entry marked), 'missed' where its window closed with nothing recorded, blank where a dose is due and not recorded yet (every due dose, with no care record here), struck where nothing is due or the pet is not in house; for a pet arriving after a round's time, 'due on arrival 19:00: ask the owner, record it', or 'arrives 19:00, after this round: ask the owner' when the dose's window closed before it came. Each page's key explains every mark its cells show. Allergies and danger notes in full at the top; never a contact. One file in DIR (default charts/ where it runs), its path said to open and print; none when there is nothing to chart (a pet with no medication, say), which is said.",
    options: [
      ["DATE", `the first day: ${DATE}`],
      ["--days N", "how many days from DATE (1 to 14; default 1)"],
      ["--pet ID", "one pet (its id, as /pet shows it)"],
      ["--room NAME", "the pets of one room, as the kennel system names it"],
      ["--out DIR", "the folder the chart's file goes in (made when missing; default charts/ where it runs)"],
    ],
    examples: [
      "kennel-desk chart",
      "kennel-desk chart tomorrow --out /srv/charts",
      'kennel-desk chart 24/12 --days 7 --room "Kennel 4" --out charts',
    ],
    exits: "0 written, 1 not written (nothing to chart), 2 invalid settings or input, 3 kennel API failure.",
  },
  plan: {
    args: "REF|ID [DATE] [--json] | --pet ID [DATE] [--json]",
    what: "A stay's care plans: each pet's plan as the rounds work from it (read from the kennel system's words, or as a person set it), its state (not confirmed; a high-alert plan waiting for its second person; confirmed, by whom and when; changed in the kennel system), and what each item asks of the day's rounds. Read only: a plan not kept yet is drafted for the answer and says so.",
    options: [
      ["REF|ID", "the booking's reference (HP-7K2M9Q) or id (needs the kennel API)"],
      ["--pet ID", "one pet's latest kept plan, from the care record alone (its id, as /pet shows it)"],
      ["DATE", `the day whose rounds are shown: ${DATE}`],
      JSON_OPTION,
    ],
    examples: [
      "kennel-desk plan HP-7K2M9Q",
      "kennel-desk plan HP-7K2M9Q tomorrow",
      "kennel-desk plan --pet 812 --json",
    ],
    exits: "0 found, 1 not found (or no care record yet), 2 invalid settings or input, 3 kennel API failure.",
  },
  stock: {
    args: "[--controlled] [--json] | register DRUG [--from DATE] [--to DATE] [--json]",
    what: "The medicines held in custody now: each pet's medicine with its balance (≈ 9 tablets left, or count by hand), how long it lasts to the pet's check-out (with the kennel API), its discard-by, a controlled drug's count due, and every discrepancy not closed. `stock register DRUG`: the drug's register, counted in → given → counted → handed back, the balance after each line, who and the witness. Read only, from the care record.",
    options: [
      ["--controlled", "the controlled drugs only"],
      ["register DRUG", "a drug's register (its name as on the label, or part of it)"],
      ["--from DATE, --to DATE", `the register's days: ${DATE}`],
      JSON_OPTION,
    ],
    examples: [
      "kennel-desk stock",
      "kennel-desk stock --controlled --json",
      "kennel-desk stock register tramadol --from 2026-11-01",
    ],
    exits: "0 OK, 2 invalid settings or input, 3 the care record cannot be read.",
  },
  booking: {
    args: "REF|ID [--json]",
    what: "One booking, with each pet's care and the owner's contacts.",
    options: [["REF|ID", "the booking's reference (HP-7K2M9Q) or id"], JSON_OPTION],
    examples: ["kennel-desk booking HP-7K2M9Q", "kennel-desk booking 1234 --json"],
    exits: LOOKUP_EXITS,
  },
  pet: {
    args: "NAME [OWNER'S SURNAME]|ID [--page N] [--json]",
    what: "A pet's care summary, or the pets matching NAME (with their ids).",
    options: [
      ["NAME|ID", "the pet's name (and its owner's surname, to pick one) or id"],
      PAGE_OPTION,
      JSON_OPTION,
    ],
    examples: ["kennel-desk pet Biscuit", "kennel-desk pet Biscuit O'Brien", "kennel-desk pet 88"],
    exits: LOOKUP_EXITS,
  },
  customer: {
    args: "QUERY|ID [--history] [--page N] [--json]",
    what: "A customer: contacts, consent, pets and bookings.",
    options: [
      ["QUERY|ID", "a name, email, phone or id"],
      ["--history", "every booking of the customer"],
      PAGE_OPTION,
      JSON_OPTION,
    ],
    examples: ["kennel-desk customer O'Brien", "kennel-desk customer 1234 --history"],
    exits: LOOKUP_EXITS,
  },
  bookings: {
    args: "[FROM] [TO] [status:…] [type:…] [customer:ID] [TEXT] [--page N] [--json]",
    what: "Search bookings.",
    options: [
      ["FROM, TO", `the range's first and last day: ${DATE}`],
      ["status:… type:… customer:ID", "filters"],
      ["TEXT", "words to find"],
      PAGE_OPTION,
      JSON_OPTION,
    ],
    examples: [
      "kennel-desk bookings tomorrow status:confirmed",
      "kennel-desk bookings 1 Dec 31 Dec customer:1234",
    ],
    exits:
      "0 found, 1 nothing matched (the list's title and what it says still printed), 2 invalid settings or input (a range ending before it starts), 3 kennel API failure.",
  },
  record: {
    args: '[ROUND] [DATE] [--pet ID] [--json] | --booking REF|ID [--json] | export [--from DATE --to DATE] [--pet ID] [--booking REF|ID] [--format csv|json|html] [--out DIR] | backup FILE | copy --to POSTGRES_URL | verify [--file PATH] [--head HEAD] [--json] | audit [--days N] [--json] | enter ROUND DATE --pet ID --by NAME --dose "DRUG=MARK TIME GIVER"…',
    what: "The day's care record beside what each round's sheet said was due (who recorded each dose and meal, when, the outcome and note; corrected entries marked; the day's doses given on time), or with export every entry of a range as a file, or with audit the kennel's medication figures. Reads KENNEL_DATA_DIR (or DATABASE_URL), as the bot does; the sheets need the kennel API (audit does not).",
    options: [
      ["DATE", DATE],
      ["ROUND (or --round ROUND)", `only that round, by any of its names: ${roundNamesLine()}`],
      ["--pet ID", "only that pet (its id, as /pet shows it)"],
      JSON_OPTION,
      [
        "export --from DATE --to DATE",
        "every entry of the range, one row each with every field, then each item the rounds asked with nothing recorded (missed, still open, or not due: gone home), on standard output; supersedes and superseded_by name a row of the same record (a round's entry another round's entry: their ids are numbered apart from the other rows')",
      ],
      [
        "--format csv|json|html",
        "with export: CSV per RFC 4180, UTF-8 (the default), JSON, or printable HTML, a page per pet of each stay",
      ],
      [
        "--booking REF|ID",
        "one stay's record for the handover (doses given of those due, refusals, missed doses, meals, then every entry); with export, that stay's entries. A reference is found as kennel-desk booking finds it (in any case), else in the record's kept rounds; one neither the kennel API nor the record knows is not found (exit 1)",
      ],
      [
        "--out DIR",
        "with export --format html: the folder for the pages (one per pet of each stay, and index.html); one stay alone goes to standard output as one file, each pet on its own printed page",
      ],
      [
        "backup FILE",
        "an online copy of the SQLite record, made while the bot runs, then checked (PostgreSQL: pg_dump)",
      ],
      [
        "copy --to POSTGRES_URL",
        "the SQLite record, every table, into a new, empty PostgreSQL database (the bot stopped), then its chain walked there: moving to PostgreSQL",
      ],
      [
        "verify [--head HEAD]",
        'walks the record\'s chain of hashes: "intact", its links counted (entries, then each kind of record) and its head, or the first entry changed, removed or moved (exit 1); --head "#1234 · 9f3a5c1e0b7d24aa" (as a morning post, the audit or an export names it: its CSV record_head cell or JSON head taken whole) checks the record still passes through it',
      ],
      [
        "verify --file PATH",
        "the same walk of a copy on its own (a backup, a file handed to an inspector): read-only, no kennel settings needed",
      ],
      [
        "audit [--days N]",
        "the kennel's medication figures over the last N days, today included (default 28, at most 366), from what each round's kept sheet asked beside the entries: doses due, given on time, given late, late entries, missed (medication doses; the meals missed apart), not given by reason, as-needed doses with and without an effect recorded, high-alert doses witnessed and unwitnessed; each unwitnessed high-alert dose and each correction named (the latest 20), and per person their entries by kind; with the record's head",
      ],
      [
        "audit --file PATH",
        "the same figures of a copy on its own (a backup, a file handed to an inspector): read-only, no kennel settings needed",
      ],
      [
        "enter ROUND DATE --pet ID --by NAME --dose …",
        "a pet's round entered from the chart on paper (the day Slack or the bot was down), as 📄 Enter from paper… does: each --dose \"DRUG=MARK TIME GIVER[ wit. WITNESS][; WORDS]\" (DRUG as the chart names it, or med:1; MARK given, or R refused, V vomited, W withheld, N none left, A asleep as instructed; TIME as written, on the round's day; GIVER as the paper names them; WITNESS a high-alert dose's witness as the paper names them, without one the record says no witness on the paper); --by who is entering it. Each kept as a late entry from the paper chart with both times; a dose that cannot stand (after check-out, before arrival, in the future, a time that never happened, recorded already) is said, and nothing is written",
      ],
    ],
    examples: [
      "kennel-desk record",
      "kennel-desk record evening yesterday",
      "kennel-desk record export --from 2026-11-01 --to 2026-11-30 > november.csv",
      "kennel-desk record --booking HP-7K2M9Q",
      "kennel-desk record export --booking HP-7K2M9Q --format html > stay.html",
      "kennel-desk record backup backups/care-record.sqlite",
      "kennel-desk record verify",
      "kennel-desk record audit --days 28",
      'kennel-desk record enter morning 24/11 --pet 77 --by "Sam Lee" --dose "Rimadyl=given 08:05 JD" --dose "Apoquel=R 08:10 JD"',
    ],
    exits:
      '0 OK (when the sheets cannot be read, the record alone, with a line saying why), 1 verify found the record not intact, or no such booking (--booking) or pet (export --pet with no range): neither the kennel API nor the record knows it, 2 invalid settings or input, 3 the care record cannot be read (none there yet, or for verify no entries in it yet; a folder or a damaged file; another kennel\'s, down: never 0 nor 1; with --json, {"ok": false, "problem": …}).',
  },
  status: {
    args: "[--json]",
    what: "Check the kennel API (up, key accepted, right address) and the running bot's link to Slack.",
    options: [JSON_OPTION],
    examples: ["kennel-desk status"],
    exits: "0 OK, 1 not OK, 2 invalid settings.",
  },
  digest: {
    args: "[--content KINDS] [--round ROUND] [--date DATE] [--dry-run [--json]]",
    what: "A scheduled post, now (for cron or to see it). Posts at most once per day and kind, like the scheduler.",
    options: [
      [
        "--content KINDS",
        "departures, arrivals, rounds, tomorrow, welfare (the welfare check), welfare-due (its pets not checked), review (the day's review, from the care record), chart (tomorrow's medication charts to print), or a comma-separated list (default DIGEST_CONTENT)",
      ],
      ["--round ROUND", `with --content rounds or welfare: ${roundNamesLine()} (default: the round now)`],
      [
        "--date DATE",
        "the day, typed as every command takes one: today, yesterday, friday, +2, 2026-12-24, 24 Dec (default today)",
      ],
      ["--dry-run", "print the post as a reader sees it, post nothing"],
      ["--json", "with --dry-run: the post's Block Kit messages, exactly as they would be sent"],
    ],
    examples: ["kennel-desk digest --dry-run", "kennel-desk digest --content rounds --round lunch"],
    exits: "0 posted or already there, 1 Slack refused, 2 invalid settings or options, 3 kennel API failure.",
  },
  mcp: {
    args: "",
    what: "The assistant connector: a Model Context Protocol server on standard input and output, with the read-only tools (docs/connector.md).",
    options: [],
    examples: ["kennel-desk mcp"],
    exits: "0 when standard input ends, 2 invalid settings.",
  },
  sandbox: {
    args: "[--port 4010] [--seed N|awkward] [--customers N] [--bookings N] [--timezone ZONE] [--today YYYY-MM-DD] [--write-env [FILE]]",
    what: "Serve a local stand-in kennel API with synthetic data on 127.0.0.1.",
    options: [
      ["--port, --seed, --customers, --bookings", "where it listens and what it holds"],
      [
        "--seed awkward",
        "adds the awkward data set: bookings written as real kennels type them (docs/sandbox.md)",
      ],
      ["--timezone ZONE, --today YYYY-MM-DD", "the sandbox kennel's zone and day"],
      ["--write-env [FILE]", "set its KENNEL_* lines in FILE (default .env), keeping the rest"],
      [
        "faults (off by default)",
        "--latency MS|MIN-MAX, --error-rate 0..1, --rate-limit-rate 0..1, --retry-after S, --hang-rate 0..1, --malformed-rate 0..1, --corrupt-rate 0..1, --wrong-address, --growing-totals",
      ],
    ],
    examples: [
      "kennel-desk sandbox",
      "kennel-desk sandbox --write-env",
      "kennel-desk sandbox --seed awkward",
      "kennel-desk sandbox --error-rate 0.1",
    ],
    exits: "0 stopped, 1 the port is in use or the env file could not be written, 2 invalid options.",
  },
  help: {
    args: "[COMMAND]",
    what: "Every command, or one command's usage, options, examples and exit codes.",
    options: [["COMMAND", "a command's name (the same as kennel-desk COMMAND --help)"]],
    examples: ["kennel-desk help", "kennel-desk help rounds", "kennel-desk rounds --help"],
    exits: "0 shown, 2 no such command.",
  },
};

/** Words wrapped to lines of at most `width` characters (a longer word keeps its own line). */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = "";
  for (const word of text.split(" ")) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  return [...lines, line];
}

/** One command's help, as printed (100 columns). */
export function commandHelpText(name: string, help: CommandUsage): string {
  const width = Math.min(28, Math.max(0, ...help.options.map(([o]) => o.length)));
  const options = help.options.flatMap(([o, what]) => {
    const [first = "", ...rest] = wrap(what, 96 - width);
    if (o.length > width)
      return [`  ${o}`, ...wrap(what, 96 - width).map((l) => `  ${" ".repeat(width)}  ${l}`)];
    return [`  ${o.padEnd(width)}  ${first}`, ...rest.map((l) => `  ${" ".repeat(width)}  ${l}`)];
  });
  return [
    `Usage: kennel-desk ${name}${help.args ? ` ${help.args}` : ""}`,
    "",
    ...wrap(help.what, 100),
    ...(options.length ? ["", "Options:", ...options] : []),
    "",
    "Examples:",
    ...help.examples.map((e) => `  ${e}`),
    "",
    `Exit codes: ${help.exits}`,
    "",
  ].join("\n");
}
