/**
 * `kennel-desk sandbox`: parses the options, starts the sandbox, and only once its port is bound
 * prints its settings (or, with `--write-env [FILE]`, writes them into FILE, keeping every other
 * line). A busy port is one line on standard error and nothing written anywhere.
 */
import { readFile, rename, writeFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { isValidTimeZone } from "../config.ts";
import { optionProblem } from "../domain/suggest.ts";
import { isIsoDate } from "../time.ts";
import { type Faults, type Sandbox, type SandboxOptions, startSandbox } from "./server.ts";

interface SandboxCommandIo {
  stdout: { write(s: string): unknown };
  stderr: { write(s: string): unknown };
}

export interface SandboxCommandDeps {
  io: SandboxCommandIo;
  /** The default time zone of the sandbox (KENNEL_TIMEZONE, else the host's). */
  timezone: string;
  /** The port npm start's setup page listens on (PORT, .env's included; default 3000), for --write-env's next step. */
  setupPort?: number;
  /** Resolves when the sandbox should stop; default: SIGINT or SIGTERM. */
  until?: Promise<void>;
  /** The preview running in this folder (npm start with no settings), which the commands here read until a .env has settings of their own. */
  previewBeside?: { pid: number; port?: number | undefined };
  /** Called once the port is bound and the settings are out (for tests). */
  onReady?: (sandbox: Sandbox) => void;
}

const DEFAULT_SANDBOX_PORT = 4010;
const DEFAULT_ENV_FILE = ".env";

/** Where a bot on the sandbox keeps its care record: never the folder the real bot uses (./data). */
const SANDBOX_DATA_DIR = "./data-sandbox";

/** The settings the sandbox prints or writes, in order. */
function sandboxEnv(sbx: Sandbox): Array<[string, string]> {
  return [
    ["KENNEL_API_BASE_URL", sbx.url],
    ["KENNEL_API_KEY", sbx.keys.main],
    ["KENNEL_TIMEZONE", sbx.data.timezone],
    ["OTHER_BUSINESS_API_KEY", sbx.keys.other],
    // The care record of a bot on the sandbox is kept apart from a real kennel's (./data): a record
    // knows its kennel and refuses another (src/record/kennel.ts), so the two never mix.
    ["KENNEL_DATA_DIR", SANDBOX_DATA_DIR],
  ];
}

const ENV_LINE = /^\s*(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=/;

/**
 * The text of an env file with `values` set: a line of the same name is replaced where it stands
 * (later duplicates of it dropped, so the file says one thing), the others are kept as they are
 * (comments, blank lines, Slack settings), and names not yet in the file are appended.
 */
export function updateEnvText(
  text: string,
  values: Array<[string, string]>,
  heading = "# The local sandbox (kennel-desk sandbox --write-env)",
): string {
  const wanted = new Map(values);
  const done = new Set<string>();
  const eol = text.includes("\r\n") ? "\r\n" : "\n";
  const lines = text === "" ? [] : text.split(/\r?\n/);
  if (lines.length > 0 && lines[lines.length - 1] === "") lines.pop();
  const out: string[] = [];
  for (const line of lines) {
    const name = ENV_LINE.exec(line)?.[1];
    if (name !== undefined && wanted.has(name)) {
      if (!done.has(name)) out.push(`${name}=${wanted.get(name)}`);
      done.add(name);
      continue;
    }
    out.push(line);
  }
  const missing = values.filter(([name]) => !done.has(name));
  if (missing.length > 0) {
    if (out.length > 0 && out[out.length - 1]?.trim() !== "") out.push("");
    out.push(heading);
    for (const [name, value] of missing) out.push(`${name}=${value}`);
  }
  return `${out.join(eol)}${eol}`;
}

/** Sets the values in the env file at `path` (created when missing), atomically. */
async function updateEnvFile(path: string, values: Array<[string, string]>): Promise<void> {
  let text = "";
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code !== "ENOENT") throw error;
  }
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, updateEnvText(text, values), { mode: 0o600 });
  await rename(temp, path);
}

