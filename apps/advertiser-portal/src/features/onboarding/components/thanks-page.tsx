import { AppLink } from '@terres/app-kit';
import { Button } from '@terres/ui/button';
import { texts } from '../texts';
import { OnboardingLayout } from './onboarding-layout';

/** /onboarding/thanks (spec §2): the account exists; on to the organisation's steps. */
export function ThanksPage() {
  return (
    <OnboardingLayout title={texts.thanksTitle} lead={texts.thanksLead}>
      <div className="portal-form">
        <p className="portal-onboarding__muted">{texts.thanksBody}</p>
        <div className="portal-form__actions">
          <div className="portal-form__actions-end">
            <Button asChild>
              <AppLink href="/onboarding/step-1">{texts.createOrganisation}</AppLink>
            </Button>
          </div>
        </div>
      </div>
    </OnboardingLayout>
  );
}
