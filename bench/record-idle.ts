/**
 * A child of bench/record.ts's memory part: `with DIR` loads the store's code, opens the record in
 * DIR and reads a day; `without` loads nothing of it. Either way it rests, collects garbage, and sends
 * its RSS to the parent. The store's code is the compiled one the bot runs in production
 * (dist/record/open.js, built by npm install), or the sources when there is no build.
 */
import { existsSync } from "node:fs";

const [mode, dir = "", restMs = "3000"] = process.argv.slice(2);
if (mode === "with") {
  // Loaded only here: the baseline process never loads the store's code (nor node:sqlite).
  const compiled = new URL("../dist/record/open.js", import.meta.url);
  const entry = existsSync(compiled) ? compiled.href : new URL("../src/record/open.ts", import.meta.url).href;
  const { openCareRecord } = (await import(entry)) as typeof import("../src/record/open.ts");
  const { store } = await openCareRecord(
    { engine: "sqlite", dataDir: dir },
    { now: () => new Date() },
    undefined,
  );
  await store.entries({ date: "2026-11-24" });
}
await new Promise((r) => setTimeout(r, Number(restMs)));
(globalThis as { gc?: () => void }).gc?.();
await new Promise((r) => setTimeout(r, 200));
process.send?.({ rss: process.memoryUsage().rss });
process.exit(0);
