/**
 * The command line: `kennel-desk <command>`. Reads the settings once, here, and hands each
 * subcommand its context; each lives in its own file, loaded only when it runs (so one command's
 * dependencies never slow or break another). Every failure is described once (src/answers/failure.ts):
 * standard error gets what happened, what to do and the request id; the exit code says which kind.
 * Exit codes: 0 OK / found, 1 not OK / not found, 2 invalid settings or usage, 3 kennel API failure.
 */
import { describeFailure } from "../answers/failure.ts";
import { loadConfig, secretValues } from "../config.ts";
import { systemClock } from "../deps.ts";
import { didYouMean } from "../domain/suggest.ts";
import { createLogger, type Logger } from "../log.ts";
import { terminalLog } from "../log-lines.ts";
import { failureText } from "../text/index.ts";
import { adoptProcessZone } from "../time.ts";
import { COMMAND_HELP, commandHelpText } from "./command-help.ts";
import { type CliContext, type CliDeps, HELP_HINT } from "./context.ts";
import { RECORD_ENTER_HELP } from "./record-enter-help.ts";
import { USAGE } from "./usage.ts";

export type { CliDeps } from "./context.ts";

type Subcommand = { run(ctx: CliContext): Promise<number> };

/** Each command, loaded when it runs; its help (--help, help COMMAND) is in src/cli/command-help.ts. */
const SUBCOMMANDS: Record<string, () => Promise<Subcommand>> = {
  status: () => import("./status.ts"),
  arrivals: () => import("./cards.ts"),
  departures: () => import("./cards.ts"),
  booking: () => import("./cards.ts"),
  pet: () => import("./cards.ts"),
  customer: () => import("./cards.ts"),
  bookings: () => import("./cards.ts"),
  inhouse: () => import("./inhouse.ts"),
  rounds: () => import("./rounds.ts"),
  chart: () => import("./chart.ts"),
  record: () => import("./record.ts"),
  plan: () => import("./plan.ts"),
  stock: () => import("./stock.ts"),
  digest: () => import("./digest.ts"),
  mcp: () => import("./mcp.ts"),
};

/** Every command, for help and suggestions (each has its help in src/cli/command-help.ts). */
export const COMMAND_NAMES = [...Object.keys(SUBCOMMANDS), "sandbox", "help"];

/** The help a command's words name: `record enter` has its own (its refusals point at it). */
const helpName = (command: string, args: string[]) =>
  command === "record" && args[0] === "enter" ? "record enter" : command;

/** `kennel-desk help COMMAND`, `kennel-desk COMMAND --help`: that command's help (exit 0), or exit 2. */
function showHelp(name: string, io: CliDeps["io"]): number {
  if (name === "record enter") {
    io.stdout.write(commandHelpText(name, RECORD_ENTER_HELP));
    return 0;
  }
  const help =
    COMMAND_NAMES.includes(name) && Object.hasOwn(COMMAND_HELP, name) ? COMMAND_HELP[name] : undefined;
  if (!help) {
    io.stderr.write(
      `Unknown command "${name.slice(0, 40)}".${didYouMean(name, COMMAND_NAMES)} The commands: ${COMMAND_NAMES.join(", ")}.\n`,
    );
    return 2;
  }
  io.stdout.write(commandHelpText(name, help));
  return 0;
}

/**
 * A command's log notes, each said once: a record read twice in one command (a pet's card and its
 * plan) notes the same thing twice ("pet 950008: ignored fields with unexpected values"), which
 * says nothing more the second time.
 */
function onceEach(out: CliDeps["io"]["stderr"]): CliDeps["io"]["stderr"] {
  const said = new Set<string>();
  return {
    write: (line: string) => {
      if (said.has(line)) return;
      said.add(line);
      out.write(line);
    },
  };
}

