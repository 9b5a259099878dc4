/**
 * Writing the setup page's settings into .env: every other line kept as it was (comments, other
 * settings), a setting already there replaced where it stands, the old file copied to .env.bak
 * first, the new one written whole (a temporary file renamed over it) and readable by its owner
 * only (mode 600). Saving the same settings again writes nothing (and keeps the first .env.bak).
 */
import { chmod, copyFile, readFile, rename, writeFile } from "node:fs/promises";
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

/** The settings an env file holds now (empty when there is none). */
export async function readEnvFile(path: string): Promise<Record<string, string>> {
  const text = await readText(path);
  return text === undefined ? {} : (parseEnv(text) as Record<string, string>);
}

export interface EnvWrite {
  /** False when the file already said exactly this. */
  written: boolean;
  /** Where the old file was copied, when there was one. */
  backup: string | undefined;
}

export async function writeEnvFile(path: string, values: Array<[string, string]>): Promise<EnvWrite> {
  const old = await readText(path);
  const text = updateEnvText(
    old ?? "",
    values,
    "# Written by the preview's setup page (npm start, then /setup)",
  );
  if (old === text) return { written: false, backup: undefined };
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
  return { written: true, backup };
}
