import * as SelectPrimitive from '@radix-ui/react-select';
import type { ReactNode } from 'react';
import { FormField, type FieldBaseProps } from '../form-field/form-field';
import './select.css';
import '../text-field/text-field.css';

export interface SelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

export interface SelectProps extends FieldBaseProps {
  options: readonly SelectOption[];
  /** Shown while nothing is chosen ('Choisir un matériau'). */
  placeholder?: string;
  /** Controlled value; '' or undefined shows the placeholder. */
  value?: string;
  defaultValue?: string;
  onValueChange?: (value: string) => void;
  disabled?: boolean;
  /** Form field name: Radix renders a hidden native select so the value is posted with the form. */
  name?: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  onBlur?: () => void;
  /** Class on the trigger button (`className` goes on the wrapper). */
  triggerClassName?: string;
}

function Chevron(): ReactNode {
  return (
    <svg className="terres-select__icon" viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function Check(): ReactNode {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M3.5 8.5l3 3 6-7" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/**
 * A labelled single choice in a list (Radix Select): the trigger is a button named by the
 * label; Enter, Space or the arrow keys open the list, typing a letter jumps to an option,
 * Escape closes it and gives the focus back to the trigger.
 */
export function Select({
  label,
  hint,
  error,
  required,
  id,
  className,
  options,
  placeholder,
  value,
  defaultValue,
  onValueChange,
  disabled,
  name,
  open,
  onOpenChange,
  onBlur,
  triggerClassName,
}: SelectProps) {
  return (
    <FormField label={label} hint={hint} error={error} required={required} id={id} className={className}>
      {({ labelId: _labelId, ...control }) => (
        <SelectPrimitive.Root
          value={value}
          defaultValue={defaultValue}
          onValueChange={onValueChange}
          disabled={disabled}
          name={name}
          required={required}
          open={open}
          onOpenChange={onOpenChange}
        >
          <SelectPrimitive.Trigger
            {...control}
            className={triggerClassName ? `terres-input terres-select__trigger ${triggerClassName}` : 'terres-input terres-select__trigger'}
            onBlur={onBlur}
          >
            <SelectPrimitive.Value placeholder={placeholder} />
            <SelectPrimitive.Icon asChild>
              <Chevron />
            </SelectPrimitive.Icon>
          </SelectPrimitive.Trigger>
          <SelectPrimitive.Portal>
            <SelectPrimitive.Content className="terres-select__content" position="popper" sideOffset={4}>
              <SelectPrimitive.Viewport className="terres-select__viewport">
                {options.map((option) => (
                  <SelectPrimitive.Item
                    key={option.value}
                    value={option.value}
                    disabled={option.disabled}
                    className="terres-select__item"
                  >
                    <SelectPrimitive.ItemText>{option.label}</SelectPrimitive.ItemText>
                    <SelectPrimitive.ItemIndicator className="terres-select__indicator">
                      <Check />
                    </SelectPrimitive.ItemIndicator>
                  </SelectPrimitive.Item>
                ))}
              </SelectPrimitive.Viewport>
            </SelectPrimitive.Content>
          </SelectPrimitive.Portal>
        </SelectPrimitive.Root>
      )}
    </FormField>
  );
}
