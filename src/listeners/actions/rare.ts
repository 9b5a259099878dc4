/**
 * The taps and forms a day may never see (the chart, paper entry, medicine custody, care plans,
 * as-needed doses, the daily review, the welfare check, a stay's record, owner contacts, Home's
 * lists), registered at the first event that may be theirs (src/listeners/actions/index.ts): their
 * answers, documents and forms stay out of the bot's start.
 */
import type { App } from "@slack/bolt";
import type { DigestSlack } from "../../digest/slack.ts";
import type { BotDeps } from "../bot-deps.ts";
import { PlanPosts } from "../plan-redraw.ts";
import type { SheetRedraw } from "../record-round.ts";
import { WelfareRedraw } from "../welfare-redraw.ts";
import { registerChart } from "./chart.ts";
import { registerCustody } from "./custody.ts";
import { registerCustodyForms } from "./custody-forms.ts";
import { registerHomeList } from "./home-list.ts";
import { registerOwnerContacts } from "./owner-contacts.ts";
import { registerPaper } from "./paper.ts";
import { registerPlan } from "./plan.ts";
import { registerPrnEffect } from "./prn-effect.ts";
import { registerPrnGive } from "./prn-give.ts";
import { registerReview } from "./review.ts";
import { registerStayRecord } from "./stay-record.ts";
import { registerWelfareFlag } from "./welfare-flag.ts";
import { registerWelfareSubmit } from "./welfare-submit.ts";
import { registerWelfareTap } from "./welfare-tap.ts";

/** `redraw`: the bot's one recorder of round messages; `slack`: the scheduled posts' Slack. */
export function registerRare(app: App, deps: BotDeps, redraw: SheetRedraw, slack?: DigestSlack): void {
  registerOwnerContacts(app, deps);
  registerHomeList(app, deps);
  registerStayRecord(app, deps);
  // A plan confirmed draws its round's other post again, found in the scheduled posts' Slack.
  registerPlan(app, deps, new PlanPosts(deps, redraw, slack));
  // Medicine custody (issue 49): the medicines view, its forms.
  registerCustody(app, deps);
  registerCustodyForms(app, deps);
  // The daily welfare check's buttons and forms (issue 38), and its flags'.
  // A flag opened, advised or resolved draws the round posts holding its pet again too.
  const welfare = new WelfareRedraw(deps, redraw);
  registerWelfareTap(app, deps, welfare);
  registerWelfareSubmit(app, deps, welfare);
  registerWelfareFlag(app, deps, welfare);
  // As-needed doses: "💊 Give if needed…" and the follow-up's answers.
  registerPrnGive(app, deps, redraw);
  registerPrnEffect(app, deps, redraw);
  // The manager's daily review (issue 50): "✅ Reviewed…".
  registerReview(app, deps);
  // The medication chart on paper (issue 50): "🖨 Chart" on the round post and Home.
  registerChart(app, deps, slack);
  // The chart on paper entered back (issue 50): "📄 Enter from paper…" on the round post.
  registerPaper(app, deps, redraw, slack);
}
