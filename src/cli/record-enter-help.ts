/**
 * `kennel-desk record enter --help` (and `help record enter`): the paper round's own help, so a
 * refusal of `record enter` points at the options it takes, not at the whole `record` command's.
 */
import type { CommandUsage } from "./command-help.ts";

export const RECORD_ENTER_EXAMPLE =
  'kennel-desk record enter morning 24/11 --pet 77 --by "Sam Lee" --dose "Rimadyl=given 08:05 JD"';

export const RECORD_ENTER_HELP: CommandUsage = {
  args: 'ROUND DATE --pet ID --by NAME --dose "DRUG=MARK TIME GIVER[ wit. WITNESS][; WORDS]"…',
  what: "One pet's round entered from the chart on paper (the day Slack or the bot was down), as 📄 Enter from paper… does on the round's post in Slack. The round must have been kept on its day (its post, /rounds that day, or the dose times' job): its kept sheet says which doses may be entered. Each dose is kept as a late entry from the paper chart with both times (the paper's and now); a dose that cannot stand (after check-out, before arrival, in the future, a time that never happened, recorded already) is said, and nothing is written. Reads KENNEL_DATA_DIR (or DATABASE_URL), as the bot does.",
  options: [
    ["ROUND", "the round on the paper: morning, midday or evening (or any of their names)"],
    ["DATE", "the round's day: today, yesterday, -2, 24/11, 24 Nov or 2026-11-24"],
    ["--pet ID", "the pet's id, as the chart's page shows it, or kennel-desk record DATE ROUND (\"pet 77\")"],
    ["--by NAME", "who is entering the paper (the record keeps who entered it; at most 60 characters)"],
    [
      "--dose",
      "one dose from the paper, repeated for each: DRUG as the chart names it (or its slot, med:1); MARK given, or R refused, V vomited, W withheld, N none left, A asleep as instructed; TIME as written, HH:MM on the round's day; GIVER as the paper names them; wit. WITNESS a high-alert dose's witness as the paper names them; ; WORDS written beside it",
    ],
  ],
  examples: [
    RECORD_ENTER_EXAMPLE,
    'kennel-desk record enter evening yesterday --pet 77 --by "Sam Lee" --dose "Caninsulin=given 18:40 JD wit. TB" --dose "Apoquel=R 18:45 JD; spat it out"',
  ],
  exits:
    "0 entered, 2 invalid input or a dose that cannot stand (nothing written), 3 the care record cannot be read.",
};
