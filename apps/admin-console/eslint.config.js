import { appConfig } from '@terres/eslint-config/app';

export default appConfig(import.meta.dirname);
