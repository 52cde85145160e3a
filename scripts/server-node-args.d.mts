/** The flags between `node` and `server.js` in package.json's start script of the checkout at `root`. */
export declare function serverNodeArgs(root: string): string[];
