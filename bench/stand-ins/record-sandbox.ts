/**
 * The kennel API stand-in for the care record's benchmark (bench/record-slack.ts), in its own
 * process: the sandbox kennel API, its 150-pet day made the real today, on a free loopback port. Tells the
 * parent its address, key and days over IPC, then serves until told to stop; tells the requests it
 * answered when asked.
 */
import { startSandbox } from "../../src/sandbox/server.ts";
import { addDays, localDate } from "../../src/time.ts";

// The 150-pet day is the sandbox's today + 2: it is made the real today, the day staff record.
const today = addDays(localDate(new Date(), "Europe/London"), -2);
const sandbox = await startSandbox({ seed: 7, timezone: "Europe/London", today });
process.send?.({
  type: "ready",
  url: sandbox.url,
  key: sandbox.keys.main,
  today: sandbox.data.today,
  fullHouseDay: sandbox.data.fullHouseDay,
});
process.on("message", (m: { type?: string }) => {
  if (m?.type === "stop") void sandbox.close().then(() => process.exit(0));
  // The requests answered so far, with their paths (bench/round-calls.ts counts a round's).
  if (m?.type === "requests")
    process.send?.({ type: "requests", paths: sandbox.requests.map((r) => r.path) });
});
