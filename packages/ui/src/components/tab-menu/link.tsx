import type { AnchorHTMLAttributes, ComponentType, ReactNode } from 'react';

/**
 * What a shell or a menu needs to render a link: the app passes its router's link
 * (adapted to take `href`), so @terres/ui never depends on a router.
 *
 * ```tsx
 * const AppLink: LinkComponent = ({ href, ...props }) => <Link to={href} {...props} />;
 * ```
 */
export interface LinkComponentProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  href: string;
  children?: ReactNode;
}

export type LinkComponent = ComponentType<LinkComponentProps>;

/** The default: a plain anchor (full page load). */
export function AnchorLink({ href, children, ...rest }: LinkComponentProps) {
  return (
    <a href={href} {...rest}>
      {children}
    </a>
  );
}

/** Roles compare case-insensitively (spec §6); an item without roles is shown to everyone. */
export function visibleForRole(roles: readonly string[] | undefined, role: string | null | undefined): boolean {
  if (!roles || roles.length === 0) return true;
  if (!role) return false;
  const wanted = role.trim().toLowerCase();
  return roles.some((r) => r.trim().toLowerCase() === wanted);
}
