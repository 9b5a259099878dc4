/** The parsers of the settings that have their own rules (the shared ones are in reader.ts). */
import { accessSync, constants } from "node:fs";
import { isIP } from "node:net";
import { homedir } from "node:os";
import { isAbsolute, join } from "node:path";
import { parse as parseConnectionString } from "pg-connection-string";
import { pgConnectionString } from "./pg-url.ts";
import { bad, type Check, clockTime, ok, timeOfDay } from "./reader.ts";
import { type DigestKind, LOG_LEVELS, type LogLevel, type RoundNames, type RoundTimes } from "./types.ts";

/**
 * A key is sent in an HTTP header, which holds only visible ASCII: a typographic quote (“…”), an
 * invisible character (a zero-width space, a byte-order mark) or any other letter outside it would
 * make every request fail on this computer, blamed on the network. Refused at start, never echoed.
 */
export function apiKey(value: string): Check<string> {
  if (/\s/.test(value))
    return bad("contains whitespace inside it.", "Paste the key exactly as it was shown when generated.");
  if (!/^[\x21-\x7e]+$/.test(value))
    return bad(
      "contains a character that cannot be part of a key (a typographic quote, an invisible character such as a zero-width space, or a letter outside plain ASCII).",
      "Paste the key again, exactly as the business's API settings showed it (copied from a document or a chat, it can carry such characters).",
    );
  return ok(value);
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

/**
 * KENNEL_DATA_DIR: a folder path (relative paths are from the working folder). A leading `~` is this
 * user's home folder, as in a shell (`~/kennel-data`); the shell does not expand it inside an
 * environment file or a service's settings, and a folder literally named `~` is never what was
 * meant. `~user` is refused: whose home that is depends on the machine. `home`: the HOME setting.
 */
export function dataDir(home: string | undefined) {
  return (value: string): Check<string> => {
    const fix = "Give the folder's path, for example KENNEL_DATA_DIR=/var/lib/kennel-desk.";
    if (!value.startsWith("~")) return ok(value);
    if (value !== "~" && !value.startsWith("~/")) {
      return bad(
        `"${value}" starts with ~ and a user's name: which folder that is depends on this computer's users.`,
        `Write the whole path, for example KENNEL_DATA_DIR=/home/kennel/kennel-data. ${fix}`,
      );
    }
    const base = home && isAbsolute(home) ? home : homedir();
    if (!base) return bad("starts with ~, and this user has no home folder to read it as.", fix);
    return ok(join(base, value.slice(1)));
  };
}

/** The line to say at start when KENNEL_DATA_DIR's `~` was read as the home folder; undefined otherwise. */
export function dataDirNotice(raw: string | undefined, dir: string): string | undefined {
  const value = raw?.trim() ?? "";
  if (!value.startsWith("~")) return undefined;
  return `KENNEL_DATA_DIR=${value}: the ~ is read as this user's home folder, so the care record is kept in ${dir}.`;
}

/** HEALTH_HOST: the address the health server listens on in Socket Mode (an IP address, or localhost). */
export function listenHost(value: string): Check<string> {
  const host = value.replace(/^\[(.*)\]$/, "$1");
  return host === "localhost" || isIP(host) !== 0
    ? ok(host)
    : bad(
        `"${value}" is not an address to listen on.`,
        "Use 0.0.0.0 in a container (every interface, for the platform's health checks), or leave it unset for 127.0.0.1 (this computer only).",
      );
}

/** The parts of a PostgreSQL address that are percent-decoded (the driver throws on a bad one). */
const DECODED_PARTS = [
  ["username", "user name"],
  ["password", "password"],
  ["hostname", "host"],
  ["pathname", "database name"],
] as const;

/** The parameters that name a file the driver reads at connection (a missing one is a crash there). */
const FILE_PARAMETERS = ["sslrootcert", "sslcert", "sslkey"] as const;

const SSL_MODES = ["disable", "allow", "prefer", "require", "verify-ca", "verify-full", "no-verify"];

/**
 * DATABASE_URL: postgres://USER:PASSWORD@HOST:PORT/DATABASE (postgresql:// too). It holds a
 * password, so it is read as a secret: never shown in a problem. Every problem the store would
 * meet in reading it (a percent sign that is not an encoding, a certificate file that is not there,
 * an sslmode it does not know) is found here, so it is the settings' one line, never a stack trace
 * when the store opens. The driver's own parser has the last word. `copyTo`: the address is
 * `record copy`'s --to (the database the record is copied into), named so in what to do.
 */
export function databaseUrl(value: string, copyTo = false): Check<URL> {
  const write =
    "Write it postgres://USER:PASSWORD@HOST:5432/DATABASE (percent-encode special characters in the password)";
  const fix = copyTo
    ? `${write}: the new, empty PostgreSQL database to copy the care record into.`
    : `${write}, or leave it unset to keep the care record in SQLite in KENNEL_DATA_DIR.`;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return bad("is not an address.", fix);
  }
  if (url.protocol !== "postgres:" && url.protocol !== "postgresql:") {
    return bad("is not a PostgreSQL address (it must start with postgres:// or postgresql://).", fix);
  }
  for (const [part, words] of DECODED_PARTS) {
    try {
      decodeURIComponent(url[part]);
    } catch {
      return bad(
        `has a % in its ${words} that is not a valid percent-encoding (a % must be followed by two hexadecimal digits of UTF-8, as %40 for @).`,
        fix,
      );
    }
  }
  if (!url.hostname && !url.searchParams.get("host")) return bad("names no host.", fix);
  if (url.pathname.replace(/^\//, "") === "")
    return bad("names no database (the part after the last /).", fix);
  for (const parameter of FILE_PARAMETERS) {
    const file = url.searchParams.get(parameter);
    if (file === null) continue;
    try {
      accessSync(file, constants.R_OK);
    } catch (error) {
      const code = (error as NodeJS.ErrnoException)?.code ?? "unreadable";
      return bad(
        `names ${parameter}=${file}, which cannot be read (${code === "ENOENT" ? "there is no such file" : code}).`,
        `Put the certificate at that path (readable by the user Kennel Desk runs as), or correct ${parameter} in ${copyTo ? "--to" : "DATABASE_URL"}.`,
      );
    }
  }
  const mode = url.searchParams.get("sslmode");
  if (mode !== null && !SSL_MODES.includes(mode)) {
    return bad(`has sslmode=${mode}, which is not an SSL mode.`, `Use one of ${SSL_MODES.join(", ")}.`);
  }
  try {
    parseConnectionString(pgConnectionString(url));
  } catch (error) {
    // The driver's words may quote the address: only the kind of error is said.
    const kind = (error as NodeJS.ErrnoException)?.code ?? (error as Error)?.name ?? "an error";
    return bad(`cannot be read by the PostgreSQL driver (${kind}).`, fix);
  }
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

/** A number of minutes ("90"), or with a unit ("90m", "1h30m", "2h"), from 1 minute to 12 hours (DOSE_WINDOW_AFTER…). */
export function minutesSetting(value: string): Check<number> {
  const m = /^(?:(\d+)h)?(?:(\d+)m?)?$/.exec(value.replace(/\s+/g, ""));
  const n = m && (m[1] || m[2]) ? Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0) : Number.NaN;
  return Number.isInteger(n) && n >= 1 && n <= 720
    ? ok(n)
    : bad(
        `"${value}" is not a time after the round.`,
        "Write minutes, for example 90, or 1h30m (at most 12h).",
      );
}

/** ROUND_CHECK_MENTION: a Slack user group's id (S0123ABCD), mentioned by the dose times' late and missed replies. */
export function userGroupId(value: string): Check<string> {
  return /^S[A-Z0-9]{2,}$/.test(value)
    ? ok(value)
    : bad(
        `"${value}" is not a user group id.`,
        "Use the user group's id, such as S0123ABCD (in Slack: People, User groups, the group, then its id), or leave it unset to mention nobody.",
      );
}

/**
 * ROUND_ESCALATE_MENTION: who a late high-alert dose's reply also mentions: a person's id
 * (U0123ABCD, W0123ABCD) or a user group's (S0123ABCD).
 */
export function mentionId(value: string): Check<string> {
  return /^[UWS][A-Z0-9]{2,}$/.test(value)
    ? ok(value)
    : bad(
        `"${value}" is not a person's or a user group's id.`,
        "Use a member id such as U0123ABCD (in Slack: the person's profile, ⋮, Copy member ID) or a user group's id such as S0123ABCD, or leave it unset.",
      );
}

/**
 * KENNEL_HIGH_ALERT: the kennel's own high-alert words, comma-separated ("Vetoryl, Cardisure"): an
 * item of the care plan naming one needs a second person's confirmation, as insulin and the
 * anticonvulsants do. Each word 2 to 40 letters, digits, spaces or hyphens.
 */
export function highAlertWords(value: string): Check<string[]> {
  const words = value
    .split(",")
    .map((w) => w.trim())
    .filter(Boolean);
  const wrong = words.find((w) => !/^[\p{L}\p{N}][\p{L}\p{N} -]{1,39}$/u.test(w));
  if (wrong !== undefined || words.length > 100) {
    return bad(
      `"${(wrong ?? value).slice(0, 40)}" is not a list of drug names.`,
      "Give the words comma-separated, for example KENNEL_HIGH_ALERT=Vetoryl, Cardisure (letters, digits, spaces and hyphens).",
    );
  }
  return ok(words);
}
