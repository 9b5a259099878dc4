/**
 * The setup page's "Save the kennel settings now; connect Slack later" (src/preview/setup-save.ts is
 * Save itself): the kennel's part alone, checked as Save checks it, while Slack cannot be reached.
 */
import { requireKennel } from "../config.ts";
import { readEnvFile } from "./env-file.ts";
import { checkHouseMeals, checkKennel, checkTimezone, kennelAddress } from "./setup-checks.ts";
import {
  kennelValues,
  nextStart,
  type SaveOptions,
  savedAddress,
  savedState,
  text,
  writeChecked,
} from "./setup-save.ts";
import type { CheckResult } from "./setup-words.ts";

/**
 * "Save the kennel settings now; connect Slack later": the kennel's part alone (address, key, time
 * zone, house routine), checked as Save checks it, written to the file keeping every other line, while
 * Slack cannot be reached. The page shows it saved after a reload; Slack's part is saved later.
 */
export async function saveKennel(
  body: Record<string, unknown>,
  o: SaveOptions,
): Promise<{ status: number; answer: Record<string, unknown> }> {
  const existing = await readEnvFile(o.envFile);
  const address = kennelAddress(text(body.kennelUrl));
  const typed = text(body.kennelKey);
  // An empty key box keeps the saved key, for the address it was saved with only.
  const keepKey =
    typed.trim() === "" && Boolean(existing.KENNEL_API_KEY?.trim()) && savedAddress(address, existing);
  const key = keepKey ? (existing.KENNEL_API_KEY as string).trim() : typed;
  const checks: Record<string, CheckResult> = {
    kennel: await checkKennel(o.env, text(body.kennelUrl), key),
    timezone: checkTimezone(text(body.timezone)),
    houseMeals: checkHouseMeals(text(body.houseMeals), nextStart(existing, o.environment).ROUNDS_NAMES),
  };
  const failed = Object.fromEntries(Object.entries(checks).filter(([, c]) => !c.ok));
  if (Object.keys(failed).length || !("href" in address))
    return { status: 422, answer: { ok: false, checks: failed } };
  const values = kennelValues(address, key, body, existing);
  const saved = await writeChecked(o.envFile, existing, values, requireKennel);
  if ("refused" in saved) return saved.refused;
  const { wrote, file } = saved;
  return {
    status: 200,
    answer: {
      ok: true,
      kennelOnly: true,
      file: o.envFile,
      written: wrote.written,
      backup: wrote.backup,
      settings: values.map(([name]) => name),
      kept: keepKey ? ["KENNEL_API_KEY"] : [],
      notReady: [],
      canStart: false,
      saved: savedState(file),
      next: "Connect Slack when it can be reached: steps 1 and 2 here, then Save the settings (a reload of this page keeps the kennel's part as saved). After the preview stops, npm start -- --setup opens this page again with these lines kept.",
    },
  };
}
