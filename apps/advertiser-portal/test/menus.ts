// Helpers for the header's deferred menus (@terres/ui/deferred-module).
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

/**
 * A header button (the user menu, the bell) once its menu's code is there: it loads after the page
 * is drawn, and user-event pressing the button drawn before would press a replaced element.
 */
export async function loadedMenuButton(name: string | RegExp): Promise<HTMLElement> {
  await waitFor(() => expect(screen.getByRole('button', { name })).toHaveAttribute('id'), { timeout: 10_000 });
  return screen.getByRole('button', { name });
}
