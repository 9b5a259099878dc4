/**
 * The one way a setting is read from the environment: unset or empty means the fallback; a value
 * wrapped in quotes or carrying an inline `# comment` is refused (Docker's --env-file keeps both
 * literally); a secret with spaces around it is refused, never trimmed, and never echoed; a value
 * with a line break or another control character inside it is refused, never echoed (a token with a
 * line break would otherwise fail later, in a header, with its value in the error and the network
 * blamed); the rest is trimmed and handed to the setting's own parser. Every problem is collected,
 * not thrown, so the person starting the bot sees them all at once.
 */

/** One problem with one variable: which, what is wrong, how to fix it. */
export interface ConfigProblem {
  variable: string;
  problem: string;
  fix: string;
}

export type Check<T> = { ok: true; value: T } | { ok: false; problem: string; fix: string };

export const ok = <T>(value: T): Check<T> => ({ ok: true, value });
export const bad = (problem: string, fix: string): Check<never> => ({ ok: false, problem, fix });

export interface SettingSpec<T, F> {
  /** The value when the variable is unset or empty. */
  fallback: F;
  /** Keys, tokens, secrets: the value is never shown in a problem, and padding is refused. */
  secret?: boolean;
  /** Checks the trimmed, non-empty value. */
  parse: (value: string) => Check<T>;
  /**
   * Words, not a token (a kennel's name): quotes inside are the value's own (`Kennels "Bow Wow"`);
   * only a value wholly wrapped in one kind of quote is refused.
   */
  words?: boolean;
}

type Env = Record<string, string | undefined>;

// C0 and C1 controls, DEL included (tab and line breaks too): no setting holds one.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

/** The problem with a value wrapped in quotes or followed by a comment, if it has one. */
function quotingProblem(
  variable: string,
  value: string,
  words = false,
): Omit<ConfigProblem, "variable"> | undefined {
  const first = value[0];
  const last = value[value.length - 1];
  const quote = (c: string | undefined) => c === '"' || c === "'";
  if (words ? quote(first) && first === last : quote(first) || quote(last)) {
    return {
      problem:
        "is wrapped in quotes. `docker run --env-file` and some secret stores keep quotes as part of the value, so they would be sent with it.",
      fix: `Remove the quotes: write ${variable}=value with nothing around the value.`,
    };
  }
  if (/\s#/.test(value)) {
    return {
      problem:
        "has an inline comment (“ # …”) after the value. `docker run --env-file` keeps it as part of the value.",
      fix: "Put the comment on a line of its own starting with #, and leave only the value after the = sign.",
    };
  }
  return undefined;
}

export class EnvReader {
  readonly problems: ConfigProblem[] = [];
  readonly #env: Env;

  constructor(env: Env) {
    this.#env = env;
  }

  /** Whether the variable has a non-blank value (right or wrong). */
  isSet(variable: string): boolean {
    return (this.#env[variable] ?? "").trim() !== "";
  }

  read<T, F>(variable: string, spec: SettingSpec<T, F>): T | F {
    const raw = this.#env[variable];
    if (raw === undefined || raw.trim() === "") return spec.fallback;
    const value = raw.trim();
    const quoting = quotingProblem(variable, value, spec.words);
    if (quoting) return this.#refuse(variable, quoting, spec.fallback);
    if (CONTROL.test(value)) {
      return this.#refuse(
        variable,
        {
          problem:
            "contains a line break or another control character inside it, so it cannot be what was meant (a token or key is one line of letters, digits and signs).",
          fix: `Write ${variable} again on one line (check the .env file or the secret store for a line break inside the value).`,
        },
        spec.fallback,
      );
    }
    if (spec.secret && raw !== value) {
      return this.#refuse(
        variable,
        {
          problem:
            "has spaces or line breaks before or after it, and padded values are refused on the other side.",
          fix: `Remove the whitespace around ${variable} (check the .env file or the secret store).`,
        },
        spec.fallback,
      );
    }
    const checked = spec.parse(value);
    if (checked.ok) return checked.value;
    return this.#refuse(variable, checked, spec.fallback);
  }

  /** A problem found across variables (one needs another). */
  add(problem: ConfigProblem): void {
    this.problems.push(problem);
  }

  #refuse<F>(variable: string, p: { problem: string; fix: string }, fallback: F): F {
    this.problems.push({ variable, problem: p.problem, fix: p.fix });
    return fallback;
  }
}

// Parsers shared by several settings.

/**
 * A whole number written in digits only: `Number()` alone would take 0x10, 0b1, 0o7 and 1e1 (and a
 * sign, a point, spaces), so "16" could be written in ways no one reading the settings would see.
 */
export function wholeNumber(min: number, max: number, fix: string) {
  return (value: string): Check<number> => {
    const n = /^\d{1,15}$/.test(value) ? Number(value) : Number.NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max
      ? ok(n)
      : bad(`"${value}" is not a whole number from ${min} to ${max} (digits only).`, fix);
  };
}

/** PORT (and the setup page's port box): digits only, 1 to 65535 (0 only where `allowZero`, for tests). */
export function portNumber(value: string, allowZero = false): Check<number> {
  const n = wholeNumber(allowZero ? 0 : 1, 65_535, "")(value);
  return n.ok
    ? n
    : bad(`"${value}" is not a port number.`, "Use a whole number from 1 to 65535, for example 3000.");
}

export function flag(variable: string) {
  return (value: string): Check<boolean> => {
    const v = value.toLowerCase();
    if (["0", "false", "no", "off"].includes(v)) return ok(false);
    if (["1", "true", "yes", "on"].includes(v)) return ok(true);
    return bad(
      `"${value}" is not 0 or 1.`,
      `Set ${variable}=1 to turn it on, or 0 (or leave it unset) to turn it off.`,
    );
  };
}

/** HH:MM (24-hour), written back with two digits for the hour. */
export function clockTime(value: string): string | undefined {
  const m = /^([01]?\d|2[0-3]):([0-5]\d)$/.exec(value);
  return m ? `${(m[1] as string).padStart(2, "0")}:${m[2]}` : undefined;
}

export function timeOfDay(example: string) {
  return (value: string): Check<string> => {
    const time = clockTime(value);
    return time
      ? ok(time)
      : bad(`"${value}" is not a time of day.`, `Write it HH:MM in 24-hour time, for example ${example}.`);
  };
}

export function channelId(value: string): Check<string> {
  return /^[CG][A-Z0-9]{2,}$/.test(value)
    ? ok(value)
    : bad(
        `"${value}" is not a channel id.`,
        "Use the channel's id, such as C0123ABCD (in Slack: the channel's name, then About, at the bottom), and invite the bot there.",
      );
}
