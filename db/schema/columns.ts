/** Column conventions shared by the table types: timestamps are ISO-8601 text, booleans 0/1. */
export type Timestamp = string;
export type Bool = number;
