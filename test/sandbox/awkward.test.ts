/** `kennel-desk sandbox --seed awkward`: the awkward data set (src/sandbox/awkward.ts) is served. */
import { describe, expect, it } from "vitest";
import { runSandboxCommand } from "../../src/sandbox/command.ts";
import type { Sandbox } from "../../src/sandbox/server.ts";

async function withSandbox(args: string[], check: (sbx: Sandbox) => Promise<void>): Promise<string> {
  let stop = () => {};
  const until = new Promise<void>((resolve) => {
    stop = resolve;
  });
  let stderr = "";
  let failure: unknown;
  const code = await runSandboxCommand(
    [...args, "--port", "0", "--customers", "20", "--today", "2026-11-22"],
    {
      io: { stdout: { write: () => true }, stderr: { write: (s: string) => (stderr += s) } },
      timezone: "Europe/London",
      until,
      onReady: (sbx) => {
        check(sbx)
          .catch((e: unknown) => {
            failure = e;
          })
          .finally(stop);
      },
    },
  );
  if (failure) throw failure;
  expect(code, stderr).toBe(0);
  return stderr;
}

const get = async (sbx: Sandbox, path: string) =>
  (await fetch(`${sbx.url}${path}`, { headers: { "X-Api-Key": sbx.keys.main } })).json() as Promise<unknown>;

describe("sandbox --seed awkward", () => {
  it("serves the awkward bookings; a customer's pet list leaves the care out where the case says", async () => {
    await withSandbox(["--seed", "awkward"], async (sbx) => {
      const daisy = (await get(sbx, "/bookings/reference/AW-DAISY")) as {
        petNames: string;
        customerId: number;
      };
      expect(daisy.petNames).toBe("Daisy");
      const open = sbx.main.bookingByReference.get("AW-OPEN");
      expect(open?.checkOutDate).toBeNull();
      const listless = sbx.main.bookingByReference.get("AW-LISTLESS") as { customerId: number };
      const [listed] = (await get(sbx, `/customers/${listless.customerId}/pets`)) as Array<
        Record<string, unknown>
      >;
      expect(listed).toBeDefined();
      expect("medication" in (listed as object)).toBe(false);
      const full = (await get(sbx, `/pets/${listed?.petId}`)) as Record<string, unknown>;
      expect(full.medication).toBe("Metacam 1.5 ml, with food");
    });
  });

  it("a numbered seed has none of them", async () => {
    await withSandbox(["--seed", "7"], async (sbx) => {
      expect(sbx.main.bookingByReference.has("AW-DAISY")).toBe(false);
    });
  });
});
