import { useNavigate } from '@tanstack/react-router';
import { useAuth } from '@terres/app-kit';
import { fillTemplate } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { Stepper } from '@terres/ui/stepper';
import type { ReactNode } from 'react';
import { texts } from '../texts';
import '../../../components/forms.css';
import '../onboarding.css';

export interface OnboardingLayoutProps {
  title: string;
  /** The organisation step (1 to 4): shows 'Étape n/4' and the steps. */
  step?: 1 | 2 | 3 | 4;
  lead?: ReactNode;
  children?: ReactNode;
}

/**
 * The onboarding pages' frame: the product's name and 'Se déconnecter' (nothing else of the
 * portal is reachable before the organisation is complete), then one card.
 */
export function OnboardingLayout({ title, step, lead, children }: OnboardingLayoutProps) {
  const { auth } = useAuth();
  const navigate = useNavigate();
  return (
    <div className="portal-onboarding">
      <header className="portal-onboarding__header">
        <p className="portal-onboarding__brand">Bourse aux terres</p>
        <Button
          variant="ghost"
          size="sm"
          onClick={() => {
            void auth.signOut().then(() => navigate({ to: '/login', replace: true }));
          }}
        >
          {texts.signOut}
        </Button>
      </header>
      <main id="terres-main" className="portal-onboarding__main">
        {step ? (
          <Stepper
            className="portal-onboarding__stepper"
            label={texts.stepsLabel}
            steps={texts.stepNames.map((label) => ({ label }))}
            currentStep={step - 1}
          />
        ) : null}
        <section className="portal-card portal-onboarding__card" aria-labelledby="portal-onboarding-title">
          {step ? <p className="portal-onboarding__step">{fillTemplate(texts.stepOf, { step })}</p> : null}
          <h1 id="portal-onboarding-title" className="portal-onboarding__title">
            {title}
          </h1>
          {lead ? <p className="portal-onboarding__lead">{lead}</p> : null}
          {children}
        </section>
      </main>
    </div>
  );
}