/**
 * The words for a .env written beside the running preview: the commands in this folder read it, not
 * the preview, from now on (its record looks lost otherwise once the sandbox stops). Nothing for
 * another file (the commands read only .env) or no preview.
 */
function besidePreview(writeEnv: string, preview: SandboxCommandDeps["previewBeside"]): string {
  if (!preview || resolve(writeEnv) !== resolve(DEFAULT_ENV_FILE)) return "";
  const named = `pid ${preview.pid}${preview.port ? `, port ${preview.port}` : ""}`;
  return ` The preview running in this folder (${named}) keeps its own record and sandbox: from now on the commands in this folder use the sandbox's settings in ${DEFAULT_ENV_FILE}, not the preview's, until ${DEFAULT_ENV_FILE} is removed (or renamed).`;
}

/** `--write-env` takes an optional file: `--write-env`, `--write-env FILE` or `--write-env=FILE`. */
function normaliseArgs(args: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] as string;
    if (arg === "--write-env") {
      const next = args[i + 1];
      if (next !== undefined && !next.startsWith("-")) {
        out.push(`--write-env=${next}`);
        i++;
      } else out.push(`--write-env=${DEFAULT_ENV_FILE}`);
    } else out.push(arg);
  }
  return out;
}

function parseSandboxArgs(args: string[]) {
  try {
    return parseArgs({
      args: normaliseArgs(args),
      strict: true,
      allowPositionals: false,
      options: SANDBOX_OPTIONS,
    }).values;
  } catch (error) {
    throw new Error(optionProblem((error as Error).message, Object.keys(SANDBOX_OPTIONS)));
  }
}

const SANDBOX_OPTIONS = {
  port: { type: "string" },
  seed: { type: "string" },
  customers: { type: "string" },
  bookings: { type: "string" },
  timezone: { type: "string" },
  today: { type: "string" },
  "write-env": { type: "string" },
  latency: { type: "string" },
  "error-rate": { type: "string" },
  "rate-limit-rate": { type: "string" },
  "retry-after": { type: "string" },
  "hang-rate": { type: "string" },
  "malformed-rate": { type: "string" },
  "corrupt-rate": { type: "string" },
  "wrong-address": { type: "boolean" },
  "growing-totals": { type: "boolean" },
} as const;

