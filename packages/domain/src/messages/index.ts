// Every sentence a user may read from the domain or the API, one file per area, so the forms,
// the API's problem details and the tests quote one source: one sentence, one key (a test checks
// both). Texts marked "spec" are copied verbatim from the product spec; the others are ours (see
// README, Decisions). Matching's own sentences are `matchingMessages` (../matching/messages.ts).
// Documents the API writes (e-mails, PDFs, the payment pages) keep their texts beside them.
import { authMessages } from './auth';
import { documentMessages } from './documents';
import { formMessages } from './forms';
import { httpMessages } from './http';
import { listingMessages } from './listings';
import { organizationMessages } from './organizations';
import { paymentMessages } from './payments';

export { authMessages, documentMessages, formMessages, httpMessages, listingMessages, organizationMessages, paymentMessages };
export { DEFAULT_DETAILS, defaultDetail, bodyTooLargeMessage, sortParameterMessage, nulCharacterMessage, schemaRuleMessage, type SchemaRule } from './http';
export { maxItemsMessage, dateAfterMaxMessage, dateBeforeMinMessage, maxLengthMessage } from './forms';
export { fieldsNotEditableMessage } from './listings';

/** The areas, by name (a test checks that no key and no sentence is in two of them). */
export const MESSAGE_AREAS = {
  forms: formMessages,
  http: httpMessages,
  auth: authMessages,
  organizations: organizationMessages,
  listings: listingMessages,
  documents: documentMessages,
  payments: paymentMessages,
} as const;

export const messages = {
  ...formMessages,
  ...httpMessages,
  ...authMessages,
  ...organizationMessages,
  ...listingMessages,
  ...documentMessages,
  ...paymentMessages,
} as const;
