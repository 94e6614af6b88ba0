import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MapLine } from './map-line';
import { MapView } from './map-view';

describe('MapLine', () => {
  it('draws a named dashed line between two sites, and removes it with the component', async () => {
    const { container, rerender } = render(
      <MapView zoom={10}>
        <MapLine from={[47.7456, 7.3123]} to={[47.7595, 7.2795]} title="Trajet de 2,9 km à vol d’oiseau" />
      </MapView>,
    );
    await waitFor(() => expect(container.querySelector('path[aria-label="Trajet de 2,9 km à vol d’oiseau"]')).not.toBeNull());
    expect(container.querySelector('path[aria-label]')?.getAttribute('stroke-dasharray')).toBe('6 6');
    rerender(<MapView zoom={10} />);
    await waitFor(() => expect(container.querySelector('path[aria-label]')).toBeNull());
  });
});
