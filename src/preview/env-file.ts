/**
 * Writing the setup page's settings into .env: every other line kept as it was (comments, other
 * settings), a setting already there replaced where it stands, the old file copied to .env.bak
 * first, the new one written whole (a temporary file renamed over it) and readable by its owner
 * only (mode 600). Saving the same settings again writes nothing (and keeps the first .env.bak).
 *
 * A value is written so that the bot reads it back as it was given: quoted when it holds `#` (else
 * the rest is a comment), a quote, a backtick, a space or `=`, in a quote it does not contain. The
 * text is read with the parser the bot uses (Node's, as process.loadEnvFile reads .env) before it is
 * written, and the file once more after: a value that does not come back exactly is never "saved".
 */
import { chmod, copyFile, readFile, rename, unlink, writeFile } from "node:fs/promises";
import { parseEnv } from "node:util";
import { updateEnvText } from "../sandbox/command.ts";

async function readText(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    if ((error as { code?: string }).code === "ENOENT") return undefined;
    throw error;
  }
}

/** Whether the env file is there now. */
export async function envFileExists(path: string): Promise<boolean> {
  return (await readText(path)) !== undefined;
}

/** The settings an env file holds now (empty when there is none), read as the bot reads them. */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  const text = await readText(path);
  return text === undefined ? {} : (parseEnv(text) as Record<string, string>);
}

/**
 * A value as it goes after `NAME=`: as it is when nothing in it means something to the parser;
 * else in double quotes, or single quotes, or backticks, whichever it does not hold (in double
 * quotes Node's parser turns the two characters `\n` into a line break, so a value holding them is
 * not put there). Undefined when no quote can hold it.
 */
function envValue(value: string): string | undefined {
  if (value === "" || !/[#"'`\s=]/.test(value)) return value;
  if (!value.includes('"') && !value.includes("\\n")) return `"${value}"`;
  if (!value.includes("'")) return `'${value}'`;
  if (!value.includes("`")) return `\`${value}\``;
  return undefined;
}

/** The settings whose value the text does not give back exactly, as the bot's parser reads it. */
function notReadBack(text: string, values: Array<[string, string]>): string[] {
  const read = parseEnv(text) as Record<string, string>;
  return values.filter(([name, value]) => (read[name] ?? "") !== value).map(([name]) => name);
}

export type EnvWrite =
  | {
      ok: true;
      /** False when the file already said exactly this. */
      written: boolean;
      /** Where the old file was copied, when there was one. */
      backup: string | undefined;
    }
  | {
      ok: false;
      /** The settings that would not be read back as given; the file is as it was. */
      unreadable: string[];
    };

export async function writeEnvFile(path: string, values: Array<[string, string]>): Promise<EnvWrite> {
  const quoted: Array<[string, string]> = [];
  const unquotable: string[] = [];
  for (const [name, value] of values) {
    const written = envValue(value);
    if (written === undefined) unquotable.push(name);
    else quoted.push([name, written]);
  }
  if (unquotable.length) return { ok: false, unreadable: unquotable };
  const old = await readText(path);
  const text = updateEnvText(
    old ?? "",
    quoted,
    "# Written by the preview's setup page (npm start, then /setup)",
  );
  // Read as the bot will read it, before anything is written (a line of the old file, say an
  // unclosed multi-line quote, can swallow a setting written after it).
  const before = notReadBack(text, values);
  if (before.length) return { ok: false, unreadable: before };
  if (old === text) return { ok: true, written: false, backup: undefined };
  let backup: string | undefined;
  if (old !== undefined) {
    backup = `${path}.bak`;
    await copyFile(path, backup);
    await chmod(backup, 0o600);
  }
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, text, { mode: 0o600 });
  await chmod(temp, 0o600);
  await rename(temp, path);
  // And the file itself, as it is now on disk.
  const after = notReadBack((await readText(path)) ?? "", values);
  if (after.length) {
    if (old === undefined) await unlink(path);
    else await writeFile(path, old, { mode: 0o600 });
    return { ok: false, unreadable: after };
  }
  return { ok: true, written: true, backup };
}
