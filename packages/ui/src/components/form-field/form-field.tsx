import { Label } from '@radix-ui/react-label';
import { useId, type ReactNode } from 'react';
import './form-field.css';
import '../text-field/text-field.css';

/** What every labelled control of the design system accepts. */
export interface FieldBaseProps {
  /** The visible label, in French ('Votre email'). */
  label: ReactNode;
  /** Help text under the label, read with the control (aria-describedby). */
  hint?: ReactNode;
  /** The error message (a domain message, e.g. `messages.required`); shown and announced. */
  error?: ReactNode;
  /** Adds the visual marker '*' and marks the control required. */
  required?: boolean;
  /** Id of the control; generated when absent. */
  id?: string;
  /** Class on the field's wrapper. */
  className?: string;
}

/** Props handed to the control so that it is labelled, described and marked invalid. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
}

export interface FormFieldRenderProps extends FieldControlProps {
  /** Id of the label element, for controls labelled by `aria-labelledby` (groups). */
  labelId: string;
}

export interface FormFieldProps extends FieldBaseProps {
  /** Renders the control with the ids and ARIA attributes it must carry. */
  children: (control: FormFieldRenderProps) => ReactNode;
  /**
   * `label` (default) renders a `<label for>`; `group` renders a plain caption for controls
   * that are labelled by `aria-labelledby` (radio groups, code boxes), since `for` can only
   * point at one form element.
   */
  labelKind?: 'label' | 'group';
  /** Extra ids to describe the control with (a character counter...). */
  describedBy?: string;
  /** Content shown at the end of the label row (a counter 'n/200'). */
  aside?: ReactNode;
}

/** Joins the ids that are present, or undefined when none is. */
export function joinIds(...ids: (string | false | null | undefined)[]): string | undefined {
  const present = ids.filter((id): id is string => typeof id === 'string' && id !== '');
  return present.length > 0 ? present.join(' ') : undefined;
}

/**
 * A label, an optional hint, the control and its error message. The control gets
 * `aria-describedby` (hint, then error), `aria-invalid` when there is an error and
 * `aria-required` when required; the error is rendered in `role="alert"` so screen readers
 * announce it as soon as it appears.
 */
export function FormField({
  label,
  hint,
  error,
  required = false,
  id,
  className,
  children,
  labelKind = 'label',
  describedBy,
  aside,
}: FormFieldProps) {
  const generated = useId();
  const controlId = id ?? `terres-field-${generated}`;
  const labelId = `${controlId}-label`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  const errorId = hasError ? `${controlId}-error` : undefined;

  const marker = required ? (
    <span className="terres-form-field__required" aria-hidden="true">
      {' '}
      *
    </span>
  ) : null;

  return (
    <div className={className ? `terres-form-field ${className}` : 'terres-form-field'} data-invalid={hasError ? '' : undefined}>
      <div className="terres-form-field__label-row">
        {labelKind === 'label' ? (
          <Label className="terres-form-field__label" htmlFor={controlId} id={labelId}>
            {label}
            {marker}
          </Label>
        ) : (
          <span className="terres-form-field__label" id={labelId}>
            {label}
            {marker}
          </span>
        )}
        {aside}
      </div>
      {hint ? (
        <p className="terres-form-field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      {children({
        id: controlId,
        labelId,
        'aria-describedby': joinIds(hintId, describedBy, errorId),
        'aria-invalid': hasError ? true : undefined,
        'aria-required': required ? true : undefined,
      })}
      {hasError ? (
        <p className="terres-form-field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
