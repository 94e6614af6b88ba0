import {
  dateBeforeMinMessage,
  calendarDateToDisplay,
  dateAfterMaxMessage,
  messages,
  toCalendarDate,
  todayInParis,
} from '@terres/domain';
import { useRef, useState, type FocusEvent, type ReactNode } from 'react';
import { FormField, type FieldBaseProps } from '../form-field/form-field';
import './date-field.css';
import '../text-field/text-field.css';

export interface DateFieldProps extends FieldBaseProps {
  /** The date as ISO 'YYYY-MM-DD', or '' when empty. */
  value?: string;
  defaultValue?: string;
  /**
   * Called with the ISO date once the text is a whole, real date ('25/12/2026' ->
   * '2026-12-25'), and with '' when the text is emptied or no longer a whole date.
   */
  onValueChange?: (isoDate: string) => void;
  /** First and last allowed days, ISO (e.g. the domain's `dateWindow()`). */
  min?: string;
  max?: string;
  disabled?: boolean;
  readOnly?: boolean;
  name?: string;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  /** Shows a calendar button that opens the browser's own date picker (default true). */
  picker?: boolean;
  placeholder?: string;
}

const DISPLAY = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/;
const COMPACT = /^(\d{2})(\d{2})(\d{4})$/;

/** 'DD/MM/YYYY' (or 'DDMMYYYY', 'D/M/YYYY') -> ISO 'YYYY-MM-DD'; null when not a real date. */
export function parseFrenchDate(text: string): string | null {
  const trimmed = text.trim();
  const match = DISPLAY.exec(trimmed) ?? COMPACT.exec(trimmed);
  if (!match) return null;
  const [, d = '', m = '', y = ''] = match;
  return toCalendarDate(`${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`);
}

function isoToText(iso: string | undefined): string {
  const day = iso ? toCalendarDate(iso) : null;
  return day ? calendarDateToDisplay(day) : '';
}

/**
 * The field's own verdict once the user leaves it: an unreadable date, or a day outside
 * min/max. Uses the domain's sentences; before a `min` that is not today the domain has no
 * sentence, so ours mirrors its 'postérieure au' one.
 */
export function dateFieldError(text: string, min?: string, max?: string): string | null {
  if (text.trim() === '') return null;
  const iso = parseFrenchDate(text);
  if (iso === null) return messages.dateInvalid;
  if (min && iso < min) {
    return min === todayInParis() ? messages.dateBeforeToday : dateBeforeMinMessage(calendarDateToDisplay(min));
  }
  if (max && iso > max) return dateAfterMaxMessage(calendarDateToDisplay(max));
  return null;
}

function CalendarIcon(): ReactNode {
  return (
    <svg viewBox="0 0 20 20" width="20" height="20" aria-hidden="true" focusable="false">
      <rect x="3" y="4.5" width="14" height="12.5" rx="1.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      <path d="M3 8.5h14M7 3v3M13 3v3" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
    </svg>
  );
}

/**
 * A French date typed as JJ/MM/AAAA, with an optional button opening the browser's date
 * picker. The value going in and out is ISO 'YYYY-MM-DD'. When the user leaves the field,
 * an unreadable date or one outside min/max shows the domain's message; an `error` given by
 * the form (e.g. `dateError(value)` from the domain) always wins.
 */
export function DateField({
  label,
  hint = 'Format attendu : JJ/MM/AAAA',
  error,
  required,
  id,
  className,
  value,
  defaultValue,
  onValueChange,
  min,
  max,
  disabled,
  readOnly,
  name,
  onBlur,
  picker = true,
  placeholder = 'JJ/MM/AAAA',
}: DateFieldProps) {
  const [text, setText] = useState(() => isoToText(value ?? defaultValue));
  const [ownError, setOwnError] = useState<string | null>(null);
  // A new value from the parent replaces the text (derived state, no effect needed).
  const [seenValue, setSeenValue] = useState(value);
  if (value !== seenValue) {
    setSeenValue(value);
    if (value !== undefined && value !== (parseFrenchDate(text) ?? '')) {
      setText(isoToText(value));
      setOwnError(null);
    }
  }
  const nativeRef = useRef<HTMLInputElement>(null);
  const iso = parseFrenchDate(text) ?? '';

  const change = (next: string) => {
    setText(next);
    setOwnError(null);
    const parsed = parseFrenchDate(next) ?? '';
    if (parsed !== iso) onValueChange?.(parsed);
  };

  const openPicker = () => {
    const input = nativeRef.current;
    if (!input) return;
    try {
      input.showPicker();
    } catch {
      input.click();
    }
  };

  const shownError = error ?? ownError ?? undefined;

  return (
    <FormField label={label} hint={hint} error={shownError} required={required} id={id} className={className}>
      {({ labelId: _labelId, ...control }) => (
        <div className="terres-date-field" data-disabled={disabled ? '' : undefined}>
          <input
            {...control}
            className="terres-input terres-date-field__input"
            type="text"
            inputMode="numeric"
            autoComplete="off"
            placeholder={placeholder}
            maxLength={10}
            value={text}
            disabled={disabled}
            readOnly={readOnly}
            onChange={(event) => change(event.target.value.replace(/[^\d/.-]/g, ''))}
            onBlur={(event) => {
              setOwnError(dateFieldError(text, min, max));
              onBlur?.(event);
            }}
          />
          {name ? <input type="hidden" name={name} value={iso} /> : null}
          {picker ? (
            <>
              <button
                type="button"
                className="terres-date-field__picker"
                onClick={openPicker}
                disabled={disabled || readOnly}
                aria-label="Choisir la date dans le calendrier"
                aria-controls={control.id}
              >
                <CalendarIcon />
              </button>
              <input
                ref={nativeRef}
                className="terres-visually-hidden"
                type="date"
                tabIndex={-1}
                aria-hidden="true"
                aria-label="Calendrier"
                min={min}
                max={max}
                value={iso}
                disabled={disabled || readOnly}
                onChange={(event) => {
                  const picked = toCalendarDate(event.target.value);
                  if (picked) {
                    change(calendarDateToDisplay(picked));
                    setOwnError(dateFieldError(calendarDateToDisplay(picked), min, max));
                  }
                }}
              />
            </>
          ) : null}
        </div>
      )}
    </FormField>
  );
}
