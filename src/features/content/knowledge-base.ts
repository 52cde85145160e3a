import type { StaticSiteDestination } from './content.schema';

/** The knowledge-base sections (SPEC section 2), in the order of their tabs. */
export const KNOWLEDGE_BASE_SECTIONS = ['Materiały', 'Dokumenty', 'Instrukcje'] as const satisfies readonly StaticSiteDestination[];
export type KnowledgeBaseSection = (typeof KNOWLEDGE_BASE_SECTIONS)[number];

/** The `?section=` query: one of the three sections, Materiały when absent or unknown. */
export function parseSection(value: string | null): KnowledgeBaseSection {
  return (KNOWLEDGE_BASE_SECTIONS as readonly string[]).includes(value ?? '') ? (value as KnowledgeBaseSection) : 'Materiały';
}
