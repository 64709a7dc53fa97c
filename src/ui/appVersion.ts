// package.json's version, put in by Vite's `define` at build time (vite.config.ts); a build
// without it (a unit test importing the screen's helpers) says "development".
declare const __APP_VERSION__: string | undefined;

export const APP_VERSION: string = typeof __APP_VERSION__ === 'string' ? __APP_VERSION__ : 'development';
