import { expect, waitFor, within } from 'storybook/test';

/**
 * A header menu's trigger once its code is there (the user menu loads after the page is drawn):
 * pressing the button drawn before it would press an element about to be replaced.
 */
export async function loadedMenu(canvasElement: HTMLElement, name: string): Promise<HTMLElement> {
  await waitFor(() => expect(within(canvasElement).getByRole('button', { name })).toHaveAttribute('id'), { timeout: 10_000 });
  return within(canvasElement).getByRole('button', { name });
}
