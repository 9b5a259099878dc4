/**
 * `kennel-desk sandbox`: a local stand-in kennel API with synthetic data on 127.0.0.1, with
 * optional faults, until Ctrl+C. Prints the settings to paste into .env.
 */
import { UsageError } from "../answers/failure.ts";
import { isValidTimeZone } from "../config.ts";
import { type Faults, type Sandbox, type SandboxOptions, startSandbox } from "../sandbox/server.ts";
import { isIsoDate } from "../time.ts";
import { type CliContext, HELP_HINT, readOptions } from "./context.ts";

const usage = (message: string) => new UsageError(message, HELP_HINT);

const whole = (name: string, raw: string | undefined, min: number, max: number): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw usage(`--${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return n;
};

const rate = (name: string, raw: string | undefined): number | undefined => {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw usage(`--${name} must be a fraction from 0 to 1, not "${raw}".`);
  return n;
};

function sandboxOptions(ctx: CliContext): SandboxOptions {
  const { values } = readOptions(ctx.args, {
    port: { type: "string" },
    seed: { type: "string" },
    customers: { type: "string" },
    bookings: { type: "string" },
    timezone: { type: "string" },
    today: { type: "string" },
    latency: { type: "string" },
    "error-rate": { type: "string" },
    "rate-limit-rate": { type: "string" },
    "retry-after": { type: "string" },
    "hang-rate": { type: "string" },
    "malformed-rate": { type: "string" },
    "corrupt-rate": { type: "string" },
    "wrong-address": { type: "boolean" },
    "growing-totals": { type: "boolean" },
  });
  let latencyMs: Faults["latencyMs"];
  if (values.latency !== undefined) {
    const m = /^(\d+)(?:-(\d+))?$/.exec(values.latency);
    if (!m)
      throw usage(`--latency must be milliseconds (300) or a range (100-500), not "${values.latency}".`);
    latencyMs = m[2] ? [Number(m[1]), Number(m[2])] : Number(m[1]);
  }
  if (values.timezone !== undefined && !isValidTimeZone(values.timezone)) {
    throw usage(`--timezone "${values.timezone}" is not a known IANA time zone (for example Europe/London).`);
  }
  if (values.today !== undefined && !isIsoDate(values.today)) {
    throw usage(`--today must be a date written YYYY-MM-DD, not "${values.today}".`);
  }
  return {
    port: whole("port", values.port, 0, 65535) ?? 4010,
    seed: whole("seed", values.seed, 0, 2 ** 32 - 1) ?? 1,
    customers: whole("customers", values.customers, 1, 1_000_000) ?? 400,
    bookings: whole("bookings", values.bookings, 0, 5_000_000),
    timezone: values.timezone ?? ctx.config.timezone,
    today: values.today,
    faults: {
      latencyMs,
      errorRate: rate("error-rate", values["error-rate"]),
      rateLimitRate: rate("rate-limit-rate", values["rate-limit-rate"]),
      retryAfterSeconds: whole("retry-after", values["retry-after"], 0, 3600),
      hangRate: rate("hang-rate", values["hang-rate"]),
      malformedRate: rate("malformed-rate", values["malformed-rate"]),
      corruptRate: rate("corrupt-rate", values["corrupt-rate"]),
      wrongAddress: values["wrong-address"] === true,
      growingTotals: values["growing-totals"] === true,
    },
  };
}

export async function run(ctx: CliContext): Promise<number> {
  const { io } = ctx;
  const options = sandboxOptions(ctx);
  let sbx: Sandbox;
  try {
    sbx = await startSandbox(options);
  } catch (error) {
    if ((error as { code?: string }).code === "EADDRINUSE") {
      throw usage(
        `Port ${options.port} is already in use. Choose another with --port, or --port 0 for any free port.`,
      );
    }
    throw error;
  }
  io.stdout.write(
    `KENNEL_API_BASE_URL=${sbx.url}\nKENNEL_API_KEY=${sbx.keys.main}\nOTHER_BUSINESS_API_KEY=${sbx.keys.other}\nKENNEL_TIMEZONE=${sbx.data.timezone}\n`,
  );
  io.stderr.write(
    `Sandbox kennel API: ${sbx.main.customers.length} customers, ${sbx.main.bookings.length} bookings around ${sbx.data.today} (${sbx.data.timezone}); busy days ${sbx.data.busyDays.join(", ")}, empty days ${sbx.data.emptyDays.join(", ")}.\nThe lines above are ready to paste into .env. Press Ctrl+C to stop.\n`,
  );
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
  await sbx.close();
  return 0;
}
