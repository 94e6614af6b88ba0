import base from '@terres/eslint-config/base';

export default base;
