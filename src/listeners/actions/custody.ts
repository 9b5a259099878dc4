/**
 * Medicine custody's buttons (issue 49): "💊 Medicines in…" (the round post, the pet's card, /booking)
 * opens the pet's medicines; in it, 💊 Count in…, 🔢 Count…, ↩️ Handed back… and ✔️ Close… open their
 * forms on top; Home's "💊 Medicines held…" opens the stock. The guard first, then what the form shows
 * is read from the record (the button's value is only ids). The forms: src/listeners/actions/custody-forms.ts.
 */
import type { App } from "@slack/bolt";
import { petMedicines, stockNow } from "../../answers/custody-stock.ts";
import { countById, medicineById } from "../../answers/custody-write.ts";
import { currentPlan } from "../../answers/plans.ts";
import {
  type ButtonKind,
  custodyBack,
  custodyClose,
  custodyCount,
  custodyIn,
  custodyOpen,
  custodyStock,
} from "../../blocks/buttons.ts";
import { discrepancyText, medicineHeadText, petMedicinesView, stockView } from "../../blocks/custody.ts";
import {
  type CustodyMeta,
  closeModal,
  countInModal,
  countModal,
  custodyMetaText,
  handBackModal,
} from "../../blocks/custody-modal.ts";
import { esc } from "../../blocks/mrkdwn.ts";
import { type MedicineCustody, needsSecondPerson } from "../../domain/custody.ts";
import { countInStart } from "../../domain/custody-rules.ts";
import { balanceWords, CUSTODY_REFUSALS } from "../../words/custody.ts";
import type { BotDeps } from "../bot-deps.ts";
import { admit, privately } from "../guard.ts";
import type { TapArgs } from "../interaction.ts";
import { couldNotRecord, TAMPERED } from "../record-round.ts";

const COULD_NOT_OPEN = "⚠️ Could not open the form in Slack just now: nothing was recorded. Tap again.";

/** A tap's context: who (admitted), where, and how to open a view (on top of the medicines view when tapped there). */
async function tapContext(deps: BotDeps, args: TapArgs) {
  const { body, client } = args;
  const inView = body.container?.type === "view";
  const channel = body.channel?.id ?? body.container?.channel_id;
  const responseUrl = (body as { response_url?: string }).response_url;
  const tell = privately(deps, client, { user: body.user.id, channel, responseUrl });
  const admitted = await admit(deps, client, body.user, channel, {
    button: true,
    home: channel === undefined,
  });
  const open = async (view: unknown): Promise<void> => {
    const trigger_id = (body as { trigger_id: string }).trigger_id;
    try {
      if (inView && (body as { view?: unknown }).view)
        await client.views.push({ trigger_id, view: view as never });
      else await client.views.open({ trigger_id, view: view as never });
    } catch (error) {
      deps.log.warn(
        { err: String((error as Error)?.message ?? error) },
        "views.open failed for medicine custody",
      );
      await tell(COULD_NOT_OPEN);
    }
  };
  // Opened from the medicines view: its channel is the one that view was opened from.
  const meta = (body as { view?: { private_metadata?: string } }).view?.private_metadata;
  const from = inView && meta ? (JSON.parse(deps.seal.open(meta) ?? "{}") as { c?: string }).c : channel;
  return { admitted, tell, open, channel: from, value: buttonValue(args) };
}

type TapContext = Awaited<ReturnType<typeof tapContext>>;

const buttonValue = ({ action }: TapArgs) =>
  "value" in action && typeof action.value === "string" ? action.value : undefined;

/** A button of custody: acknowledged first (its form opens on the trigger), the guard, the ids, then `work`. */
function onCustodyTap<S>(
  app: App,
  deps: BotDeps,
  kind: ButtonKind<S>,
  work: (ids: S, c: TapContext) => Promise<void>,
): void {
  app.action(kind.pattern, async (args: TapArgs) => {
    await args.ack();
    await deps.inflight.track(
      (async () => {
        let c: TapContext | undefined;
        try {
          c = await tapContext(deps, args);
          if (!c.admitted.ok) return void (await c.tell(c.admitted.message));
          const ids = kind.decode(c.value);
          if (!ids) return void (await c.tell(`🔒 ${TAMPERED}`));
          await work(ids, c);
        } catch (error) {
          await c?.tell(couldNotRecord(error));
        }
      })(),
    );
  });
}

const seal = (deps: BotDeps, m: CustodyMeta) => deps.seal.sign(custodyMetaText(m));

export function registerCustody(app: App, deps: BotDeps): void {
  const tz = deps.config.timezone;
  onCustodyTap(app, deps, custodyOpen, async ({ b, p }, c) => {
    const [{ stay, held }, plan] = await Promise.all([petMedicines(deps, b, p), currentPlan(deps, b, p)]);
    const n = plan?.petName ?? `pet ${p}`;
    await c.open(petMedicinesView(seal(deps, { b, p, c: c.channel, n }), stay, held, n, tz));
  });
  onCustodyTap(app, deps, custodyIn, async ({ b, p, i }, c) => {
    const plan = await currentPlan(deps, b, p);
    const item = plan?.plan.items.find((x) => x.key === i);
    if (!plan || !item) return void (await c.tell(CUSTODY_REFUSALS.no_plan_item));
    const n = plan.petName;
    await c.open(countInModal(seal(deps, { b, p, i, c: c.channel, n }), esc(n), countInStart(item)));
  });
  /** A medicine's form (count, handed back): the medicine read from the record, its form with the medicine's ids. */
  const medicineForm =
    (form: (med: MedicineCustody, sealed: string) => unknown) =>
    async ({ m }: { m: number }, c: TapContext) => {
      const med = await medicineById(deps, m);
      if (!med) return void (await c.tell(`🔒 ${TAMPERED}`));
      const meta = {
        b: med.first.bookingId,
        p: med.first.petId,
        m: med.first.id,
        c: c.channel,
        n: med.petName,
      };
      await c.open(form(med, seal(deps, meta)));
    };
  onCustodyTap(
    app,
    deps,
    custodyCount,
    medicineForm((med, sealed) =>
      countModal(sealed, {
        head: `${medicineHeadText(med)}\nCount it, then write what you counted: the record compares it with its balance.`,
        secondPerson: needsSecondPerson(med.first),
      }),
    ),
  );
  onCustodyTap(
    app,
    deps,
    custodyBack,
    medicineForm((med, sealed) =>
      handBackModal(sealed, {
        head: `${medicineHeadText(med)}\nThe record's balance: ${balanceWords(med.balance, med.unit)}. Count what is handed back.`,
        secondPerson: needsSecondPerson(med.first),
        balance: med.balance,
      }),
    ),
  );
  onCustodyTap(app, deps, custodyClose, async ({ k }, c) => {
    const found = await countById(deps, k);
    if (!found) return void (await c.tell(`🔒 ${TAMPERED}`));
    const med = found.medicine;
    const meta = { b: med.first.bookingId, p: med.first.petId, k, c: c.channel, n: med.petName };
    await c.open(closeModal(seal(deps, meta), discrepancyText(med, k, tz)));
  });
  onCustodyTap(app, deps, custodyStock, async (ids, c) => {
    const stock = await stockNow(deps, { controlled: ids.c === true });
    await c.open(stockView(deps.seal.sign(JSON.stringify({ c: c.channel })), stock, tz));
  });
}
