/** Types of scripts/server-build.mjs, for the benches (TypeScript) that start the server as `npm start` does. */
export declare const serverBundle: string;
export declare function serverNodeArgs(extra?: string[]): string[];
export declare function buildServer(): Promise<string>;
export declare function stopBuilder(): Promise<void>;
