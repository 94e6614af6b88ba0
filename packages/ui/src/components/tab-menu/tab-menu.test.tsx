import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, TabMenu, type LinkComponentProps } from './tab-menu';

const items = [
  { href: '/user/account/informations', label: 'Mes informations' },
  { href: '/user/account/collaborators', label: 'Collaborateurs', roles: ['owner'] },
];

describe('TabMenu', () => {
  it('marks the current link with aria-current and filters by role', () => {
    render(<TabMenu items={items} currentPath="/user/account/informations/" label="Mon compte" role="EMPLOYEE" />);
    expect(screen.getByRole('navigation', { name: 'Mon compte' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mes informations' })).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Collaborateurs' })).not.toBeInTheDocument();
  });

  it('shows owner-only items to owners, through the given link component', () => {
    const Link = ({ href, children, ...rest }: LinkComponentProps) => (
      <a href={href} data-router="yes" {...rest}>
        {children}
      </a>
    );
    render(<TabMenu items={items} currentPath="/dashboard" label="Mon compte" role="owner" linkComponent={Link} />);
    const link = screen.getByRole('link', { name: 'Collaborateurs' });
    expect(link).toHaveAttribute('data-router', 'yes');
    expect(link).not.toHaveAttribute('aria-current');
  });

  it('matches sub-paths but not prefixes of other words', () => {
    expect(isCurrentPath('/a/b/c', '/a/b')).toBe(true);
    expect(isCurrentPath('/a/bc', '/a/b')).toBe(false);
  });
});
