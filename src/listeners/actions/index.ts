import type { AnyMiddlewareArgs, App } from "@slack/bolt";
import {
  bookingsPage,
  customerBookingsPage,
  customersPage,
  dayPage,
  housePage,
  openBooking,
  openCustomer,
  openPet,
  petsPage,
  recordAll,
  recordEach,
  recordWitness,
} from "../../blocks/buttons.ts";
import { lateForm, recordForm } from "../../blocks/record-modal.ts";
import type { DigestSlack } from "../../digest/slack.ts";
import type { BotDeps } from "../bot-deps.ts";
import { SheetRedraw } from "../record-round.ts";
import { registerDayPages } from "./day-page.ts";
import { registerOpenRecord } from "./open-record.ts";
import { registerRecordSubmit } from "./record-submit.ts";
import { registerRecordTap } from "./record-tap.ts";
import { registerRecordWitness } from "./record-witness.ts";
import { registerSearchPages } from "./search-pages.ts";

/** The buttons answered from the start: the answers' pages and records, and the care record's taps. */
const AT_START = [
  dayPage,
  housePage,
  openPet,
  openCustomer,
  openBooking,
  customerBookingsPage,
  petsPage,
  customersPage,
  bookingsPage,
  recordAll,
  recordEach,
  recordWitness,
];
/** The forms answered from the start: the care record's. */
const FORMS_AT_START = [recordForm.id, lateForm.id];

/**
 * Whether an event may be for a listener of ./rare.ts: any tap, form or menu but those answered from
 * the start. A button missing from AT_START only loads them sooner; nothing is ever left unanswered.
 */
export function mayBeRare(body: AnyMiddlewareArgs["body"]): boolean {
  const b = body as { type?: string; actions?: { action_id?: string }[]; view?: { callback_id?: string } };
  if (b.type === "block_actions") {
    const ids = (b.actions ?? []).map((a) => a.action_id ?? "");
    return ids.length === 0 || ids.some((id) => !AT_START.some((kind) => kind.pattern.test(id)));
  }
  if (b.type === "view_submission" || b.type === "view_closed") {
    return !FORMS_AT_START.includes(b.view?.callback_id ?? "");
  }
  // A command has no type and an event is an event_callback; a menu's options or a shortcut may be theirs.
  return b.type !== undefined && b.type !== "event_callback";
}

/**
 * `sheetRedraw`: the bot's one recorder of round messages, shared with the dose times' job; `slack`:
 * the scheduled posts' Slack (a plan confirmed draws its round's other post again, found there).
 * The rarer taps and forms (./rare.ts: the chart, paper, custody, plans, as-needed doses, the review,
 * welfare, …) are loaded and registered by the first event that may be theirs, before Bolt picks the
 * listeners for it, so that event is answered by them; until then the start neither compiles nor
 * holds them (docs/benchmarks.md, "Start-up and idle memory, measured").
 */
export function register(app: App, deps: BotDeps, sheetRedraw?: SheetRedraw, slack?: DigestSlack): void {
  registerDayPages(app, deps);
  registerOpenRecord(app, deps);
  registerSearchPages(app, deps);
  // The care record's buttons and forms share one recorder (the messages it last drew).
  const redraw = sheetRedraw ?? new SheetRedraw(deps, slack);
  registerRecordTap(app, deps, redraw);
  registerRecordSubmit(app, deps, redraw);
  registerRecordWitness(app, deps, redraw);
  let rare: Promise<void> | undefined;
  app.use(async ({ body, next }) => {
    if (mayBeRare(body)) {
      rare ??= import("./rare.ts").then(
        ({ registerRare }) => registerRare(app, deps, redraw, slack),
        (error: unknown) => {
          rare = undefined; // a file that could not be read is tried again by the next such event
          throw error;
        },
      );
      await rare;
    }
    await next();
  });
}
