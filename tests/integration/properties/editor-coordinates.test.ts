import { beforeAll, describe, expect, it } from "vitest";
import { db } from "~/modules/platform/db.server";
import { MSG } from "~/modules/properties/editor/state";
import { tabSchemas } from "~/modules/properties/editor/schema";
import { action as adminEditorAction, loader as adminEditorLoader } from "~/routes/admin/properties/editor";
import { action as brokerEditorAction } from "~/routes/broker/properties/editor";
import { getRequest, routeArgs, sessionCookie } from "../../helpers/requests";
import { makeAdmin, makeBroker, makeProperty } from "../../helpers/factories";
import { VALID_FIELDS, answerOf, countProperties, multipart } from "./editor-helpers";

/**
 * Issue 28: the editors' latitude and longitude (the map of results). Typed
 * with a decimal comma or point, both or neither, within range; bad input
 * gets a pt-BR message beside the field, everything typed back, nothing saved.
 */
let cookie = "";
beforeAll(async () => {
  cookie = await sessionCookie((await makeAdmin()).id);
});

const images = ["/uploads/imoveis/rascunho-0123456789abcdef/x.jpg"];
const draftFolder = "imoveis/rascunho-0123456789abcdef";
const location = (values: Record<string, string>) => tabSchemas.location.safeParse({ ...VALID_FIELDS, ...values });

describe("the coordinates' rule (editor schema, shared with the browser)", () => {
  it("reads a decimal comma or point, a minus sign, and rounds to 6 decimals", () => {
    const ok = (lat: string, lng: string) => {
      const r = location({ latitude: lat, longitude: lng });
      return r.success ? [r.data.latitude, r.data.longitude] : r.error.issues.map((i) => i.message);
    };
    expect(ok("-23,5505", "-46,6333")).toEqual([-23.5505, -46.6333]);
    expect(ok("-23.5505", "-46.6333")).toEqual([-23.5505, -46.6333]);
    // a lone dot before three digits is still the decimal point (a coordinate has no thousands)
    expect(ok("-23.550", "-46.633")).toEqual([-23.55, -46.633]);
    expect(ok(" -23,12345678 ", "-46")).toEqual([-23.123457, -46]);
    expect(ok("", "")).toEqual([null, null]);
  });

  it("accepts the limits and refuses just beyond them", () => {
    expect(location({ latitude: "90", longitude: "180" }).success).toBe(true);
    expect(location({ latitude: "-90", longitude: "-180" }).success).toBe(true);
    expect(location({ latitude: "90,000001", longitude: "0" }).error?.issues[0].message).toBe(MSG.latitudeRange);
    expect(location({ latitude: "-90,000001", longitude: "0" }).error?.issues[0].message).toBe(MSG.latitudeRange);
    expect(location({ latitude: "0", longitude: "180,000001" }).error?.issues[0].message).toBe(MSG.longitudeRange);
    expect(location({ latitude: "0", longitude: "-180,000001" }).error?.issues[0].message).toBe(MSG.longitudeRange);
  });
});

describe("the coordinates in the editor", () => {
  it("stores both, shows them back with a comma, and clears them when both are emptied", async () => {
    const property = await makeProperty({ latitude: null, longitude: null });
    const path = `/admin/imoveis/${property.id}/editar`;
    const save = (fields: Record<string, string>) =>
      answerOf(() => adminEditorAction(routeArgs(multipart(path, { ...VALID_FIELDS, ...fields, images, draftFolder, intent: "save" }, { cookie }), { id: String(property.id) })));
    const saved = await save({ latitude: "-23,5613", longitude: "-46.6565" });
    expect(saved.status, JSON.stringify(saved.form)).toBe(302);
    expect(await db().selectFrom("properties").select(["latitude", "longitude"]).where("id", "=", property.id).executeTakeFirstOrThrow()).toEqual({ latitude: -23.5613, longitude: -46.6565 });
    const page = await adminEditorLoader(routeArgs(getRequest(path, { cookie }), { id: String(property.id) }));
    expect(page.view.initial.values).toMatchObject({ latitude: "-23,5613", longitude: "-46,6565" });
    expect(page.view.mapTiles.url).toContain("{z}");
    const cleared = await save({ latitude: "", longitude: "" });
    expect(cleared.status).toBe(302);
    expect(await db().selectFrom("properties").select(["latitude", "longitude"]).where("id", "=", property.id).executeTakeFirstOrThrow()).toEqual({ latitude: null, longitude: null });
  });

  it("refuses bad coordinates with pt-BR messages beside the field, gives back what was typed and saves nothing", async () => {
    const before = await countProperties();
    const cases: [Record<string, string>, string, string][] = [
      [{ latitude: "abc", longitude: "-46,6" }, "latitude", MSG.latitude],
      [{ latitude: "-23,5", longitude: "quarenta" }, "longitude", MSG.longitude],
      [{ latitude: "-23°33'", longitude: "-46,6" }, "latitude", MSG.latitude],
      [{ latitude: "1e1", longitude: "-46,6" }, "latitude", MSG.latitude],
      [{ latitude: "91", longitude: "-46,6" }, "latitude", MSG.latitudeRange],
      [{ latitude: "-23,5", longitude: "-181" }, "longitude", MSG.longitudeRange],
      [{ latitude: "-23,5", longitude: "" }, "longitude", MSG.coordinatesPair],
      [{ latitude: "", longitude: "-46,6" }, "latitude", MSG.coordinatesPair],
      [{ latitude: "'; DROP TABLE properties; --", longitude: "-46,6" }, "latitude", MSG.latitude],
      [{ latitude: "-23,5", longitude: "<script>alert(1)</script>" }, "longitude", MSG.longitude],
      [{ latitude: "9".repeat(5_000), longitude: "-46,6" }, "latitude", MSG.latitude],
    ];
    for (const [typed, field, message] of cases) {
      const r = await answerOf(() => adminEditorAction(routeArgs(multipart("/admin/imoveis/novo", { ...VALID_FIELDS, ...typed, images, draftFolder, intent: "save" }, { cookie }))));
      const label = JSON.stringify(typed).slice(0, 60);
      expect(r.status, label).toBe(400);
      expect(r.form.fieldErrors[field], label).toBe(message);
      // typed back (the form reader keeps 40 characters of a number box), with the rest of the form
      expect(String(r.form.values[field] ?? ""), label).toBe(typed[field].slice(0, 40));
      expect(r.state.values.latitude, label).toBe(typed.latitude.slice(0, 40));
      expect(r.state.values.longitude, label).toBe(typed.longitude.slice(0, 40));
      expect(r.form.values.title).toBe(VALID_FIELDS.title);
      expect(r.state.tab).toBe("location");
    }
    expect(await countProperties()).toBe(before);
  });

  it("the broker's editor has the same fields and rules", async () => {
    const broker = await makeBroker();
    const brokerCookie = await sessionCookie(broker.userId);
    const r = await answerOf(() => brokerEditorAction(routeArgs(multipart("/broker/properties/novo", { ...VALID_FIELDS, latitude: "-95", longitude: "-46,6", images, draftFolder, intent: "save" }, { cookie: brokerCookie }))));
    expect(r.status).toBe(400);
    expect(r.form.fieldErrors.latitude).toBe(MSG.latitudeRange);
  });
});
