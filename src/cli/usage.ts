/** `kennel-desk help`: every command and its options. */
export const USAGE = `Kennel Desk: the kennel's day in Slack.

Usage: kennel-desk <command> [options]

Commands:
  arrivals [DATE] [--page N]        The day's arrivals, with each pet's care flags (DATE: today,
                                    tomorrow, friday, +2, 2026-12-24, 24 Dec, 24/12…)
  departures [DATE] [--page N]      The day's departures, with the going-home check
  inhouse [DATE] [--page N]         Every pet staying, by room: owner, going-home date, care flags
  rounds [ROUND] [DATE]             The feeding and medication sheet of a round, by room
                                    (default: the round now, by the kennel's clock). ROUND:
                                    morning (am, breakfast), midday (noon, lunch),
                                    evening (pm, dinner, tea, supper, night), any case
  chart [DATE] [--days N] [--pet ID | --room NAME] [--out DIR]
                                    The medication chart to print (A4, a page per pet and three
                                    days): each drug down the side, the days' rounds across, cells
                                    from the record
  booking REF|ID                    One booking, with each pet's care and the owner's contacts
  pet NAME [OWNER'S SURNAME]|ID [--page N]
                                    A pet's care summary, or the pets matching NAME (with their ids)
  customer QUERY|ID [--page N]      A customer (name, email, phone or id); --history: every booking
  bookings [FROM] [TO] [status:…] [type:…] [customer:ID] [TEXT] [--page N]
                                    Search bookings
             Every one of these takes --json (the answer's data instead of text); for arrivals,
             departures and inhouse that is the whole day (every entry, the day's counts), not a page.
             Exit 0 found, 1 not found, 2 invalid settings or input, 3 kennel API failure.
  record [ROUND] [DATE] [--pet ID] [--json]
             The day's care record beside what each round's sheet said was due: who recorded each
             dose and meal, when, the outcome and note; corrected entries marked. Reads
             KENNEL_DATA_DIR (or DATABASE_URL), as the bot does; the sheets need the kennel API.
  record --booking REF|ID [--json]
             One stay's care record, for the handover at pick-up: doses given of those due, each
             refusal or missed dose with its time, meals eaten, then every round's entries.
  record backup FILE
             An online copy of the SQLite care record (safe while the bot runs), checked. For
             PostgreSQL use pg_dump of the whole database (docs/care-record.md).
  record copy --to POSTGRES_URL
             The SQLite record, every table, copied into a new, empty PostgreSQL database (stop
             the bot first), then its chain walked there: moving from SQLite to PostgreSQL.
  record export --from DATE --to DATE [--pet ID] [--booking REF|ID] [--format csv|json|html] [--out DIR]
             Every entry of the range (or of one pet or stay: --pet, --booking, the range then
             optional), one row each with every field (CSV: RFC 4180, UTF-8). --format html: one
             printable page per stay (pet, owner's name, every item due and entry, who and when):
             to standard output for one stay, into --out DIR for several.
             Exit 0 OK, 1 no such booking (--booking), 2 invalid settings or input, 3 the care
             record cannot be read.
  record audit [--days 28] [--json] [--file PATH]
             The kennel's medication figures over the last days (today included), from what each
             round's kept sheet asked beside the entries: doses due, given on time, given late,
             late entries, missed, not given by reason, as-needed doses with and without an effect,
             high-alert doses witnessed and unwitnessed; with the record's head. No kennel API.
             --file PATH: a copy on its own (a backup, a file handed to an inspector), read-only.
  plan REF|ID [DATE] [--json]  |  plan --pet ID [DATE] [--json]
             A stay's care plans (or one pet's latest kept plan): each item as the rounds work from
             it, beside the kennel system's words; its state (not confirmed, a second person for a
             high-alert drug, confirmed by whom and when, changed in the kennel system); what each
             item asks of the day's rounds. Read only.
  stock [--controlled] [--json]  |  stock register DRUG [--from DATE] [--to DATE] [--json]
             The medicines held in custody: balance, runway to check-out, discard-by, counts due,
             discrepancies open; or a drug's register (in, out, balance after each line, who,
             witness). Read only, from the care record.
  status     Check the kennel API (up, key accepted, right address) and the running bot's link
             to Slack. [--json]
             Exit 0 when OK, 1 not OK, 2 invalid settings.
  digest     A scheduled post, now: [--content departures|arrivals|rounds|tomorrow|welfare|
             welfare-due] (default DIGEST_CONTENT) [--round ROUND] (with --content rounds or
             welfare; default the round now) [--date DATE] (default today; as above) [--dry-run] (print the post, post
             nothing; with --json its Block Kit). Posts at most once per day and kind, like the
             scheduler.
             Exit 0 posted or already there, 1 Slack refused, 2 invalid settings, 3 API failure.
  mcp        The assistant connector: a Model Context Protocol server on standard input and output,
             with the read-only tools (see docs/connector.md).
  sandbox    Serve a local stand-in kennel API with synthetic data on 127.0.0.1.
             [--port 4010] [--seed N|awkward] [--customers N] [--bookings N] [--timezone ZONE] [--today YYYY-MM-DD]
             [--write-env [FILE]] (set its KENNEL_* lines in FILE, default .env, keeping the rest)
             Faults (off by default): [--latency MS|MIN-MAX] [--error-rate 0..1] [--rate-limit-rate 0..1]
             [--retry-after S] [--hang-rate 0..1] [--malformed-rate 0..1] [--corrupt-rate 0..1]
             [--wrong-address] [--growing-totals]
  help [COMMAND]
             This text, or one command's usage, options, examples and exit codes (the same as
             kennel-desk COMMAND --help, or -h).

Settings come from the environment (and a .env file when run through npm); every one is in
docs/configuration.md.
`;
