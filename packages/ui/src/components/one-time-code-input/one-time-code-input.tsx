import { OTP_LENGTH } from '@terres/domain';
import {
  useEffect,
  useRef,
  useState,
  type ChangeEvent,
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { FormField } from '../form-field/form-field';
import { TextField, type TextFieldProps } from '../text-field/text-field';
import './one-time-code-input.css';

export interface OneTimeCodeInputProps {
  /** Caption of the group of boxes. */
  label?: ReactNode;
  hint?: ReactNode;
  /**
   * Error message (e.g. 'Code incorrect. Veuillez réessayer.'); shown and announced. With the
   * six boxes filled, the code was refused: it stays, shown selected from the first box, and
   * the next digit typed starts a new code (as typing over a selected text).
   */
  error?: ReactNode;
  /** The code typed so far (digits only). Set it to '' to clear the boxes. */
  value?: string;
  defaultValue?: string;
  /** Every change, with the digits typed so far joined ('12' while two boxes are filled). */
  onChange?: (code: string) => void;
  /** Called once the sixth digit is in: the screen submits the code. */
  onComplete?: (code: string) => void;
  disabled?: boolean;
  /** Focus the first empty box on mount. */
  autoFocus?: boolean;
  id?: string;
  className?: string;
}

const EMPTY: readonly string[] = Array.from({ length: OTP_LENGTH }, () => '');

function toDigits(code: string | undefined): string[] {
  const clean = (code ?? '').replace(/\D/g, '').slice(0, OTP_LENGTH);
  return EMPTY.map((_, index) => clean[index] ?? '');
}

/**
 * Six boxes of one digit each (the sign-in code). Typing a digit fills the box and moves
 * on; pasting a code fills the boxes from the first; Backspace on an empty box goes back and
 * clears the previous one; the arrow keys move. When the six digits are in, `onComplete`
 * runs (auto-submit). Each box is named 'Chiffre n sur 6'; the first one accepts the
 * browser's one-time-code autofill. A refused code (`error` with six digits) stays in the
 * boxes, all selected: a digit typed replaces it, Backspace or Delete clears it.
 */
export function OneTimeCodeInput({
  label = 'Code de vérification',
  hint,
  error,
  value,
  defaultValue,
  onChange,
  onComplete,
  disabled = false,
  autoFocus = false,
  id,
  className,
}: OneTimeCodeInputProps) {
  const [digits, setDigits] = useState(() => toDigits(value ?? defaultValue));
  // A new value from the parent (e.g. '' after 'Changer d'email') replaces the boxes.
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== undefined && value !== digits.join('')) setDigits(toDigits(value));
  }
  const boxes = useRef<(HTMLInputElement | null)[]>([]);
  const refused = Boolean(error) && digits.every((digit) => digit !== '');

  const focusBox = (index: number) => {
    const box = boxes.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))];
    box?.focus();
    box?.select();
  };

  const commit = (next: string[]) => {
    setDigits(next);
    const code = next.join('');
    onChange?.(code);
    if (code.length === OTP_LENGTH) onComplete?.(code);
  };

  // A refused code: back to the first box, the whole code to be typed over.
  useEffect(() => {
    if (!refused || disabled) return;
    boxes.current[0]?.focus();
    boxes.current[0]?.select();
  }, [refused, disabled]);

  /** Writes digits from `start` on, then focuses the box after the last one written. */
  const fill = (start: number, incoming: string) => {
    const clean = incoming.replace(/\D/g, '');
    if (clean === '') return;
    // Typing over a refused code replaces all of it, from the first box.
    const next = refused ? [...EMPTY] : [...digits];
    let index = refused ? 0 : start;
    for (const digit of clean) {
      if (index >= OTP_LENGTH) break;
      next[index] = digit;
      index += 1;
    }
    commit(next);
    focusBox(index);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.metaKey || event.ctrlKey || event.altKey) return;
    if (/^\d$/.test(event.key)) {
      event.preventDefault();
      fill(index, event.key);
      return;
    }
    if (refused && (event.key === 'Backspace' || event.key === 'Delete')) {
      event.preventDefault();
      commit([...EMPTY]);
      focusBox(0);
      return;
    }
    switch (event.key) {
      case 'Backspace': {
        event.preventDefault();
        if (digits[index]) {
          const next = [...digits];
          next[index] = '';
          commit(next);
        } else if (index > 0) {
          const next = [...digits];
          next[index - 1] = '';
          commit(next);
          focusBox(index - 1);
        }
        return;
      }
      case 'Delete': {
        event.preventDefault();
        const next = [...digits];
        next[index] = '';
        commit(next);
        return;
      }
      case 'ArrowLeft':
        event.preventDefault();
        focusBox(index - 1);
        return;
      case 'ArrowRight':
        event.preventDefault();
        focusBox(index + 1);
        return;
      case 'Home':
        event.preventDefault();
        focusBox(0);
        return;
      case 'End':
        event.preventDefault();
        focusBox(OTP_LENGTH - 1);
        return;
      default:
        return;
    }
  };

  // Autofill (SMS code, password managers) and mobile keyboards that send no key name.
  const onInput = (index: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const typed = event.target.value.replace(/\D/g, '');
    if (typed === '') {
      const next = [...digits];
      next[index] = '';
      commit(next);
      return;
    }
    // A code of OTP_LENGTH digits fills every box whichever box received it.
    fill(typed.length >= OTP_LENGTH ? 0 : index, typed.length >= OTP_LENGTH ? typed : typed.slice(-1));
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const pasted = event.clipboardData.getData('text').replace(/\D/g, '');
    fill(pasted.length >= OTP_LENGTH ? 0 : index, pasted);
  };

  const firstEmpty = digits.findIndex((digit) => digit === '');

  return (
    <FormField label={label} hint={hint} error={error} id={id} className={className} labelKind="group">
      {({ labelId, id: groupId, ...control }) => (
        <div
          className="terres-otp"
          role="group"
          id={groupId}
          aria-labelledby={labelId}
          aria-describedby={control['aria-describedby']}
          data-disabled={disabled ? '' : undefined}
          data-refused={refused ? '' : undefined}
        >
          {digits.map((digit, index) => (
            <input
              // The boxes are fixed: their position is their identity.
              key={index}
              ref={(element) => {
                boxes.current[index] = element;
              }}
              className="terres-otp__box"
              type="text"
              inputMode="numeric"
              pattern="[0-9]*"
              autoComplete={index === 0 ? 'one-time-code' : 'off'}
              aria-label={`Chiffre ${index + 1} sur ${OTP_LENGTH}`}
              aria-invalid={control['aria-invalid']}
              aria-describedby={control['aria-describedby']}
              value={digit}
              disabled={disabled}
              autoFocus={autoFocus && index === (firstEmpty === -1 ? 0 : firstEmpty)}
              onKeyDown={onKeyDown(index)}
              onChange={onInput(index)}
              onPaste={onPaste(index)}
              onFocus={(event) => event.target.select()}
            />
          ))}
        </div>
      )}
    </FormField>
  );
}

