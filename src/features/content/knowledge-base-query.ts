import { z } from 'zod';
import type { DocumentType } from '~/features/catalog/catalog.schema';

/** The product document types (catalog.schema's DOCUMENT_TYPES; a type-only import keeps the schema out of the page's bundle). */
export const KB_DOCUMENT_TYPES = [
  'declaration_of_conformity',
  'declaration_of_performance',
  'certificate',
  'cad',
  'revit',
  'other',
] as const satisfies readonly DocumentType[];

/** The knowledge base's query besides `section`: `q` searches every section's documents, `type` lists one type of product documents in full. */
export const knowledgeBaseQuery = z.object({
  q: z
    .string()
    .catch('')
    .transform((s) => s.trim().slice(0, 100)),
  type: z.enum(KB_DOCUMENT_TYPES).optional().catch(undefined),
});
