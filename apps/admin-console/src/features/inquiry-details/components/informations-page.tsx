import { useSuspenseQuery } from '@tanstack/react-query';
import type { Organization } from '@terres/api-client';
import { AppLink, ListingFieldList } from '@terres/app-kit';
import { formatAddress, formatCredits, formatDate } from '@terres/domain';
import { Card } from '@terres/ui/card';
import { DescriptionList } from '@terres/ui/description-list';
import { inquiryQueryOptions, organizationQueryOptions } from '../api/inquiry';
import { texts } from '../texts';

function text(value: string | null | undefined): string {
  return value && value.trim() !== '' ? value.trim() : texts.notProvided;
}

function fullName(first: string | null | undefined, last: string | null | undefined): string {
  return text([first, last].filter((part) => part?.trim()).join(' '));
}

export const organizationHref = (id: string) => `/admin/organizations/details/${encodeURIComponent(id)}`;

/**
 * Informations administratives (spec §2): the project owner and the advertising organisation,
 * with a link to the organisation's page; then when the listing was made and certified.
 */
export function InformationsPage({ id }: { id: string }) {
  const { data: inquiry } = useSuspenseQuery(inquiryQueryOptions(id));
  const { data: organization } = useSuspenseQuery(organizationQueryOptions(inquiry.organizationId));
  return (
    <div className="inquiry-tab">
      <Card title={texts.projectOwner}>
        <ListingFieldList listing={inquiry} section="owner" />
      </Card>

      <Card
        title={texts.advertiser}
        actions={
          <AppLink href={organizationHref(organization.id)} className="inquiry-details__link">
            {texts.organizationLink}
          </AppLink>
        }
      >
        <OrganizationFields organization={organization} />
      </Card>

      <Card title={texts.record}>
        <DescriptionList
          items={[
            { term: texts.createdAt, description: formatDate(inquiry.createdAt) },
            { term: texts.updatedAt, description: formatDate(inquiry.updatedAt) },
            { term: texts.certification, description: inquiry.acceptCertification ? texts.certified : texts.notCertified },
            { term: texts.soilStudy, description: inquiry.soilStudyDelegation ? texts.soilStudyDelegated : texts.soilStudyProvided },
          ]}
        />
      </Card>
    </div>
  );
}

function OrganizationFields({ organization }: { organization: Organization }) {
  const phones = [organization.officePhoneNumber, organization.mobilePhoneNumber].filter((phone) => phone?.trim()).join(' · ');
  const representative = fullName(organization.representativeFirstName, organization.representativeLastName);
  return (
    <DescriptionList
      items={[
        { term: texts.organizationName, description: organization.name },
        { term: texts.siret, description: text(organization.registrationNumber) },
        {
          term: texts.ownerAddress,
          description: formatAddress([organization.street, [organization.postcode, organization.city].join(' ')].join(', ')),
        },
        { term: texts.organizationEmail, description: text(organization.email) },
        { term: texts.organizationPhones, description: text(phones) },
        {
          term: texts.representative,
          description: organization.representativePosition ? `${representative}, ${organization.representativePosition}` : representative,
        },
        {
          term: texts.verification,
          description: organization.archived ? texts.archived : organization.verified ? texts.verified : texts.notVerified,
        },
        { term: texts.balance, description: formatCredits(organization.creditBalance) },
      ]}
    />
  );
}
