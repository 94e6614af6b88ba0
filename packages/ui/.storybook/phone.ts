import { expect } from 'storybook/test';

/** Story globals that show a story at 375 px wide (see viewports.ts). */
export const PHONE_GLOBALS = { viewport: { value: 'phone', isRotated: false } };

/**
 * The page is 375 px wide and nothing makes it scroll sideways. Elements that scroll inside
 * their own box (a wide table, a tab row) are allowed: their box fits.
 */
export async function expectFitsPhone(canvasElement: HTMLElement): Promise<void> {
  const view = canvasElement.ownerDocument.defaultView;
  await expect(view?.innerWidth).toBe(375);
  await expect(canvasElement.ownerDocument.documentElement.scrollWidth).toBeLessThanOrEqual(375);
}

/** Each element is fully on screen horizontally. */
export async function expectOnScreen(elements: readonly Element[]): Promise<void> {
  for (const element of elements) {
    const box = element.getBoundingClientRect();
    await expect({ left: Math.round(box.left) >= 0, right: Math.round(box.right) <= 375 }).toEqual({ left: true, right: true });
  }
}
