import type { UserConfig } from 'vite';

/** The web apps' Vite build: file routes split per route, React, loopback `port` for dev and preview. */
export declare function appViteConfig(options: { port: number }): UserConfig;
