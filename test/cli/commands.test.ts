/**
 * `kennel-desk inhouse`, `rounds`, `digest --content rounds`, usage errors and `--json`, run
 * in-process against the sandbox on a fixed clock (the sandbox's noon, so the round now is midday).
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DayReport } from "../../src/answers/day.ts";
import type { HouseReport } from "../../src/answers/house.ts";
import type { RoundReport } from "../../src/answers/rounds.ts";
import type { Message } from "../../src/blocks/types.ts";
import { counts } from "../../src/domain/bookings.ts";
import { compareRooms } from "../../src/domain/house.ts";
import type { Booking } from "../../src/kennel/schemas.ts";
import { type Sandbox, startSandbox } from "../../src/sandbox/server.ts";
import { localDate } from "../../src/time.ts";
import { petBlock } from "../text/fixtures.ts";
import { cliRunner } from "./helpers.ts";

const TODAY = "2026-03-10";
const TZ = "Europe/London";
let sandbox: Sandbox;
const run = cliRunner(
  () => sandbox,
  () => new Date(`${TODAY}T12:00:00Z`),
);
/** The pet given an evening-only medication, staying through TODAY. */
let petId: number;

beforeAll(async () => {
  sandbox = await startSandbox({ seed: 23, customers: 120, timezone: TZ, today: TODAY });
  const active = (customerId: unknown) =>
    (sandbox.main.petsByCustomer.get(customerId as number) ?? []).filter((p) => !p.deleted);
  const stay = sandbox.main.bookings.find(
    (b) =>
      counts(b as Booking) &&
      localDate(String(b.checkInDate), TZ) < TODAY &&
      localDate(String(b.checkOutDate), TZ) > TODAY &&
      b.numberOfPets === 1 &&
      active(b.customerId).length === 1,
  );
  if (!stay) throw new Error("the sandbox has no one-pet stay through the test day");
  const pet = active(stay.customerId)[0] as Record<string, unknown>;
  for (const n of ["", "2", "3", "4", "5"]) {
    for (const f of [`medication${n}`, `medication${n}Noon`, `medication${n}Pm`]) delete pet[f];
  }
  Object.assign(pet, {
    name: "Zanzibar",
    medication: "Thyroxine 0.4 mg, one tablet",
    medicationPm: "one tablet with dinner",
  });
  // The booking names the pet as its record does (a booking never borrows a differently named pet).
  stay.petNames = "Zanzibar";
  petId = pet.petId as number;
});
afterAll(() => sandbox.close());

