/**
 * What an id looks like where staff type one (/booking 12345, /pet 678, customer:1234): digits only,
 * at most 15 (every id is a whole number, and 15 digits stay exact as a JavaScript number).
 */
export function looksLikeId(text: string): boolean {
  return /^\d{1,15}$/.test(text);
}

/**
 * A customer id where a mobile number may be typed too (/customer 07700900123): up to 9 digits is an
 * id; 10 or more is a phone number to search for.
 */
export function looksLikeCustomerId(text: string): boolean {
  return /^\d{1,9}$/.test(text);
}
