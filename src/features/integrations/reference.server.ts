// The admin reference page's data: the OpenAPI document of /api/integration/v1 read into plain
// operations and field tables (references resolved, nested objects flattened to dotted names).
import { integrationOpenApi } from './openapi.server';

type Schema = {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
  enum?: unknown[];
  description?: string;
  maxItems?: number;
  minItems?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
};

export interface FieldDoc {
  name: string;
  type: string;
  required: boolean;
  description: string;
}

export interface OperationDoc {
  id: string;
  method: string;
  path: string;
  summary: string;
  description: string;
  scope: string;
  params: FieldDoc[];
  body: FieldDoc[];
  response: FieldDoc[];
  responses: { status: string; description: string }[];
}

export interface ReferenceDoc {
  title: string;
  version: string;
  description: string;
  server: string;
  operations: OperationDoc[];
}

export function integrationReference(): ReferenceDoc {
  const doc = integrationOpenApi() as unknown as {
    info: { title: string; version: string; description: string };
    servers: { url: string }[];
    paths: Record<string, Record<string, Record<string, unknown>>>;
    components: { schemas?: Record<string, Schema> };
  };
  const schemas = doc.components.schemas ?? {};
  const resolve = (s: Schema | undefined): Schema => {
    let out = s ?? {};
    for (let i = 0; i < 10 && out.$ref; i++) out = schemas[out.$ref.replace('#/components/schemas/', '')] ?? {};
    return out;
  };
  const typeOf = (raw: Schema): string => {
    const s = resolve(raw);
    const variants = s.anyOf ?? s.oneOf;
    if (variants) return variants.map(typeOf).join(' | ');
    if (s.enum) return s.enum.map((v) => JSON.stringify(v)).join(' | ');
    const types = Array.isArray(s.type) ? s.type : s.type ? [s.type] : [];
    if (types.includes('array')) {
      const limits = [s.minItems !== undefined ? `min ${s.minItems}` : '', s.maxItems !== undefined ? `max ${s.maxItems}` : ''].filter(Boolean).join(', ');
      return `${typeOf(s.items ?? {})}[]${limits ? ` (${limits})` : ''}`;
    }
    const extra = [s.format, s.maxLength !== undefined ? `≤ ${s.maxLength}` : ''].filter(Boolean).join(', ');
    return `${types.join(' | ') || 'any'}${extra ? ` (${extra})` : ''}`;
  };
  const fields = (raw: Schema | undefined, prefix = '', depth = 0): FieldDoc[] => {
    const s = resolve(raw);
    const variants = s.anyOf ?? s.oneOf;
    const obj = variants ? resolve(variants.find((v) => resolve(v).properties)) : s;
    if (!obj.properties) return [];
    const out: FieldDoc[] = [];
    for (const [name, prop] of Object.entries(obj.properties)) {
      const full = prefix + name;
      const p = resolve(prop);
      out.push({ name: full, type: typeOf(prop), required: (obj.required ?? []).includes(name), description: p.description ?? prop.description ?? '' });
      if (depth < 3) {
        const inner = p.items ? resolve(p.items) : p;
        const child = inner.properties || inner.anyOf || inner.oneOf ? fields(inner, `${full}${p.items ? '[]' : ''}.`, depth + 1) : [];
        out.push(...child);
      }
    }
    return out;
  };
  const operations: OperationDoc[] = [];
  for (const [path, item] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        operationId: string;
        summary?: string;
        description?: string;
        'x-scope'?: string;
        parameters?: { name: string; in: string; required?: boolean; description?: string; schema?: Schema }[];
        requestBody?: { content: Record<string, { schema: Schema }> };
        responses: Record<string, { description: string; content?: Record<string, { schema: Schema }> }>;
      };
      operations.push({
        id: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary ?? '',
        description: op.description ?? '',
        scope: op['x-scope'] ?? '',
        params: (op.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: typeOf(p.schema ?? {}),
          required: Boolean(p.required),
          description: p.description ?? resolve(p.schema).description ?? '',
        })),
        body: fields(op.requestBody?.content['application/json']?.schema),
        response: fields(op.responses['200']?.content?.['application/json']?.schema),
        responses: Object.entries(op.responses)
          .filter(([status]) => status !== '200')
          .map(([status, r]) => ({ status, description: r.description })),
      });
    }
  }
  return { title: doc.info.title, version: doc.info.version, description: doc.info.description, server: doc.servers[0]?.url ?? '', operations };
}
