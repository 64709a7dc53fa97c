import {
  CUSTOMER_DELIVER_CALLS,
  CUSTOMER_DELIVER,
  ORDER_KIND_SPECS,
  type CustomerDeliverCall,
  type CustomerDeliverPayload,
  type CustomerDeliveryDetails,
  type DeliveryFacts,
  type HappyListItem,
  type InventoryKind,
  type SurveyAnswer,
  typedAmountCents,
} from '../domain';
import type { CustomerDraft, InventoryDraft } from '../db';

// Pure: a driver's draft → the SPEC §5 facts the rules judge, and → the payload queued.

export function inventoryFacts(kind: InventoryKind, draft: InventoryDraft): DeliveryFacts {
  return { kind, photoCount: draft.photos.length, milesDriven: draft.deliveryMilesDriven, began: draft.deliveryBegan, ended: draft.deliveryEnded };
}

export function inventoryPayload(kind: InventoryKind, orderId: number, draft: InventoryDraft, dateDelivered: string) {
  return {
    [ORDER_KIND_SPECS[kind].idField]: orderId,
    date_delivered: dateDelivered,
    delivery_miles_driven: draft.deliveryMilesDriven,
    // SPEC §7: missing GPS values are sent as 0 for inventory and move orders.
    delivery_gps_lat: draft.deliveryGpsLat ?? 0,
    delivery_gps_lon: draft.deliveryGpsLon ?? 0,
    delivery_began: draft.deliveryBegan,
    delivery_ended: draft.deliveryEnded,
    delivery_note: draft.deliveryNote,
  };
}

/** Which deliver call the draft's payment choice takes; null when the choice is incomplete. */
export function customerCallOf(isRto: boolean, draft: CustomerDraft): CustomerDeliverCall | null {
  if (isRto) return 'rto';
  return (
    CUSTOMER_DELIVER_CALLS.find((call) => {
      const spec = CUSTOMER_DELIVER[call];
      if (spec.paymentMethod !== draft.paymentMethod || call === 'rto') return false;
      if (spec.checkSelection) return spec.checkSelection === draft.checkSelection;
      if (spec.cardSelection) return spec.cardSelection === draft.cardSelection;
      return true;
    }) ?? null
  );
}

export function surveyAnswersOf(server: CustomerDeliveryDetails | null, draft: CustomerDraft): SurveyAnswer[] {
  const answers: SurveyAnswer[] = [];
  for (const question of server?.driver_delivery_survey_questions ?? []) {
    const answer = draft.surveyAnswers[String(question.id)];
    if (answer === undefined) continue;
    // SPEC §3: YESNO questions carry the value, the others the text.
    if (question.type === 'YESNO') {
      if (typeof answer === 'boolean') answers.push({ driver_delivery_survey_question_id: question.id, answer });
    } else if (typeof answer === 'string' && answer.trim() !== '') {
      answers.push({ driver_delivery_survey_question_id: question.id, answer: answer.trim() });
    }
  }
  return answers;
}

/** SPEC §3: each ticked happy-list item becomes {item, text, value: true}. */
export function happyListOf(server: CustomerDeliveryDetails | null, draft: CustomerDraft): HappyListItem[] {
  const ticked = new Set(draft.happyList);
  return (server?.happy_list_results ?? []).filter((item) => ticked.has(item.item)).map((item) => ({ item: item.item, text: item.text, value: true }));
}

export function customerFacts(server: CustomerDeliveryDetails | null, draft: CustomerDraft): DeliveryFacts {
  return {
    kind: 'customer',
    photoCount: draft.photos.length,
    milesDriven: draft.deliveryMilesDriven,
    began: draft.deliveryBegan,
    ended: draft.deliveryEnded,
    hasSignature: draft.signature !== null,
    isRto: server?.is_rto ?? false,
    paymentMethod: draft.paymentMethod,
    checkSelection: draft.checkSelection,
    cardSelection: draft.cardSelection,
    hasCheckImage: draft.check !== null,
    gpsLat: draft.deliveryGpsLat,
    gpsLon: draft.deliveryGpsLon,
    surveyAnswered: surveyAnswersOf(server, draft).length > 0,
    savedCheckId: draft.customerOrderSavedCheckId,
    paymentAmount: draft.paymentMethod === 'NoPayment' ? null : draft.paymentAmount,
    savedCardId: draft.cardProfileId,
    // The phone's copy of the order: the server judges the same rules on its own rows.
    state: {
      balanceCents: server ? typedAmountCents(server.remaining_balance) : null,
      savedCardIds: server ? server.customer_card_list.map((card) => card.card_profile_id) : null,
      authorizedCents: draft.newCard ? typedAmountCents(draft.newCard.amount) : null,
    },
    card: {
      profileId: draft.newCard?.profileId ?? null,
      token: draft.newCard?.token ?? null,
      expMonth: draft.newCard?.expMonth ?? null,
      expYear: draft.newCard?.expYear ?? null,
      cvv: null,
      retref: draft.newCard?.retref ?? null,
    },
  };
}

export function customerPayload(
  call: CustomerDeliverCall,
  orderId: number,
  server: CustomerDeliveryDetails | null,
  draft: CustomerDraft,
  dateDelivered: string,
): CustomerDeliverPayload {
  const common: CustomerDeliverPayload = {
    customer_order_id: orderId,
    date_delivered: dateDelivered,
    delivery_miles_driven: draft.deliveryMilesDriven,
    delivery_gps_lat: draft.deliveryGpsLat,
    delivery_gps_lon: draft.deliveryGpsLon,
    delivery_began: draft.deliveryBegan,
    delivery_ended: draft.deliveryEnded,
    delivery_note: draft.deliveryNote,
    delivery_survey_answers: surveyAnswersOf(server, draft),
    happy_list_results: happyListOf(server, draft),
    signature_from: draft.signatureFrom,
  };
  const amount = draft.paymentAmount.trim();
  switch (call) {
    case 'rto':
    case 'no_payment':
      return common;
    case 'cash':
    case 'new_check':
      return { ...common, payment_amount: amount };
    case 'saved_check':
      return { ...common, customer_order_check_id: draft.customerOrderSavedCheckId, payment_amount: amount };
    case 'existing_card':
      return { ...common, card_profile_id: draft.cardProfileId, payment_amount: amount, payments_v2: server?.payments_v2 ?? false };
    case 'new_card': {
      const card = draft.newCard;
      return {
        ...common,
        payment_processing_account_id: server?.payment_processor_config?.payment_processing_account_id ?? null,
        card_exp_month: card?.expMonth ?? null,
        card_exp_year: card?.expYear ?? null,
        card_token: card?.token ?? null,
        card_profile_id: card?.profileId ?? null,
        retref: card?.retref ?? null,
        payment_amount: amount,
      };
    }
  }
}
