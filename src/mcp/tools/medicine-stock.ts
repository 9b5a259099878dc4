/**
 * get_medicine_stock: the medicines the kennel holds in custody (beside the spec's eleven tools,
 * read-only, as `kennel-desk stock`): each pet's medicine with its balance, how long it lasts to the
 * pet's check-out, its discard-by, a controlled drug's count due and every discrepancy not closed; or,
 * with `drug`, that drug's register (counted in → given → counted → handed back, the balance after
 * each line, who and the witness), as `kennel-desk stock register`. Offered only where the connector
 * can read the care record. Custody holds no customer contact; a hand-back names whom it went to as
 * the person typed it.
 */

import { drugRegister, stockNow } from "../../answers/custody-stock.ts";
import { UsageError } from "../../answers/failure.ts";
import type { Deps } from "../../deps.ts";
import { drugRegisterDoc, stockDoc } from "../../present/custody.ts";
import { docText } from "../../text/doc.ts";
import { day, text, yesNo } from "../inputs.ts";
import { dateRange } from "../lists.ts";
import { addTool, answer, type ToolServer, textOptions } from "../tool.ts";

export function register(server: ToolServer, deps: Deps): void {
  const store = deps.record;
  if (!store) return;
  const base = { ...deps, record: store };
  addTool(
    server,
    deps,
    {
      name: "get_medicine_stock",
      title: "Get the medicines held in custody",
      description:
        "The boarders' own medicines the kennel holds in trust: each pet's medicine counted in with its balance now (≈ 9 tablets left, or 'count by hand' where a dose's amount cannot be matched, with why and the plan's words), how long it lasts to the pet's check-out, its discard-by date once opened, when a controlled drug's next count is due, and every count's discrepancy not closed by a manager. " +
        "With drug (a name, or part of it), that drug's register instead: each line counted in, given, counted or handed back, with the balance after it, who and the witness (from and to narrow it to days). Read only.",
      inputSchema: {
        controlled: yesNo("controlled").optional().describe("The controlled drugs only (not with drug)."),
        drug: text(100)
          .min(1, "give a drug's name")
          .regex(/\S/, "the drug is blank")
          .optional()
          .describe("A drug's name as on its label, or part of it: its register."),
        from: day(deps, "The register's first day (with drug)"),
        to: day(deps, "The register's last day (with drug)"),
      },
    },
    async (a) => {
      if (a.drug !== undefined && a.controlled === true)
        throw new UsageError(
          "Give controlled, or drug (a register), not both.",
          "Call get_medicine_stock with controlled for the controlled drugs, or with drug for one drug's register.",
        );
      if (a.drug === undefined && (a.from !== undefined || a.to !== undefined))
        throw new UsageError(
          "from and to go with drug (a register).",
          "Call get_medicine_stock with drug, from and to.",
        );
      if (a.drug !== undefined) {
        dateRange(deps, "get_medicine_stock", a);
        const r = await drugRegister(base, a.drug, { from: a.from, to: a.to });
        return answer(docText(drugRegisterDoc(r, deps.config.timezone), textOptions(deps)), r);
      }
      const r = await stockNow(base, { controlled: a.controlled === true });
      return answer(
        docText(stockDoc(r, deps.config.timezone, { controlled: a.controlled === true }), textOptions(deps)),
        r,
      );
    },
  );
}
