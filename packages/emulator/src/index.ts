// Public entry point of this package.
export {};
