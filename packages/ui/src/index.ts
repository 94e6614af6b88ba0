// The public API of @terres/ui: every component, one export line each (alphabetical).
// Apps import components from '@terres/ui' and the one stylesheet '@terres/ui/styles.css'.
export * from './components/accordion/accordion';
export * from './components/amount-cell/amount-cell';
export * from './components/bottom-action-bar/bottom-action-bar';
export * from './components/button/button';
export * from './components/checkbox/checkbox';
export * from './components/data-table/data-table';
export * from './components/empty-state/empty-state';
export * from './components/error-state/error-state';
export * from './components/form-field/form-field';
export * from './components/loading-screen/loading-screen';
export * from './components/material-table/material-table';
export * from './components/pack-card/pack-card';
export * from './components/radio-group/radio-group';
export * from './components/select/select';
export * from './components/status-badge/status-badge';
export * from './components/status-stepper/status-stepper';
export * from './components/stepper/stepper';
export * from './components/tab-menu/tab-menu';
export * from './components/tabs/tabs';
export * from './components/text-area/text-area';
export * from './components/text-field/text-field';
export * from './components/type-badge/type-badge';
export * from './shells/admin-shell';
export * from './shells/user-shell';
