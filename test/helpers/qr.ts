/**
 * A QR code's modules, to compare a page's code with the text it must carry: the dark modules of an
 * SVG drawn by src/text/qr.ts (each a 2-unit square, "M{x},{y}l2,0 …"), and those the encoder makes
 * of a text. The same set is the same code: no decoder needed, and a wrong link or none fails.
 */
import qrcode from "qrcode-generator";

/** The dark modules of a QR code's SVG, "row,col", its four-module margin taken off. */
export function svgModules(svg: string): string[] {
  const out: string[] = [];
  for (const m of svg.matchAll(/M(\d+),(\d+)l2,0 0,2 -2,0 0,-2z/g))
    out.push(`${(Number(m[2]) - 8) / 2},${(Number(m[1]) - 8) / 2}`);
  return out.sort();
}

/** The dark modules the encoder makes of `text` (error correction M, as the pages are drawn). */
export function textModules(text: string): string[] {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  const out: string[] = [];
  const n = qr.getModuleCount();
  for (let r = 0; r < n; r++) for (let c = 0; c < n; c++) if (qr.isDark(r, c)) out.push(`${r},${c}`);
  return out.sort();
}
