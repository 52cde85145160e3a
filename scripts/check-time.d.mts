export function checkText(text: string): { line: number; message: string }[];
export function checkTree(root: string): string[];
