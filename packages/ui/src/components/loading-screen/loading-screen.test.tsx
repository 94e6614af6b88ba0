import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LoadingScreen } from './loading-screen';

describe('LoadingScreen', () => {
  it("announces 'Chargement...' by default", () => {
    render(<LoadingScreen fullScreen />);
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Chargement...');
    expect(status).toHaveAttribute('data-full-screen');
  });
});
