import { useId } from 'react';

export interface Choice {
  value: string;
  label: string;
  description?: string | null | undefined;
  disabled?: boolean;
}

/**
 * Radio buttons as full-width cards, for a gloved thumb on a site (each at least 56 px high):
 * a native fieldset, so the choice, its description and a disabled option's reason are read
 * together by screen readers and work in every phone browser.
 */
export function ChoiceGroup({
  label,
  name,
  options,
  value,
  onChange,
  error,
  required,
  columns,
}: {
  label: string;
  name: string;
  options: readonly Choice[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  required?: boolean;
  columns?: boolean;
}) {
  const errorId = useId();
  const base = useId();
  return (
    <fieldset className="transfers-choices" aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className="transfers-choices__legend terres-form-field__label">
        {label}
        {required ? (
          <span className="terres-form-field__required" aria-hidden="true">
            {' '}
            *
          </span>
        ) : null}
      </legend>
      <div className={columns ? 'transfers-choices__row' : 'transfers-choices__list'}>
        {options.map((option, index) => {
          const id = `${base}-${index}`;
          return (
            <label
              key={option.value}
              htmlFor={id}
              className={`transfers-choice${option.disabled ? ' transfers-choice--disabled' : ''}${value === option.value ? ' transfers-choice--checked' : ''}`}
            >
              <input
                id={id}
                type="radio"
                name={name}
                value={option.value}
                checked={value === option.value}
                disabled={option.disabled}
                aria-describedby={option.description ? `${id}-description` : undefined}
                onChange={() => onChange(option.value)}
              />
              <span className="transfers-choice__text">
                <span className="transfers-choice__label">{option.label}</span>
                {option.description ? (
                  <span id={`${id}-description`} className="transfers-choice__description">
                    {option.description}
                  </span>
                ) : null}
              </span>
            </label>
          );
        })}
      </div>
      {error ? (
        <p id={errorId} role="alert" className="transfers-choices__error">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
