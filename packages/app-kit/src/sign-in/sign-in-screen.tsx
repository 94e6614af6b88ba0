import {
  parseProblem,
  problemMessage,
  requestLoginCode,
  requestRegistrationCode,
  verifyCode,
  type LoginResponse,
} from '@terres/api-client';
import { emailSchema, loginEmailSchema, normalizeEmail } from '@terres/domain';
import { Button } from '@terres/ui/button';
import { EmailAddress } from '@terres/ui/email-address';
import { OneTimeCodeInput } from '@terres/ui/one-time-code-input';
import { AnchorLink, type LinkComponent } from '@terres/ui/link';
import { TextField } from '@terres/ui/text-field';
import { useToast } from '@terres/ui/toast';
import { useState, type FormEvent, type ReactNode } from 'react';
import * as v from 'valibot';
import { texts } from '../texts';
import { AuthCard } from './auth-card';
import './sign-in.css';

// 'Un code ... envoyé à {email}': the address is an element of its own, which wraps at its dots
// and its @ rather than mid-word on a phone.
const [codeSentBefore, codeSentAfter = ''] = texts.codeSent.split('{email}');

export type SignInMode = 'login' | 'register';

export interface SignInScreenProps {
  mode: SignInMode;
  /** The code was right: store the session (`auth.signIn`) and leave the page. */
  onSignedIn: (response: LoginResponse) => void | Promise<void>;
  /** The other screen ('/register' from login, '/login' from registration); null hides the link. */
  alternateHref?: string | null;
  linkComponent?: LinkComponent;
  /** A message above the form, e.g. why the previous session ended. */
  notice?: ReactNode;
}

const MODES = {
  login: {
    title: texts.loginTitle,
    button: texts.loginButton,
    emailSchema: loginEmailSchema,
    request: requestLoginCode,
    alternatePrompt: texts.noAccount,
    alternateLabel: texts.registerLink,
  },
  register: {
    title: texts.registerTitle,
    button: texts.registerButton,
    emailSchema,
    request: requestRegistrationCode,
    alternatePrompt: texts.haveAccount,
    alternateLabel: texts.loginLink,
  },
} as const;

/** What a failed code request says: the server's reason for a refusal it explains (cooldown), else the spec's sentence. */
function requestError(error: unknown): string {
  const problem = parseProblem(error);
  return problem && problem.status < 500 && problem.detail ? problem.detail : texts.requestFailed;
}

/**
 * Sign-in and registration by e-mailed code (spec §2): the e-mail step, then the six boxes
 * (paste, Backspace, auto-submit at the sixth digit), 'Changer d'email' back to the first step.
 */
export function SignInScreen({ mode, onSignedIn, alternateHref, linkComponent: Link = AnchorLink, notice }: SignInScreenProps) {
  const config = MODES[mode];
  const toast = useToast();
  const [step, setStep] = useState<'email' | 'code'>('email');
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [sending, setSending] = useState(false);
  const [code, setCode] = useState('');
  const [codeError, setCodeError] = useState<string>();
  const [verifying, setVerifying] = useState(false);
  const [resending, setResending] = useState(false);

  const validEmail = (): string | undefined => {
    const result = v.safeParse(config.emailSchema, email);
    if (!result.success) {
      setEmailError(result.issues[0].message);
      return undefined;
    }
    return normalizeEmail(result.output);
  };

  const sendCode = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    const address = validEmail();
    if (!address) return;
    setSending(true);
    try {
      await config.request({ email: address });
      setEmail(address);
      setCode('');
      setCodeError(undefined);
      setStep('code');
      if (mode === 'register') toast.info(texts.codeSentToast);
    } catch (error) {
      const message = requestError(error);
      setEmailError(message);
      if (mode === 'register') toast.error(message);
    } finally {
      setSending(false);
    }
  };

  const resend = async () => {
    if (resending) return;
    setResending(true);
    try {
      await config.request({ email });
      setCode('');
      setCodeError(undefined);
      toast.info(texts.codeResent);
    } catch (error) {
      setCodeError(requestError(error));
    } finally {
      setResending(false);
    }
  };

  const verify = async (otp: string) => {
    if (verifying || otp.length !== 6) return;
    setVerifying(true);
    setCodeError(undefined);
    try {
      const response = await verifyCode({ email, otp });
      await onSignedIn(response);
    } catch (error) {
      // The server says why (wrong, expired, too many tries, archived); the spec's sentence otherwise.
      // The code stays in the boxes, selected to be typed over (issue 21: emptying them lost it).
      setCodeError(problemMessage(error, texts.codeIncorrect));
      setVerifying(false);
    }
  };

  const changeEmail = () => {
    setStep('email');
    setCode('');
    setCodeError(undefined);
  };

  const alternate =
    alternateHref && step === 'email' ? (
      <p className="terres-auth__alternate">
        {config.alternatePrompt}{' '}
        <Link href={alternateHref}>{config.alternateLabel}</Link>
      </p>
    ) : null;

  if (step === 'email') {
    return (
      <AuthCard title={config.title} notice={notice} footer={alternate}>
        <form className="terres-auth__form" noValidate onSubmit={sendCode}>
          <TextField
            label={texts.emailLabel}
            type="email"
            name="email"
            autoComplete="email"
            inputMode="email"
            placeholder={texts.emailPlaceholder}
            required
            autoFocus
            value={email}
            error={emailError}
            onChange={(event) => {
              setEmail(event.target.value);
              setEmailError(undefined);
            }}
            onBlur={() => {
              if (email.trim() !== '') validEmail();
            }}
          />
          <Button type="submit" fullWidth loading={sending} loadingLabel={texts.sending}>
            {config.button}
          </Button>
        </form>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={texts.codeTitle} notice={notice}>
      <form
        className="terres-auth__form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void verify(code);
        }}
      >
        <p className="terres-auth__lead">
          {codeSentBefore}
          <EmailAddress address={email} />
          {codeSentAfter}
        </p>
        <OneTimeCodeInput
          value={code}
          onChange={(next) => {
            setCode(next);
            if (next.length > 0) setCodeError(undefined);
          }}
          onComplete={(complete) => void verify(complete)}
          error={codeError}
          hint={texts.spamHint}
          disabled={verifying}
          autoFocus
        />
        <Button type="submit" fullWidth loading={verifying} loadingLabel={texts.verifying} disabled={code.length !== 6}>
          {texts.verifyButton}
        </Button>
        <div className="terres-auth__actions">
          <Button type="button" variant="ghost" size="sm" onClick={changeEmail}>
            {texts.changeEmail}
          </Button>
          <Button type="button" variant="ghost" size="sm" loading={resending} loadingLabel={texts.sending} onClick={() => void resend()}>
            {texts.resendCode}
          </Button>
        </div>
      </form>
    </AuthCard>
  );
}
