import { render, screen, within } from '@testing-library/react';
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

  it("shows each line's quality class and waste code in French when asked (a CUT listing)", () => {
    const materials = [
      { materialName: 'Terre Végétale', groundComposition: 'Bonne', quantity: 10, price: 8, qualityClass: 'INERT_NATURAL_BACKGROUND', wasteCode: '17 05 04', pop: 'ABSENT' },
      { materialName: 'Remblais', groundComposition: 'Moyenne', quantity: 5, price: 2, qualityClass: 'CASE_BY_CASE', wasteCode: '170503*', pop: 'PRESENT' },
      { materialName: 'Autre', groundComposition: '', quantity: 1, price: 1, qualityClass: 'UNKNOWN', wasteCode: null },
    ];
    const { rerender } = render(<MaterialTable materials={materials} soilQuality />);
    expect(screen.getByRole('columnheader', { name: 'Classe de qualité' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Code déchet' })).toBeInTheDocument();
    const rows = screen.getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Terre inerte du fond géochimique naturel');
    expect(rows[1]).toHaveTextContent('17 05 04');
    expect(rows[2]).toHaveTextContent('Terre nécessitant une étude au cas par cas');
    expect(rows[2]).toHaveTextContent('17 05 03* (dangereux)');
    expect(rows[3]).toHaveTextContent('Qualité non renseignée');
    // « Présence de POP » as declared; a line without a declaration reads « Non renseigné ».
    expect(screen.getByRole('columnheader', { name: 'Présence de POP' })).toBeInTheDocument();
    const pop = (row: number) => within(rows[row]!).getAllByRole('cell')[4]!.textContent;
    expect([pop(1), pop(2), pop(3)]).toEqual(['Présence de POPNon', 'Présence de POPOui', 'Présence de POPNon renseigné']);
    // A FILL listing's lines are what it needs: no soil columns.
    rerender(<MaterialTable materials={materials} />);
    expect(screen.queryByRole('columnheader', { name: 'Classe de qualité' })).not.toBeInTheDocument();
    expect(screen.queryByRole('columnheader', { name: 'Présence de POP' })).not.toBeInTheDocument();
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
