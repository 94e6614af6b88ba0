export { startFixtureServer, type FixtureServer } from './server';
export * from './data';
export { solidPng } from './png';
