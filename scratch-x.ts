import { corpus, itemOf, judge } from "./test/domain/plan-corpus-cases.ts";
let bad = 0, n = 0;
for (const c of corpus()) {
  const v = judge(c);
  if (v.verdict !== "right") continue;
  const found = Object.entries(c.fields).find(([k, val]) => typeof val === "string" && (k.startsWith("medication") || k.startsWith("dietary")));
  if (!found) continue;
  const tokens = (found[1] as string).split(/\s+/);
  for (let i = 0; i <= tokens.length; i++) {
    for (const word of ["zorblax", "qwibble"]) {
      n++;
      const changed = [...tokens.slice(0, i), word, ...tokens.slice(i)].join(" ");
      const read = itemOf({ ...c, fields: { ...c.fields, [found[0]]: changed } });
      if (read.readBy === "nobody") continue;
      if (!v.item.what.name && read.what.name?.split(/\s+/).includes(word)) continue;
      bad++; if (bad < 40) console.log("SURE:", changed, "| name:", read.what.name);
    }
  }
}
console.log(bad, "of", n);
