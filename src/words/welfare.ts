/** The daily welfare check in words, the same on every surface (Slack, the terminal, the pages, the connector). */

import type { Round } from "../domain/care.ts";
import { roundWord } from "../domain/rounds.ts";
import type { PetStayWelfare } from "../domain/stay.ts";
import { plural } from "../domain/text.ts";
import {
  abnormalSigns,
  isAllNormal,
  type MealSeen,
  type Sign,
  WELFARE_FIELDS,
  type WelfareDay,
  type WelfareField,
  type WelfareValues,
} from "../domain/welfare.ts";
import type { WelfareFlag } from "../domain/welfare-flag.ts";
import { dayHeading } from "./dates.ts";
import { outcomeWords } from "./record.ts";

export const FIELD_WORDS: Record<WelfareField, string> = {
  drinking: "Drinking",
  stool: "Stool",
  urine: "Urine",
  demeanour: "Demeanour",
};

const FIELD_ICONS: Record<WelfareField, string> = {
  drinking: "💧",
  stool: "💩",
  urine: "🟡",
  demeanour: "🐾",
};

/** A value as a choice reads: "in pain", "more than usual". */
export function valueWords(field: WelfareField, value: string): string {
  if (value === "normal") return "normal";
  if (value === "in_pain") return "in pain";
  if ((field === "drinking" || field === "urine") && (value === "more" || value === "less"))
    return `${value} than usual`;
  return value;
}

/** A sign in words: "loose stool", "not drinking", "drinking more than usual", "off food". */
export function signWords(sign: Sign): string {
  if (sign === "eating:off") return "off food";
  const [field, value] = sign.split(":") as [WelfareField, string];
  if (field === "stool")
    return value === "none" ? "no stool" : value === "blood" ? "blood in stool" : `${value} stool`;
  if (field === "urine")
    return value === "none" ? "no urine" : value === "blood" ? "blood in urine" : "urinating more than usual";
  if (field === "drinking") return value === "none" ? "not drinking" : `drinking ${value} than usual`;
  return valueWords(field, value);
}

/** "stool loose · demeanour quiet", or "all normal". */
export function valuesWords(values: WelfareValues): string {
  const seen = abnormalSigns(values);
  if (seen.length === 0) return "all normal";
  return seen
    .map((s) => {
      const [field] = s.split(":") as [WelfareField];
      return `${FIELD_ICONS[field]} ${signWords(s)}`;
    })
    .join(" · ");
}

/** Every sign in full, for the record: "drinking normal · stool loose · urine normal · demeanour quiet". */
export const allValuesWords = (values: WelfareValues) =>
  WELFARE_FIELDS.map((f) => `${f} ${valueWords(f, values[f])}`).join(" · ");

/** "🍽 ate all" (the round's meal), "🍽 meal not recorded". */
export function mealWords(meal: MealSeen | undefined): string {
  if (!meal || meal.outcome === "not_recorded") return "🍽 meal not recorded";
  return `🍽 ${outcomeWords(meal.outcome)}`;
}

/** "evening welfare check", "Evening welfare check, Sun 22 Nov". */
export const checkName = (round: Parameters<typeof roundWord>[0], date?: string) =>
  `${roundWord(round)} welfare check${date ? `, ${dayHeading(date)}` : ""}`;

/**
 * A dry run of a welfare check already posted, before the check as kept: "📌 Already posted at 18:05:
 * the evening welfare check of Sun 22 Nov was posted … A real run now would post nothing."
 */
export const welfarePostedWords = (round: Round, date: string, at: string): string =>
  `📌 Already posted at ${at}: the ${checkName(round).toLowerCase()} of ${dayHeading(date)} was posted and its list kept in the care record. A real run now would post nothing. Below is the check as kept, with the checks recorded on it now.`;

/** "🚩 Loose stool, 2 checks in a row"; a serious sign seen once: "🚩 Blood in the stool, seen at 1 check". */
export function flagHeadWords(f: Pick<WelfareFlag, "sign" | "entries">): string {
  const what = signWords(f.sign);
  const n = f.entries.length;
  if (n === 1 && f.sign !== "eating:off")
    return `🚩 ${what[0]?.toUpperCase()}${what.slice(1)}, seen at 1 check`;
  const unit = f.sign === "eating:off" ? plural(n, "meal") : `${n} checks`;
  return `🚩 ${what[0]?.toUpperCase()}${what.slice(1)}, ${unit} in a row`;
}

/** "31 of 48 checked" */
export const progressWords = (checked: number, pets: number) =>
  `${checked} of ${plural(pets, "pet")} checked`;

/** "2 welfare flags open" */
/**
 * A welfare post's count of the house, as the round's sheet counts it: each pet listed, and one for
 * each booking whose pets could not be matched (named at the post's foot, to check by hand):
 * "89 pets in house (7 with care details not matched: at the foot)".
 */
export function welfareHouseWords(listed: number, notMatched: number): string {
  const all = `${plural(listed + notMatched, "pet")} in house`;
  return notMatched ? `${all} (${notMatched} with care details not matched: at the foot)` : all;
}

export const flagCountWords = (n: number) => `${n} welfare ${n === 1 ? "flag" : "flags"} open`;

/** "Sun 22 Nov" (one welfare round a day) or "Sun 22 Nov, evening". */
const dayWords = (d: { date: string; round: Round }, several: boolean) =>
  `${dayHeading(d.date)}${several ? `, ${d.round}` : ""}`;

/**
 * A stay's welfare checks in a few words, for the stay's summary line at pick-up: "🩺 5 of 6 welfare
 * checks, 1 with something noted · ❌ no welfare check Sat 21 Nov · 🚩 loose stool (resolved)".
 */
export function stayWelfareWords(w: PetStayWelfare): string | undefined {
  const counted = w.days.filter((d) => d.state === "checked" || d.state === "missed");
  if (counted.length === 0 && w.flags.length === 0) return undefined;
  const several = new Set(w.days.map((d) => d.round)).size > 1;
  const checked = counted.filter((d) => d.state === "checked");
  const noted = checked.filter((d) => d.check && !isAllNormal(d.check)).length;
  const missed = counted.filter((d) => d.state === "missed");
  const parts = [
    counted.length
      ? `🩺 ${checked.length} of ${plural(counted.length, "welfare check")}${noted ? `, ${noted} with something noted` : checked.length ? ", all normal" : ""}`
      : undefined,
    missed.length
      ? `❌ no welfare check ${missed
          .slice(0, 3)
          .map((d) => dayWords(d, several))
          .join(", ")}${missed.length > 3 ? ` and ${missed.length - 3} more` : ""}`
      : undefined,
    w.flags.length
      ? `🚩 ${w.flags.map((f) => `${signWords(f.sign)} (${f.resolved ? "resolved" : "open"})`).join(", ")}`
      : undefined,
  ];
  return parts.filter(Boolean).join(" · ");
}

/** A welfare round of a stay, on its own: "Sat 21 Nov, evening: ❌ no welfare check". */
export function welfareDayHead(d: WelfareDay): string {
  return `${dayHeading(d.date)}, ${d.round}`;
}

export const WELFARE_DAY_STATE: Record<Exclude<WelfareDay["state"], "checked">, string> = {
  missed: "❌ no welfare check",
  due: "⏳ to check",
  before: "before the care record began",
};
