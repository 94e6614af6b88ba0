import { render, screen, within } from '@testing-library/react';
import { expect, it } from 'vitest';
import { ListingFieldList } from './listing-field-list';

it('shows a section of the listing from the fields table, with the rows given around it', () => {
  render(
    <ListingFieldList
      listing={{ projectOwnerLastName: 'Schmitt', projectOwnerFirstName: 'Julien', projectOwnerSiret: null, projectOwnerCity: 'Mulhouse' }}
      section="owner"
      after={[{ term: 'Autre', description: 'x' }]}
    />,
  );
  const terms = screen.getAllByRole('term');
  const value = (label: string) => terms.find((term) => term.textContent === label)?.nextElementSibling?.textContent;
  expect([value('Nom'), value('Prénom'), value('SIRET'), value('Adresse')]).toEqual(['Schmitt', 'Julien', 'Non renseigné', 'Mulhouse']);
  // The table's rows in its order, then the ones given after them.
  const labels = terms.map((term) => term.textContent);
  expect(labels.indexOf('Nom')).toBeLessThan(labels.indexOf('Adresse'));
  expect(labels.at(-1)).toBe('Autre');
});

it('shows a list value as a list', () => {
  render(<ListingFieldList listing={{ parcelNumbers: ['682240000A0123', '682240000A0124'] }} section="site" listClassName="parcels" />);
  const list = screen.getByRole('list');
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['68 2240 000A 0123', '68 2240 000A 0124']);
});
