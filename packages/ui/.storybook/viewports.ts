// Viewports of the catalogue. 'phone' is the width the product must work at (site managers on
// their phones, 375 px): a story sets `globals: { viewport: { value: 'phone' } }`, and the story
// tests (addon-vitest) resize Chromium to it before rendering.
export const VIEWPORTS = {
  phone: { name: 'Téléphone (375 px)', styles: { width: '375px', height: '812px' }, type: 'mobile' },
  tablet: { name: 'Tablette (768 px)', styles: { width: '768px', height: '1024px' }, type: 'tablet' },
  desktop: { name: 'Bureau (1280 px)', styles: { width: '1280px', height: '800px' }, type: 'desktop' },
} as const;

