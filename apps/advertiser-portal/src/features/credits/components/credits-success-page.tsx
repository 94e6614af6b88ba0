import { Navigate, useNavigate } from '@tanstack/react-router';
import { AppLink } from '@terres/app-kit';
import { fillTemplate, formatCredits, PAYMENT_POLLING } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { LoadingScreen } from '@terres/ui/loading-screen';
import { useState } from 'react';
import { PortalShell } from '../../../components/portal-shell';
import { env } from '../../../config/env';
import { usePaymentConfirmation } from '../api/use-payment-confirmation';
import { readReturn, rememberReturn } from '../model/return-path';
import { texts } from '../texts';
import '../credits.css';

export interface CreditsSuccessPageProps {
  /** `expected_credit_count`: the balance the organisation has once the purchase is credited. */
  expectedCreditCount: number | string | undefined;
  paymentConfirmed: boolean;
  supportEmail?: string;
}

/** A whole number of credits, or null (then the page goes back to the packs). */
function readExpected(value: number | string | undefined): number | null {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof number === 'number' && Number.isFinite(number) && number >= 0 ? number : null;
}

/**
 * /credits/success (spec §4): waiting for the credits, then a countdown to /dashboard, or the
 * timeout. A purchase started from a listing goes back to it instead (model/return-path.ts).
 */
export function CreditsSuccessPage({ expectedCreditCount, paymentConfirmed, supportEmail = env.supportEmail }: CreditsSuccessPageProps) {
  const expected = readExpected(expectedCreditCount);
  if (expected === null) return <Navigate to="/credits/buy" replace />;
  return <PaymentStatus expected={expected} confirmed={paymentConfirmed} supportEmail={supportEmail} />;
}

function PaymentStatus({ expected, confirmed, supportEmail }: { expected: number; confirmed: boolean; supportEmail: string }) {
  const navigate = useNavigate();
  const [back] = useState(readReturn);
  const goBack = () => {
    rememberReturn(undefined);
    void navigate({ to: back ?? '/dashboard', replace: true });
  };
  const { phase, elapsedMs, balance, secondsLeft } = usePaymentConfirmation(expected, confirmed, goBack);

  return (
    <PortalShell title={texts.successPageTitle}>
      <section className="portal-payment portal-card" aria-labelledby="portal-payment-title" aria-live="polite">
        {phase === 'waiting' ? (
          <>
            <h2 id="portal-payment-title" className="portal-payment__title">
              {texts.waitingTitle}
            </h2>
            <p className="portal-payment__muted">{texts.waitingText}</p>
            <LoadingScreen
              label={
                elapsedMs > PAYMENT_POLLING.showElapsedAfterMs
                  ? fillTemplate(texts.elapsed, { seconds: Math.floor(elapsedMs / 1000) })
                  : texts.checking
              }
            />
          </>
        ) : phase === 'countdown' ? (
          <>
            <h2 id="portal-payment-title" className="portal-payment__title">
              {texts.confirmedTitle}
            </h2>
            <p className="portal-payment__balance">{fillTemplate(texts.confirmedText, { balance: formatCredits(balance ?? expected) })}</p>
            <p className="portal-payment__muted">{fillTemplate(back ? texts.countdownToListing : texts.countdown, { seconds: secondsLeft })}</p>
            <Button onClick={goBack}>{back ? texts.backToListing : texts.goToDashboard}</Button>
          </>
        ) : (
          <>
            <h2 id="portal-payment-title" className="portal-payment__title">
              {texts.timeoutTitle}
            </h2>
            <p>{texts.timeoutText}</p>
            <p className="portal-payment__balance">{fillTemplate(texts.currentBalance, { balance: formatCredits(balance ?? 0) })}</p>
            <p>
              {texts.support} <a href={`mailto:${supportEmail}`}>{supportEmail}</a> {texts.supportEnd}
            </p>
            <Button asChild variant="secondary">
              <AppLink href={back ?? '/dashboard'}>{back ? texts.backToListing : texts.backToDashboard}</AppLink>
            </Button>
          </>
        )}
      </section>
    </PortalShell>
  );
}
