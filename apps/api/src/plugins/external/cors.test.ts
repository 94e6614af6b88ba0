import { describe, expect, it } from 'vitest';
import { allowedOrigins } from './cors.js';

describe('allowedOrigins', () => {
  it('adds the loopback twin of each portal outside production', () => {
    const origins = allowedOrigins({ nodeEnv: 'development', advertiserPortalUrl: 'http://localhost:5173', adminConsoleUrl: 'http://127.0.0.1:5174' });
    expect(origins.sort()).toEqual(['http://127.0.0.1:5173', 'http://127.0.0.1:5174', 'http://localhost:5173', 'http://localhost:5174']);
  });

  it('keeps exactly the configured origins in production and for real host names', () => {
    expect(allowedOrigins({ nodeEnv: 'production', advertiserPortalUrl: 'http://localhost:5173', adminConsoleUrl: 'http://localhost:5174' })).toEqual([
      'http://localhost:5173',
      'http://localhost:5174',
    ]);
    expect(
      allowedOrigins({ nodeEnv: 'development', advertiserPortalUrl: 'https://bourse-terres.fr', adminConsoleUrl: 'https://admin.bourse-terres.fr' }),
    ).toEqual(['https://bourse-terres.fr', 'https://admin.bourse-terres.fr']);
  });
});