describe("kennel-desk rounds", () => {
  it("an evening-only medication: the drug and its dose in the evening round, no dose in the midday round", async () => {
    const evening = await run(["rounds", "evening", TODAY]);
    expect(evening.code, evening.stderr).toBe(0);
    expect(evening.stdout).toMatch(/^Evening round — Tue 10 Mar \(\d+ pets\)\n═+/);
    expect(petBlock(evening.stdout, "Zanzibar")).toContain(
      "💊 Thyroxine 0.4 mg · evening: one tablet with dinner",
    );
    const midday = await run(["rounds", "midday", TODAY]);
    const z = petBlock(midday.stdout, "Zanzibar");
    expect(z).toContain("💊 Thyroxine 0.4 mg · nothing this round (given at the evening round)");
    expect(z).not.toContain("one tablet with dinner");
    const json = JSON.parse((await run(["rounds", "midday", TODAY, "--json"])).stdout) as RoundReport;
    const sheet = json.pets.find((p) => p.pet?.pet.petId === petId)?.sheet;
    expect(sheet?.medications).toEqual([expect.objectContaining({ state: "other_rounds" })]);
    expect(sheet?.medications[0]?.dose).toBeUndefined();
  });

  it("without a round, the round now by the kennel's clock; every pet by room in natural order", async () => {
    const r = await run(["rounds", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as RoundReport;
    expect(report.round).toBe("midday");
    expect(report.date).toBe(TODAY);
    const rooms = report.pets.map((p) => p.booking.roomName);
    expect([...rooms].sort(compareRooms)).toEqual(rooms);
    expect(report.pets.length).toBeGreaterThan(10);
  });

  it("a word that is not a round, or --page, is a usage error (exit 2), with no API call", async () => {
    const lunch = await run(["rounds", "lunhc"]);
    expect(lunch.code).toBe(2);
    expect(lunch.stderr).toMatch(/"lunhc" is not a round nor a date I know\. Did you mean lunch\?/);
    expect((await run(["rounds", "--page", "2"])).code).toBe(2);
    expect(lunch.calls).toBe(0);
    // A near miss of an option the command only refuses is not suggested ("--pge": never "--page?").
    const typo = await run(["rounds", "--pge", "2"]);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain("Unknown option '--pge'");
    expect(typo.stderr).not.toContain("--page");
  });
});

describe("kennel-desk inhouse", () => {
  it("every stay by room; the text is paged, --json is the whole day", async () => {
    const json = await run(["inhouse", TODAY, "--json"]);
    expect(json.code, json.stderr).toBe(0);
    const report = JSON.parse(json.stdout) as HouseReport;
    expect(report).toMatchObject({ date: TODAY, page: 1, pages: 1, from: 0 });
    // Every stay of the day, each with its care, and the day's counts.
    expect(report.entries).toHaveLength(report.totals.bookings);
    expect(report.entries.every((e) => e.care !== undefined)).toBe(true);
    expect(report.totals.careNotMatched).toBe(
      report.entries.filter((e) => e.care?.status === "not_matched").length,
    );
    const text = await run(["inhouse", TODAY]);
    expect(text.stdout).toMatch(/^In house — Tue 10 Mar \(\d+ pets\)\n═+/);
    const place = /page 1 of (\d+) \(showing 1–(\d+) of (\d+) stays\)/.exec(text.stdout);
    expect(place?.[3]).toBe(String(report.totals.bookings));
    expect(Number(place?.[2])).toBeLessThan(report.totals.bookings);
    expect(text.stdout.trimEnd()).toMatch(/\(more: add --page 2\)$/);
    const last = await run(["inhouse", TODAY, "--page", String(place?.[1])]);
    expect(last.stdout).not.toContain("(more:");
    const both = await run(["inhouse", TODAY, "--json", "--page", "2"]);
    expect(both.code).toBe(2);
    expect(both.stderr).toMatch(/--json prints the whole day .* it takes no --page/);
    expect(both.calls).toBe(0);
  });
});

describe("lists that tell records apart", () => {
  it("a pet list prints the owner and the pet id on every row, and the id opens the card", async () => {
    const names = new Map<string, number>();
    for (const p of sandbox.main.pets)
      if (!p.deleted) names.set(String(p.name), (names.get(String(p.name)) ?? 0) + 1);
    const [name] = [...names].find(([, n]) => n > 1) ?? [];
    const list = await run(["pet", String(name)]);
    expect(list.code, list.stderr).toBe(0);
    const rows = list.stdout.split("\n").filter((l) => l.includes(` ${name} · `));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatch(/ · [^·]+ · .* · pet id \d+$/);
    const id = /pet id (\d+)$/.exec(rows[0] as string)?.[1];
    const card = await run(["pet", String(id)]);
    expect(card.code, card.stderr).toBe(0);
    expect(card.stdout).toContain(`pet id ${id}`);
    // A private card ends with its own facts: no request id under it (issue 51).
    expect(card.stdout).not.toContain("request id");
  });

  it("a customer list prints the customer id on every row", async () => {
    const r = await run(["customer", "a"]);
    expect(r.code, r.stderr).toBe(0);
    const rows = r.stdout
      .split("\n")
      .slice(3)
      .filter((l) => l.includes(" · ") && !l.includes("request id"));
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatch(/ · customer id \d+$/);
  });
});

describe("usage errors, free text caps and --json", () => {
  it("status --bogus exits 2 (usage), not 3, and calls nothing", async () => {
    const r = await run(["status", "--bogus"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/Unknown option '--bogus'/);
    expect(r.stderr).toContain('Run "kennel-desk status --help" for its options.');
    expect(r.calls).toBe(0);
  });

  it("every command answers an unknown option in the project's words: the nearest option, or its options", async () => {
    const commands = [
      ["arrivals"],
      ["departures"],
      ["inhouse"],
      ["rounds"],
      ["booking", "X"],
      ["pet", "Biscuit"],
      ["customer", "a"],
      ["bookings"],
      ["record"],
      ["record", "export"],
      ["record", "backup"],
      ["status"],
      ["digest"],
      ["mcp"],
      ["sandbox"],
    ];
    for (const command of commands) {
      const r = await run([...command, "--bogus"]);
      const what = command.join(" ");
      expect(r.code, what).toBe(2);
      expect(r.stderr, what).toMatch(
        /Unknown option '--bogus'\. (Did you mean --\w+\?|Its options: --|It takes no options\.)/,
      );
      // Never Node's own parser text ("To specify a positional argument…", quotes left open).
      expect(r.stderr, what).not.toMatch(/To specify|positional/);
      expect(r.calls, what).toBe(0);
    }
    // record takes no --page (a day's record is one list): its options, in balanced quotes.
    const page = await run(["record", "--page", "2"]);
    expect(page.stderr.split("\n")[0]).toBe(
      "⚠️ Unknown option '--page'. Its options: --json, --round, --pet, --booking.",
    );
  });

  it("record WORD: a near miss of a round is suggested, as rounds WORD does", async () => {
    for (const command of ["record", "rounds"]) {
      const r = await run([command, "evenig"]);
      expect(r.code, command).toBe(2);
      expect(r.stderr.split("\n")[0], command).toBe(
        '⚠️ "evenig" is not a round nor a date I know. Did you mean evening? The rounds: morning (am, breakfast), midday (noon, lunch), evening (pm, dinner, tea, supper, night).',
      );
      expect(r.calls).toBe(0);
    }
  });

  it("a 200,000-character booking reference: exit 2, a clear message, no API call", async () => {
    const r = await run(["booking", "A".repeat(200_000)]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/too long for a booking reference or id: 200,000 characters, at most 64/);
    expect(r.stderr.length).toBeLessThan(500);
    expect(r.calls).toBe(0);
    for (const command of ["pet", "customer", "bookings", "arrivals"]) {
      const long = await run([command, "x".repeat(200_000)]);
      expect(long.code, command).toBe(2);
      expect(long.stderr, command).toMatch(/too long/);
      expect(long.calls, command).toBe(0);
    }
  });

  it("--page must be a whole number of 1 or more", async () => {
    const r = await run(["arrivals", "--page", "0"]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--page must be a whole number/);
  });

  it("a page past the kennel API's last is refused with the pages there are (exit 2), never an empty page", async () => {
    const pets = await run(["pet", "a", "--json"]);
    const pages = (JSON.parse(pets.stdout) as { list: { totalPages: number } }).list.totalPages;
    for (const args of [
      ["pet", "a", "--page", String(pages + 7)],
      ["bookings", "--page", "900"],
    ]) {
      const r = await run(args);
      expect(r.code, args.join(" ")).toBe(2);
      expect(r.stdout).toBe("");
      expect(r.stderr).toMatch(/There (is 1 page|are \d+ pages), not \d+\.|nothing matched/);
      expect(r.stderr).toMatch(/--page \d+ or less|without --page/);
    }
    const last = await run(["pet", "a", "--page", String(pages)]);
    expect(last.code).toBe(0);
  });

  it("--json prints the answer's data: the whole day, care per entry, the day's counts", async () => {
    const day = sandbox.data.busyDays[0] as string;
    const r = await run(["departures", day, "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const report = JSON.parse(r.stdout) as DayReport;
    expect(Object.keys(report).sort()).toEqual([
      "date",
      "entries",
      "from",
      "kind",
      "page",
      "pages",
      "requestId",
      "totals",
    ]);
    expect(report).toMatchObject({ kind: "departures", date: day, page: 1, pages: 1, from: 0 });
    // Every entry of the day (the text is paged; the data never is).
    expect(report.entries).toHaveLength(report.totals.bookings);
    expect(report.totals.careKnownForAll).toBe(true);
    expect(report.entries[0]).toEqual(
      expect.objectContaining({
        booking: expect.any(Object),
        payment: expect.any(String),
        care: expect.any(Object),
      }),
    );
    const text = await run(["departures", day]);
    expect(report.totals.bookings).toBeGreaterThan(20);
    expect(text.stdout.trimEnd().endsWith("(more: add --page 2)")).toBe(true);
    const paged = await run(["departures", day, "--page", "2", "--json"]);
    expect(paged.code).toBe(2);
    expect(paged.stderr).toContain("it takes no --page");
  });
});

describe("kennel-desk digest (rounds and tomorrow, dry run)", () => {
  it("--content rounds --round evening --dry-run prints the round; --round alone is a usage error", async () => {
    const r = await run([
      "digest",
      "--content",
      "rounds",
      "--round",
      "evening",
      "--date",
      TODAY,
      "--dry-run",
      "--json",
    ]);
    expect(r.code, r.stderr).toBe(0);
    // What would be posted: the parent message and its thread replies, as Block Kit.
    const [post] = JSON.parse(r.stdout) as Array<{
      kind: string;
      date: string;
      parent: Message;
      replies: Message[];
    }>;
    expect(post).toMatchObject({ kind: "rounds:evening", date: TODAY });
    expect(post?.parent.text).toMatch(/^Evening round — Tue 10 Mar/);
    expect(Array.isArray(post?.replies)).toBe(true);
    const alone = await run(["digest", "--round", "evening", "--dry-run"]);
    expect(alone.code).toBe(2);
    expect(alone.stderr).toMatch(/--round goes with --content rounds/);
    expect((await run(["digest", "--content", "lunch", "--dry-run"])).code).toBe(2);
  });

  it("without Slack's settings: says what it needs and the ways on without Slack, exit 2 (settings)", async () => {
    const r = await run(["digest", "--content", "chart", "--date", TODAY]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain("kennel-desk digest cannot post: 2 problems with the settings.");
    expect(r.stderr).toContain("- SLACK_BOT_TOKEN: is not set.");
    expect(r.stderr).toContain("- ROUNDS_CHANNEL: is not set.");
    expect(r.stderr).toContain("It needs the Slack settings named above");
    expect(r.stderr).toContain("The chart to print, without Slack: kennel-desk chart");
    expect(r.stderr).not.toMatch(/cannot start|start again/);
    const morning = await run(["digest", "--content", "departures", "--date", TODAY]);
    expect(morning.code).toBe(2);
    expect(morning.stderr).toContain("It needs the Slack settings named above");
    expect(morning.stderr).not.toContain("kennel-desk chart");
  });

  it("--content tomorrow --dry-run: the next day's arrivals whose pets lack care details", async () => {
    const r = await run(["digest", "--content", "tomorrow", "--date", TODAY, "--dry-run", "--json"]);
    expect(r.code, r.stderr).toBe(0);
    const [post] = JSON.parse(r.stdout) as Array<{ kind: string; parent: Message }>;
    expect(post?.kind).toBe("tomorrow");
    expect(JSON.stringify(post?.parent.blocks[0])).toMatch(/Care details missing — arrivals Wed 11 Mar/);
  });
});
