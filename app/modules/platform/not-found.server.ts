import { data } from "react-router";

/** An unknown path inside a signed-in area: the area's guard first (sign-in, role), then 404, for a GET and a POST alike. */
export async function guardedNotFound(request: Request, guard: (request: Request) => Promise<unknown>) {
  await guard(request);
  return data(null, { status: 404 });
}
