/**
 * `kennel-desk record enter` (issue 50): one pet's round entered from the chart on paper in the
 * terminal, against a real SQLite record in a temporary folder with a kept morning sheet. Each dose
 * the record's entry with the paper's time, `--by` as who entered it (now), the giver as the paper
 * names them, read back "from the paper chart" by `kennel-desk record` and the export; a code of the chart a dose
 * not given; a time in the future, an unknown pet, an unknown drug, no --by, no kept round and a dose
 * entered twice: each said, exit 2, nothing written.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { saveSheet } from "../../src/answers/sheets.ts";
import { runCli } from "../../src/cli/index.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { CareRecordStore } from "../../src/record/types.ts";
import { parseCsv } from "../helpers/csv.ts";
import { biscuitMorning, bobbyGoneHome } from "../helpers/paper.ts";

const dir = mkdtempSync(join(tmpdir(), "kennel-desk-enter-"));
const NOW = new Date("2026-11-24T15:00:00Z");
const clock = { now: () => NOW };
const ENV = { KENNEL_TIMEZONE: "Europe/London", LOG_LEVEL: "silent", KENNEL_DATA_DIR: dir };

/** The environment as a person's terminal has it: no LOG_LEVEL. */
const { LOG_LEVEL: _, ...TERMINAL } = ENV;

async function cli(args: string[], env: Record<string, string> = ENV) {
  let stdout = "";
  let stderr = "";
  const code = await runCli(args, {
    env,
    io: { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) } },
    clock,
  });
  return { code, stdout, stderr };
}

