import react from '@terres/eslint-config/react';

export default [...react];
