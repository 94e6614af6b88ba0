import {
  parseWasteCode,
  QUALITY_CLASS_LABELS,
  QUALITY_CLASSES,
  RECEIVING_USE_LABELS,
  RECEIVING_USES,
  WASTE_CODE_LABELS,
  type QualityClass,
  type ReceivingUse,
} from '@terres/domain';
import { DescriptionList } from '../description-list/description-list';
import './soil-acceptance.css';

export interface SoilAcceptanceProps {
  /** The receiving site's use, e.g. 'ROAD_WORKS'. */
  receivingUse?: string | null;
  /** The quality classes it takes. */
  acceptedQualityClasses?: readonly string[] | null;
  /** The waste codes it takes ('17 05 04'...). */
  acceptedWasteCodes?: readonly string[] | null;
  /** Accessible name of the list when no heading names it. */
  label?: string;
  className?: string;
}

export const SOIL_ACCEPTANCE_TEXTS = {
  receivingUse: 'Usage du site receveur',
  acceptedClasses: 'Classes de qualité acceptées',
  acceptedCodes: 'Codes déchet acceptés',
  notProvided: 'Non renseigné',
} as const;

const isUse = (value: unknown): value is ReceivingUse => (RECEIVING_USES as readonly unknown[]).includes(value);
const isClass = (value: unknown): value is QualityClass => (QUALITY_CLASSES as readonly unknown[]).includes(value);

function List({ items }: { items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="terres-soil-acceptance__list">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/**
 * What a FILL site takes (issue 11): its use, the quality classes and the waste codes it
 * accepts, in the words of the wizard; 'Non renseigné' for what the advertiser has not said.
 */
export function SoilAcceptance({ receivingUse, acceptedQualityClasses, acceptedWasteCodes, label, className }: SoilAcceptanceProps) {
  const classes = (acceptedQualityClasses ?? []).filter(isClass).map((value) => QUALITY_CLASS_LABELS[value].label);
  const codes = (acceptedWasteCodes ?? []).flatMap((value) => {
    const code = parseWasteCode(value);
    return code ? [`${code} – ${WASTE_CODE_LABELS[code].label}`] : [];
  });
  return (
    <DescriptionList
      className={className ? `terres-soil-acceptance ${className}` : 'terres-soil-acceptance'}
      label={label}
      emptyText={SOIL_ACCEPTANCE_TEXTS.notProvided}
      items={[
        { term: SOIL_ACCEPTANCE_TEXTS.receivingUse, description: isUse(receivingUse) ? RECEIVING_USE_LABELS[receivingUse].label : null, wide: true },
        { term: SOIL_ACCEPTANCE_TEXTS.acceptedClasses, description: classes.length ? <List items={classes} /> : null },
        { term: SOIL_ACCEPTANCE_TEXTS.acceptedCodes, description: codes.length ? <List items={codes} /> : null },
      ]}
    />
  );
}
