import react from '@terres/eslint-config/react';

// src/gen is orval's output (ignored by the shared config too): never edited by hand.
export default [...react, { ignores: ['src/gen/**'] }];
