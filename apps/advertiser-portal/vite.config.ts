import { appViteConfig } from '@terres/vite-config';

export default appViteConfig({ port: 5173 });