/** Whether `argv` asks only for help (no command, `help`, or `--help`/`-h` before "--"): it needs no settings. */
export function asksForHelp(argv: readonly string[]): boolean {
  const [command, ...args] = argv;
  if (!command || command === "help" || command === "--help" || command === "-h") return true;
  const options = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  return options.includes("--help") || options.includes("-h");
}

export async function runCli(argv: string[], deps: CliDeps): Promise<number> {
  const [command, ...args] = argv;
  const { io } = deps;
  if (!command || command === "help" || command === "--help" || command === "-h") {
    if (command === "help" && args[0] !== undefined)
      return showHelp(
        args[0] === "--help" || args[0] === "-h" ? "help" : helpName(args[0], args.slice(1)),
        io,
      );
    io.stdout.write(USAGE);
    return command ? 0 : 2;
  }
  // --help or -h anywhere before "--": the command's help, whatever else is typed (nothing is run).
  const options = args.includes("--") ? args.slice(0, args.indexOf("--")) : args;
  if (options.includes("--help") || options.includes("-h")) return showHelp(helpName(command, args), io);
  if (command === "sandbox") return (await import("./sandbox.ts")).runSandbox(args, deps);
  const load = Object.hasOwn(SUBCOMMANDS, command) ? SUBCOMMANDS[command] : undefined;
  if (!load) {
    io.stderr.write(
      // One short answer: the suggestion stays on screen (the whole usage would scroll it away).
      `Unknown command "${command.slice(0, 40)}".${didYouMean(command, COMMAND_NAMES)} The commands: ${COMMAND_NAMES.join(", ")}.\nkennel-desk help shows what each does.\n`,
    );
    return 2;
  }
  let log: Logger | undefined;
  // The notes of bookings not read whole, held and said as one at the answer's end (src/log-lines.ts).
  const notes = terminalLog(onceEach(io.stderr), { gather: true });
  try {
    const config = loadConfig(deps.env);
    if (deps.ownProcess && command === "mcp") adoptProcessZone(config.timezone);
    // Logs go to standard error (the process's own, or a test's capture), one readable line each
    // beside the answer, never raw JSON (src/cli/log-lines.ts); redacted and scrubbed as everywhere.
    // A command's answer is its output: the bot's day-to-day info lines ("care record tap") only
    // when LOG_LEVEL asks for them; warnings and errors always.
    log = createLogger({
      level: deps.env.LOG_LEVEL ? config.logLevel : "warn",
      secrets: secretValues(deps.env),
      destination: notes,
      pretty: false,
    });
    const subcommand = await load();
    const clock = deps.clock ?? systemClock;
    const code = await subcommand.run({
      command,
      args,
      config,
      deps,
      io,
      log,
      clock,
      flushNotes: notes.flush,
    });
    notes.flush();
    return code;
  } catch (error) {
    notes.flush();
    return sayFailure(error, { command, args, deps, log });
  }
}

/** A command's failure on standard error, in words, after its notes; its exit code. */
function sayFailure(
  error: unknown,
  o: { command: string; args: string[]; deps: CliDeps; log: Logger | undefined },
): number {
  const { command, args, deps, log } = o;
  // A one-off command is run again once fixed; the connector (mcp) runs on, as the bot does.
  const f = describeFailure(error, command === "mcp" ? "bot" : "command");
  if (f.kind === "unexpected") log?.error({ err: error }, "the command stopped on an unexpected error");
  const color = deps.io.stderr.isTTY === true && !deps.env.NO_COLOR;
  // The time zone and year do not matter to a failure's words.
  // A usage error points at this command's own help: said instead of the general help, else after.
  const hint = `Run "kennel-desk ${helpName(command, args)} --help" for its options.`;
  const said = f.whatToDo === HELP_HINT ? { ...f, whatToDo: hint } : f;
  const line = failureText(said, { color, timezone: "UTC", thisYear: "" });
  deps.io.stderr.write(`${line}${f.kind === "usage" && said.whatToDo !== hint ? `\n${hint}` : ""}\n`);
  return f.exitCode;
}
