import { Link } from '@tanstack/react-router';
import type { LinkComponent } from '@terres/ui/link';

/** The router's link for @terres/ui's menus and shells, which take an `href`. */
export const AppLink: LinkComponent = ({ href, ...props }) => <Link to={href} {...props} />;
