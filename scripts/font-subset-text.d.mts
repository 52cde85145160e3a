export declare const LATIN_TEXT: string;
export declare const POLISH_TEXT: string;
