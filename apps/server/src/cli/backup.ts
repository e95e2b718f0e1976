// placeholder
export {};
