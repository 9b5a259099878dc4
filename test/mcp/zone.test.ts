/**
 * The connector (`kennel-desk mcp`) runs on, as the bot does, in a process of its own: it takes the
 * kennel's zone as the process's (src/time.ts adoptProcessZone). Run for real, started in another zone
 * and with its input closed at once, asked at its exit which zone it ran in.
 */
import { spawnSync } from "node:child_process";
import { join } from "node:path";
import { expect, it } from "vitest";

const SAY_ZONE = `data:text/javascript,process.on("exit",()=>process.stderr.write("zone at exit: "+process.env.TZ+"\\n"))`;

it("started with TZ=UTC for a kennel in Pacific/Chatham, the connector's process runs in Pacific/Chatham", () => {
  const run = spawnSync(
    process.execPath,
    ["--import", SAY_ZONE, join(import.meta.dirname, "../../src/cli.ts"), "mcp"],
    {
      input: "",
      encoding: "utf8",
      env: {
        PATH: process.env.PATH ?? "",
        KENNEL_API_KEY: "k0000000000000000000000000000000",
        // Never asked: no question comes before the input closes.
        KENNEL_API_BASE_URL: "http://127.0.0.1:9/api/v1",
        KENNEL_TIMEZONE: "Pacific/Chatham",
        TZ: "UTC",
      },
      timeout: 30_000,
    },
  );
  expect(run.status, run.stderr).toBe(0);
  expect(run.stderr).toContain("zone at exit: Pacific/Chatham\n");
});
