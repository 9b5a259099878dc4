/**
 * Where a failure is said, and how each place says to try again once it is fixed: the bot (Slack,
 * and the connector: started once and running on, so it is restarted) or a one-off command in a
 * terminal (run again). An error's hint that ends in trying again is worded here for the surface it
 * is said on (src/kennel/errors.ts, src/record/errors.ts), never rewritten after.
 */
export type Surface = "bot" | "command";

/** What cannot be done, and how to try again once fixed, as each surface says it. */
export const SURFACE_WORDS: Record<Surface, { cannot: string; again: string; restart: string }> = {
  bot: { cannot: "Kennel Desk cannot start", again: "start again", restart: "restart Kennel Desk" },
  command: {
    cannot: "The command cannot run",
    again: "run the command again",
    restart: "run the command again",
  },
};

/** What to do, as the surface says it: the same words everywhere, or worded for each surface. */
export type Hint = string | ((surface: Surface) => string);

export const hintOn = (hint: Hint, surface: Surface): string =>
  typeof hint === "string" ? hint : hint(surface);

/** Where a command in a terminal reads its settings (src/cli/program.ts): the environment first. */
const COMMAND_SETTINGS = "in the environment (or in the .env file of the folder the command runs in)";

/**
 * A rejected API key: a new one, set where Kennel Desk reads it; then the bot is restarted, and a
 * command in a terminal is run again, its key read from the environment or the folder's .env file
 * (src/cli/program.ts). Said by the error (src/kennel/errors.ts) and the status check alike.
 */
export const newKeyHint = (surface: Surface): string =>
  surface === "bot"
    ? "Check that KENNEL_API_KEY is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then restart Kennel Desk. If it is, someone with access to those settings should generate a new key there (the old one then stops working) and set it as KENNEL_API_KEY, then restart Kennel Desk."
    : `Check that KENNEL_API_KEY ${COMMAND_SETTINGS} is the whole key the business's API settings gave, with no spaces around it (a character left off is the usual cause), then run the command again. If it is, someone with access to those settings should generate a new key there (the old one then stops working, for the bot too: set the new one where the bot reads it as well).`;

/** The API not reached: the address is checked with the connection (a wrong port, host or scheme looks the same). */
export const unreachableHint = (surface: Surface): string =>
  surface === "bot"
    ? "Check this computer's internet connection and KENNEL_API_BASE_URL (its host, port and https); if both are right, the API is down: try again in a few minutes, and quote the request id, when one is given, to the API's support if it lasts."
    : `Check KENNEL_API_BASE_URL ${COMMAND_SETTINGS} (its host, port and https) and this computer's internet connection, then run the command again; if both are right, the API is down: try again in a few minutes.`;

/** A loopback address (localhost, 127.x, ::1): the API asked for runs on this computer, the sandbox as a rule. */
export function isLoopback(origin: string): boolean {
  try {
    const host = new URL(origin).hostname.replace(/^\[|\]$/g, "");
    return host === "localhost" || host === "::1" || /^127\.\d+\.\d+\.\d+$/.test(host);
  } catch {
    return false;
  }
}

/**
 * Nothing answers at a loopback address: not the internet, but this computer, where the sandbox (or
 * the API) is not running. Slack's readers are told who starts it; a terminal's user starts it.
 */
export const loopbackHint = (surface: Surface): string =>
  surface === "bot"
    ? "Nothing answers at that address on the computer Kennel Desk runs on: whoever runs Kennel Desk should start the sandbox (npm run sandbox:env) or check KENNEL_API_BASE_URL."
    : `Nothing answers at that address on this computer: start the sandbox (npm run sandbox:env) or check KENNEL_API_BASE_URL ${COMMAND_SETTINGS}, then run the command again.`;

/**
 * An https:// address on this computer answered in plain HTTP: the sandbox speaks http:// only, so
 * the address wants http:// (`at`: the origin with http://, "http://127.0.0.1:4010").
 */
