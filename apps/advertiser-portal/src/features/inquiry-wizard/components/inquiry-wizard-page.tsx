// /user/create-inquiry/{id}: reads the listing (a 404 is a new draft with that id), finds its
// type (the listing's, else ?type=, else the dashboard's navigation state, else the user's
// choice), and shows the wizard, or why the listing cannot be edited any more.
import { useSuspenseQuery } from '@tanstack/react-query';
import { useNavigate, useRouterState } from '@tanstack/react-router';
import { AppLink } from '@terres/app-kit';
import { fillTemplate, isEditableByAdvertiser, statusLabel, wizardTitle } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { useEffect } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { wizardDraftQueryOptions } from '../api/wizard-draft';
import { readInquiryType, type WizardSearch } from '../model/search';
import { texts } from '../texts';
import { InquiryWizard } from './inquiry-wizard';
import './inquiry-wizard.css';

export function InquiryWizardPage({ id, search }: { id: string; search: WizardSearch }) {
  const { data: draft } = useSuspenseQuery(wizardDraftQueryOptions(id));
  const navigate = useNavigate();
  // The dashboard's create dialog puts the type in the navigation state (src/lib/new-inquiry.ts).
  const stateType = useRouterState({ select: (state) => readInquiryType(state.location.state.inquiryType) });
  const type = draft.inquiry?.type ?? search.type ?? stateType;

  // The type given in navigation state goes into the URL, so a reload keeps it.
  useEffect(() => {
    if (!draft.inquiry && !search.type && stateType) {
      void navigate({ to: '/user/create-inquiry/$id', params: { id }, search: (prev) => ({ ...prev, type: stateType }), replace: true });
    }
  }, [draft.inquiry, id, navigate, search.type, stateType]);

  const chooseType = (chosen: 'CUT' | 'FILL') =>
    void navigate({ to: '/user/create-inquiry/$id', params: { id }, search: (prev) => ({ ...prev, type: chosen }), replace: true });

  if (!type) {
    return (
      <PortalShell title={texts.chooseTypeTitle} backBar={null}>
        <div className="wizard-choice" role="group" aria-label={texts.chooseTypeTitle}>
          <Button size="lg" onClick={() => chooseType('CUT')}>
            {texts.chooseCut}
          </Button>
          <Button size="lg" variant="secondary" onClick={() => chooseType('FILL')}>
            {texts.chooseFill}
          </Button>
        </div>
      </PortalShell>
    );
  }

  if (draft.inquiry && !isEditableByAdvertiser(draft.inquiry.status)) {
    return (
      <PortalShell title={wizardTitle(type)} backBar={null}>
        <div className="wizard-notice" role="note" aria-label={texts.notEditableTitle}>
          <p className="wizard-notice__title">{texts.notEditableTitle}</p>
          <p>{fillTemplate(texts.notEditableBody, { status: statusLabel(draft.inquiry.status) })}</p>
          <p className="wizard-notice__actions">
            <AppLink href={`/user/inquiry/details/${id}/overview`}>{texts.viewListing}</AppLink>
            <AppLink href="/dashboard">{texts.backToDashboard}</AppLink>
          </p>
        </div>
      </PortalShell>
    );
  }

  return (
    <PortalShell title={wizardTitle(type)} backBar={null}>
      <InquiryWizard key={id} id={id} type={type} draft={draft} search={search} />
    </PortalShell>
  );
}
