type Texts = string | readonly Texts[] | { readonly [key: string]: Texts };
/** The spec's text (docs/spec.txt). */
export declare function readSpec(): string;
/** The texts that the spec does not hold verbatim, as `path: text` lines. */
export declare function missingSpecTexts(texts: Texts): string[];
/** Throws, listing every text of `texts` that is not quoted verbatim from the spec. */
export declare function expectSpecTexts(texts: Texts): void;
