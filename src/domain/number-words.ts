/** Small numbers written as words, as every reader of a count in the kennel's free text takes them. */
export const SMALL_NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
};
