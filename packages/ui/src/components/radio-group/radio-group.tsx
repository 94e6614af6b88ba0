import { Label } from '@radix-ui/react-label';
import * as RadioGroupPrimitive from '@radix-ui/react-radio-group';
import type { ReactNode } from 'react';
import { FormField, type FieldBaseProps } from '../form-field/form-field';
import './radio-group.css';

export interface RadioOption {
  value: string;
  label: ReactNode;
  /** A line under the option's label. */
  description?: ReactNode;
  disabled?: boolean;
}

export interface RadioGroupProps extends FieldBaseProps {
  options: readonly RadioOption[];
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  name?: string;
  orientation?: 'vertical' | 'horizontal';
}

/**
 * A labelled group of radio buttons (Radix RadioGroup): Tab enters the group on the chosen
 * option, the arrow keys move and choose. The caption labels the group (aria-labelledby).
 */
export function RadioGroup({
  label,
  hint,
  error,
  required,
  id,
  className,
  options,
  value,
  defaultValue,
  onValueChange,
  disabled,
  name,
  orientation = 'vertical',
}: RadioGroupProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className} labelKind="group">
      {({ labelId, id: groupId, ...control }) => (
        <RadioGroupPrimitive.Root
          {...control}
          id={groupId}
          aria-labelledby={labelId}
          className="terres-radio-group"
          data-orientation={orientation}
          orientation={orientation}
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          disabled={disabled}
          name={name}
          required={required}
        >
          {options.map((option, index) => {
            const itemId = `${groupId}-${index}`;
            const descriptionId = option.description ? `${itemId}-description` : undefined;
            return (
              <div className="terres-radio-group__option" key={option.value}>
                <RadioGroupPrimitive.Item
                  className="terres-radio-group__item"
                  id={itemId}
                  value={option.value}
                  disabled={option.disabled}
                  aria-describedby={descriptionId}
                >
                  <RadioGroupPrimitive.Indicator className="terres-radio-group__indicator" />
                </RadioGroupPrimitive.Item>
                <div className="terres-radio-group__text">
                  <Label
                    className="terres-radio-group__label"
                    htmlFor={itemId}
                    data-disabled={disabled || option.disabled ? '' : undefined}
                  >
                    {option.label}
                  </Label>
                  {option.description ? (
                    <span className="terres-radio-group__description" id={descriptionId}>
                      {option.description}
                    </span>
                  ) : null}
                </div>
              </div>
            );
          })}
        </RadioGroupPrimitive.Root>
      )}
    </FormField>
  );
}
