/**
 * What every subcommand is given, and the few things they share: reading options (a bad option is a
 * usage error, exit 2), the kennel API's dependencies, the text options, and writing an answer.
 */
import { type ParseArgsConfig, parseArgs } from "node:util";
import { UsageError } from "../answers/failure.ts";
import { freeText, TEXT_RULES } from "../answers/input.ts";
import { type Config, requireKennel } from "../config.ts";
import { parseDay } from "../dates.ts";
import type { Clock, Deps } from "../deps.ts";
import { optionProblem } from "../domain/suggest.ts";
import { createKennelClient } from "../kennel/client.ts";
import type { Logger } from "../log.ts";
import { jsonOf, type TextOptions } from "../text/index.ts";
import { localDate } from "../time.ts";

interface CliIo {
  stdout: { write(s: string): unknown; isTTY?: boolean };
  stderr: { write(s: string): unknown; isTTY?: boolean };
}

export interface CliDeps {
  env: Record<string, string | undefined>;
  io: CliIo;
  /** Injected fetch, for tests; default the global fetch. */
  fetch?: typeof fetch;
  /** Injected clock, for tests; default the system's. */
  clock?: Clock;
  /** How long `digest` waits after posting before it checks for a duplicate; tests pass 0. Default 2 s. */
  settleMs?: number;
  /** The command reads the preview running in its folder (its settings, kennel clock and port). */
  previewHere?: boolean;
  /** The preview running in the command's folder, not read (the command has settings of its own, or is `sandbox`). */
  previewBeside?: { pid: number; port?: number | undefined };
  /**
   * The preview running in the command's folder, read or not: its pid, port and care record's folder
   * (a temporary one), so `record copy` refuses its record and `status` knows its port.
   */
  previewRunning?: { pid: number; port?: number | undefined; dataDir: string };
  /**
   * The process is the command's own (the real command line, not a test running many zones): a
   * long-running command (the connector) takes the kennel's zone as the process's, as the bot does.
   */
  ownProcess?: boolean;
}

export interface CliContext {
  /** The subcommand as typed: "arrivals", "rounds"… */
  command: string;
  args: string[];
  config: Config;
  deps: CliDeps;
  io: CliIo;
  log: Logger;
  clock: Clock;
  /** Says the log's notes held for an answer (one note for the bookings not read whole): after each answer. */
  flushNotes?: () => void;
}

export const HELP_HINT = 'Run "kennel-desk help" for the options.';

/** What a day typed as "-1" or "+3" is held under while options are read (no one types it). */
const DAY_HELD = "\u0000day:";

/** The command line's options; anything unknown or malformed is a usage error (exit 2). */
export function readOptions<O extends NonNullable<ParseArgsConfig["options"]>>(
  args: string[],
  options: O,
  positionals = false,
  /** Options read only to be refused in words of their own ("it takes no --page"): never suggested. */
  refusedOnly: readonly string[] = [],
) {
  // "-1" and "+3" are days ("yesterday", "in three days"), not options: read as positionals where
  // they were typed (`bookings +7 today` is a range from +7, never turned round), and as the value
  // of an option that takes one (`--from -7`), held under a stand-in the option reader cannot take
  // for an option.
  const takesValue = (a: string | undefined) =>
    a?.startsWith("--") === true && options[a.slice(2)]?.type === "string";
  const held = (a: string, i: number) =>
    /^[-+]\d{1,4}$/.test(a) && (positionals || takesValue(args[i - 1])) ? `${DAY_HELD}${a}` : a;
  const back = (a: string) => (a.startsWith(DAY_HELD) ? a.slice(DAY_HELD.length) : a);
  try {
    const read = parseArgs({ args: args.map(held), options, strict: true, allowPositionals: positionals });
    const values = Object.fromEntries(
      Object.entries(read.values).map(([k, v]) => [k, typeof v === "string" ? back(v) : v]),
    ) as typeof read.values;
    return { values, positionals: read.positionals.map(back) };
  } catch (error) {
    throw new UsageError(
      optionProblem(
        (error as Error).message,
        Object.keys(options).filter((o) => !refusedOnly.includes(o)),
      ),
      HELP_HINT,
    );
  }
}

