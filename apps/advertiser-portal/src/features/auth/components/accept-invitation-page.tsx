import { parseProblem, problemMessage, requestInvitationCode, verifyCode } from '@terres/api-client';
import { AuthCard, useAuthController } from '@terres/app-kit';
import { decodeInvitationToken, INVITATION_REDIRECT_DELAY_MS, OTP_LENGTH } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { LoadingScreen } from '@terres/ui/loading-screen';
import { OneTimeCodeField } from '@terres/ui/one-time-code-input';
import { AnchorLink, type LinkComponent } from '@terres/ui/link';
import { useToast } from '@terres/ui/toast';
import { useEffect, useRef, useState } from 'react';
import { texts } from '../texts';
import '../auth.css';

type InvitationState =
  | { kind: 'loading' }
  | { kind: 'error'; message: string }
  | { kind: 'otp_sent'; email: string }
  | { kind: 'verifying'; email: string }
  | { kind: 'signed_in' };

/**
 * Why a code could not be sent: the server's reason for a refusal it explains (invitation
 * withdrawn or already used, account already existing, organisation archived, cooldown), else
 * the spec's sentence (spec §8).
 */
function sendError(error: unknown): string {
  const problem = parseProblem(error);
  return problem && problem.status < 500 && problem.detail ? problem.detail : texts.invitationSendFailed;
}

export interface AcceptInvitationPageProps {
  /** The invitation's token, from the e-mail's link. */
  token: string | undefined;
  /** Goes on to `target` once signed in: the router's navigation, or the app started there (accept-invitation-main.tsx). */
  leave: (target: string) => Promise<void> | void;
  /** The link back to /login: the router's; a plain link on the page of its own. */
  linkComponent?: LinkComponent;
}

/**
 * /accept-invitation?token=... (spec §2, §4 "Invitation flow"): loading (the token is read,
 * then the API e-mails a code to the invited address), error, code sent, verifying, signed in:
 * a welcome toast, then /dashboard after 0.5 s (where the completeness guard asks a new
 * collaborator for their profile). Opened from the e-mail it is a page of its own, without the
 * router (decision 0182); inside the app, the route draws the same screen.
 */
export function AcceptInvitationPage({ token, leave, linkComponent: Link = AnchorLink }: AcceptInvitationPageProps) {
  const auth = useAuthController();
  const toast = useToast();
  const [state, setState] = useState<InvitationState>({ kind: 'loading' });
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [resending, setResending] = useState(false);
  // One code request per token, even when React runs the effect twice (StrictMode): a second
  // request would hit the 60-second cooldown.
  const requestedFor = useRef<string | null>(null);
  const redirectTimer = useRef<number | undefined>(undefined);

  useEffect(() => () => window.clearTimeout(redirectTimer.current), []);

  useEffect(() => {
    const key = token ?? '';
    if (requestedFor.current === key) return;
    requestedFor.current = key;
    setState({ kind: 'loading' });
    const decoded = decodeInvitationToken(token);
    if (!decoded.ok) {
      setState({ kind: 'error', message: decoded.message });
      return;
    }
    requestInvitationCode({ token: token ?? '' })
      .then((sent) => setState({ kind: 'otp_sent', email: sent.email || decoded.email }))
      .catch((error: unknown) => setState({ kind: 'error', message: sendError(error) }));
  }, [token]);

  if (state.kind === 'loading') {
    return (
      <AuthCard title={texts.acceptTitle}>
        <LoadingScreen label={texts.invitationLoading} />
      </AuthCard>
    );
  }

  if (state.kind === 'error') {
    return (
      <AuthCard title={texts.acceptTitle}>
        <div className="terres-auth__form">
          <p className="portal-invitation__error" role="alert">
            {state.message}
          </p>
          <Button asChild fullWidth variant="secondary">
            <Link href="/login">{texts.backToLogin}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }

  const email = state.kind === 'signed_in' ? '' : state.email;
  const verifying = state.kind === 'verifying' || state.kind === 'signed_in';

  const verify = async () => {
    if (verifying || code.length !== OTP_LENGTH || state.kind !== 'otp_sent') return;
    setCodeError(undefined);
    setState({ kind: 'verifying', email });
    try {
      // Signed in from an empty cache: nothing of a previous session on this browser shows.
      auth.signIn(await verifyCode({ email, otp: code }));
      setState({ kind: 'signed_in' });
      toast.success(texts.welcome);
      redirectTimer.current = window.setTimeout(() => void leave('/dashboard'), INVITATION_REDIRECT_DELAY_MS);
    } catch (error) {
      setCodeError(problemMessage(error, texts.invitationCodeInvalid));
      setCode('');
      setState({ kind: 'otp_sent', email });
    }
  };

  const resend = async () => {
    if (resending || verifying) return;
    setResending(true);
    try {
      await requestInvitationCode({ token: token ?? '' });
      setCode('');
      setCodeError(undefined);
      toast.info(texts.invitationCodeResent);
    } catch (error) {
      setCodeError(sendError(error));
    } finally {
      setResending(false);
    }
  };

  return (
    <AuthCard title={texts.acceptTitle}>
      <form
        className="terres-auth__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify();
        }}
      >
        <div className="terres-auth__lead">
          <p className="portal-invitation__lead">{texts.invitationLead}</p>
          <p className="portal-invitation__email">
            <strong>{email}</strong>
          </p>
          <p className="portal-invitation__lead">{texts.invitationCodeSent}</p>
        </div>
        <OneTimeCodeField
          value={code}
          onValueChange={(next) => {
            setCode(next);
            if (next.length > 0) setCodeError(undefined);
          }}
          error={codeError}
          hint={texts.invitationSpamHint}
          disabled={verifying}
          autoFocus
          required
        />
        <Button type="submit" fullWidth loading={verifying} loadingLabel={texts.verifying} disabled={code.length !== OTP_LENGTH}>
          {texts.verifyAndSignIn}
        </Button>
        <div className="terres-auth__actions">
          <Button type="button" variant="ghost" size="sm" loading={resending} loadingLabel={texts.sending} onClick={() => void resend()}>
            {texts.resendCode}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
