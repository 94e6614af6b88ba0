import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Card } from './card';

describe('Card', () => {
  it('is a section named by its heading, with actions and a footer', () => {
    render(
      <Card title="Mon organisation" headingLevel={3} actions={<button type="button">Modifier</button>} footer={<button type="button">Enregistrer</button>}>
        <p>Terrassements Müller</p>
      </Card>,
    );
    const section = screen.getByRole('region', { name: 'Mon organisation' });
    expect(screen.getByRole('heading', { level: 3, name: 'Mon organisation' })).toBeInTheDocument();
    expect(section).toHaveTextContent('Terrassements Müller');
    expect(screen.getByRole('button', { name: 'Modifier' })).toBeInTheDocument();
    expect(section).toContainElement(screen.getByRole('button', { name: 'Enregistrer' }));
  });
});

describe('Card without a title', () => {
  it('is no landmark', () => {
    render(<Card>Contenu</Card>);
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
    expect(screen.getByText('Contenu')).toBeInTheDocument();
  });
});
