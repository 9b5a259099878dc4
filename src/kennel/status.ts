/**
 * The four states of the status check, in words a front desk understands, with what to do.
 * Shared by `kennel-desk status`, `/kennel status` and the connector's check_api_status.
 */
import {
  addressHint,
  type Hint,
  hintOn,
  newKeyHint,
  type Surface,
  unreachableHint,
} from "../words/surface.ts";
import type { ApiState, StatusReport } from "./client.ts";
import { RateLimitedError, ServerError, UnreachableError, waitWords } from "./errors.ts";

export interface StatusWords {
  state: ApiState;
  ok: boolean;
  headline: string;
  /** What happened, in more detail (the error's own message), when not OK. */
  detail: string | undefined;
  /** What to do. */
  action: string;
}

const HEADLINES: Record<ApiState, { headline: string; action: Hint }> = {
  ok: {
    headline: "The kennel API is up and accepted the key.",
    action: "Nothing to do.",
  },
  unreachable: {
    headline: "The kennel API cannot be reached right now (down, failing or too slow).",
    action: unreachableHint,
  },
  wrong_address: {
    headline: "The address set for the kennel API does not lead to the kennel API.",
    action: addressHint,
  },
  key_rejected: {
    headline: "The kennel API rejected the API key.",
    // The bot is restarted; a command in a terminal is run again (`kennel-desk status`).
    action: newKeyHint,
  },
};

/**
 * Not reached, and why says more than the state: the API answered with JSON that cannot be read
 * (it is failing: its address is right), or nothing answers at an address on this computer (the
 * sandbox not started). Then the error's own words say what to do.
 */
function ownWords(report: StatusReport): { headline: string; action: Hint } | undefined {
  const e = report.error;
  if (report.state !== "unreachable" || !e) return undefined;
  // It answered: neither the connection nor the address is at fault (never "check the internet").
  if (e instanceof RateLimitedError)
    return {
      headline:
        "The kennel API is up, but asked Kennel Desk to slow down (HTTP 429: too many requests at once).",
      action: `Wait ${waitWords(e.retryAfterSeconds)} and try again; nothing in the settings needs changing. If it keeps asking, quote the request id to the API's support.`,
    };
  if (e instanceof ServerError)
    return {
      headline: `The kennel API answered at this address, but is failing on its side (HTTP ${e.status}).`,
      action:
        "Nothing in the settings needs changing: try again in a few minutes; if it lasts, quote the request id to the API's support.",
    };
  if (e.kind === "invalid_response")
    return {
      headline: "The kennel API answered, but with data Kennel Desk could not read: it is failing.",
      action: (surface) => e.hint(surface),
    };
  if (e instanceof UnreachableError && e.plainHttpAt)
    return {
      headline: `The address set for the kennel API is https://, but what answers there on this computer speaks plain HTTP (as the sandbox does): use ${e.plainHttpAt}/api/v1.`,
      action: (surface) => e.hint(surface),
    };
  if (e instanceof UnreachableError && e.loopback)
    return {
      headline:
        "Nothing answers at the address set for the kennel API, on this computer (the sandbox not started?).",
      action: (surface) => e.hint(surface),
    };
  return undefined;
}

/** The state in words, what to do worded for where it is said (the bot, or a command in a terminal). */
export function describeStatus(report: StatusReport, surface: Surface): StatusWords {
  const words = ownWords(report) ?? HEADLINES[report.state];
  return {
    state: report.state,
    ok: report.state === "ok",
    headline: words.headline,
    detail: report.error?.message,
    action: hintOn(words.action, surface),
  };
}
