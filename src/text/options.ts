/** How a text is drawn: colours (a terminal only), the kennel's time zone and year. */
export interface TextOptions {
  /** ANSI colours and bold (a terminal); never for the connector or a pipe. */
  color: boolean;
  timezone: string;
  /** The kennel's current year: dates in it are shown without the year. */
  thisYear: string;
}
