import type { CountNoun, Language, OrderKind, Texts } from '../domain';
import { isKindDef, type OutboxKindDef } from './types';

// The registry of outbox kinds (DESIGN §5). Every file in kinds/ is a kind file, and every
// definition it exports (made by defineKind: alone, in a list or in a table) is a kind. Adding
// a kind is adding its file: nothing here lists them. (Vite's import.meta.glob, in the app, the
// worker and the tests alike; `npm run replay` loads the engine through Vite's module runner.)
const modules = import.meta.glob<Record<string, unknown>>('./kinds/*.ts', { eager: true });

function definitionsIn(value: unknown): OutboxKindDef[] {
  if (isKindDef(value)) return [value];
  if (Array.isArray(value)) return value.filter(isKindDef);
  if (typeof value === 'object' && value !== null) return Object.values(value).filter(isKindDef);
  return [];
}

const KINDS: readonly OutboxKindDef[] = [...new Set(Object.values(modules).flatMap((exports) => Object.values(exports).flatMap(definitionsIn)))];

export const OUTBOX_KINDS: ReadonlyMap<string, OutboxKindDef> = new Map(KINDS.map((def) => [def.kind, def]));
if (OUTBOX_KINDS.size !== KINDS.length) throw new Error('two outbox kind definitions share a kind name');

/** The kind's definition, or null for a kind this build does not know (e.g. from a newer build). */
export function kindDef(kind: string): OutboxKindDef | null {
  return OUTBOX_KINDS.get(kind) ?? null;
}

/** The one kind that delivers an order kind's draft without choosing among calls (on-lot, move). */
export function deliveryKindOf(draft: OrderKind): OutboxKindDef {
  const found = KINDS.filter((def) => def.delivers && def.draft === draft);
  if (found.length !== 1 || !found[0]) throw new Error(`${found.length} deliver kinds for ${draft} drafts`);
  return found[0];
}

/** What an entry of a kind this build does not know is called. */
const UNKNOWN_KIND_LABEL: Texts = { en: 'Queued action', es: 'Acción en cola' };

/** What the driver calls an entry's action, in the app's language. */
export function kindLabel(kind: string, language: Language): string {
  return (kindDef(kind)?.label ?? UNKNOWN_KIND_LABEL)[language];
}

/** What entries of a kind this build does not know are counted as. */
const UNKNOWN_KIND_NOUN: CountNoun = { en: { one: 'action', other: 'actions' }, es: { one: 'acción', other: 'acciones' } };

/**
 * Entries counted by what the driver calls them (each kind's `counted` noun; kinds sharing a
 * noun count together): deliveries first, then in the order the kinds first appear.
 */
export function countByNoun(kinds: readonly string[]): { noun: CountNoun; count: number }[] {
  const groups = new Map<CountNoun, { noun: CountNoun; count: number; delivers: boolean }>();
  for (const kind of kinds) {
    const def = kindDef(kind);
    const noun = def?.counted ?? UNKNOWN_KIND_NOUN;
    const group = groups.get(noun) ?? { noun, count: 0, delivers: def?.delivers ?? false };
    group.count += 1;
    groups.set(noun, group);
  }
  const all = [...groups.values()];
  return [...all.filter((g) => g.delivers), ...all.filter((g) => !g.delivers)].map(({ noun, count }) => ({ noun, count }));
}
