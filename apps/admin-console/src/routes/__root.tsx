import { createRootRouteWithContext } from '@tanstack/react-router';
import { appRootRouteOptions } from '@terres/app-kit';
import type { RouterContext } from '../router';

export const Route = createRootRouteWithContext<RouterContext>()(appRootRouteOptions);
