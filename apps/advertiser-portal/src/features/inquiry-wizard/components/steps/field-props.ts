import type { ChangeEvent } from 'react';
import type { WizardForm, WizardValues } from '../../model/values';

type TextKey = {
  [K in keyof WizardValues]-?: WizardValues[K] extends string ? K : never;
}[keyof WizardValues];

/** value, onChange, onBlur and error of a text input bound to a form field. */
export function textFieldProps(form: WizardForm, field: TextKey, transform: (text: string) => string = (text) => text) {
  return {
    name: field,
    value: form.values[field],
    onChange: (event: ChangeEvent<HTMLInputElement>) => form.setValue(field, transform(event.target.value)),
    onBlur: () => form.touch(field),
    error: form.errorOf(field),
  };
}
