import { render, screen } from '@testing-library/react';
import { messages } from '@terres/domain';
import { describe, expect, it } from 'vitest';
import { FormField } from './form-field';

describe('FormField', () => {
  it('labels the control and describes it with the hint', () => {
    render(
      <FormField label="Raison sociale" hint="Telle qu'inscrite au registre">
        {({ labelId: _labelId, ...control }) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Raison sociale' });
    expect(input).toHaveAccessibleDescription("Telle qu'inscrite au registre");
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('shows the error in an alert, marks the control invalid and describes it with the error', () => {
    render(
      <FormField label="Ville" error={messages.required}>
        {({ labelId: _labelId, ...control }) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Ville' });
    expect(screen.getByRole('alert')).toHaveTextContent('Ce champ est requis.');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Ce champ est requis.');
  });

  it('shows a required marker hidden from screen readers and marks the control required', () => {
    render(
      <FormField label="Ville" required>
        {({ labelId: _labelId, ...control }) => <input {...control} />}
      </FormField>,
    );
    const input = screen.getByRole('textbox', { name: 'Ville' });
    expect(input).toHaveAttribute('aria-required', 'true');
    expect(screen.getByText('*')).toHaveAttribute('aria-hidden', 'true');
  });

  it('as a group, gives a caption id for aria-labelledby', () => {
    render(
      <FormField label="Type d'annonce" labelKind="group">
        {({ labelId, id }) => <div role="radiogroup" id={id} aria-labelledby={labelId} />}
      </FormField>,
    );
    expect(screen.getByRole('radiogroup', { name: "Type d'annonce" })).toBeInTheDocument();
  });
});
