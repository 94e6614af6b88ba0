import type { ComponentPropsWithRef } from 'react';
import { FormField, joinIds, type FieldBaseProps } from '../form-field/form-field';
import { CharacterCounter, useCharacterCount } from '../text-field/text-field';
import './text-area.css';
import '../text-field/text-field.css';

export interface TextAreaProps
  extends FieldBaseProps,
    Omit<ComponentPropsWithRef<'textarea'>, 'id' | 'className' | 'required'> {
  /** Shows 'n/max' under the field when `maxLength` is set (default true). */
  showCounter?: boolean;
  /** Class on the `<textarea>` itself (`className` goes on the wrapper). */
  textAreaClassName?: string;
}

/** A labelled multi-line text input, same contract as `TextField` (label, hint, error, counter). */
export function TextArea({
  label,
  hint,
  error,
  required,
  id,
  className,
  textAreaClassName,
  showCounter = true,
  maxLength,
  value,
  defaultValue,
  onChange,
  rows = 4,
  ...rest
}: TextAreaProps) {
  const { count, track } = useCharacterCount(value, defaultValue);
  const counted = showCounter && maxLength !== undefined && maxLength > 0;

  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {({ labelId: _labelId, ...control }) => {
        const counterId = `${control.id}-counter`;
        return (
          <>
            <textarea
              {...rest}
              {...control}
              aria-describedby={joinIds(control['aria-describedby'], counted && counterId)}
              className={textAreaClassName ? `terres-input terres-text-area ${textAreaClassName}` : 'terres-input terres-text-area'}
              rows={rows}
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
