// Bring any accepted model shape (ours, or the peer's single-file v3 with `fields:`) to one form.
import type { Model } from './types.js';

export function normalizeModel(raw: any): Model {
  const m: any = { ...raw };
  m.model = { ...(raw.model ?? {}) };
  if (m.model.kind && !m.model.layer) m.model.layer = m.model.kind;
  delete m.model.kind;
  m.entities = (raw.entities ?? []).map((e: any) => {
    const { fields, ...rest } = e ?? {};
    const columns = (rest.columns ?? fields ?? []).map((c: any) => ({ ...c }));
    return { ...rest, columns };
  });
  m.relationships = (raw.relationships ?? []).map((r: any) => ({ ...r }));
  m.indexes = (raw.indexes ?? []).map((ix: any) => {
    const { fields, ...rest } = ix ?? {};
    return { ...rest, columns: rest.columns ?? fields ?? [] };
  });
  m.glossary = raw.glossary ?? [];
  m.domains = raw.domains ?? [];
  m.enums = raw.enums ?? [];
  return m as Model;
}
