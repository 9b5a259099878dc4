/**
 * `kennel-desk sandbox`: the local stand-in kennel API (src/sandbox/command.ts does the work:
 * options, the port, and --write-env). It needs no settings, so it runs even when .env is invalid
 * (the very file it may be about to repair).
 */
import { hostTimeZone, isValidTimeZone } from "../config.ts";
import { runSandboxCommand } from "../sandbox/command.ts";
import type { CliDeps } from "./context.ts";

export function runSandbox(args: string[], deps: CliDeps): Promise<number> {
  const zone = deps.env.KENNEL_TIMEZONE;
  const timezone = zone && isValidTimeZone(zone) ? zone : hostTimeZone();
  const port = deps.env.PORT?.trim() ?? "";
  return runSandboxCommand(args, {
    io: deps.io,
    timezone,
    ...(/^\d{1,5}$/.test(port) ? { setupPort: Number(port) } : {}),
    ...(deps.previewBeside ? { previewBeside: deps.previewBeside } : {}),
  });
}
