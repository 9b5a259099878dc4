/**
 * Sandbox scale figures: generation time and answer times on a kennel of 10,000 customers and
 * 100,000 bookings. Prints figures; asserts nothing.
 */
import { generateData } from "../src/sandbox/data.ts";
import { startSandbox } from "../src/sandbox/server.ts";

const customers = Number(process.env.BENCH_CUSTOMERS ?? 10_000);
const bookings = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const today = "2026-11-22";

const heapBefore = process.memoryUsage().heapUsed;
let t = performance.now();
const data = generateData({ seed: 1, customers, bookings, today, timezone: "Europe/London" });
const genMs = performance.now() - t;
const heapMb = (process.memoryUsage().heapUsed - heapBefore) / 1048576;
const sbx = await startSandbox({ data });

async function time(label: string, path: string, runs = 20) {
  const samples: number[] = [];
  let size = 0;
  for (let i = 0; i < runs; i++) {
    t = performance.now();
    const res = await fetch(`${sbx.url}${path}`, { headers: { "x-api-key": sbx.keys.main } });
    size = (await res.arrayBuffer()).byteLength;
    samples.push(performance.now() - t);
  }
  samples.sort((a, b) => a - b);
  const p50 = samples[Math.floor(runs / 2)] ?? 0;
  console.log(
    `${label.padEnd(44)} p50 ${p50.toFixed(1).padStart(7)} ms   ${(size / 1024).toFixed(0).padStart(6)} KiB`,
  );
}

console.log(`sandbox: ${customers} customers, ${sbx.main.bookings.length} bookings`);
console.log(`generated in ${genMs.toFixed(0)} ms, data ~${heapMb.toFixed(0)} MB of heap`);
await time("a day's arrivals (/bookings/checkin)", `/bookings/checkin?date=${today}`);
await time("a busy day's departures (/bookings/checkout)", `/bookings/checkout?date=${sbx.data.busyDays[0]}`);
await time(
  "one day, confirmed, page 2 of 50 (/bookings)",
  `/bookings?request.from=${today}T00:00:00Z&request.to=${today}T23:59:59Z&request.status=confirmed&request.page=2&request.pageSize=50`,
);
await time(
  "one customer's bookings (/customers/{id}/bookings)",
  `/customers/${sbx.main.bookings[0]?.customerId}/bookings`,
);
await time("text search over every booking (/bookings)", "/bookings?request.search=biscuit", 5);
await time("customer search (/customers)", "/customers?request.search=o'brien", 5);
await sbx.close();