/** `--page N`: a whole number of 1 or more (default 1). */
export function pageOption(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const page = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(page) || page < 1) {
    throw new UsageError(`--page must be a whole number of 1 or more, not "${raw.slice(0, 40)}".`, HELP_HINT);
  }
  return page;
}

/** The kennel API's dependencies; missing or invalid settings throw a ConfigError (exit 2). */
export function kennelDeps(ctx: CliContext): Deps {
  const settings = requireKennel(ctx.config, ctx.deps.env);
  const kennel = createKennelClient(settings, {
    log: ctx.log,
    fetch: ctx.deps.fetch,
    keepRaw: ctx.config.rawResponses,
  });
  return { kennel, log: ctx.log, config: ctx.config, clock: ctx.clock };
}

/** Colours only in a terminal, and not when NO_COLOR is set. */
export function textOptions(ctx: CliContext): TextOptions {
  const color = ctx.io.stdout.isTTY === true && !ctx.deps.env.NO_COLOR;
  return {
    color,
    timezone: ctx.config.timezone,
    thisYear: localDate(ctx.clock.now(), ctx.config.timezone).slice(0, 4),
  };
}

/** The answer as its data (`--json`) or as text, with "(more: add --page N)" when there is more. */
export function print(
  ctx: CliContext,
  answer: unknown,
  json: boolean,
  text: () => string,
  next?: number,
): number {
  if (json) ctx.io.stdout.write(`${jsonOf(answer)}\n`);
  else ctx.io.stdout.write(`${text()}${next ? `\n\n(more: add --page ${next})` : ""}\n`);
  return 0;
}

/**
 * A day's list with `--json` is the whole day (every entry, the day's counts), never a Slack page:
 * a `--page` beside it is a usage error rather than quietly ignored.
 */
export function jsonIsWholeDay(json: boolean, page: string | undefined, example: string): void {
  if (json && page !== undefined) {
    throw new UsageError(
      "--json prints the whole day (every entry and the day's counts): it takes no --page.",
      `Run ${example} --json.`,
    );
  }
}

/** A page asked for past the last is answered with the last one, and says so on standard error. */
export function notePageShown(ctx: CliContext, asked: number, shown: number, pages: number): void {
  if (asked !== shown) {
    ctx.io.stderr.write(
      `There ${pages === 1 ? "is 1 page" : `are ${pages} pages`}: showing page ${shown}.\n`,
    );
  }
}

/**
 * A page the kennel API could not have (`--page 9` of 2): refused with the pages there are (exit 2),
 * never an empty "page 9 of 2" that looks like an answer.
 */
export function pageWithin(asked: number, pages: number): void {
  if (asked > 1 && asked > pages) {
    throw new UsageError(
      pages === 0
        ? `There is nothing to show on page ${asked}: nothing matched.`
        : `There ${pages === 1 ? "is 1 page" : `are ${pages} pages`}, not ${asked}.`,
      pages === 0 ? "Ask without --page." : `Ask --page ${pages} or less.`,
    );
  }
}

/** The next page's number, when there is one. */
export const nextPage = (page: number, pages: number) => (page < pages ? page + 1 : undefined);

/** `--pet ID`: a pet's id, a whole number from 1; undefined when the option was not given. */
export function petOption(raw: string): number;
export function petOption(raw: string | undefined): number | undefined;
export function petOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1) {
    const typed = raw.slice(0, 40);
    // A name where the id goes: say where its id is shown, with the name as typed.
    const name = /\p{L}/u.test(typed) ? (/\s/.test(typed.trim()) ? `"${typed.trim()}"` : typed.trim()) : "";
    throw new UsageError(
      `--pet takes a pet's id (a whole number), not "${typed}".`,
      name
        ? `kennel-desk pet ${name} shows each pet of that name with its id ("pet id …"), as /pet ${name} does in Slack.`
        : HELP_HINT,
    );
  }
  return id;
}

/** A date as typed ("tomorrow", "24 Dec", empty for today), read in the kennel's time zone. */
export function dayOption(ctx: CliContext, text: string): string {
  const typed = freeText(text, TEXT_RULES.date);
  const day = parseDay(typed, ctx.clock.now(), ctx.config.timezone, ctx.config.dateOrder);
  if (!day.ok) throw new UsageError(day.message, HELP_HINT);
  return day.date;
}
