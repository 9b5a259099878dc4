/** The care record's health as /readyz reads it (src/app/health.ts). */
import type { CareRecordStore, StoreHealth } from "./types.ts";

/** The care record's health for /readyz: never throws, never waits more than a few seconds. */
export async function storeHealth(record: CareRecordStore): Promise<StoreHealth> {
  const down = (problem: string): StoreHealth => ({ ok: false, engine: record.engine, where: "", problem });
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<StoreHealth>((resolve) => {
    timer = setTimeout(() => resolve(down("It did not answer within 5 s.")), 5000);
    timer.unref();
  });
  try {
    return await Promise.race([
      record.health().catch((error: unknown) => down(String((error as Error)?.message ?? error))),
      late,
    ]);
  } finally {
    clearTimeout(timer);
  }
}
