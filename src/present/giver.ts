/** Who gave a dose, for the serializers (the exports, src/text/record.ts): the one rule every surface uses (src/domain/giver.ts). */
export { giverOf } from "../domain/giver.ts";
