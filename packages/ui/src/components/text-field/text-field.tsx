import { useState, type ChangeEvent, type ComponentPropsWithRef } from 'react';
import { FormField, joinIds, type FieldBaseProps } from '../form-field/form-field';
import './text-field.css';

export interface TextFieldProps extends FieldBaseProps, Omit<ComponentPropsWithRef<'input'>, 'id' | 'className' | 'required'> {
  /**
   * Shows 'n/max' beside the label when `maxLength` is set (default true). The counter is
   * read with the field (aria-describedby), not announced at each keystroke.
   */
  showCounter?: boolean;
  /** Class on the `<input>` itself (`className` goes on the wrapper). */
  inputClassName?: string;
}

type FieldValue = string | number | readonly string[] | undefined | null;

function lengthOf(value: FieldValue): number | undefined {
  if (value === undefined || value === null) return undefined;
  return String(value).length;
}

/** Counts what the user typed, controlled or not, for the 'n/max' counter. */
export function useCharacterCount(value: FieldValue, defaultValue: FieldValue) {
  const [typed, setTyped] = useState(() => lengthOf(defaultValue) ?? 0);
  const controlled = lengthOf(value);
  return {
    count: controlled ?? typed,
    track: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setTyped(event.target.value.length),
  };
}

export function CharacterCounter({ id, count, max }: { id: string; count: number; max: number }) {
  return (
    <span className="terres-form-field__counter" id={id} data-full={count >= max ? '' : undefined}>
      <span aria-hidden="true">
        {count}/{max}
      </span>
      <span className="terres-visually-hidden">
        {count} caractères sur {max}
      </span>
    </span>
  );
}

/**
 * Native `required` is left off on purpose: the browser's own bubble would speak English;
 * forms validate with the domain and show its French message instead (`aria-required` stays).
 *
 * A labelled one-line text input: label, hint, error (announced), required marker and, with
 * `maxLength`, a visible 'n/200' counter. Every other prop goes to the `<input>`.
 */
export function TextField({
  label,
  hint,
  error,
  required,
  id,
  className,
  inputClassName,
  showCounter = true,
  maxLength,
  value,
  defaultValue,
  onChange,
  type = 'text',
  ...rest
}: TextFieldProps) {
  const { count, track } = useCharacterCount(value, defaultValue);
  const counted = showCounter && maxLength !== undefined && maxLength > 0;

  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {({ labelId: _labelId, ...control }) => {
        const counterId = `${control.id}-counter`;
        return (
          <>
            <input
              {...rest}
              {...control}
              aria-describedby={joinIds(control['aria-describedby'], counted && counterId)}
              className={inputClassName ? `terres-input ${inputClassName}` : 'terres-input'}
              type={type}
              maxLength={maxLength}
              value={value}
              defaultValue={defaultValue}
              onChange={(event) => {
                track(event);
                onChange?.(event);
              }}
            />
            {counted ? <CharacterCounter id={counterId} count={count} max={maxLength} /> : null}
          </>
        );
      }}
    </FormField>
  );
}
