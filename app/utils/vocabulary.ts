/**
 * A closed list of stored codes with the pt-BR label of each, written once:
 * the codes are the labels' keys, in their order (the order a select or a
 * filter lists them). `codes` is a non-empty tuple, so `z.enum(codes)` takes it.
 * Browser-safe.
 */
export function vocabulary<const Labels extends Record<string, string>>(labels: Labels) {
  type Code = keyof Labels & string;
  const codes = Object.freeze(Object.keys(labels)) as unknown as readonly [Code, ...Code[]];
  return {
    codes,
    labels: labels as Readonly<Record<Code, string>>,
    /** Whether a value read from a form, a file or the database is one of the codes. */
    is: (value: unknown): value is Code => typeof value === "string" && Object.hasOwn(labels, value),
  };
}
