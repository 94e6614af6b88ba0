import * as CheckboxPrimitive from '@radix-ui/react-checkbox';
import { Label } from '@radix-ui/react-label';
import { useId, type ReactNode } from 'react';
import { joinIds } from '../form-field/form-field';
import './checkbox.css';
import '../form-field/form-field.css';

export type CheckedState = boolean | 'indeterminate';

export interface CheckboxProps {
  /** The label beside the box ('Composition inconnue', 'Vérifiée'). */
  label: ReactNode;
  hint?: ReactNode;
  /** Error message (e.g. the certification message); shown and announced. */
  error?: ReactNode;
  required?: boolean;
  checked?: CheckedState;
  defaultChecked?: CheckedState;
  onCheckedChange?: (checked: CheckedState) => void;
  disabled?: boolean;
  name?: string;
  value?: string;
  id?: string;
  className?: string;
}

/** A labelled checkbox (Radix Checkbox): Space toggles it; clicking the label toggles it too. */
export function Checkbox({
  label,
  hint,
  error,
  required = false,
  checked,
  defaultChecked,
  onCheckedChange,
  disabled,
  name,
  value,
  id,
  className,
}: CheckboxProps) {
  const generated = useId();
  const controlId = id ?? `terres-checkbox-${generated}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;

  return (
    <div className={className ? `terres-checkbox ${className}` : 'terres-checkbox'} data-invalid={hasError ? '' : undefined}>
      <div className="terres-checkbox__row">
        <CheckboxPrimitive.Root
          id={controlId}
          className="terres-checkbox__box"
          checked={checked}
          defaultChecked={defaultChecked}
          onCheckedChange={onCheckedChange}
          disabled={disabled}
          name={name}
          value={value}
          aria-describedby={joinIds(hintId, errorId)}
          aria-invalid={hasError ? true : undefined}
          aria-required={required ? true : undefined}
        >
          <CheckboxPrimitive.Indicator className="terres-checkbox__indicator">
            <svg viewBox="0 0 16 16" width="14" height="14" aria-hidden="true" focusable="false">
              <path className="terres-checkbox__check" d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" strokeLinejoin="round" />
              <path className="terres-checkbox__dash" d="M4 8h8" fill="none" stroke="currentColor" strokeWidth="2.25" strokeLinecap="round" />
            </svg>
          </CheckboxPrimitive.Indicator>
        </CheckboxPrimitive.Root>
        <Label className="terres-checkbox__label" htmlFor={controlId} data-disabled={disabled ? '' : undefined}>
          {label}
          {required ? (
            <span className="terres-form-field__required" aria-hidden="true">
              {' '}
              *
            </span>
          ) : null}
        </Label>
      </div>
      {hint ? (
        <p className="terres-checkbox__hint terres-form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {hasError ? (
        <p className="terres-checkbox__hint terres-form-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
