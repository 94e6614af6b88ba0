// The help page (spec §1, §2). The FAQ itself is shared with the admin console
// (@terres/app-kit `HelpContent`); the spec gives no sentence of its own here.
export const specTexts = {} as const;

export const ourTexts = {
  title: 'Aide',
} as const;

export const texts = { ...specTexts, ...ourTexts };
