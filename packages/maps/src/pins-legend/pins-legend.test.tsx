import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { PinsLegend } from './pins-legend';

describe('PinsLegend', () => {
  it('names each mark of the map: cut, fill and group, in their colours', () => {
    render(<PinsLegend />);
    const legend = screen.getByRole('group', { name: 'Légende' });
    const keys = within(legend).getAllByRole('listitem');
    expect(keys.map((key) => key.textContent)).toEqual([
      'Déblais : terres à évacuer',
      'Remblais : terres recherchées',
      'Groupe d’annonces proches (anneau jaune et rouge selon leur part) : cliquez pour zoomer',
    ]);
    expect(keys[0]!.querySelector('[data-type="CUT"]')).not.toBeNull();
    expect(keys[1]!.querySelector('[data-type="FILL"]')).not.toBeNull();
  });
});
