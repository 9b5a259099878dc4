/**
 * A child process that writes to the care record, for the tests that need another process: two
 * writers at once, a SIGKILL during a burst, a file this user cannot write. The store is chosen as
 * the bot chooses it: DATABASE_URL (PostgreSQL), else KENNEL_DATA_DIR (SQLite).
 *
 *   burst PREFIX   record one entry after another, printing "ID REQUEST-KEY" after each commit
 *   once JSON      print "ready", wait for a line on standard input, record the entries given (an
 *                  EntryInput[] in JSON) and print the result (or the error) as one JSON line
 *   start ORIGIN   print "ready", wait for a line, then start as the bot does on a record for the
 *                  kennel API at ORIGIN and learn business 7 (a first sheet): "ok", or the error
 */
import { createInterface } from "node:readline";
import type { RecordSettings } from "../../src/config.ts";
import { systemClock } from "../../src/deps.ts";
import { openCareRecord } from "../../src/record/open.ts";
import type { EntryInput } from "../../src/record/types.ts";

const settings: RecordSettings = process.env.DATABASE_URL
  ? { engine: "postgres", url: new URL(process.env.DATABASE_URL) }
  : { engine: "sqlite", dataDir: process.env.KENNEL_DATA_DIR ?? "./data" };
const [mode, arg = ""] = process.argv.slice(2);

/** The error as one JSON line. */
const failed = (error: unknown) => {
  const e = error as { name?: string; kind?: string; problem?: string; message?: string };
  return `${JSON.stringify({ error: { name: e.name, kind: e.kind, problem: e.problem, message: e.message } })}\n`;
};

if (mode === "start") {
  process.stdout.write("ready\n");
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once("line", () => resolve()));
  lines.close();
  try {
    const opened = await openCareRecord(settings, systemClock, { origin: arg });
    if (opened.problem) throw opened.problem;
    await opened.store.bindKennelId(7);
    await opened.store.close();
    process.stdout.write("ok\n");
  } catch (error) {
    process.stdout.write(failed(error));
  }
  process.exit(0);
}

const { store } = await openCareRecord(settings, systemClock, undefined);

if (mode === "burst") {
  for (let i = 1; ; i++) {
    const requestKey = `${arg}-${i}`;
    const result = await store.record([
      {
        date: "2026-11-24",
        round: "morning",
        bookingId: 1,
        petId: i,
        petName: `Pet ${i}`,
        item: "meal",
        itemText: "Dry food, 200 g",
        outcome: "ate_all",
        userId: "U0BURST",
        userName: "Burst",
        requestKey,
      },
    ]);
    if (result.status !== "recorded") throw new Error(`not recorded: ${result.status}`);
    // Acknowledged only now, after the commit: the parent counts these.
    process.stdout.write(`${result.entries[0]?.id} ${requestKey}\n`);
  }
} else if (mode === "once") {
  const inputs = JSON.parse(arg) as EntryInput[];
  process.stdout.write("ready\n");
  const lines = createInterface({ input: process.stdin });
  await new Promise<void>((resolve) => lines.once("line", () => resolve()));
  lines.close();
  try {
    const result = await store.record(inputs);
    process.stdout.write(`${JSON.stringify(result)}\n`);
  } catch (error) {
    process.stdout.write(failed(error));
  }
  await store.close();
} else {
  process.stderr.write("usage: writer.child.ts burst PREFIX | once JSON | start ORIGIN\n");
  process.exitCode = 2;
}
