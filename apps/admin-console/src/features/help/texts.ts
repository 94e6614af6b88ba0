// The help page (spec §1, §2). The FAQ and the support contact are shared with the portal
// (@terres/app-kit `HelpContent`); the spec gives no sentence of its own for this page.
export const specTexts = {} as const;

export const ourTexts = {
  title: 'Aide',
} as const;

export const texts = { ...specTexts, ...ourTexts };
