import { updateCurrentUser } from '@terres/api-client';
import { act, renderHook } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_API as API, setupApiServer } from '../../test/api-server';
import { isAtOrBelow, useForm, type FormErrors } from './use-form';

interface Line {
  name: string;
  quantity: string;
}
interface Values {
  title: string;
  lines: Line[];
}

/** Every message for the values, as the wizard's sub-steps give them: keyed by (nested) path. */
function judge(values: Values): FormErrors<string> {
  const errors: FormErrors<string> = {};
  if (values.title.trim() === '') errors.title = 'Le titre est requis.';
  values.lines.forEach((line, i) => {
    if (!/^\d+$/.test(line.quantity)) errors[`lines.${i}.quantity`] = 'Quantité invalide.';
  });
  return errors;
}

const start = (): Values => ({ title: '', lines: [{ name: 'Terre', quantity: 'x' }, { name: 'Sable', quantity: 'y' }] });

function setup() {
  return renderHook(() => useForm<Values>(start, judge));
}

const server = setupApiServer();

/** A 422 problem as the API client throws it. */
async function problem(errors: Record<string, unknown>): Promise<unknown> {
  server.use(
    http.put(`${API}/users/me`, () =>
      HttpResponse.json(
        { type: 'about:blank', title: 'Unprocessable', status: 422, detail: 'Données invalides.', errors },
        { status: 422, headers: { 'content-type': 'application/problem+json' } },
      ),
    ),
  );
  return updateCurrentUser({ first_name: 'Léa', last_name: 'Martin', phone_number: '0612345678' }).then(
    () => undefined,
    (error: unknown) => error,
  );
}

describe('useForm', () => {
  it('shows no message until a path is visited, then the current one', () => {
    const { result } = setup();
    expect(result.current.errorOf('title')).toBeUndefined();
    expect(result.current.errorOf('lines.0.quantity')).toBeUndefined();

    act(() => result.current.touch('title', 'lines.0.quantity'));
    expect(result.current.errorOf('title')).toBe('Le titre est requis.');
    expect(result.current.errorOf('lines.0.quantity')).toBe('Quantité invalide.');
    // A path not visited stays quiet.
    expect(result.current.errorOf('lines.1.quantity')).toBeUndefined();
  });

  it('hides a message while its field changes, until it is left again', () => {
    const { result } = setup();
    act(() => result.current.touch('title'));
    act(() => result.current.setValue('title', ' '));
    expect(result.current.values.title).toBe(' ');
    expect(result.current.errorOf('title')).toBeUndefined();
    act(() => result.current.touch('title'));
    expect(result.current.errorOf('title')).toBe('Le titre est requis.');
    act(() => result.current.setValue('title', 'Chantier'));
    act(() => result.current.touch('title'));
    expect(result.current.errorOf('title')).toBeUndefined();
  });

  it('forgets the messages of a changed path and of the paths below it, and only those', () => {
    const { result } = setup();
    act(() => result.current.touch('title', 'lines.0.quantity', 'lines.1.quantity'));
    act(() => result.current.setServerErrors({ 'lines.0.name': 'Nom refusé.', 'lines.10.name': 'Autre ligne.' }));

    // Changing line 0 as a whole ('lines.0') hides its messages, not line 1's nor line 10's.
    act(() => result.current.update((values) => ({ ...values, lines: values.lines.map((l, i) => (i === 0 ? { ...l, name: 'Limon' } : l)) }), ['lines.0']));
    expect(result.current.errorOf('lines.0.quantity')).toBeUndefined();
    expect(result.current.errorOf('lines.0.name')).toBeUndefined();
    expect(result.current.errorOf('lines.1.quantity')).toBe('Quantité invalide.');
    expect(result.current.errorOf('lines.10.name')).toBe('Autre ligne.');
    expect(result.current.errorOf('title')).toBe('Le titre est requis.');

    // setValue with a path narrower than the field.
    act(() => result.current.setValue('lines', [{ name: 'Limon', quantity: 'x' }, { name: 'Sable', quantity: '3' }], 'lines.1.quantity'));
    expect(result.current.errorOf('lines.1.quantity')).toBeUndefined();
    expect(result.current.errorOf('title')).toBe('Le titre est requis.');
  });

  it("keeps the server's reason on a field until that field changes, the client's first once visited", () => {
    const { result } = setup();
    act(() => result.current.setValue('title', 'Chantier'));
    act(() => result.current.setServerErrors({ title: 'Ce nom est déjà pris.', 'lines.0.quantity': 'Trop grand.' }));
    expect(result.current.errorOf('title')).toBe('Ce nom est déjà pris.');
    // Leaving the field without changing it keeps the server's reason.
    act(() => result.current.touch('title'));
    expect(result.current.errorOf('title')).toBe('Ce nom est déjà pris.');
    // The client's own message wins once the path is visited.
    expect(result.current.errorOf('lines.0.quantity')).toBe('Trop grand.');
    act(() => result.current.touch('lines.0.quantity'));
    expect(result.current.errorOf('lines.0.quantity')).toBe('Quantité invalide.');

    act(() => result.current.setValue('title', 'Chantier 2'));
    expect(result.current.errorOf('title')).toBeUndefined();
  });

  it("shows a 422 problem's errors on the fields named (snake_case mapped), false when it names none", async () => {
    const { result } = setup();
    const first = await problem({ title: ['Déjà pris.', 'second'], other_field: 'x' });
    const none = await problem({ other_field: 'x' });
    const nested = await problem({ 'lines.1.quantity': 'Trop.' });
    let shown = false;
    act(() => {
      shown = result.current.showServerErrors(first, ['title']);
    });
    expect(shown).toBe(true);
    expect(result.current.errorOf('title')).toBe('Déjà pris.');

    act(() => {
      shown = result.current.showServerErrors(none, ['title']);
    });
    expect(shown).toBe(false);
    expect(result.current.errorOf('title')).toBe('Déjà pris.');

    // A form of nested paths maps the wire names itself; a new answer replaces the old reasons.
    act(() => {
      shown = result.current.showServerErrors(nested, ['lines.1.quantity'], (wire) => wire);
    });
    expect(shown).toBe(true);
    expect(result.current.errorOf('lines.1.quantity')).toBe('Trop.');
    expect(result.current.errorOf('title')).toBeUndefined();
  });

  it('reset puts values back and hides every message', () => {
    const { result } = setup();
    act(() => result.current.touch('title'));
    act(() => result.current.setServerErrors({ 'lines.0.name': 'Nom refusé.' }));
    act(() => result.current.reset({ title: '', lines: [] }));
    expect(result.current.values).toEqual({ title: '', lines: [] });
    expect(result.current.errorOf('title')).toBeUndefined();
    expect(result.current.errorOf('lines.0.name')).toBeUndefined();
  });
});

describe('isAtOrBelow', () => {
  it('matches a path and what is below it, not a sibling sharing its prefix', () => {
    expect(isAtOrBelow('materials.0.quantity', 'materials.0')).toBe(true);
    expect(isAtOrBelow('materials', 'materials')).toBe(true);
    expect(isAtOrBelow('materials.10.quantity', 'materials.1')).toBe(false);
    expect(isAtOrBelow('materialsExtra', 'materials')).toBe(false);
  });
});
