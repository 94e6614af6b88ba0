import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TypeBadge } from './type-badge';

describe('TypeBadge', () => {
  it('reads DÉBLAIS for CUT and REMBLAIS for FILL', () => {
    render(
      <>
        <TypeBadge type="CUT" />
        <TypeBadge type="FILL" />
      </>,
    );
    expect(screen.getByText('DÉBLAIS')).toHaveAttribute('data-type', 'CUT');
    expect(screen.getByText('REMBLAIS')).toHaveAttribute('data-type', 'FILL');
  });

  it('renders nothing for another type', () => {
    const { container } = render(<TypeBadge type="OTHER" />);
    expect(container).toBeEmptyDOMElement();
  });
});