/** A whole-number option within its range; throws an Error that says what is wrong. */
function whole(name: string, raw: string | undefined, min: number, max: number): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be a whole number from ${min} to ${max}, not "${raw}".`);
  return n;
}

/** A fraction option from 0 to 1; throws an Error that says what is wrong. */
function rate(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n) || n < 0 || n > 1)
    throw new Error(`--${name} must be a fraction from 0 to 1, not "${raw}".`);
  return n;
}

/** `--latency 300` or `--latency 100-500`; throws an Error that says what is wrong. */
function latencyOf(latency: string | undefined): Faults["latencyMs"] {
  if (latency === undefined) return undefined;
  const m = /^(\d+)(?:-(\d+))?$/.exec(latency);
  if (!m) throw new Error(`--latency must be milliseconds (300) or a range (100-500), not "${latency}".`);
  return m[2] ? [Number(m[1]), Number(m[2])] : Number(m[1]);
}

/** The sandbox's options from the command line; throws an Error whose message says what is wrong. */
function sandboxOptionsFromArgs(
  args: string[],
  defaultTimezone: string,
): { options: SandboxOptions & { port: number }; writeEnv: string | undefined } {
  const values = parseSandboxArgs(args);
  const latencyMs = latencyOf(values.latency);
  if (values.timezone !== undefined && !isValidTimeZone(values.timezone)) {
    throw new Error(
      `--timezone "${values.timezone}" is not a known IANA time zone (for example Europe/London).`,
    );
  }
  if (values.today !== undefined && !isIsoDate(values.today)) {
    throw new Error(`--today must be a date written YYYY-MM-DD, not "${values.today}".`);
  }
  if (values["write-env"] === "")
    throw new Error("--write-env needs a file name, for example --write-env .env");
  return {
    writeEnv: values["write-env"],
    options: {
      port: whole("port", values.port, 0, 65535) ?? DEFAULT_SANDBOX_PORT,
      // `--seed awkward`: the awkward data set (src/sandbox/awkward.ts) on the first seed.
      seed: values.seed === "awkward" ? 1 : (whole("seed", values.seed, 0, 2 ** 32 - 1) ?? 1),
      awkward: values.seed === "awkward",
      customers: whole("customers", values.customers, 1, 1_000_000) ?? 400,
      bookings: whole("bookings", values.bookings, 0, 5_000_000),
      timezone: values.timezone ?? defaultTimezone,
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
    },
  };
}

/** The one line for a port that is taken. */
export function portInUseMessage(port: number): string {
  const next = port >= 65535 ? 0 : port + 1;
  return `port ${port} is in use: --port ${next} or stop the other sandbox`;
}

function stopSignal(): Promise<void> {
  return new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.once("SIGINT", stop);
    process.once("SIGTERM", stop);
  });
}

/**
 * Runs `kennel-desk sandbox ARGS` until stopped. Exit codes: 0 stopped, 1 the port is in use or the
 * env file could not be written, 2 invalid options.
 */
export async function runSandboxCommand(args: string[], deps: SandboxCommandDeps): Promise<number> {
  const { io } = deps;
  let parsed: ReturnType<typeof sandboxOptionsFromArgs>;
  try {
    parsed = sandboxOptionsFromArgs(args, deps.timezone);
  } catch (error) {
    io.stderr.write(`${(error as Error).message}\nRun "kennel-desk sandbox --help" for its options.\n`);
    return 2;
  }
  const { options, writeEnv } = parsed;
  let sbx: Sandbox;
  try {
    sbx = await startSandbox(options);
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === "EADDRINUSE") {
      io.stderr.write(`${portInUseMessage(options.port)}\n`);
      return 1;
    }
    if (code === "EACCES") {
      io.stderr.write(`port ${options.port} is not allowed here: choose one above 1023 with --port\n`);
      return 1;
    }
    throw error;
  }
  const env = sandboxEnv(sbx);
  const summary = `Sandbox kennel API on ${sbx.url}: ${sbx.main.customers.length} customers, ${sbx.main.bookings.length} bookings around ${sbx.data.today} (${sbx.data.timezone}); the full house (150+ pets, 100+ departures) on ${sbx.data.fullHouseDay}; empty days ${sbx.data.emptyDays.join(", ")}; a booking to try: ${sbx.data.landmarks.references.demo}.`;
  if (writeEnv !== undefined) {
    try {
      await updateEnvFile(writeEnv, env);
    } catch (error) {
      await sbx.close();
      io.stderr.write(`could not write ${writeEnv}: ${(error as Error).message}\n`);
      return 1;
    }
    io.stderr.write(
      `${summary}\nSet ${env.map(([name]) => name).join(", ")} in ${writeEnv} (its other lines are kept).${besidePreview(writeEnv, deps.previewBeside)} The kennel commands work at once (npm run cli -- arrivals). Next, to connect Slack: in another terminal run npm start -- --setup and open http://localhost:${deps.setupPort ?? 3000}/setup (it keeps these lines, checks Slack's as you paste them, and starts Kennel Desk as your bot). Press Ctrl+C to stop the sandbox.\n`,
    );
  } else {
    io.stdout.write(env.map(([name, value]) => `${name}=${value}\n`).join(""));
    io.stderr.write(
      `${summary}\nPut the ${env.length} settings printed on standard output into .env, or run "npm run sandbox:env" to set them in .env keeping its other lines. Press Ctrl+C to stop.\n`,
    );
  }
  deps.onReady?.(sbx);
  await (deps.until ?? stopSignal());
  await sbx.close();
  return 0;
}
