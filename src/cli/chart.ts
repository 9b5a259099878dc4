/**
 * `kennel-desk chart [DATE] [--days N] [--pet ID | --room NAME] [--out DIR]`: the medication chart on
 * paper (issue 50), one printable HTML file (A4 portrait, a page per pet and three days) from the care record and
 * the kennel API, written to DIR (default charts/ in the folder it runs in) as `chart-DATE.html` (`chart-FROM-to-TO.html` over several days,
 * `-room-NAME` or `-pet-ID` when narrowed). DATE: the first day (default today).
 */
import { resolve } from "node:path";
import { CHART_DAYS_MAX, chartedPets, chartOf } from "../answers/chart.ts";
import { UsageError } from "../answers/failure.ts";
import { webClientSlack } from "../digest/slack.ts";
import { cleanText } from "../domain/text.ts";
import type { Logger } from "../log.ts";
import type { ChartSlack } from "../present/chart.ts";
import { CHART_DAYS_PER_PAGE } from "../present/chart-days.ts";
import { pageSlack } from "../slack/app-link.ts";
import { createWebClient } from "../slack/web-client.ts";
import { chartPage } from "../text/chart-html.ts";
import { chartOpenWords, nothingToChartWords } from "../words/chart.ts";
import { type CliContext, dayOption, HELP_HINT, readOptions } from "./context.ts";
import { kennelDepsWithRecord } from "./record-deps.ts";
import { checkOutFolder, fileNamePart, writePages } from "./record-pages.ts";

/**
 * Where the chart goes without --out: charts/ in the folder the command runs in (as the help's
 * examples write it), which .gitignore keeps out of a checkout's changes.
 */
const DEFAULT_OUT = "charts";

function daysOption(raw: string | undefined): number {
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!/^\d+$/.test(raw) || n < 1 || n > CHART_DAYS_MAX) {
    throw new UsageError(
      `--days takes a number of days from 1 to ${CHART_DAYS_MAX}, not "${raw.slice(0, 40)}".`,
      HELP_HINT,
    );
  }
  return n;
}

function petOption(raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const id = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(id) || id < 1)
    throw new UsageError(`--pet takes a pet's id (a whole number), not "${raw.slice(0, 40)}".`, HELP_HINT);
  return id;
}

function options(ctx: CliContext) {
  const { values, positionals } = readOptions(
    ctx.args,
    { days: { type: "string" }, pet: { type: "string" }, room: { type: "string" }, out: { type: "string" } },
    true,
  );
  if (values.pet !== undefined && values.room !== undefined)
    throw new UsageError("--pet and --room each narrow the chart: give one of them.", HELP_HINT);
  const out = values.out ?? DEFAULT_OUT;
  checkOutFolder(out);
  return {
    from: dayOption(ctx, positionals.join(" ")),
    days: daysOption(values.days),
    petId: petOption(values.pet),
    room: values.room?.trim() || undefined,
    out,
  };
}

/**
 * Where the pages' QR codes open Kennel Desk in Slack: asked of Slack when this computer has the
 * bot's token (one try, 5 s: a chart printed because Slack is down is never held up by it); else
 * the pages say there is none, and why.
 */
async function slackOf(ctx: CliContext): Promise<ChartSlack> {
  const token = ctx.config.slackBotToken;
  if (!token) return pageSlack(undefined);
  const client = createWebClient(token, {
    apiUrl: ctx.config.slackApiUrl,
    log: ctx.log,
    retryConfig: { retries: 0 },
    timeoutMs: 5_000,
  });
  return pageSlack(() => webClientSlack(client, { log: ctx.log }).self());
}

/**
 * A one-pet chart's log: the notes about another pet's record, read with the house's rounds ("pet
 * 950008: ignored fields with unexpected values"), are left out, so its notes are that pet's only
 * (its own unreadable field is said on its page too); every other line passes as it is.
 */
function onePetLog(log: Logger, petId: number): Logger {
  const another = (o: unknown) =>
    typeof o === "object" &&
    o !== null &&
    (o as { kind?: unknown }).kind === "pet" &&
    String((o as { id?: unknown }).id) !== String(petId);
  return new Proxy(log, {
    get(target, key) {
      if (key === "warn")
        return (o: unknown, ...more: unknown[]) =>
          another(o) ? undefined : (target.warn as (...a: unknown[]) => void)(o, ...more);
      if (key === "child")
        return (...a: Parameters<Logger["child"]>) =>
          onePetLog(target.child(...a) as unknown as Logger, petId);
      const v: unknown = Reflect.get(target, key, target);
      return typeof v === "function" ? v.bind(target) : v;
    },
  });
}

export async function run(ctx: CliContext): Promise<number> {
  const q = options(ctx);
  const { deps, close } = await kennelDepsWithRecord(
    q.petId === undefined ? ctx : { ...ctx, log: onePetLog(ctx.log, q.petId) },
  );
  try {
    const chart = await chartOf(deps, q, { surface: "command" });
    const n = chartedPets(chart);
    if (n === 0) {
      // Nothing to print: said, with what the chart could not show, and no file (exit 1, not written).
      const pets = chart.pets.map((p) => cleanText(p.name));
      const why = nothingToChartWords({ ...q, dates: chart.dates, pets });
      for (const p of chart.problems) ctx.io.stderr.write(`${p}\n`);
      ctx.io.stderr.write(
        `${why}: no chart written.${q.petId === undefined && q.room === undefined ? "" : " kennel-desk inhouse lists who is in house, by room."}\n`,
      );
      return 1;
    }
    const to = chart.dates.at(-1) ?? q.from;
    const narrow = q.petId !== undefined ? `-pet-${q.petId}` : q.room ? `-room-${q.room}` : "";
    const name = `${fileNamePart(`chart-${q.from}${to !== q.from ? `-to-${to}` : ""}${narrow}`)}.html`;
    const page = chartPage(chart, ctx.config, ctx.clock.now(), await slackOf(ctx));
    const each = Math.ceil(chart.dates.length / CHART_DAYS_PER_PAGE);
    const code = await writePages(
      ctx,
      q.out,
      [{ name, page }],
      `the chart: ${n} ${n === 1 ? "pet" : "pets"} with a medication, ${each === 1 ? "a printed page each" : `up to ${each} printed pages each (its own days of the chart), ${CHART_DAYS_PER_PAGE} days a page`}`,
    );
    // Where it went, whole, to open: the folder above is the one asked (--out), or charts/ here.
    if (code === 0) ctx.io.stderr.write(`${chartOpenWords(resolve(q.out, name))}\n`);
    // What the chart could not show (rounds the kennel system could not be read for, care not
    // matched), as its foot says it: said here too, never only on the paper.
    if (code === 0) for (const p of chart.problems) ctx.io.stderr.write(`⚠️ ${p}\n`);
    return code;
  } finally {
    await close();
  }
}
