// The public API of @terres/ui: every component, one export line each (alphabetical).
// Apps import components from '@terres/ui' and the one stylesheet '@terres/ui/styles.css'.
export * from './components/button/button';
export * from './components/form-field/form-field';
export * from './components/text-area/text-area';
export * from './components/text-field/text-field';
