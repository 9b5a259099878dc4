import type { App } from "@slack/bolt";
import type { DigestSlack } from "../../digest/slack.ts";
import type { BotDeps } from "../bot-deps.ts";
import { PlanPosts } from "../plan-redraw.ts";
import { SheetRedraw } from "../record-round.ts";
import { WelfareRedraw } from "../welfare-redraw.ts";
import { registerChart } from "./chart.ts";
import { registerCustody } from "./custody.ts";
import { registerCustodyForms } from "./custody-forms.ts";
import { registerDayPages } from "./day-page.ts";
import { registerHomeList } from "./home-list.ts";
import { registerOpenRecord } from "./open-record.ts";
import { registerOwnerContacts } from "./owner-contacts.ts";
import { registerPaper } from "./paper.ts";
import { registerPlan } from "./plan.ts";
import { registerPrnEffect } from "./prn-effect.ts";
import { registerPrnGive } from "./prn-give.ts";
import { registerRecordSubmit } from "./record-submit.ts";
import { registerRecordTap } from "./record-tap.ts";
import { registerRecordWitness } from "./record-witness.ts";
import { registerReview } from "./review.ts";
import { registerSearchPages } from "./search-pages.ts";
import { registerStayRecord } from "./stay-record.ts";
import { registerWelfareFlag } from "./welfare-flag.ts";
import { registerWelfareSubmit } from "./welfare-submit.ts";
import { registerWelfareTap } from "./welfare-tap.ts";

/**
 * `sheetRedraw`: the bot's one recorder of round messages, shared with the dose times' job; `slack`:
 * the scheduled posts' Slack (a plan confirmed draws its round's other post again, found there).
 */
export function register(app: App, deps: BotDeps, sheetRedraw?: SheetRedraw, slack?: DigestSlack): void {
  registerDayPages(app, deps);
  registerOpenRecord(app, deps);
  registerSearchPages(app, deps);
  registerOwnerContacts(app, deps);
  registerHomeList(app, deps);
  registerStayRecord(app, deps);
  // The care record's buttons and forms share one recorder (the messages it last drew).
  const redraw = sheetRedraw ?? new SheetRedraw(deps);
  registerRecordTap(app, deps, redraw);
  registerRecordSubmit(app, deps, redraw);
  registerRecordWitness(app, deps, redraw);
  registerPlan(app, deps, new PlanPosts(deps, redraw, slack));
  // Medicine custody (issue 49): the medicines view, its forms.
  registerCustody(app, deps);
  registerCustodyForms(app, deps);
  // The daily welfare check's buttons and forms (issue 38), and its flags'.
  const welfare = new WelfareRedraw(deps);
  registerWelfareTap(app, deps, welfare);
  registerWelfareSubmit(app, deps, welfare);
  registerWelfareFlag(app, deps, welfare);
  // As-needed doses: "💊 Give if needed…" and the follow-up's answers.
  registerPrnGive(app, deps, redraw);
  registerPrnEffect(app, deps);
  // The manager's daily review (issue 50): "✅ Reviewed…".
  registerReview(app, deps);
  // The medication chart on paper (issue 50): "🖨 Chart" on the round post and Home.
  registerChart(app, deps, slack);
  // The chart on paper entered back (issue 50): "📄 Enter from paper…" on the round post.
  registerPaper(app, deps, redraw, slack);
}
