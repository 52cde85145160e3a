export declare const MIXED_ADMIN_APIS: string[];
export declare function adminRouteModules(routesSource: string): string[];
export declare function folderViolations(root: string, mixedAdminApis?: string[]): string[];
