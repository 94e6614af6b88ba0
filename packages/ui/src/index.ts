// The public API of @terres/ui: every component, one export line each (alphabetical).
// Apps import components from '@terres/ui' and the one stylesheet '@terres/ui/styles.css'.
export * from './components/button/button';
