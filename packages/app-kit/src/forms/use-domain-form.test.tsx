import { updateCurrentUser } from '@terres/api-client';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { TEST_API as API, setupApiServer } from '../../test/api-server';
import { useDomainForm, type DomainFormOptions } from './use-domain-form';
import { serverFieldErrors } from './use-form';

const server = setupApiServer();

const schema = v.object({
  firstName: v.pipe(v.string(), v.trim(), v.nonEmpty('Le prénom est requis.')),
  phoneNumber: v.pipe(v.string(), v.regex(/^0\d{9}$/, 'Numéro de téléphone invalide.')),
});

const unprocessable = (errors: Record<string, unknown>) =>
  HttpResponse.json(
    { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'Données invalides.', errors },
    { status: 422, headers: { 'content-type': 'application/problem+json' } },
  );

/** A two-field form as the apps write them: TextField-like inputs, a save that may be refused. */
function ProfileForm({
  initial,
  options,
  onValid,
  onServer,
}: {
  initial: { firstName: string; phoneNumber: string };
  options?: DomainFormOptions;
  onValid: (values: unknown) => void;
  onServer?: (explained: boolean) => void;
}) {
  const form = useDomainForm(schema, initial, options as undefined);
  const input = (name: 'firstName' | 'phoneNumber', label: string) => {
    const { error, ...props } = form.field(name);
    return (
      <p>
        <label htmlFor={name}>{label}</label>
        <input id={name} aria-invalid={error ? true : undefined} aria-describedby={`${name}-error`} {...props} />
        <span id={`${name}-error`}>{error}</span>
      </p>
    );
  };
  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const values = form.validate();
        if (!values) return;
        onValid(values);
        updateCurrentUser({ first_name: form.values.firstName, last_name: 'Martin', phone_number: form.values.phoneNumber }).catch(
          (error: unknown) => onServer?.(form.showServerErrors(error)),
        );
      }}
    >
      {input('firstName', 'Prénom')}
      {input('phoneNumber', 'Téléphone')}
      <button type="button" onClick={() => form.reset()}>
        Annuler
      </button>
      <output aria-label="État">{form.isValid ? 'valide' : 'invalide'}</output>
      <button type="submit">Enregistrer</button>
    </form>
  );
}

const field = (label: string) => screen.getByLabelText(label);
const messageOf = (label: string) => document.getElementById(`${field(label).getAttribute('name')}-error`)?.textContent;

describe('useDomainForm', () => {
  it('checks a field when it is left and clears its message while typing', async () => {
    const user = userEvent.setup();
    render(<ProfileForm initial={{ firstName: '', phoneNumber: '' }} onValid={vi.fn()} />);

    await user.type(field('Téléphone'), '12');
    expect(messageOf('Téléphone')).toBe('');
    await user.tab();
    expect(messageOf('Téléphone')).toBe('Numéro de téléphone invalide.');
    expect(field('Téléphone')).toHaveAttribute('aria-invalid', 'true');
    // Only the field left shows its message, not the untouched first name.
    expect(messageOf('Prénom')).toBe('');

    await user.type(field('Téléphone'), '3');
    expect(messageOf('Téléphone')).toBe('');
  });

  it('shows every message on submit and sends nothing; valid values come out parsed', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    server.use(http.put(`${API}/users/me`, () => HttpResponse.json({})));
    render(<ProfileForm initial={{ firstName: '', phoneNumber: '' }} onValid={onValid} />);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onValid).not.toHaveBeenCalled();
    expect(messageOf('Prénom')).toBe('Le prénom est requis.');
    expect(messageOf('Téléphone')).toBe('Numéro de téléphone invalide.');
    expect(screen.getByLabelText('État')).toHaveTextContent('invalide');

    await user.type(field('Prénom'), '  Léa  ');
    await user.type(field('Téléphone'), '0612345678');
    expect(screen.getByLabelText('État')).toHaveTextContent('valide');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onValid).toHaveBeenCalledWith({ firstName: 'Léa', phoneNumber: '0612345678' });
  });

  it("puts a 422 problem's messages on their fields (snake_case on the wire), first message each", async () => {
    const user = userEvent.setup();
    const onServer = vi.fn();
    server.use(
      http.put(`${API}/users/me`, () =>
        unprocessable({ phone_number: ['Ce numéro est déjà utilisé.', 'second'], last_name: 'not on this form' }),
      ),
    );
    render(<ProfileForm initial={{ firstName: 'Léa', phoneNumber: '0612345678' }} onValid={vi.fn()} onServer={onServer} />);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onServer).toHaveBeenCalledWith(true));
    expect(messageOf('Téléphone')).toBe('Ce numéro est déjà utilisé.');
    expect(messageOf('Prénom')).toBe('');

    // Typing clears the server's message too; 'Annuler' clears every message and puts the values back.
    await user.type(field('Téléphone'), '{Backspace}9');
    expect(messageOf('Téléphone')).toBe('');
    await user.clear(field('Prénom'));
    await user.tab();
    expect(messageOf('Prénom')).toBe('Le prénom est requis.');
    await user.click(screen.getByRole('button', { name: 'Annuler' }));
    expect(messageOf('Prénom')).toBe('');
    expect(field('Prénom')).toHaveValue('Léa');
    expect(field('Téléphone')).toHaveValue('0612345678');
  });

  it("keeps the server's message on a field left unchanged (spec §5: until the field changes)", async () => {
    const user = userEvent.setup();
    const onServer = vi.fn();
    server.use(http.put(`${API}/users/me`, () => unprocessable({ phone_number: 'Ce numéro est déjà utilisé.' })));
    render(<ProfileForm initial={{ firstName: 'Léa', phoneNumber: '0612345678' }} onValid={vi.fn()} onServer={onServer} />);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onServer).toHaveBeenCalledWith(true));
    await user.click(field('Téléphone'));
    await user.tab();
    expect(messageOf('Téléphone')).toBe('Ce numéro est déjà utilisé.');
  });

  it('says when a refusal named none of its fields', async () => {
    const user = userEvent.setup();
    const onServer = vi.fn();
    server.use(http.put(`${API}/users/me`, () => unprocessable({ last_name: 'Le nom est requis.' })));
    render(<ProfileForm initial={{ firstName: 'Léa', phoneNumber: '0612345678' }} onValid={vi.fn()} onServer={onServer} />);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    await vi.waitFor(() => expect(onServer).toHaveBeenCalledWith(false));
  });

  it('with changedOnly, checks and returns only what changed (an untouched invalid value passes)', async () => {
    const user = userEvent.setup();
    const onValid = vi.fn();
    server.use(http.put(`${API}/users/me`, () => HttpResponse.json({})));
    render(<ProfileForm initial={{ firstName: '', phoneNumber: '0612345678' }} options={{ changedOnly: true }} onValid={onValid} />);

    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onValid).toHaveBeenLastCalledWith({});

    await user.clear(field('Téléphone'));
    await user.type(field('Téléphone'), '07');
    await user.tab();
    expect(messageOf('Téléphone')).toBe('Numéro de téléphone invalide.');
    expect(messageOf('Prénom')).toBe('');

    await user.type(field('Téléphone'), '00000000');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(onValid).toHaveBeenLastCalledWith({ phoneNumber: '0700000000' });
  });
});

describe('serverFieldErrors', () => {
  it('is empty for anything but a problem with field errors', () => {
    expect(serverFieldErrors(new Error('network'), ['firstName'])).toEqual({});
    expect(serverFieldErrors(undefined, ['firstName'])).toEqual({});
  });
});
