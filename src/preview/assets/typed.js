/*
 * A date and a time typed in the preview's forms (loaded before modal.js, whose DATE_ORDER and
 * DATE_FORM it reads when called): read as Slack's pickers send them (ISO, hh:mm), and when one
 * cannot be read, what is wrong with it in words: a time in its form past the clock's ("There is no
 * 25:00: hours go 00–23."), one on 12 hours said on 24 ("Type it on 24 hours: 20:00."), a date in
 * the kennel's order that no calendar has ("There is no 31 February 2026."), else the form to type.
 */
var MONTH_NAMES = ["January", "February", "March", "April", "May", "June", "July", "August",
  "September", "October", "November", "December"];
var TIME_FORM = "Type the time on 24 hours, as hh:mm (18:05).";

function pad2(n) { return (n.length === 1 ? "0" : "") + n; }
/** An ISO date (2026-03-29) as the kennel writes it: 29/03/2026 day first, 03/29/2026 month first. */
function dateShown(iso) {
  var m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso || "");
  if (!m) return "";
  return DATE_ORDER === "mdy" ? m[2] + "/" + m[3] + "/" + m[1] : m[3] + "/" + m[2] + "/" + m[1];
}
/** A date typed in the kennel's order (29/3/2026, 29.03.2026, or 2026-03-29) as ISO; "" empty; null not a date. */
function dateTyped(text) {
  var t = text.trim();
  if (!t) return "";
  var iso = /^\d{4}-\d{2}-\d{2}$/.test(t) ? t : null;
  var m = /^(\d{1,2})[\/.\-](\d{1,2})[\/.\-](\d{4})$/.exec(t);
  if (m) iso = m[3] + "-" + pad2(DATE_ORDER === "mdy" ? m[1] : m[2]) + "-" + pad2(DATE_ORDER === "mdy" ? m[2] : m[1]);
  var day = iso ? new Date(iso + "T00:00:00Z") : null;
  return day && !isNaN(day.getTime()) && day.toISOString().slice(0, 10) === iso ? iso : null;
}
/** A time typed on 24 hours (7:30, 07.30, 18:05) as hh:mm; "" empty; null not a time. */
function timeTyped(text) {
  var t = text.trim();
  if (!t) return "";
  var m = /^(\d{1,2})[:.h](\d{2})$/.exec(t);
  return m && Number(m[1]) < 24 && Number(m[2]) < 60 ? pad2(m[1]) + ":" + m[2] : null;
}

/** A date's day, month and year as typed (in the kennel's order, or ISO), as numbers; null when not in a date's form. */
function dateParts(text) {
  var t = text.trim();
  var iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  if (iso) return { day: Number(iso[3]), month: Number(iso[2]), year: Number(iso[1]) };
  var m = /^(\d{1,2})[\/.\-](\d{1,2})[\/.\-](\d{4})$/.exec(t);
  if (!m) return null;
  var mdy = DATE_ORDER === "mdy";
  return { day: Number(mdy ? m[2] : m[1]), month: Number(mdy ? m[1] : m[2]), year: Number(m[3]) };
}
/** What is wrong with a date that cannot be read: a day its month does not have, else the form to type. */
function dateWrong(text) {
  var d = dateParts(text);
  if (d && d.month >= 1 && d.month <= 12) {
    var month = MONTH_NAMES[d.month - 1];
    return "There is no " + (DATE_ORDER === "mdy" ? month + " " + d.day + ", " + d.year : d.day + " " + month + " " + d.year) + ".";
  }
  return "Type the date as " + DATE_FORM + " (" + (DATE_ORDER === "mdy" ? "month" : "day") + " first, as the kennel writes it).";
}
/** What is wrong with a time that cannot be read: past the clock's hours or minutes, on 12 hours, else the form. */
function timeWrong(text) {
  var t = text.trim();
  var m = /^(\d{1,2})[:.h](\d{2})$/.exec(t);
  if (m) return "There is no " + t + ": " + (Number(m[1]) > 23 ? "hours go 00–23." : "minutes go 00–59.");
  var ampm = /^(\d{1,2})(?:[:.](\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(t);
  if (!ampm || Number(ampm[1]) < 1 || Number(ampm[1]) > 12 || Number(ampm[2] || 0) > 59) return TIME_FORM;
  var hours = (Number(ampm[1]) % 12) + (ampm[3].toLowerCase() === "p" ? 12 : 0);
  return "Type it on 24 hours: " + pad2(String(hours)) + ":" + (ampm[2] || "00") + ".";
}