/** The record in `dir` opened for `work`, closed after it whatever happens. */
async function withStore<T>(work: (store: CareRecordStore) => Promise<T>): Promise<T> {
  const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** Biscuit's morning round of `date` kept, asking these drugs. */
const keepMorning = (date: string, drugs: string[]) =>
  withStore((store) => saveSheet({ record: store }, biscuitMorning(date, drugs)));

const entries = () => withStore((store) => store.entries({ date: "2026-11-24" }));

beforeAll(async () => {
  await keepMorning("2026-11-24", ["Rimadyl 50 mg", "Apoquel 16 mg"]);
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const enter = (...more: string[]) => cli(["record", "enter", "morning", "24/11", "--pet", "77", ...more]);

describe("kennel-desk record enter", () => {
  // Each refused with exit 2 and nothing written: its words, and words it must not say.
  const ENTER = ["record", "enter", "morning", "24/11", "--pet", "77"];
  const BY_SAM = [...ENTER, "--by", "Sam"];
  const GIVER = "has no giver: write who gave it (initials or name) after the time.";
  // A time that is not one is said as typed, not as a day and a time the command never asks; nothing
  // was recorded already, so the advice does not speak of it.
  const notATime = (bad: string) =>
    [
      `a time that is not one (${bad})`,
      [...BY_SAM, "--dose", `Rimadyl=V ${bad} JD`],
      [
        `Rimadyl 50 mg: ${bad} is not a time: write it as HH:MM, e.g. 07:45.`,
        "Check the paper and run it again.",
      ],
      ["recorded already", "the day and the time"],
    ] as const;
  it.each([
    [
      "no --by",
      [...ENTER, "--dose", "Rimadyl=given 08:05 JD"],
      ["Say who is entering the paper with --by NAME"],
      [],
    ],
    [
      "an unknown pet",
      [
        "record",
        "enter",
        "morning",
        "24/11",
        "--pet",
        "78",
        "--by",
        "Sam",
        "--dose",
        "Rimadyl=given 08:05 JD",
      ],
      [
        "No pet 78 with a dose on the morning round of Tue 24 Nov: the pets with a dose on it are Biscuit (77).",
      ],
      [],
    ],
    [
      "an unknown drug",
      [...BY_SAM, "--dose", "Metacam=given 08:05 JD"],
      [
        '"Metacam" is not a dose this round asked of Biscuit: its doses are Rimadyl 50 mg (med:1), Apoquel 16 mg (med:2).',
      ],
      [],
    ],
    // No giver after the time: said so, not only that the dose does not read.
    ["no giver after the time", [...BY_SAM, "--dose", "Rimadyl=given 08:00"], [GIVER], ["does not read as"]],
    [
      "no mark before the time (the time read as the mark)",
      [...BY_SAM, "--dose", "Rimadyl=08:30 JD; given with food"],
      [
        '--dose "Rimadyl=08:30 JD; given with food" has no mark: write what the paper marks (given, or R, V, W, N or A) before the time.',
      ],
      ["has no giver", "is not a mark"],
    ],
    [
      "no giver after the time, a note after it",
      [...BY_SAM, "--dose", "Rimadyl=V 08:00 ; brought it up"],
      [GIVER],
      ["does not read as"],
    ],
    [
      "a time in the future",
      [...BY_SAM, "--dose", "Rimadyl=given 15:30 JD"],
      // After the drug's name, the sentence goes on in lower case.
      ["Rimadyl 50 mg: that is later than now (15:00): check the time on the paper."],
      ["Rimadyl 50 mg: That"],
    ],
    [
      "a round never kept",
      [
        "record",
        "enter",
        "evening",
        "24/11",
        "--pet",
        "77",
        "--by",
        "Sam",
        "--dose",
        "Rimadyl=given 18:05 JD",
      ],
      [
        "No sheet was kept for the evening round of Tue 24 Nov: Kennel Desk has not posted it",
        "Post the round (/rounds evening in Slack, or its scheduled post), then enter the paper.",
      ],
      ["once Kennel Desk is back"],
    ],
    // A past day's round never kept cannot be posted now: never sent to /rounds for it.
    [
      "a past day's round never kept",
      [
        ...ENTER.slice(0, 2),
        "evening",
        "23/11",
        "--pet",
        "77",
        "--by",
        "Sam",
        "--dose",
        "Rimadyl=given 18:05 JD",
      ],
      [
        "No sheet was kept for the evening round of Mon 23 Nov: Kennel Desk never posted it",
        "a past day's round cannot be posted now",
        "The paper chart stays that round's record",
        "kennel-desk record 2026-11-23 shows what the record holds for that day.",
      ],
      ["/rounds", "once Kennel Desk is back"],
    ],
    // A later day's round is still to come: never "never posted", nor "once Kennel Desk is back".
    [
      "a later day's round",
      [
        ...ENTER.slice(0, 2),
        "morning",
        "25/11",
        "--pet",
        "77",
        "--by",
        "Sam",
        "--dose",
        "Rimadyl=given 08:05 JD",
      ],
      ["Nothing can be entered for the morning round of Wed 25 Nov yet: the round is still to come"],
      ["never posted", "once Kennel Desk is back", "/rounds"],
    ],
    // A refusal points at record enter's own help, and a name where the id goes says where the id is.
    [
      "a pet's name for --pet",
      [...ENTER.slice(0, 4), "--pet", "Biscuit", "--by", "Sam", "--dose", "Rimadyl=given 08:05 JD"],
      [
        '--pet takes a pet\'s id (a whole number), not "Biscuit".',
        "kennel-desk pet Biscuit shows each pet of that name with its id",
        'Run "kennel-desk record enter --help" for its options.',
      ],
      ['"kennel-desk record --help"'],
    ],
    notATime("7.45"),
    notATime("25:00"),
    // A phone number or an email address never goes into the record, from the terminal either.
    [
      "a phone number in --by",
      [...ENTER, "--by", "Sam 07700 900456", "--dose", "Rimadyl=given 08:05 JD"],
      ["--by: A phone number can't go into the care record: write their name only."],
      [],
    ],
    [
      "a phone number beside a dose",
      [...BY_SAM, "--dose", "Rimadyl=given 08:05 JD; owner on 07700 900456"],
      [
        "Rimadyl 50 mg: A phone number can't go into a channel post: write about the pet only; keep owner contact details in the booking system.",
      ],
      [],
    ],
    [
      "an email address as the giver",
      [...BY_SAM, "--dose", "Rimadyl=given 08:05 jd@example.com"],
      ["Rimadyl 50 mg: an email address can't go into a channel post: write the initials or the name only."],
      [],
    ],
  ] as const)("refuses %s, writing nothing", async (_, args, says, never) => {
    const r = await cli([...args]);
    expect(r.code).toBe(2);
    for (const words of says) expect(r.stderr).toContain(words);
    for (const words of never) expect(r.stderr).not.toContain(words);
    expect(await entries()).toEqual([]);
  });

  it("a time later than now on a later day's kept round says the days, in the terminal's words", async () => {
    await keepMorning("2026-11-26", ["Rimadyl 50 mg", "Apoquel 16 mg"]);
    const r = await cli([
      ...ENTER.slice(0, 3),
      "26/11",
      "--pet",
      "77",
      "--by",
      "Sam",
      "--dose",
      "Rimadyl=given 08:05 JD",
    ]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      "Rimadyl 50 mg: that is later than now (15:00 today); that round is Thu 26 Nov: check the time on the paper.",
    );
    expect(await withStore((store) => store.entries({ date: "2026-11-26" }))).toEqual([]);
  });

  it("record export --pet with a name says which command shows the pet's id", async () => {
    const r = await cli(["record", "export", "--pet", "Biscuit"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      'kennel-desk pet Biscuit shows each pet of that name with its id ("pet id …"), as /pet Biscuit does in Slack.',
    );
  });

  it("record enter --help is its own: the paper's options and an example", async () => {
    for (const args of [
      ["record", "enter", "--help"],
      ["help", "record", "enter"],
    ]) {
      const r = await cli(args);
      expect(r.code).toBe(0);
      expect(r.stdout).toContain("Usage: kennel-desk record enter ROUND DATE --pet ID --by NAME --dose");
      expect(r.stdout).toContain("MARK given, or R refused");
      expect(r.stdout).not.toContain("export --from DATE --to DATE");
    }
  });

  it("enters the paper's doses (a code a dose not given), read back from the paper chart with both times; twice is refused", async () => {
    const done = await enter(
      "--by",
      "Sam Lee",
      "--dose",
      "Rimadyl=given 08:05 JD",
      "--dose",
      "med:2=W 08:10 JD; vet said stop",
    );
    expect(done.stderr).toContain("the times are not checked against the booking's check-in and check-out");
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      "📄 Entered from the paper chart: Biscuit, the morning round of Tue 24 Nov, by Sam Lee",
    );
    expect(done.stdout).toContain("Rimadyl 50 mg: from the paper chart: given 08:05 by JD, entered 15:00");
    // The terminal does not draw the Slack post again (only the bot's redraw does): it says when the
    // post shows it, and where to see the round with it now.
    expect(done.stdout).toContain(
      "Entered here, the round post in Slack is not drawn again now: it shows these at the next tap or form on any of its messages or copies (the entered pets' messages are drawn again with it, in the channel and in anyone's DM copy), or when the bot posts a late or missed reply on that round. To see the round with them now: kennel-desk rounds morning 2026-11-24.",
    );
    const kept = await entries();
    expect(
      kept.map((e) => [e.item, e.outcome, e.reasonCode, e.reason, e.givenAt, e.userName, e.recordedAt]),
    ).toEqual([
      [
        "med:1",
        "given",
        undefined,
        undefined,
        "2026-11-24T08:05:00.000Z",
        "Sam Lee",
        "2026-11-24T15:00:00.000Z",
      ],
      [
        "med:2",
        "not_given",
        // W says withheld and nothing of by whom: the code "other", the paper's words and those beside it.
        "other",
        "withheld: vet said stop",
        "2026-11-24T08:10:00.000Z",
        "Sam Lee",
        "2026-11-24T15:00:00.000Z",
      ],
    ]);
    const twice = await enter("--by", "Sam Lee", "--dose", "Rimadyl=given 08:05 JD");
    expect(twice.code).toBe(2);
    // Named as the paper gave it, with advice a terminal user can follow, never "run it again".
    expect(twice.stderr).toContain(
      "\nRimadyl 50 mg is recorded already (given 08:05 by JD, entered by Sam Lee): nothing was written. To correct it, use ✏️ Record each… on that round's post in Slack.\n",
    );
    // The drug is named once, never "Rimadyl 50 mg: Rimadyl 50 mg is …".
    expect(twice.stderr).not.toContain("Rimadyl 50 mg: Rimadyl 50 mg");
    expect(twice.stderr).toContain("there is nothing more to enter from the paper");
    expect(twice.stderr).not.toContain("run it again");
    const withheldAgain = await enter("--by", "Sam Lee", "--dose", "Apoquel=V 08:10 JD");
    expect(withheldAgain.stderr).toContain(
      "Apoquel 16 mg is recorded already (marked W 08:10 by JD, entered by Sam Lee)",
    );
    expect(await entries()).toHaveLength(2);
    const day = await cli(["record", "24/11"]);
    expect(day.stdout).toContain("from the paper chart: given 08:05 by JD, entered 15:00");
    // The export's late entry column says so too, with both times and the giver.
    const csv = await cli(["record", "export", "--from", "2026-11-24", "--to", "2026-11-24"]);
    expect(csv.code).toBe(0);
    expect(csv.stdout).toContain("from the paper chart: given 08:05 by JD, entered 15:00");
    // A dose not given is never said "given": its letter as the paper marked it.
    expect(csv.stdout).toContain("from the paper chart: marked W 08:10 by JD, entered 15:00");
    expect(csv.stdout).not.toContain("on the vet's advice");
    // The paper's giver has a column of its own (its witness is the witness column's), and a dose
    // given says when against its window, as the round's record does.
    const [header = [], ...rows] = parseCsv(csv.stdout);
    const cells = (column: string) =>
      rows.filter((r) => r[header.indexOf("kind")] === "round").map((r) => r[header.indexOf(column)]);
    expect(cells("item")).toEqual(["med:1", "med:2"]);
    expect(cells("paper_giver")).toEqual(["JD", "JD"]);
    expect(cells("user_name")).toEqual(["Sam Lee", "Sam Lee"]);
    expect(cells("timeliness")).toEqual(["on_time", ""]);
  });

  it("enters a pet the kept round asked a dose of that went home since, not on the sheet (Bobby, AW-EARLY)", async () => {
    await withStore((store) => bobbyGoneHome(store, "2026-11-23"));
    const args = ["record", "enter", "morning", "23/11", "--pet", "88", "--by", "Morgan Reid"];
    const done = await cli([...args, "--dose", "Caninsulin=given 07:45 JD"]);
    expect(done.stderr).not.toContain("No pet 88");
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(
      "📄 Entered from the paper chart: Bobby, the morning round of Mon 23 Nov, by Morgan Reid",
    );
    expect(done.stdout).toContain(
      "Caninsulin 6 units, with food: from the paper chart: given Mon 23 Nov 07:45 by JD, entered Tue 24 Nov 15:00",
    );
    const day = await cli(["record", "morning", "23/11"]);
    expect(day.stdout).toMatch(
      /Bobby[\s\S]*Caninsulin 6 units, with food: .*from the paper chart: given .*07:45 by JD/,
    );
    expect(day.stdout).not.toMatch(/Caninsulin[^\n]*missed/);
  });

  it("a high-alert dose keeps the witness the paper names (wit. TB); without one its record says no witness on the paper", async () => {
    const { store } = await openCareRecord({ engine: "sqlite", dataDir: dir }, clock, undefined);
    const body = biscuitMorning("2026-11-22", ["Caninsulin 6 units", "Apoquel 16 mg"]);
    const pet = body.pets[0] as (typeof body.pets)[number];
    pet.due = pet.due.map((d) => (d.item === "meal" ? d : { ...d, highAlert: true }));
    await saveSheet({ record: store }, body).finally(() => store.close());
    const args = ["record", "enter", "morning", "22/11", "--pet", "77", "--by", "Sam Lee"];
    const done = await cli(
      [
        ...args,
        "--dose",
        "Caninsulin=given 08:05 Jane Witherspoon wit. TB; with breakfast",
        "--dose",
        "Apoquel=given 08:10 JD",
      ],
      TERMINAL,
    );
    // With no LOG_LEVEL set, the terminal shows the answer, not the bot's info lines ("care record tap").
    expect(done.stderr).toBe(
      "The kennel API is not set here (KENNEL_API_KEY, KENNEL_API_BASE_URL): the times are not checked against the booking's check-in and check-out.\n",
    );
    expect(done.code).toBe(0);
    // The confirmation says the witness went in, or that the paper named none.
    expect(done.stdout).toMatch(/Caninsulin 6 units: .* · 💉 witnessed by TB 08:05 on the paper chart\n/);
    expect(done.stdout).toMatch(/Apoquel 16 mg: .* · 💉 no witness on the paper\n/);
    const day = await cli(["record", "morning", "22/11"]);
    // Who entered it is said as that, inside the paper's words: never "· Sam Lee", read as the giver.
    expect(day.stdout).toContain(
      "(from the paper chart: given Sun 22 Nov 08:05 by Jane Witherspoon, entered Tue 24 Nov 15:00 by Sam Lee) · ⏩ given after its window closed",
    );
    expect(day.stdout).not.toContain(") · Sam Lee");
    expect(day.stdout).toContain("💉 witnessed by TB 08:05 on the paper chart");
    expect(day.stdout).toContain("💉 no witness on the paper");
    expect(day.stdout).not.toContain("awaiting a witness");
    // The audit counts a dose the paper names no witness for apart from one unwitnessed in time.
    const audit = await cli(["record", "audit", "--days", "3"]);
    expect(audit.stdout).toMatch(
      /💉 High-alert doses given: 2 · witnessed 1 · unwitnessed 0 · no witness on the paper 1\n/,
    );
    const self = await cli([
      ...args.slice(0, 4),
      "--pet",
      "77",
      "--by",
      "Sam",
      "--dose",
      "Caninsulin=given 08:05 JD wit. JD",
    ]);
    expect(self.code).toBe(2);
    expect(self.stderr).toMatch(/witness/i);
    // The giver's initials as the witness: the same person, refused as plainly.
    const initials = await cli([
      ...args.slice(0, 4),
      "--pet",
      "77",
      "--by",
      "Sam",
      "--dose",
      "Caninsulin=given 08:05 Jane Doe wit. JD",
    ]);
    expect(initials.code).toBe(2);
    expect(initials.stderr).toContain(
      'Caninsulin 6 units: the witness is a second, different person: not the one who gave it ("Jane Doe" and "JD" read as one person).',
    );
    // Dotted initials are the same person: never accepted as a second one.
    const dotted = await cli([
      ...args.slice(0, 4),
      "--pet",
      "77",
      "--by",
      "Sam",
      "--dose",
      "Caninsulin=given 08:05 Jane Doe wit. J.D.",
    ]);
    expect(dotted.code).toBe(2);
    expect(dotted.stderr).toContain('("Jane Doe" and "J.D." read as one person)');
    // "wit." with nothing after it is never read into the giver's name ("JD wit."), for good.
    for (const dose of ["Apoquel=given 08:20 JD wit.", "Apoquel=given 08:20 JD wit"]) {
      const bare = await cli([...args.slice(0, 4), "--pet", "77", "--by", "Sam", "--dose", dose]);
      expect(bare.code).toBe(2);
      expect(bare.stderr).toContain('has "wit." with no initials after it');
    }
  });

  it("a dose the paper says was given before its window opened reads so everywhere, never 'on time'", async () => {
    await keepMorning("2026-11-21", ["Rimadyl 50 mg", "Apoquel 16 mg"]);
    // The morning round is at 07:30: its window opens at 06:30.
    const args = ["record", "enter", "morning", "21/11", "--pet", "77", "--by", "Sam Lee"];
    const done = await cli([...args, "--dose", "Rimadyl=given 05:00 JD", "--dose", "Apoquel=given 08:40 JD"]);
    expect(done.code).toBe(0);
    // Said as it is entered, in the record's words, not only when read back: early, and late, each
    // with when it was due by the window its round kept.
    const early = "⏪ given before its window opened (due 07:30, window 06:30–09:30)";
    const late = "⏰ given late (due 07:30, on time until 08:15)";
    expect(done.stdout).toContain(`entered Tue 24 Nov 15:00 · ${early}\n`);
    expect(done.stdout).toContain(`entered Tue 24 Nov 15:00 · ${late}\n`);
    expect(done.stdout).toMatch(/Rimadyl 50 mg: [^\n]*⏪ given before its window opened/);
    const day = await cli(["record", "morning", "21/11"]);
    expect(day.stdout).toMatch(
      /Rimadyl 50 mg[^\n]*· ⏪ given before its window opened \(due 07:30, window 06:30–09:30\)/,
    );
    expect(day.stdout).toMatch(/Apoquel 16 mg[^\n]*· ⏰ given late \(due 07:30, on time until 08:15\)/);
    expect(day.stdout).not.toMatch(/Rimadyl 50 mg[^\n]*given on time/);
    const audit = await cli(["record", "audit", "--days", "4"]);
    expect(audit.stdout).toContain("⏪ given before its window opened: 1");
  });

  it("the audit counts a paper V as vomited, how soon after the dose not said, and a paper W as withheld, on whose decision not said, never 'within 30 min' nor 'other'", async () => {
    await keepMorning("2026-11-20", ["Metronidazole 250 mg", "Apoquel 16 mg"]);
    const args = ["record", "enter", "morning", "20/11", "--pet", "77", "--by", "Sam Lee"];
    const done = await cli([...args, "--dose", "Metronidazole=V 08:00 JD", "--dose", "Apoquel=W 08:00 JD"]);
    expect(done.code).toBe(0);
    // Five days: this W and V, and the W of Tue 24 Nov.
    const audit = await cli(["record", "audit", "--days", "5"]);
    expect(audit.stdout).toContain(
      "⚠️ not given or refused: 3 (vomited (paper V: how soon after the dose not said) 1, withheld (paper W: on whose decision not said) 2)",
    );
    expect(audit.stdout).not.toContain("within 30 min");
    expect(audit.stdout).not.toMatch(/not given or refused[^\n]*other/);
    const json = await cli(["record", "audit", "--days", "5", "--json"]);
    expect(JSON.parse(json.stdout).notGivenByReason).toEqual({ paper_vomited: 1, paper_withheld: 2 });
  });
});
