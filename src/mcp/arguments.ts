/**
 * The names of a tool's arguments, checked before anything else: an argument the tool does not take
 * is refused, naming the nearest it does take ("day is not an argument of get_round; did you mean
 * date?"), never dropped. The spec's tool list says nothing of arguments a tool does not take; dropped,
 * an assistant's typo turns into a wrong answer that looks right (get_round's "day": tomorrow read as
 * today's round; list_bookings' "date": every booking of every day).
 */
import { editDistance } from "../domain/suggest.ts";

/** The words an assistant may use for an argument, by the argument they mean. */
const SAME_AS: Record<string, readonly string[]> = {
  date: ["day", "when", "on", "for", "dt"],
  from: ["date", "day", "start", "since", "after", "begin", "fromdate", "startdate", "datefrom"],
  to: ["end", "until", "till", "before", "todate", "enddate", "dateto"],
  pageSize: ["size", "limit", "perpage", "count", "pagelength"],
  page: ["pagenumber", "pageno", "pagenum"],
  search: ["q", "query", "text", "term", "find", "keyword"],
  reference: ["ref", "bookingreference", "bookingref", "code"],
  round: ["meal", "time", "slot", "roundname"],
  booking: ["bookingid", "reference", "ref", "bookingreference"],
  pet: ["petid", "animal"],
  petId: ["id", "pet"],
  id: ["bookingid", "booking"],
  customerId: ["customer", "client", "clientid", "owner", "ownerid"],
  status: ["state", "bookingstatus"],
  bookingType: ["type", "kind"],
  name: ["petname"],
  owner: ["ownername", "customername"],
};

/** "page_size", "Page-Size", "page size": pagesize. */
const squashed = (s: string) => s.toLowerCase().replace(/[\s_-]+/g, "");

/** The argument `typed` most likely means, of those the tool takes; undefined when none is near. */
function nearestArgument(typed: string, known: readonly string[]): string | undefined {
  const t = squashed(typed);
  const exact = known.find((k) => squashed(k) === t);
  if (exact) return exact;
  const alias = known.find((k) => SAME_AS[k]?.includes(t));
  if (alias) return alias;
  let best: { name: string; distance: number } | undefined;
  for (const k of known) {
    const distance = editDistance(t, squashed(k));
    const most = Math.min(2, Math.floor(squashed(k).length / 3));
    if (distance <= most && (!best || distance < best.distance)) best = { name: k, distance };
  }
  if (best) return best.name;
  // "customer" for customerId, "petid" for pet: one name the start of the other.
  return known.find((k) => t.length >= 3 && (squashed(k).startsWith(t) || t.startsWith(squashed(k))));
}

/**
 * What is wrong with the names of a tool's arguments, in words, or undefined: each name the tool does
 * not take, with the one meant ("did you mean date?") or the tool's arguments.
 */
export function unknownArguments(tool: string, args: unknown, known: readonly string[]): string | undefined {
  if (args === undefined || args === null) return undefined;
  if (typeof args !== "object" || Array.isArray(args))
    return `The arguments of ${tool} are an object of named arguments, not ${Array.isArray(args) ? "a list" : `a ${typeof args}`}.`;
  const unknown = Object.keys(args).filter((k) => !known.includes(k));
  if (unknown.length === 0) return undefined;
  const takes = known.length ? `Its arguments: ${known.join(", ")}.` : `${tool} takes no arguments.`;
  const each = unknown.slice(0, 5).map((k) => {
    const near = nearestArgument(k, known);
    const name = k.length > 40 ? `${k.slice(0, 40)}…` : k;
    return `${name} is not an argument of ${tool}${near ? `; did you mean ${near}?` : "."}`;
  });
  const anyUnsuggested = unknown.some((k) => !nearestArgument(k, known));
  return `${each.join(" ")}${anyUnsuggested ? ` ${takes}` : ""}`;
}
