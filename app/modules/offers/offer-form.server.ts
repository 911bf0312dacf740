import { parseSubmission } from "~/modules/platform/forms.server";
import { data, redirect } from "react-router";
import { RATE_LIMIT_MESSAGE, clientIp, retryAfterHeaders } from "~/modules/auth/rate-limit.server";
import { isHoneypotFilled } from "~/modules/leads/honeypot";
import { hitPublicLeadLimit, hitPublicPostLimit, thanksUrl } from "~/modules/leads/lead-form.server";
import { leadSentHeader } from "~/modules/leads/lead-sent.server";
import { createLead } from "~/modules/leads/leads.server";
import { nowIso } from "~/modules/platform/db.server";
import { errorFields, log } from "~/modules/platform/logger.server";
import { formatBRL } from "~/utils/format";
import "~/utils/zod-pt-br";
import { checkOfferPhotos, discardOfferPost, offerFolderName, readOfferPost, removeOfferFolder, storeOfferPhotos } from "./offer-photos.server";
import { OFFER_MESSAGES, OFFER_PHOTO_FIELD, offerFormSchema, offerLeadMessage } from "./owner-offer";

/**
 * The action of /anuncie: the public lead form's rules (rate limits, the
 * honeypot, the one schema with its pt-BR messages, `submission.reply()`
 * with everything typed) plus the photos. Nothing is stored unless every
 * field and every photo is right: then the photos are written to a private
 * folder and the lead (source 'captacao', routed like every public lead) is
 * created through createLead with the offer and its photo rows in the same
 * transaction; if that fails the folder goes too.
 */
export async function offerFormAction(request: Request) {
  const ip = clientIp(request);
  const posts = await hitPublicPostLimit(ip);
  const outcome = await readOfferPost(request);
  const submission = await parseSubmission(outcome.fields, offerFormSchema);

  if (!posts.ok) {
    await discardOfferPost(outcome);
    return data(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), { status: 429, headers: retryAfterHeaders(posts) });
  }
  if (outcome.problem) {
    await discardOfferPost(outcome);
    const message = outcome.problem === "too-large" ? OFFER_MESSAGES.requestTooLarge : OFFER_MESSAGES.unreadable;
    return data(submission.reply({ formErrors: [message] }), { status: outcome.problem === "too-large" ? 413 : 400 });
  }

  // A filled honeypot is a bot: it sees the usual success and nothing is stored.
  if (isHoneypotFilled(outcome.fields)) {
    await discardOfferPost(outcome);
    log.info("offer honeypot triggered", { ip });
    return redirect(thanksUrl({ name: "", brokerId: null, brokerPhone: null, ref: null, form: "anuncie" }));
  }

  const { photos, errors: photoErrors } = await checkOfferPhotos(outcome);
  if (submission.status !== "success" || photoErrors.length) {
    // Conform merges these with the schema's own messages; the files cannot come back, everything typed does.
    const photoProblems = photoErrors.length ? { formErrors: [OFFER_MESSAGES.photosFix], fieldErrors: { [OFFER_PHOTO_FIELD]: photoErrors } } : {};
    return data(submission.reply(photoProblems), { status: 400 });
  }

  const limit = await hitPublicLeadLimit(ip);
  if (!limit.ok) return data(submission.reply({ formErrors: [RATE_LIMIT_MESSAGE] }), { status: 429, headers: retryAfterHeaders(limit) });

  const offer = submission.value;
  const ref = offer.ref || new URL(request.url).searchParams.get("ref") || null;
  const folder = offerFolderName();
  try {
    const stored = await storeOfferPhotos(folder, photos);
    const lead = await createLead(
      {
        name: offer.name,
        email: offer.email,
        phone: offer.phone,
        message: offerLeadMessage(offer, formatBRL(offer.price, { cents: "auto" })),
        propertyTitle: `${offer.property_kind} em ${offer.neighborhood}, ${offer.city}`,
        brokerId: ref,
        source: "captacao",
      },
      {
        attach: async (tx, created) => {
          const now = nowIso();
          const row = await tx
            .insertInto("owner_offers")
            .values({ lead_id: created.id, purpose: offer.purpose, property_kind: offer.property_kind, city: offer.city, neighborhood: offer.neighborhood, area: offer.area, bedrooms: offer.bedrooms, price: offer.price, folder, created_at: now })
            .returning("id")
            .executeTakeFirstOrThrow();
          if (stored.length) {
            await tx
              .insertInto("owner_offer_photos")
              .values(stored.map((p, position) => ({ offer_id: row.id, file_key: p.key, original_name: p.originalName, position, created_at: now })))
              .execute();
          }
        },
      },
    );
    return redirect(thanksUrl({ name: offer.name, brokerId: lead.brokerId, brokerPhone: lead.brokerPhone, ref: lead.brokerId ?? null, form: "anuncie" }), {
      headers: { "Set-Cookie": await leadSentHeader(offer.name) },
    });
  } catch (error) {
    await removeOfferFolder(folder);
    log.error("offer creation failed", errorFields(error));
    return data(submission.reply({ formErrors: [OFFER_MESSAGES.failure] }), { status: 500 });
  }
}
