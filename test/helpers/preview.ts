/**
 * The preview (`npm start` with no settings) for a whole test file, without a browser: started before
 * its tests on a sandbox of 120 customers (seed 3) in Europe/London, its logs silent, unless
 * `options` says otherwise; closed after. Read `preview()` inside the tests.
 */
import { afterAll, beforeAll } from "vitest";
import { silentLogger } from "../../src/log.ts";
import { type Preview, type PreviewOptions, startPreview } from "../../src/preview/server.ts";

export function usePreview(options: Partial<PreviewOptions> = {}): () => Preview {
  let preview: Preview | undefined;
  beforeAll(async () => {
    preview = await startPreview({
      port: 0,
      timezone: "Europe/London",
      log: silentLogger(),
      customers: 120,
      seed: 3,
      ...options,
    });
  }, 60_000);
  afterAll(() => preview?.close());
  return () => {
    if (!preview) throw new Error("the preview has not started");
    return preview;
  };
}
