/** The web addresses in the settings: the kennel API's (the key travels to it) and Slack's. */
import { bad, type Check, ok } from "./reader.ts";

/** Loopback hosts, the only ones that may be reached over plain HTTP (the local sandbox). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase();
  if (host === "localhost" || host === "[::1]" || host === "::1") return true;
  const octets = host.split(".");
  if (octets.length !== 4 || octets[0] !== "127") return false;
  return octets.every((o) => /^\d{1,3}$/.test(o) && Number(o) <= 255);
}

/** The address parsed, or what is wrong with it and `fix`, the setting's own example. */
function webAddress(raw: string, fix: string): Check<URL> {
  try {
    return ok(new URL(raw));
  } catch {
    return bad(`"${raw}" is not a web address.`, fix);
  }
}

/** Parses and checks a base URL. Exported so the CLI and sandbox can reuse the same rules. */
export function checkBaseUrl(raw: string): Check<URL> {
  const parsed = webAddress(
    raw,
    "Write the full address including https:// and /api/v1, for example https://api.example.com/api/v1.",
  );
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    return bad(`uses ${url.protocol} which is not HTTP.`, "Use an https:// address.");
  }
  if (url.protocol === "http:" && !isLoopbackHost(url.hostname)) {
    return bad(
      `plain http:// is refused for ${url.hostname}: the API key would travel unencrypted.`,
      "Use https://. Plain http:// is allowed only for the local sandbox on 127.0.0.1, ::1 or localhost.",
    );
  }
  if (url.username || url.password) {
    return bad("contains a user name or password.", "Remove them; the API key goes in KENNEL_API_KEY.");
  }
  if (url.search || url.hash) {
    return bad("contains a query (?…) or fragment (#…).", "Give only the base address ending in /api/v1.");
  }
  const path = url.pathname.replace(/\/+$/, "");
  if (!/\/api\/v1$/.test(path)) {
    return bad(
      `the path "${url.pathname}" does not end in /api/v1.`,
      "Include the version prefix, for example https://api.example.com/api/v1.",
    );
  }
  url.pathname = path;
  return ok(url);
}

/** SLACK_API_URL: https (loopback http for tests), ending with a slash. */
export function checkSlackApiUrl(raw: string): Check<string> {
  const parsed = webAddress(raw, "Use for example https://slack-gov.com/api/ or leave it unset.");
  if (!parsed.ok) return parsed;
  const url = parsed.value;
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopbackHost(url.hostname))) {
    return bad(
      "must use https:// (plain http:// only on loopback, for tests): the bot token travels with every call.",
      "Use an https:// address.",
    );
  }
  return ok(url.href.endsWith("/") ? url.href : `${url.href}/`);
}
