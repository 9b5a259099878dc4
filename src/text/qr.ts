/**
 * A link as a QR code (the chart on paper's, issue 50): an inline SVG drawn from the text alone, so
 * a printed page loads nothing. Error correction M (a page pinned up gets creased), the four modules
 * of white around it a scanner needs, scalable to the size the page's style gives it.
 */
import qrcode from "qrcode-generator";

export function qrSvg(text: string): string {
  const qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  return qr.createSvgTag({ cellSize: 2, margin: 8, scalable: true });
}
