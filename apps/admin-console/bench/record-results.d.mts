export declare const resultsFile: (name: string) => string;
export declare function recordResults(name: string, command?: string): { save(code?: number): void };
