/**
 * The Slack paper form's answer after its commit (issue 50), before and after it said each dose as
 * kept: "before" reads the round again for the pet picker (paperRound); "after" does that, then reads
 * back what was entered (paperEntered: the entries' paper marks) against the round's obligation the
 * picker's read gave; "twice", a first build, read the obligation again beside the picker's read.
 * A real SQLite record in a temporary folder: a morning round of PETS pets kept (its sheet and its
 * obligation, three doses each), every pet's doses entered from the paper; then, pet by pet (distinct
 * inputs), the two reads timed side by side in this one process, alternating which goes first. Prints
 * wall time (median, p95) and CPU time per answer, with the load average. The answers alone, in
 * process: not the bot's ack end to end.
 *
 *   node bench/paper-form.ts [PETS=150]
 */
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import { owedRound } from "../src/answers/obligations.ts";
import { enterFromPaper, paperRound } from "../src/answers/paper-enter.ts";
import { paperEntered } from "../src/answers/paper-entered.ts";
import { type SheetBody, saveSheet } from "../src/answers/sheets.ts";
import { loadConfig } from "../src/config.ts";
import { silentLogger } from "../src/log.ts";
import { temporaryRecord } from "../src/record/open.ts";
import type { Entry, ItemKey } from "../src/record/types.ts";

const PETS = Number(process.argv[2] ?? 150);
const DATE = "2026-11-24";
const clock = { now: () => new Date(`${DATE}T15:00:00Z`) };
const config = loadConfig({ KENNEL_TIMEZONE: "Europe/London" });
const record = temporaryRecord(clock, "kennel-desk-bench-paper-");
const deps = { record: record.store, config, clock, log: silentLogger() };
const MEDS: ItemKey[] = ["med:1", "med:2", "med:3"];

const window = {
  opensAt: `${DATE}T06:30:00.000Z`,
  dueAt: `${DATE}T07:30:00.000Z`,
  lateAt: `${DATE}T07:45:00.000Z`,
  closesAt: `${DATE}T08:00:00.000Z`,
};
const pets = Array.from({ length: PETS }, (_, i) => ({
  bookingId: 1000 + i,
  petId: 5000 + i,
  name: `Pet ${i + 1}`,
  labels: MEDS.map((m) => `Drug ${i + 1}-${m.slice(4)} 10 mg`),
}));
const body: SheetBody = {
  v: 1,
  date: DATE,
  round: "morning",
  fallback: "Morning round",
  messages: [{ parts: [] }],
  pets: pets.map((p) => ({
    bookingId: p.bookingId,
    petId: p.petId,
    name: p.name,
    due: [
      ...MEDS.map((item, k) => ({ item, label: p.labels[k] as string, text: p.labels[k] as string })),
      { item: "meal" as const, label: "meal", text: "Kibble 100 g" },
    ],
    oneTap: true,
    message: 0,
  })),
};

const quantile = (xs: number[], q: number) =>
  [...xs].sort((a, b) => a - b)[Math.floor(q * (xs.length - 1))] ?? 0;

try {
  const sheet = await saveSheet(deps, body);
  await record.store.append({
    kind: "obligation",
    date: DATE,
    requestKey: `obligation:${DATE}:morning`,
    body: {
      v: 1,
      date: DATE,
      round: "morning",
      pets: pets.map((p) => ({
        bookingId: p.bookingId,
        petId: p.petId,
        name: p.name,
        items: MEDS.map((item, k) => ({
          item,
          label: p.labels[k] as string,
          text: p.labels[k] as string,
          window,
          confirmed: true,
        })),
      })),
      bookings: pets.map((p) => p.bookingId),
      counts: { inHouse: PETS, onSheet: PETS, away: 0 },
    },
  });
  const written = new Map<number, Entry[]>();
  const who = { userId: "U0SAM", userName: "Sam Lee" };
  for (const [i, pet] of sheet.pets.entries()) {
    // Early, on time and late, so the read-back has each to say.
    const cells = MEDS.map((item, k) => ({
      item,
      mark: "given" as const,
      time: ["06:10", "07:35", "07:55"][k],
      by: "JD",
    }));
    const r = await enterFromPaper(deps, sheet, pet, cells, who, `bench:${i}`);
    if (r.status !== "recorded") throw new Error(`pet ${pet.name} not entered: ${JSON.stringify(r)}`);
    written.set(pet.petId, r.entries);
  }
  const times = { before: [] as number[], twice: [] as number[], after: [] as number[] };
  const cpu = { before: 0, twice: 0, after: 0 };
  type Kind = keyof typeof times;
  const timed = async (kind: Kind, work: () => Promise<unknown>) => {
    const c = process.cpuUsage();
    const t = performance.now();
    await work();
    times[kind].push(performance.now() - t);
    const d = process.cpuUsage(c);
    cpu[kind] += d.user + d.system;
  };
  const loadBefore = loadavg()[0];
  for (const [i, pet] of sheet.pets.entries()) {
    const entries = written.get(pet.petId) ?? [];
    const runs: Record<Kind, () => Promise<unknown>> = {
      before: () => paperRound(deps, sheet.id),
      // A first build: the read-back beside the picker's read, the round's obligation read by each.
      twice: () =>
        Promise.all([
          paperRound(deps, sheet.id),
          owedRound(deps, sheet.date, sheet.round).then((owed) =>
            paperEntered(deps, sheet, pet, entries, "Sam Lee", owed),
          ),
        ]),
      // As the listener answers: the picker's read, then the read-back against the obligation it read.
      after: async () => {
        const round = await paperRound(deps, sheet.id);
        if (round.ok) await paperEntered(deps, sheet, pet, entries, "Sam Lee", round.owed);
      },
    };
    // Each order in turn, so none is always first.
    const order: Kind[][] = [
      ["before", "twice", "after"],
      ["after", "before", "twice"],
      ["twice", "after", "before"],
    ];
    for (const kind of order[i % 3] as Kind[]) await timed(kind, runs[kind]);
  }
  const line = (kind: Kind) =>
    `${kind.padEnd(6)} median ${quantile(times[kind], 0.5).toFixed(2)} ms, p95 ${quantile(times[kind], 0.95).toFixed(2)} ms, CPU ${(cpu[kind] / 1000 / times[kind].length).toFixed(2)} ms an answer`;
  console.log(
    `paper form's answer after its commit, ${PETS} pets on the round, ${PETS} answers each (one a pet)`,
  );
  console.log(line("before"));
  console.log(line("twice"));
  console.log(line("after"));
  console.log(`load average ${loadBefore?.toFixed(2)} before, ${loadavg()[0]?.toFixed(2)} after`);
} finally {
  await record.store.close();
  rmSync(record.dir, { recursive: true, force: true });
}
