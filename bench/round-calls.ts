/**
 * A round's API calls with the cache off (issue 33): the evening round of the sandbox's busiest day
 * (its 150-pet day), asked once with `kennel-desk rounds evening DATE --json` in its own process (no
 * cache to lean on), against the sandbox kennel API in another (bench/stand-ins/record-sandbox.ts),
 * which counts the requests it answers. Goal: the calls ≤ the pets on the sheet + the list pages read.
 * Then the morning and midday rounds of the same day, each in a process of its own, for the spread.
 *
 *   npm run bench:round-calls
 */
import { fork, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ask, ROOT, type SandboxReady } from "./harness.ts";

const api = fork(join(ROOT, "bench/stand-ins/record-sandbox.ts"), {
  stdio: ["ignore", "inherit", "inherit", "ipc"],
});
const ready = await ask<SandboxReady>(api, {}, "ready");
const scratch = mkdtempSync(join(tmpdir(), "kennel-desk-round-calls-"));

/** One round asked in a process of its own: its answer, and the requests the API answered for it. */
async function round(name: string): Promise<{ pets: number; calls: number; pages: number; ms: number }> {
  const before = (await ask<{ paths: string[] }>(api, { type: "requests" }, "requests")).paths.length;
  const started = performance.now();
  const out = await new Promise<string>((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [join(ROOT, "src/cli.ts"), "rounds", name, ready.fullHouseDay, "--json"],
      {
        env: {
          PATH: process.env.PATH ?? "",
          KENNEL_API_BASE_URL: ready.url,
          KENNEL_API_KEY: ready.key,
          KENNEL_TIMEZONE: "Europe/London",
          KENNEL_CACHE_TTL_S: "0",
          // A record of its own, empty: the round reads the off-food flags and plans from it.
          KENNEL_DATA_DIR: scratch,
          LOG_LEVEL: "silent",
        },
        stdio: ["ignore", "pipe", "inherit"],
      },
    );
    let text = "";
    child.stdout.on("data", (d: Buffer) => {
      text += d.toString();
    });
    child.on("exit", (code) => (code === 0 ? resolve(text) : reject(new Error(`rounds exited ${code}`))));
  });
  const ms = performance.now() - started;
  const paths = (await ask<{ paths: string[] }>(api, { type: "requests" }, "requests")).paths.slice(before);
  const report = JSON.parse(out) as { pets: Array<{ pet?: unknown }> };
  // List pages: the stays of the day (/bookings…, the day's departures), the rest per customer's pets.
  const pages = paths.filter((p) => /\/bookings(\?|\/departures|\/arrivals)/.test(p)).length;
  return { pets: report.pets.filter((p) => p.pet).length, calls: paths.length, pages, ms };
}

const rows: string[] = [];
for (const name of ["evening", "morning", "midday"]) {
  const r = await round(name);
  const goal = r.pets + r.pages;
  rows.push(
    `| ${name} round of ${ready.fullHouseDay}, cache off | ${r.calls} calls for ${r.pets} pets on the sheet (${r.pages} list pages); ${Math.round(r.ms)} ms in its own process | ≤ ${goal} (pets + pages) | ${r.calls <= goal ? "yes" : "no"} |`,
  );
}
api.send({ type: "stop" });
rmSync(scratch, { recursive: true, force: true });
console.log("| round | measured | goal | met |\n|---|---|---|---|");
for (const r of rows) console.log(r);
