import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EmailAddress, emailParts } from './email-address';

describe('EmailAddress', () => {
  it('may break before the @ and before each dot, nowhere else', () => {
    expect(emailParts('camille.dupont-hoffmann@terrassements-rhenans.example.fr')).toEqual([
      'camille',
      '.dupont-hoffmann',
      '@terrassements-rhenans',
      '.example',
      '.fr',
    ]);
    const { container } = render(<EmailAddress address="lea@exemple.fr" />);
    expect(container.innerHTML).toBe('<span class="terres-email">lea<wbr>@exemple<wbr>.fr</span>');
    expect(container.textContent).toBe('lea@exemple.fr');
  });
});
