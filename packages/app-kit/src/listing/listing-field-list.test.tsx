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
  const terms = screen.getAllByRole('term').map((term) => term.textContent);
  expect(terms).toEqual(['Nom', 'Prénom', 'SIRET', 'Adresse', 'Autre']);
  expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['Schmitt', 'Julien', 'Non renseigné', 'Mulhouse', 'x']);
});

it('shows a list value as a list', () => {
  render(<ListingFieldList listing={{ parcelNumbers: ['682240000A0123', '682240000A0124'] }} section="site" listClassName="parcels" />);
  const list = screen.getByRole('list');
  expect(within(list).getAllByRole('listitem').map((item) => item.textContent)).toEqual(['68 2240 000A 0123', '68 2240 000A 0124']);
});
