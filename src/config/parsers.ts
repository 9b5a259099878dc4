/** The parsers of the settings that have their own rules (the shared ones are in reader.ts). */
import { bad, type Check, clockTime, ok, timeOfDay } from "./reader.ts";
import { type DigestKind, LOG_LEVELS, type LogLevel, type RoundNames, type RoundTimes } from "./types.ts";

export const SLACK_FIX =
  "Copy it again from the Slack app's settings (the preview's setup page checks it as you paste it; by hand: docs/connecting.md).";

export function apiKey(value: string): Check<string> {
  return /\s/.test(value)
    ? bad("contains whitespace inside it.", "Paste the key exactly as it was shown when generated.")
    : ok(value);
}

export function channelList(value: string): Check<string[]> {
  const ids = value
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const wrong = ids.filter((id) => !/^[CGD][A-Z0-9]{2,}$/.test(id));
  if (wrong.length === 0) return ok(ids);
  return bad(
    `${wrong.map((b) => `"${b}"`).join(", ")} ${wrong.length === 1 ? "is not a channel id" : "are not channel ids"}.`,
    "Use ids such as C0123ABCD, separated by commas (in Slack: the channel's name, then About, at the bottom).",
  );
}

export function digestKinds(value: string): Check<DigestKind[]> {
  const parts = value
    .split(",")
    .map((s) => s.trim().toLowerCase())
    .filter(Boolean);
  if (parts.length === 0 || parts.some((p) => p !== "departures" && p !== "arrivals")) {
    return bad(
      `"${value}" is not a list of departures and arrivals.`,
      "Use departures (the default) or departures,arrivals.",
    );
  }
  return ok([...new Set(parts)] as DigestKind[]);
}

export function onOff(value: string): Check<boolean> {
  const v = value.toLowerCase();
  if (v === "on" || v === "1" || v === "true") return ok(true);
  if (v === "off" || v === "0" || v === "false") return ok(false);
  return bad(`"${value}" is not on or off.`, "Use off to turn the in-process scheduler off.");
}

export function logLevel(value: string): Check<LogLevel> {
  const level = value.toLowerCase();
  return (LOG_LEVELS as readonly string[]).includes(level)
    ? ok(level as LogLevel)
    : bad(`"${value}" is not a log level.`, `Use one of ${LOG_LEVELS.join(", ")}.`);
}

export const DEFAULT_ROUND_TIMES: RoundTimes = { morning: "07:30", midday: "12:00", evening: "18:00" };

export function roundTimes(value: string): Check<RoundTimes> {
  const fix = "Give three times HH:MM, morning, midday and evening, in order, for example 07:30,12:00,18:00.";
  const parts = value.split(",").map((s) => s.trim());
  const times = parts.map(clockTime);
  if (times.length !== 3 || times.some((t) => t === undefined)) {
    return bad(`"${value}" is not three times of day separated by commas.`, fix);
  }
  const [morning, midday, evening] = times as [string, string, string];
  if (!(morning < midday && midday < evening)) return bad(`"${value}" is not in order, earliest first.`, fix);
  return ok({ morning, midday, evening });
}

export function optionalTime(value: string): Check<string | undefined> {
  return value.toLowerCase() === "off" ? ok(undefined) : timeOfDay("18:00")(value);
}

/** KENNEL_DATA_DIR: a folder path (relative paths are from the working folder). */
export function dataDir(value: string): Check<string> {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a control character in a path is refused
  return /[\u0000-\u001f]/.test(value)
    ? bad(
        "contains a control character.",
        "Give the folder's path, for example KENNEL_DATA_DIR=/var/lib/kennel-desk.",
      )
    : ok(value);
}

/**
 * DATABASE_URL: postgres://USER:PASSWORD@HOST:PORT/DATABASE (postgresql:// too). It holds a
 * password, so it is read as a secret: never shown in a problem.
 */
export function databaseUrl(value: string): Check<URL> {
  const fix =
    "Write it postgres://USER:PASSWORD@HOST:5432/DATABASE (percent-encode special characters in the password), or leave it unset to keep the care record in SQLite in KENNEL_DATA_DIR.";
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad("is not an address.", fix);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return bad("is not a PostgreSQL address (it must start with postgres:// or postgresql://).", fix);
  }
  if (!url.hostname && !url.searchParams.get("host")) return bad("names no host.", fix);
  if (url.pathname.replace(/^\//, "") === "")
    return bad("names no database (the part after the last /).", fix);
  return ok(url);
}

/**
 * ROUNDS_NAMES: the kennel's own names of its morning, midday and evening rounds, in that order
 * ("Breakfast,Lunch,Dinner"). A name that is another round's word (lunch for the morning) is refused:
 * staff typing it would get the other round.
 */
export function roundNames(
  value: string,
  synonyms: Record<keyof RoundNames, readonly string[]>,
): Check<RoundNames> {
  const fix =
    "Give three names, for the morning, midday and evening rounds, separated by commas, for example Breakfast,Lunch,Dinner.";
  const parts = value.split(",").map((s) => s.trim().replace(/\s+/g, " "));
  if (parts.length !== 3 || parts.some((p) => p === "")) {
    return bad(`"${value}" is not three names separated by commas.`, fix);
  }
  const odd = parts.find((p) => p.length > 24 || !/^[\p{L}\p{N}][\p{L}\p{N} '-]*$/u.test(p));
  if (odd !== undefined) {
    return bad(
      `"${odd}" is not a round's name: letters, digits, spaces, hyphens and apostrophes, up to 24.`,
      fix,
    );
  }
  const rounds = ["morning", "midday", "evening"] as const;
  const lower = parts.map((p) => p.toLowerCase());
  if (new Set(lower).size !== 3) return bad(`"${value}" names two rounds alike.`, fix);
  for (const [i, name] of lower.entries()) {
    const other = rounds.find((r, j) => j !== i && (r === name || synonyms[r].includes(name)));
    if (other) {
      return bad(`"${parts[i]}" names the ${other} round, not the ${rounds[i]} round.`, fix);
    }
  }
  const [morning, midday, evening] = parts as [string, string, string];
  return ok({ morning, midday, evening });
}
