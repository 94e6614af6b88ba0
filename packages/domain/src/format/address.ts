// A site address label split into street, postcode and city: the national address service
// writes `<street> <postcode> <city>` ('10 Rue du Sauvage 68100 Mulhouse'), sometimes with a
// comma before the postcode. One rule for the API's soil-study rows and the admin tables.

export interface AddressParts {
  street: string;
  postcode: string;
  city: string;
}

const LABEL = /^(.+?)[,\s]+(\d{5})\s+(.+)$/;

/** The label's street, postcode and city, or null when it does not read `<street> <5 digits> <city>`. */
export function splitAddressLabel(label: string | null | undefined): AddressParts | null {
  if (!label) return null;
  const match = LABEL.exec(label.trim());
  if (!match) return null;
  return { street: match[1]!.trim(), postcode: match[2]!, city: match[3]!.trim() };
}
