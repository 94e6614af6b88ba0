import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DescriptionList } from './description-list';

describe('DescriptionList', () => {
  it('pairs each term with its value, and says when a value is missing', () => {
    render(
      <DescriptionList
        label="Chantier"
        items={[
          { term: 'Surface', description: '5,01 ha' },
          { term: 'Adresse du chantier', description: null, emptyText: 'Adresse non renseignée' },
          { term: 'SIRET', description: '' },
        ]}
      />,
    );
    const terms = screen.getAllByRole('term').map((node) => node.textContent);
    const values = screen.getAllByRole('definition').map((node) => node.textContent);
    expect(terms).toEqual(['Surface', 'Adresse du chantier', 'SIRET']);
    expect(values).toEqual(['5,01 ha', 'Adresse non renseignée', '-']);
  });
});
