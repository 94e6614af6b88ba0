import { useSuspenseQuery } from '@tanstack/react-query';
import { type Inquiry } from '@terres/api-client';
import { DownloadButton } from '@terres/app-kit';
import { fillTemplate, formatAddress, formatCredits, formatDate, formatHectares, MISSING_DATE_TEXT } from '@terres/domain';
import { InquiryParcelMap } from '@terres/maps/inquiry-parcel-map';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { MaterialTable } from '@terres/ui/material-table';
import { SoilAcceptance } from '@terres/ui/soil-acceptance';
import { env } from '../../../config/env';
import { inquiryQueryOptions, saveInquiryPdf } from '../api/inquiry';
import { texts } from '../texts';

export function availabilityText(inquiry: Pick<Inquiry, 'startDate' | 'endDate'>): string {
  if (!inquiry.startDate && !inquiry.endDate) return MISSING_DATE_TEXT;
  return fillTemplate(texts.availabilityRange, { start: formatDate(inquiry.startDate), end: formatDate(inquiry.endDate) });
}

/**
 * Vue d'ensemble (spec §2): the site (address, surface in hectares, availability), the parcels
 * on the read-only map with their list, the materials with their line totals, and the PDF
 * summary downloaded under the project's name.
 */
export function OverviewPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  return (
    <div className="inquiry-tab">
      <Card
        title={texts.site}
        actions={
          // The listing's PDF summary, saved under the name the API gives it.
          <DownloadButton save={() => saveInquiryPdf(inquiry.id)} loadingLabel={texts.downloading} failedTitle={texts.downloadFailed}>
            {texts.downloadPdf}
          </DownloadButton>
        }
      >
        <DescriptionList
          items={[
            { term: texts.siteAddress, description: formatAddress(inquiry.siteAddress) },
            { term: texts.surface, description: formatHectares(inquiry.quantity) },
            { term: texts.availability, description: availabilityText(inquiry) },
            { term: texts.cost, description: formatCredits(inquiry.cost) },
          ]}
        />
      </Card>

      <Card title={texts.parcels}>
        <InquiryParcelMap inquiry={inquiry} tileUrl={env.tileUrl} tileJsonUrl={env.cadastreTileJsonUrl} />
      </Card>

      <Card title={texts.composition}>
        {inquiry.groundTypeUnknown ? (
          <p className="app-muted">{texts.compositionUnknown}</p>
        ) : inquiry.materials.length === 0 ? (
          <MaterialTable materials={[]} />
        ) : (
          // On a phone (a box under 36rem) each line is a card with its values labelled, the total in sight.
          <MaterialTable materials={inquiry.materials} caption={texts.materialsCaption} soilQuality={inquiry.type === 'CUT'} />
        )}
        {inquiry.type === 'FILL' ? (
          <div className="inquiry-acceptance">
            <h3 className="inquiry-acceptance__title">{texts.acceptance}</h3>
            <SoilAcceptance
              receivingUse={inquiry.receivingUse}
              acceptedQualityClasses={inquiry.acceptedQualityClasses}
              acceptedWasteCodes={inquiry.acceptedWasteCodes}
            />
          </div>
        ) : null}
      </Card>
    </div>
  );
}
