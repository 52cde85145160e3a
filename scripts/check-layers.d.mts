export declare const TABLE_START: string;
export declare const TABLE_END: string;
export declare function featureEdges(modules: { source: string; dependencies: { resolved: string }[] }[]): Map<string, Set<string>>;
export declare function featureCycles(edgeKeys: Iterable<string>): string[][];
export declare function reasonsOf(table: string): Map<string, string>;
export declare function dependencyTable(edges: Map<string, Set<string>>, reasons: Map<string, string>): string;
export declare function withTable(doc: string, table: string): string;
