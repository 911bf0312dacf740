import type { UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";

/**
 * One way to read what a loader/action produced, whether it returned or
 * threw a Response (redirects, 404s) or a `data(value, init)` result.
 */
export type DataOf<T> = T extends Response ? never : T extends DataWithResponseInit<infer D> ? D : T;

export type Unwrapped<T> = {
  status: number;
  /** `Location` of a redirect, else null. */
  location: string | null;
  headers: Headers;
  /** The returned or thrown data (undefined for a Response). */
  data: DataOf<T> | undefined;
  /** The Response itself, to read a resource route's body. */
  response: Response | null;
  thrown: boolean;
};

function isDataWithInit(value: unknown): value is DataWithResponseInit<unknown> {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function read<T>(value: unknown, thrown: boolean): Unwrapped<T> {
  if (value instanceof Response) {
    return { status: value.status, location: value.headers.get("Location"), headers: value.headers, data: undefined, response: value, thrown };
  }
  if (isDataWithInit(value)) {
    const headers = new Headers(value.init?.headers);
    return { status: value.init?.status ?? 200, location: headers.get("Location"), headers, data: value.data as DataOf<T>, response: null, thrown };
  }
  return { status: 200, location: null, headers: new Headers(), data: value as DataOf<T>, response: null, thrown };
}

/** Runs a loader/action; any other thrown error is re-thrown. */
export async function unwrap<T>(fn: () => Promise<T> | T): Promise<Unwrapped<T>> {
  try {
    return read<T>(await fn(), false);
  } catch (error) {
    if (error instanceof Response || isDataWithInit(error)) return read<T>(error, true);
    throw error;
  }
}

/** Runs a loader/action and returns the thrown or returned Response/data uniformly. */
export async function run<T>(fn: () => Promise<T>): Promise<{ response?: Response; value?: T; thrown?: unknown }> {
  try {
    const value = await fn();
    if (value instanceof Response) return { response: value };
    return { value };
  } catch (error) {
    if (error instanceof Response) return { response: error };
    return { thrown: error };
  }
}

type ReplyLike = { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> | null } | undefined;

/**
 * What the one form pipeline answered (`submission.reply()`): the whole-form
 * messages, the first message of each field, and the values sent back to
 * the form (what the person typed).
 */
export function reply(data: unknown): { formErrors: string[]; fieldErrors: Record<string, string>; values: Record<string, unknown> } {
  const r = data as ReplyLike;
  const fieldErrors: Record<string, string> = {};
  for (const [name, messages] of Object.entries(r?.error ?? {})) if (name !== "" && messages?.[0]) fieldErrors[name] = messages[0];
  return { formErrors: r?.error?.[""] ?? [], fieldErrors, values: (r?.initialValue ?? {}) as Record<string, unknown> };
}
