/**
 * `kennel-desk digest`: a scheduled post, now, for an external scheduler (cron, a platform's
 * scheduled job) or to see it (--dry-run): the day lists (departures, arrivals) and tomorrow's check
 * in DIGEST_CHANNEL, a round's sheet in ROUNDS_CHANNEL. Each goes through the scheduler's own job,
 * so it is posted at most once per day and kind, and completely.
 */

import { describeFailure, UsageError } from "../answers/failure.ts";
import { currentRound } from "../answers/rounds.ts";
import { type Config, ConfigError, type ConfigProblem, type DigestKind, requireKennel } from "../config.ts";
import type { Deps } from "../deps.ts";
import { type PostKind, roundOfPost, roundPost, type ScheduledPost } from "../digest/posts.ts";
import { welfareKindOf } from "../digest/welfare-kinds.ts";
import { reviewTime } from "../domain/review-time.ts";
import { roundNamed, roundNamesLine, roundWords } from "../domain/round-names.ts";
import { didYouMean } from "../domain/suggest.ts";
import { createKennelClient } from "../kennel/client.ts";
import { recordKennel } from "../record/kennel.ts";
import { openCareRecord } from "../record/open.ts";
import type { CareRecordStore } from "../record/types.ts";
import { createWebClient } from "../slack/web-client.ts";
import { localDate } from "../time.ts";
import { type CliContext, dayOption, HELP_HINT, readOptions } from "./context.ts";
import { outcomeLine } from "./digest-outcome.ts";
import { inRoundsChannel, printPosts } from "./digest-print.ts";
import { readRecord, roundOfAnotherDay } from "./digest-rounds.ts";
import { welfareDigestPosts } from "./digest-welfare.ts";
import { requireStore } from "./record-store.ts";

type Content = DigestKind | "rounds" | "tomorrow" | "welfare" | "welfare-due" | "review" | "chart";
const CONTENTS: readonly Content[] = [
  "departures",
  "arrivals",
  "rounds",
  "tomorrow",
  "welfare",
  "welfare-due",
  "review",
  "chart",
];
const isWelfare = (c: Content): c is "welfare" | "welfare-due" => c === "welfare" || c === "welfare-due";
/** The posts that go to ROUNDS_CHANNEL: a round's sheet, and the manager's daily review (issue 50). */
const inRounds = (c: Content) => c === "rounds" || c === "review" || c === "chart";

/** The Slack Web API client: the bot's own factory (retries, timeout, SLACK_API_URL, logging). */
function slackClient(ctx: CliContext) {
  return createWebClient(ctx.config.slackBotToken as string, {
    apiUrl: ctx.config.slackApiUrl,
    log: ctx.log,
  });
}

function contentsOf(raw: string | undefined, config: Config): Content[] {
  if (raw === undefined) return config.digest?.kinds ?? ["departures"];
  const asked = raw.split(",").map((s) => s.trim().toLowerCase());
  const wrong = asked.filter((c) => !(CONTENTS as readonly string[]).includes(c));
  if (wrong.length || asked.length === 0) {
    throw new UsageError(
      `--content must be ${CONTENTS.join(", ")} (or a comma-separated list), not "${raw.slice(0, 60)}".${didYouMean(wrong[0] ?? "", CONTENTS)}`,
      HELP_HINT,
    );
  }
  return [...new Set(asked as Content[])];
}

/**
 * The digest posts to Slack: its settings missing say so, not that Kennel Desk cannot start, with the
 * ways on without Slack: --dry-run prints the posts here, and a chart to print is `kennel-desk chart`.
 */
function settingsError(problems: ConfigProblem[], contents: Content[]): ConfigError {
  const slack = problems.some((p) => p.variable.startsWith("SLACK_") || p.variable.endsWith("_CHANNEL"));
  const chart = contents.includes("chart")
    ? " The chart to print, without Slack: kennel-desk chart (it writes the page to print, a page per pet)."
    : "";
  return new ConfigError(problems, {
    what: "kennel-desk digest cannot post",
    whatToDo: slack
      ? `It needs the Slack settings named above (npm start -- --setup connects Slack and writes them to .env); --dry-run prints the posts here instead.${chart}`
      : "Fix the settings named above and run it again.",
  });
}

