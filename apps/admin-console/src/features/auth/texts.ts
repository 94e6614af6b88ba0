// The console's sign-in page. The sign-in screen's own texts live in @terres/app-kit.
export const specTexts = {} as const;

export const ourTexts = {
  // Issue 10's words.
  notAdmin: 'Cette console est réservée aux administrateurs.',
} as const;

export const texts = { ...specTexts, ...ourTexts };
