import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FigureList } from './figure-list';

describe('FigureList', () => {
  it('lists each figure as a term and its value, under the list’s name', () => {
    render(
      <FigureList
        label="Bilan du transfert"
        figures={[
          { term: 'Volume parti', value: '1 240 m³' },
          { term: 'Chargements', value: '88' },
        ]}
      />,
    );
    const list = screen.getByLabelText('Bilan du transfert');
    const terms = within(list).getAllByRole('term').map((term) => term.textContent);
    const values = within(list).getAllByRole('definition').map((value) => value.textContent);
    expect(terms).toEqual(['Volume parti', 'Chargements']);
    expect(values).toEqual(['1 240 m³', '88']);
  });
});