export async function run(ctx: CliContext): Promise<number> {
  const { io, config } = ctx;
  const { values } = readOptions(ctx.args, {
    date: { type: "string" },
    "dry-run": { type: "boolean" },
    json: { type: "boolean" },
    content: { type: "string" },
    round: { type: "string" },
  });
  // Typed as every other command takes a day ("yesterday", "friday", "24 Dec", 2026-12-24).
  const today = localDate(ctx.clock.now(), config.timezone);
  const date = values.date === undefined ? today : dayOption(ctx, values.date);
  const contents = contentsOf(values.content, config);
  const names = config.rounds.names;
  const round = values.round === undefined ? undefined : roundNamed(values.round, names);
  if (values.round !== undefined && !round) {
    throw new UsageError(
      `--round must name a round: ${roundNamesLine(names)}; not "${values.round.slice(0, 40)}".${didYouMean(values.round, roundWords(names))}`,
      HELP_HINT,
    );
  }
  if (round && !contents.some((c) => c === "rounds" || isWelfare(c)))
    throw new UsageError("--round goes with --content rounds (or welfare).", HELP_HINT);
  const dryRun = values["dry-run"] === true;
  if (values.json === true && !dryRun) throw new UsageError("--json goes with --dry-run.", HELP_HINT);
  // A round of another day is refused before the settings are checked: an installer is never sent
  // to fix the Slack settings only to be refused the date.
  const theRound = round ?? currentRound(ctx);
  if (contents.includes("rounds") && date !== today) await roundOfAnotherDay(ctx, theRound, date, dryRun);
  const problems: ConfigProblem[] = [];
  let settings: ReturnType<typeof requireKennel> | undefined;
  try {
    settings = requireKennel(config, ctx.deps.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    problems.push(...error.problems);
  }
  if (!dryRun && !config.slackBotToken) {
    problems.push({
      variable: "SLACK_BOT_TOKEN",
      problem: "is not set.",
      fix: "Set the Bot User OAuth Token (xoxb-…), or use --dry-run to only print the post.",
    });
  }
  if (!dryRun && !config.welfare.channel && !config.welfare.inRound && contents.some(isWelfare)) {
    problems.push({
      variable: "WELFARE_CHANNEL",
      problem: "is not set (nor ROUNDS_CHANNEL).",
      fix: "Set the channel id (C0123ABCD) where the welfare check goes, or use --dry-run.",
    });
  }
  if (!dryRun && !config.digest && contents.some((c) => !inRounds(c) && !isWelfare(c))) {
    problems.push({
      variable: "DIGEST_CHANNEL",
      problem: "is not set.",
      fix: "Set the channel id (C0123ABCD) where the morning post and tomorrow's check go, or use --dry-run.",
    });
  }
  if (!dryRun && !config.rounds.channel && contents.some(inRounds)) {
    problems.push({
      variable: "ROUNDS_CHANNEL",
      problem: "is not set.",
      fix: "Set the channel id (C0123ABCD) where the round sheets and the day's review go, or use --dry-run.",
    });
  }
  if (problems.length || !settings) throw settingsError(problems, contents);
  const kennel = createKennelClient(settings, { log: ctx.log, fetch: ctx.deps.fetch });
  const deps: Deps = { kennel, log: ctx.log, config, clock: ctx.clock };
  // The welfare check's posts (issue 38): one per area, or for the house, of the welfare round.
  const welfare = contents
    .filter(isWelfare)
    .flatMap((c) => welfareDigestPosts(config, c, round, theRound, { dryRun }));
  const kinds = contents.flatMap((c): PostKind[] =>
    c === "rounds"
      ? [roundPost(theRound)]
      : c === "review" || c === "chart"
        ? [c]
        : isWelfare(c)
          ? welfare
              .filter((p) => welfareKindOf(p.kind)?.part === (c === "welfare" ? "post" : "due"))
              .map((p) => p.kind as PostKind)
          : [c],
  );
  // The day's review reads the care record, to post or only to print: without it there is nothing to review.
  // Read-only: a record that does not exist is said, never made (a dry run writes nothing).
  const reviewRecord = kinds.includes("review") ? (await requireStore(ctx)).store : undefined;
  if (dryRun) {
    // Today's round or welfare check already posted is shown as it was kept: read from the record, read only.
    const kept =
      kinds.some((k) => roundOfPost(k) || welfareKindOf(k)) && date === today
        ? await readRecord(ctx)
        : undefined;
    try {
      await printPosts(ctx, deps, {
        kinds,
        welfare,
        date,
        json: values.json === true,
        kept,
        review: reviewRecord,
      });
    } finally {
      await reviewRecord?.close();
      await kept?.close();
    }
    return 0;
  }
  if (reviewRecord) deps.record = reviewRecord;
  const posts: ScheduledPost[] = kinds.map(
    (kind) =>
      welfare.find((p) => p.kind === kind) ?? {
        kind,
        channel: (inRoundsChannel(kind) ? config.rounds.channel : config.digest?.channel) as string,
        time:
          kind === "chart"
            ? (config.rounds.chartPostAt ?? "19:00")
            : kind === "review"
              ? reviewTime(config.rounds.times, config.doses.afterMinutes)
              : roundOfPost(kind)
                ? config.rounds.times[theRound]
                : (config.digest?.time ?? "07:00"),
      },
  );
  // Loaded only to post: usage errors and dry runs do not need the job.
  const [{ DigestJob }, { webClientSlack }] = await Promise.all([
    import("../digest/job.ts"),
    import("../digest/slack.ts"),
  ]);
  // A round post carries the care record's buttons and each pet's record, as the bot posts it: the
  // record is opened here too (the same file or server as the bot's). When it cannot be opened, the
  // sheet is posted without them, and that is said.
  const record =
    deps.record ??
    (kinds.some((k) => roundOfPost(k) || welfareKindOf(k)) ? await openRecordForPost(ctx) : undefined);
  const job = new DigestJob({
    deps: record ? { ...deps, record } : deps,
    // Who the bot is (auth.test), learned before reading history: only its own posts count.
    slack: webClientSlack(slackClient(ctx), { log: ctx.log }),
    settings: { posts },
    ...(ctx.deps.settleMs !== undefined ? { settleMs: ctx.deps.settleMs } : {}),
  });
  const outcome = await job.runDay(date, { retry: false }).finally(() => record?.close());
  for (const post of posts)
    io.stdout.write(`${outcomeLine(post.kind, date, post.channel, outcome.kinds[post.kind])}\n`);
  return 0;
}

/** The care record for a round post, or undefined (said on standard error) when it cannot be opened. */
async function openRecordForPost(ctx: CliContext): Promise<CareRecordStore | undefined> {
  try {
    const opened = await openCareRecord(ctx.config.record, ctx.clock, recordKennel(ctx.config));
    if (!opened.problem) return opened.store;
    await opened.store.close();
    ctx.io.stderr.write(
      `The care record cannot be used now (${opened.problem.describe("command")}): the round is posted without its record buttons.\n`,
    );
  } catch (error) {
    ctx.io.stderr.write(
      `The care record cannot be opened (${describeFailure(error).what}): the round is posted without its record buttons.\n`,
    );
  }
  return undefined;
}
