// The payment success page's states (spec §4 "Payment success page", constants of spec §9 in
// the domain's PAYMENT_POLLING). The page's query parameters are never trusted for the balance
// (CONTRACT §9): it is read from the API, and the header follows it.
import { useQueryClient } from '@tanstack/react-query';
import { getMyOrganization } from '@terres/api-client';
import { PAYMENT_POLLING, toCreditBalance } from '@terres/domain';
import { useEffect, useState } from 'react';
import { myOrganizationQueryOptions } from '../../../lib/my-organization';

export type PaymentPhase = 'waiting' | 'countdown' | 'timeout';

export interface PaymentConfirmation {
  phase: PaymentPhase;
  /** Time spent waiting, in milliseconds (shown after `PAYMENT_POLLING.showElapsedAfterMs`). */
  elapsedMs: number;
  /** The last balance read from the API (or the expected one after a confirmed payment). */
  balance: number | null;
  /** Seconds left before the automatic redirect, during the countdown. */
  secondsLeft: number;
}

/**
 * - `confirmed` (payment_confirmed=true): the countdown after 3 s, with the expected balance;
 *   the header's balance is then read again from the API.
 * - otherwise the organisation is read every 2 s, 15 times at most (30 s): once its balance
 *   reaches `expected` and at least 3 s have passed, the countdown; after 30 s, the timeout.
 * - the countdown lasts 10 s, then `onCountdownEnd`.
 */
export function usePaymentConfirmation(expected: number, confirmed: boolean, onCountdownEnd: () => void): PaymentConfirmation {
  const queryClient = useQueryClient();
  const [phase, setPhase] = useState<PaymentPhase>('waiting');
  const [elapsedMs, setElapsedMs] = useState(0);
  // Until the first read, the balance the header already shows.
  const [balance, setBalance] = useState<number | null>(() => {
    const cached = queryClient.getQueryData(myOrganizationQueryOptions().queryKey);
    return cached ? toCreditBalance(cached.creditBalance) : null;
  });
  const [secondsLeft, setSecondsLeft] = useState(PAYMENT_POLLING.countdownMs / 1000);

  useEffect(() => {
    const start = Date.now();
    const timers = new Set<number>();
    const controller = new AbortController();
    let finished = false;
    const later = (fn: () => void, ms: number) => {
      const id = window.setTimeout(() => {
        timers.delete(id);
        fn();
      }, ms);
      timers.add(id);
    };
    const clock = window.setInterval(() => setElapsedMs(Date.now() - start), 1000);
    const finish = (next: PaymentPhase) => {
      if (finished) return;
      finished = true;
      window.clearInterval(clock);
      setPhase(next);
    };

    if (confirmed) {
      later(() => {
        setBalance(expected);
        finish('countdown');
        // The header reads the balance from the API, not from the address.
        void queryClient.invalidateQueries({ queryKey: myOrganizationQueryOptions().queryKey });
      }, PAYMENT_POLLING.confirmedWaitMs);
    } else {
      let checks = 0;
      const check = async () => {
        checks += 1;
        let reached = false;
        try {
          const organisation = await getMyOrganization({ signal: controller.signal });
          const current = toCreditBalance(organisation.creditBalance);
          setBalance(current);
          queryClient.setQueryData(myOrganizationQueryOptions().queryKey, organisation);
          reached = current >= expected;
        } catch {
          if (controller.signal.aborted) return;
          // A failed read is one check less; the next one may pass.
        }
        const spent = Date.now() - start;
        if (reached) later(() => finish('countdown'), Math.max(0, PAYMENT_POLLING.minWaitMs - spent));
        else if (checks >= PAYMENT_POLLING.maxChecks || spent >= PAYMENT_POLLING.timeoutMs) finish('timeout');
        else later(() => void check(), PAYMENT_POLLING.intervalMs);
      };
      later(() => void check(), PAYMENT_POLLING.intervalMs);
    }

    return () => {
      controller.abort();
      window.clearInterval(clock);
      for (const id of timers) window.clearTimeout(id);
    };
  }, [expected, confirmed, queryClient]);

  useEffect(() => {
    if (phase !== 'countdown') return;
    const end = Date.now() + PAYMENT_POLLING.countdownMs;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((end - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        onCountdownEnd();
      }
    }, 250);
    return () => window.clearInterval(timer);
    // onCountdownEnd changes identity at each render; the countdown starts once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [phase]);

  return { phase, elapsedMs, balance, secondsLeft };
}
