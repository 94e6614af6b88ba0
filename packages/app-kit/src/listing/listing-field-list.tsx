// A listing's fields on a detail page, as the domain's fields table reads them (label and value
// per field of a section, in the table's order): the portal's 'Récapitulatif détaillé' and the
// console's 'Informations administratives' show the same rows from here.
import { listingDetailRows, type ListingDetailSection } from '@terres/domain';
import { DescriptionList, type DescriptionItem } from '@terres/ui/description-list';

export interface ListingFieldListProps {
  /** The listing as answered (openapi `Inquiry`). */
  listing: object;
  section: ListingDetailSection;
  /** Rows that are not listing fields (the cost, dates of the record), before or after them. */
  before?: readonly DescriptionItem[];
  after?: readonly DescriptionItem[];
  className?: string;
  /** The class of a list value's `<ul>` (the parcels). */
  listClassName?: string;
}

export function ListingFieldList({ listing, section, before = [], after = [], className, listClassName }: ListingFieldListProps) {
  const rows = listingDetailRows(listing, section).map<DescriptionItem>(({ label, value }) => ({
    term: label,
    description:
      typeof value === 'string' ? (
        value
      ) : (
        <ul className={listClassName}>
          {value.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      ),
  }));
  return <DescriptionList items={[...before, ...rows, ...after]} {...(className ? { className } : {})} />;
}
