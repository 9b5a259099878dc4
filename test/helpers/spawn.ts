/**
 * The bot as its own process, for the tests that need one (a kill, a signal, a file mode, npm start):
 * started with the settings given, its output kept, its exit known; and the waits on it as
 * conditions: /healthz answering, or anything else, polled until true, failing at once (with the
 * output) when the process has exited, and after a time limit otherwise. One copy for every test.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { delimiter, join } from "node:path";
import { postingEnv } from "../cli/helpers.ts";

export interface Spawned {
  child: ChildProcess;
  /** Standard output and error so far, interleaved as they came. */
  out(): string;
  /** Settles with the exit code (null when a signal ended it). */
  exit: Promise<number | null>;
  /** Whether the process has exited. */
  exited(): boolean;
}

/**
 * The settings of the bot as its own process in HTTP mode: the sandbox's kennel API and key, Slack's
 * stand-in, the signing secret given, the port given, and `extra` over them.
 */
export function httpBotEnv(
  sandbox: { keys: { main: string }; url: string },
  slack: { apiUrl: string },
  secret: string,
  port: number,
  extra: Record<string, string> = {},
): Record<string, string> {
  return postingEnv(sandbox, slack, {
    SLACK_BOT_TOKEN: "xoxb-test-0000-process",
    SLACK_SIGNING_SECRET: secret,
    PORT: String(port),
    ...extra,
  });
}

/**
 * Starts a program (the bot by default: `node src/main.ts`, from the repository's root) with exactly
 * `env` (PATH added), its output kept.
 */
export function spawnBot(
  env: Record<string, string>,
  o: { command?: string; args?: string[]; cwd?: string; inherit?: boolean } = {},
): Spawned {
  const child = spawn(o.command ?? process.execPath, o.args ?? ["src/main.ts"], {
    env: o.inherit ? { ...process.env, ...env } : { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
    ...(o.cwd ? { cwd: o.cwd } : {}),
  });
  let out = "";
  child.stdout?.on("data", (d) => {
    out += String(d);
  });
  child.stderr?.on("data", (d) => {
    out += String(d);
  });
  let done = false;
  const exit = new Promise<number | null>((r) =>
    child.once("exit", (code) => {
      done = true;
      r(code);
    }),
  );
  return { child, out: () => out, exit, exited: () => done };
}

/**
 * Waits until `what` is true, polling: fails with `why()` after `ms`, or at once when `p` (the
 * process it waits on) has exited first.
 */
export async function until(
  what: () => boolean | Promise<boolean>,
  o: { ms?: number; why?: () => string; p?: Spawned } = {},
): Promise<void> {
  const end = Date.now() + (o.ms ?? 40_000);
  for (;;) {
    if (await what()) return;
    const why = o.why?.() ?? o.p?.out() ?? "";
    if (o.p?.exited()) throw new Error(`the process exited first: ${why}`);
    if (Date.now() > end) throw new Error(`not within ${o.ms ?? 40_000} ms: ${why}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Whether /healthz on the port answers 200. */
const healthzOk = (port: number): Promise<boolean> =>
  fetch(`http://127.0.0.1:${port}/healthz`).then(
    async (r) => {
      await r.arrayBuffer();
      return r.ok;
    },
    () => false,
  );

/** Waits until the bot on `port` answers /healthz (and `also`, when given), or says why it did not start. */
export function untilHealthy(
  port: number,
  p: Spawned,
  o: { ms?: number; also?: () => boolean } = {},
): Promise<void> {
  return until(async () => (await healthzOk(port)) && (o.also?.() ?? true), {
    ms: o.ms ?? 40_000,
    why: () => `the bot did not start: ${p.out()}`,
    p,
  });
}

/** The process ids below `pid` (Linux /proc), with their command lines. */
export function descendants(pid: number): Array<{ pid: number; cmd: string }> {
  const parents = new Map<number, number>();
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, "utf8");
      // "pid (comm) state ppid …": the command may hold spaces and brackets, so read after the last ")".
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      parents.set(Number(name), ppid);
    } catch {
      // gone meanwhile
    }
  }
  const out: Array<{ pid: number; cmd: string }> = [];
  const walk = (p: number) => {
    for (const [child, parent] of parents) {
      if (parent !== p) continue;
      let cmd = "";
      try {
        cmd = readFileSync(`/proc/${child}/cmdline`, "utf8").replaceAll("\0", " ").trim();
      } catch {
        // gone meanwhile
      }
      out.push({ pid: child, cmd });
      walk(child);
    }
  };
  walk(pid);
  return out;
}

export const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/**
 * A Node.js on PATH (outside node_modules), or else in /usr/local/bin or /usr/bin, whose answer to
 * `node -p EXPRESSION` `accept`s (an older one than the tests run on, say), or undefined.
 */
export function nodeOnPath(expression: string, accept: (printed: string) => boolean): string | undefined {
  const dirs = (process.env.PATH ?? "").split(delimiter).filter((d) => d && !d.includes("node_modules"));
  for (const dir of [...dirs, "/usr/local/bin", "/usr/bin"]) {
    const candidate = join(dir, "node");
    try {
      if (accept(execFileSync(candidate, ["-p", expression], { encoding: "utf8", timeout: 10_000 }).trim()))
        return candidate;
    } catch {
      // not there, or not runnable
    }
  }
  return undefined;
}
