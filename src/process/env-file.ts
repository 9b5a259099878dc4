/**
 * The working folder's .env file read into the environment (Node's own parser,
 * process.loadEnvFile), first thing, by the bot (src/bot-main.ts) and the `kennel-desk` command
 * (src/cli/program.ts) alike: no file is fine; a file that is there but cannot be read (a folder
 * named .env, a link to nothing, a pipe, permission denied…) is a settings problem, said as the
 * others are (which file, what is wrong, what to do) with their exit code (2), never Node's stack
 * trace. The file's kind is checked before it is read, so a folder or a link to nothing is said
 * for root too, who reads a file whatever its mode.
 */
import { closeSync, lstatSync, openSync, readlinkSync, type Stats, statSync } from "node:fs";
import { userInfo } from "node:os";
import { basename, resolve } from "node:path";
import { describeFailure } from "../answers/failure.ts";
import { ConfigError } from "../config.ts";
import { oneLine, shorten } from "../domain/text.ts";
import { type EnvFileTrouble, envFileWords } from "../words/env-file.ts";
import { SURFACE_WORDS, type Surface } from "../words/surface.ts";

const errorCode = (error: unknown): unknown => (error as { code?: unknown } | undefined)?.code;

/** Who this process runs as: the user's name, else (no such user on file, as in many containers) the user id. */
function userName(): string {
  try {
    return userInfo().username;
  } catch {
    return String(process.getuid?.());
  }
}

/** What the file is, following a link: undefined for a link to nothing (or round in a circle). */
function kindOf(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (["ENOENT", "ELOOP", "ENOTDIR"].includes(String(errorCode(error)))) return undefined;
    throw error;
  }
}

/** Why the file at `path` cannot be read into the environment, or undefined once it is (or is not there). */
function troubleWith(path: string, load: (path: string) => void): EnvFileTrouble | undefined {
  try {
    if (!lstatSync(path, { throwIfNoEntry: false })) return undefined;
    const kind = kindOf(path);
    if (!kind) return { kind: "link", target: shorten(oneLine(readlinkSync(path)), 200) };
    if (kind.isDirectory()) return { kind: "folder" };
    if (!kind.isFile()) return { kind: "not_file" };
    // Opened first for the system's own reason it cannot be: Node's loader says ENOENT for any.
    closeSync(openSync(path, "r"));
    load(path);
    return undefined;
  } catch (error) {
    const code = errorCode(error);
    if (code === "EACCES" || code === "EPERM") return { kind: "denied", user: userName() };
    return { kind: "unreadable", reason: shorten(oneLine((error as Error)?.message ?? error), 200) };
  }
}

export interface EnvFileOptions {
  /** The file, from the working folder: ".env". */
  path?: string;
  /** Reads it into the environment: process.loadEnvFile. */
  load?: (path: string) => void;
  stderr?: { write(text: string): unknown };
}

/**
 * Reads the .env file into the environment; when it cannot be read, says why on standard error and
 * gives the exit code (else undefined). `surface`: the bot ("Kennel Desk cannot start") or a command.
 */
export function loadEnvFile(surface: Surface, o: EnvFileOptions = {}): number | undefined {
  const path = o.path ?? ".env";
  const trouble = troubleWith(path, o.load ?? ((p) => process.loadEnvFile(p)));
  if (!trouble) return undefined;
  const problem = { variable: oneLine(resolve(path)), ...envFileWords(trouble, basename(path)) };
  const f = describeFailure(
    new ConfigError([problem], { whatToDo: `Then ${SURFACE_WORDS[surface].again}.` }),
    surface,
  );
  (o.stderr ?? process.stderr).write(`${f.what}\n${f.whatToDo}\n`);
  return f.exitCode;
}
