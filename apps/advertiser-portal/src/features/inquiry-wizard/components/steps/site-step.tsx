// Step 1, sub-step 5: the site's address through the address search (spec §5), and the
// permission document. Without the address service, the address can be typed.
import type { Document } from '@terres/api-client';
import { fillTemplate, PROJECT_OWNER_STREET_MAX_LENGTH } from '@terres/domain';
import { AddressSearch } from '@terres/maps/address-search';
import { Button } from '@terres/ui/button';
import { TextField } from '@terres/ui/text-field';
import { useState } from 'react';
import { env } from '../../../../config/env';
import { texts } from '../../texts';
import { DocumentUpload } from '../document-upload';
import type { WizardForm } from '../../model/values';

export interface DocumentsProps {
  documents: readonly Document[];
  /** The listing's status ('DRAFT' while it does not exist yet). */
  inquiryStatus: string;
  ensureDraft: () => Promise<string>;
  onUploaded: (document: Document) => void;
  onRemoved: (documentId: string) => void;
}

export function SiteStep({ form, documents, inquiryStatus, ensureDraft, onUploaded, onRemoved }: { form: WizardForm } & DocumentsProps) {
  const { values } = form;
  // A typed address has no coordinates; one chosen from the search has them.
  const [manual, setManual] = useState(values.siteAddress !== '' && values.siteLatitude === null);
  const addressError = form.errorOf('siteAddress');
  return (
    <div className="wizard-fields wizard-fields--single">
      {/* Above the search: the search's messages come and go below it, the toggle must not move. */}
      <Button variant="ghost" size="sm" className="wizard-link-button" onClick={() => setManual((on) => !on)}>
        {manual ? texts.siteAddressSearchToggle : texts.siteAddressManualToggle}
      </Button>
      {manual ? (
        <TextField
          label={texts.siteAddressManual}
          hint={texts.siteAddressManualHint}
          required
          maxLength={PROJECT_OWNER_STREET_MAX_LENGTH}
          value={values.siteAddress}
          onChange={(event) =>
            form.update((current) => ({ ...current, siteAddress: event.target.value, siteLatitude: null, siteLongitude: null }), [
              'siteAddress',
            ])
          }
          onBlur={() => form.touch('siteAddress')}
          error={addressError}
        />
      ) : (
        // The search says itself what it finds (or that the service is down); the required
        // message shows on a save request only, so nothing moves under the pointer on blur.
        <div className="wizard-address">
          <AddressSearch
            label={texts.siteAddress}
            defaultValue={values.siteAddress}
            {...(env.addressSearchUrl ? { baseUrl: env.addressSearchUrl } : {})}
            onSelect={(address) =>
              form.update(
                (current) => ({
                  ...current,
                  siteAddress: address.label,
                  siteLatitude: address.center[0],
                  siteLongitude: address.center[1],
                }),
                ['siteAddress'],
              )
            }
          />
          <p className="wizard-address__chosen" aria-live="polite">
            {values.siteAddress
              ? fillTemplate(texts.siteAddressChosen, { address: values.siteAddress })
              : texts.siteAddressNone}
          </p>
          {addressError ? (
            <p className="wizard-error" role="alert">
              {addressError}
            </p>
          ) : null}
        </div>
      )}
      <DocumentUpload
        label={texts.permissionDocument}
        kind="PERMISSION"
        inquiryStatus={inquiryStatus}
        required
        documents={documents.filter((doc) => doc.kind === 'PERMISSION')}
        // Spec §5: no file chosen is invalid without a message; the server's reason (422 `documents`) shows.
        error={form.errorOf('documents')}
        ensureDraft={ensureDraft}
        onUploaded={onUploaded}
        onRemoved={onRemoved}
      />
    </div>
  );
}
