import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MaterialTable, NO_MATERIAL_HINT } from './material-table';

describe('MaterialTable', () => {
  it('lists materials with their line totals', () => {
    render(
      <MaterialTable
        materials={[
          { materialName: 'Terre Végétale', groundComposition: 'Bonne', quantity: 10, price: 8 },
          { materialName: 'Autre', groundComposition: '', quantity: 2, price: -5 },
        ]}
      />,
    );
    expect(screen.getByRole('table', { name: 'Composition du sol' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows).toHaveLength(3);
    expect(rows[1]?.textContent?.replace(/\s/g, ' ')).toContain('80,00 €');
    expect(rows[2]?.querySelector('[data-tone="negative"]')).not.toBeNull();
  });

  it("reads 'Aucun matériau renseigné.' then the analyses sentence when empty", () => {
    render(<MaterialTable materials={[]} />);
    expect(screen.getByText('Aucun matériau renseigné.')).toBeInTheDocument();
    expect(screen.getByText(NO_MATERIAL_HINT)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('says Chargement... while loading', () => {
    render(<MaterialTable materials={undefined} loading />);
    expect(screen.getByRole('status')).toHaveTextContent('Chargement...');
  });
});