export const plainHttpHint =
  (at: string) =>
  (surface: Surface): string =>
    `The sandbox speaks plain http://, not https://: set KENNEL_API_BASE_URL to ${at}/api/v1 (http://, not https://)${surface === "bot" ? ", then restart Kennel Desk" : ` ${COMMAND_SETTINGS}, then run the command again`}.`;

/**
 * What the person chose of an answer the API was too slow to give, so asking for less may help: its
 * dates (`kennel-desk bookings FROM TO`, /kennel bookings: a range typed, pages fixed), or its dates
 * and its page size (the connector's lists, which take a pageSize).
 */
export type AskLess = "dates" | "dates or page size";

/**
 * The API too slow: ask for less only where the person chose how much, and only of what they can
 * choose there (`less`); else try again, then tell whoever runs the API. Raising the limit is said on
 * the terminal (the installer's), never to staff in a Slack channel.
 */
export const timeoutHint =
  (less: AskLess | false) =>
  (surface: Surface): string => {
    const first =
      less === "dates"
        ? "Try again with a narrower date range"
        : less
          ? "Try again with a narrower date range or a smaller page size"
          : "Try again in a minute";
    const words = `${first}; if it keeps happening, the kennel API is slow: tell whoever runs it, with the request id.`;
    return surface === "bot"
      ? words
      : `${words} Whoever installed Kennel Desk can also raise KENNEL_API_TIMEOUT_MS ${COMMAND_SETTINGS}.`;
  };

/** A command as typed where it is said: "/booking HP-DK4Q7M" in Slack, "kennel-desk booking HP-DK4Q7M" in a terminal. */
export const typedOn = (slash: string, surface: Surface): string =>
  surface === "bot" ? slash : slash.replace(/^\/(kennel )?/, "kennel-desk ");

/** The status check's address that leads elsewhere: the bot's installer checks it; a command's user fixes it and runs it again. */
export const addressHint = (surface: Surface): string =>
  surface === "bot"
    ? "Whoever installed Kennel Desk should check KENNEL_API_BASE_URL: the API's https:// address including /api/v1."
    : `Check KENNEL_API_BASE_URL ${COMMAND_SETTINGS}: the API's https:// address including /api/v1, then run the command again.`;

/**
 * `kennel-desk status`'s Slack line when a preview, not a bot, answers on the port it asked: the
 * preview running in this folder, read by the command ("read": its settings and port) or not (its
 * port, but the command has settings of its own: "beside"), or one it cannot tell is this folder's
 * (another folder's preview on PORT's default, say), which is said, never taken for its bot.
 */
export function previewAnsweredWords(
  base: string,
  port: number,
  here: "read" | "beside" | "unknown",
): string {
  const none = "it has no link to Slack (its page stands in for Slack)";
  if (here === "read") return `the preview answered at ${base} (PORT ${port}): ${none}.`;
  if (here === "beside")
    return `the preview running in this folder answered at ${base} (PORT ${port}): ${none}. This command reads the kennel API and care record of its own settings, not the preview's.`;
  return `a preview answered at ${base} (PORT ${port}), not the one running in this folder: it may be another folder's, with its own kennel API and record; ${none}. This folder's bot, when it runs, answers on its own PORT: set PORT to it here.`;
}

/**
 * What a tap inside a view was to show and Slack did not draw: a page, a part ("Page 2", "Part 2 of
 * the care plan form"), or what was chosen in it and the view it was to be shown on ("Your answer",
 * `on` "the care plan form").
 */
export interface NotDrawn {
  what: string;
  on?: string;
}

/** "⚠️ Your answer could not be shown on the care plan form: Slack could not be reached. Try again in a minute." */
export const viewNotDrawnWords = (shown: NotDrawn, happened: string, toDo: string): string =>
  `⚠️ ${shown.what} could not be shown${shown.on ? ` on ${shown.on}` : ""}: ${happened} ${toDo}`.trim();
