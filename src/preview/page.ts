/**
 * The preview's web page: a Slack-like channel and the app's Home tab, rendering the bot's real
 * Block Kit payloads as Slack would: mrkdwn (bold, italic, strike, code, code blocks, links,
 * mentions, emoji shortcodes), headers, sections with fields, a button or an image, context,
 * dividers, actions, thread replies, and the modals the bot opens (their inputs, buttons, Submit and
 * close, views pushed over one another). Text is inserted as text; the only HTML made is the
 * renderer's own tags. Images are drawn as a labelled frame, never fetched: the page stays offline.
 * A toggle shows everything as a guest account would see it. Usable from about 360 px wide.
 * The page itself is in src/preview/assets/: preview.html, preview.css, and the browser's scripts
 * preview.js and modal.js (the modals: every input element the bot uses, and a stack of views), with
 * typed.js before it (a date and a time typed in a form, and what is wrong with one that is not).
 */
import { type DateOrder, zoneDateOrder } from "../config/date-order.ts";
import { SANDBOX_REFERENCES } from "../sandbox/data.ts";
import { asset, fillTemplate } from "./assets.ts";
import { PREVIEW_STARTS_AT } from "./kennel-clock.ts";

/** The page; its date boxes in the kennel's date order (KENNEL_DATE_ORDER; unset: its time zone's). */
export function previewPage(timezone: string, dateOrder: DateOrder = zoneDateOrder(timezone)): string {
  const chips = [
    "/arrivals",
    "/departures",
    "/inhouse",
    "/rounds evening",
    "/rounds midday tomorrow",
    `/booking ${SANDBOX_REFERENCES.demo}`,
    "/pet Biscuit",
    "/customer O'Brien",
    "/kennel help",
    "/kennel status",
  ];
  const tz = timezone.replace(/[<>&"]/g, "");
  return fillTemplate("preview.html", {
    STYLE: asset("preview.css"),
    SCRIPT: asset("preview.js"),
    // The date and time typed in a form (typed.js), then the modals that read them.
    MODAL_SCRIPT: `${asset("typed.js")}\n${asset("modal.js")}`,
    TIMEZONE: tz,
    DATE_ORDER: dateOrder === "mdy" ? "mdy" : "dmy",
    STARTS_AT: PREVIEW_STARTS_AT,
    CHIPS: chips
      .map((c) => `<button type="button">${c.replace(/&/g, "&amp;").replace(/</g, "&lt;")}</button>`)
      .join(""),
  });
}