export interface OneTimeCodeFieldProps
  extends Omit<TextFieldProps, 'label' | 'value' | 'defaultValue' | 'onChange' | 'type' | 'maxLength' | 'inputMode'> {
  /** Default 'Code de vérification'. */
  label?: ReactNode;
  value?: string;
  defaultValue?: string;
  /** Digits only, at most 6. */
  onValueChange?: (code: string) => void;
  /** Called when the sixth digit is in. */
  onComplete?: (code: string) => void;
}

/**
 * The invitation screen's single code field: one input, digits only, at most 6,
 * numeric keyboard and one-time-code autofill, placeholder '123456'.
 */
export function OneTimeCodeField({
  label = 'Code de vérification',
  value,
  defaultValue,
  onValueChange,
  onComplete,
  placeholder = '123456',
  showCounter = false,
  ...rest
}: OneTimeCodeFieldProps) {
  const [own, setOwn] = useState(() => (defaultValue ?? '').replace(/\D/g, '').slice(0, OTP_LENGTH));
  const code = value ?? own;
  return (
    <TextField
      {...rest}
      label={label}
      type="text"
      inputMode="numeric"
      pattern="[0-9]*"
      autoComplete="one-time-code"
      maxLength={OTP_LENGTH}
      showCounter={showCounter}
      placeholder={placeholder}
      inputClassName="terres-otp-field"
      value={code}
      onChange={(event) => {
        const next = event.target.value.replace(/\D/g, '').slice(0, OTP_LENGTH);
        if (next === code) return;
        setOwn(next);
        onValueChange?.(next);
        if (next.length === OTP_LENGTH) onComplete?.(next);
      }}
    />
  );
}
