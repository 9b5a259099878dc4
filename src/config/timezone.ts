/**
 * KENNEL_TIMEZONE: only IANA Area/Location names (Europe/London) and UTC. Abbreviations such as BST
 * or IST are ambiguous (Intl reads BST as Bangladesh and IST as India), so they are refused with
 * the zone they most likely meant.
 */
import { bad, type Check, ok } from "./reader.ts";

/** What a person most likely meant by a common abbreviation, and the zone to write instead. */
const ABBREVIATIONS: Record<string, string> = {
  BST: "for the UK use Europe/London (BST is British Summer Time there; Intl reads it as Bangladesh)",
  GMT: "for the UK use Europe/London (it follows summer time), or UTC for no summer time",
  IST: "for Ireland use Europe/Dublin, for India Asia/Kolkata, for Israel Asia/Jerusalem",
  WET: "for Portugal use Europe/Lisbon",
  CET: "for central Europe use the city's zone, for example Europe/Paris, Europe/Berlin or Europe/Madrid",
  CEST: "for central Europe use the city's zone, for example Europe/Paris, Europe/Berlin or Europe/Madrid",
  EET: "for eastern Europe use the city's zone, for example Europe/Athens or Europe/Helsinki",
  EST: "for the US east coast use America/New_York (Toronto: America/Toronto)",
  EDT: "for the US east coast use America/New_York (Toronto: America/Toronto)",
  CST: "for the US central states use America/Chicago (China: Asia/Shanghai)",
  CDT: "for the US central states use America/Chicago",
  MST: "for the US mountain states use America/Denver (Arizona: America/Phoenix)",
  MDT: "for the US mountain states use America/Denver",
  PST: "for the US west coast use America/Los_Angeles (Vancouver: America/Vancouver)",
  PDT: "for the US west coast use America/Los_Angeles",
  AKST: "for Alaska use America/Anchorage",
  HST: "for Hawaii use Pacific/Honolulu",
  AEST: "for eastern Australia use Australia/Sydney (Queensland: Australia/Brisbane)",
  AEDT: "for eastern Australia use Australia/Sydney",
  ACST: "for central Australia use Australia/Adelaide (Northern Territory: Australia/Darwin)",
  AWST: "for western Australia use Australia/Perth",
  NZST: "for New Zealand use Pacific/Auckland",
  JST: "for Japan use Asia/Tokyo",
  SAST: "for South Africa use Africa/Johannesburg",
  Z: "use UTC",
  ZULU: "use UTC",
  UCT: "use UTC",
  UNIVERSAL: "use UTC",
};

function knownToIntl(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-GB", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

let canonical: Set<string> | undefined;

/**
 * A zone ICU lists by its canonical name (Europe/London): found without building a formatter, whose
 * first use loads ICU's locale data (8–9 MB and 25–44 ms; the list costs 1.6 MB and 3 ms). The
 * names it lists under another (Asia/Kolkata, Europe/Kyiv, aliases) are still asked of Intl.
 */
function listedZone(zone: string): boolean {
  canonical ??= new Set(Intl.supportedValuesOf("timeZone"));
  return canonical.has(zone);
}

/** True for UTC and for an IANA Area/Location name that this runtime knows. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone || zone !== zone.trim()) return false;
  if (zone === "UTC") return true;
  return /^[A-Za-z]+(\/[A-Za-z0-9_+-]+)+$/.test(zone) && (listedZone(zone) || knownToIntl(zone));
}

export function parseTimeZone(value: string): Check<string> {
  if (isValidTimeZone(value)) return ok(value);
  const meant = ABBREVIATIONS[value.toUpperCase()];
  if (meant) {
    return bad(
      `${value} is not a zone; ${meant}.`,
      "Write an IANA Area/Location name (or UTC), so summer time is followed.",
    );
  }
  const fix = "Use a name such as Europe/London or America/New_York (see the tz database list), or UTC.";
  if (!value.includes("/")) return bad(`"${value}" is not an IANA Area/Location time zone.`, fix);
  return bad(`"${value}" is not a known IANA time zone.`, fix);
}

/**
 * The host's own time zone, the default for KENNEL_TIMEZONE: TZ when it is UTC or a zone ICU lists
 * (the name the runtime would resolve it to, read without a formatter), else the runtime's answer
 * (Asia/Kolkata as ICU's Asia/Calcutta, Etc/UTC as UTC, as before).
 */
export function hostTimeZone(): string {
  const tz = process.env.TZ;
  if (tz && (tz === "UTC" || listedZone(tz))) return tz;
  return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
}
