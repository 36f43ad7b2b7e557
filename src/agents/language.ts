// Which language a project names its tables and columns in, as a modeler tells it at a glance:
// French names carry French little words and data words (nom, adresse, commune, code_insee de la
// commune). It matters where English and French plurals part ways (adresses → adresse, not
// "adress"; creches → creche); inflection.ts applies the language's rule while the project is read.
import type { Project } from '../core/project/types.js';
import { withLanguage, type NameLanguage } from './inflection.js';
import { columnsOf } from './node-columns.js';
import { stagingModels } from './staging.js';

/** Words of French table and column names: articles and prepositions, and words of French data. */
const FRENCH = new Set(['de', 'du', 'des', 'le', 'la', 'les', 'et', 'pour', 'par', 'sur', 'au', 'aux', 'avec', 'nom', 'prenom', 'adresse', 'adresses',
  'commune', 'communes', 'courriel', 'ville', 'numero', 'libelle', 'maj', 'departement', 'structure', 'structures', 'lieu', 'lieux']);
/** The same kind of words in English names. */
const ENGLISH = new Set(['of', 'and', 'the', 'for', 'by', 'name', 'address', 'addresses', 'city', 'number', 'email', 'first', 'last', 'created', 'updated']);

const cache = new WeakMap<Project, NameLanguage>();

/**
 * French when French name words clearly outnumber English ones across the project's model names and
 * its staging models' columns (YAML and SQL: read once, and read again from the cache by the layer).
 */
export function projectLanguage(project: Project): NameLanguage {
  const hit = cache.get(project);
  if (hit) return hit;
  let fr = 0, en = 0;
  const staging = new Set(stagingModels(project));
  for (const n of project.models) {
    for (const name of [n.name, ...(staging.has(n) ? columnsOf(project, n) : n.columns).map((c) => c.name)]) {
      for (const w of name.toLowerCase().split(/[^a-z]+/)) {
        if (FRENCH.has(w)) fr++;
        else if (ENGLISH.has(w)) en++;
      }
    }
  }
  const lang: NameLanguage = fr >= 20 && fr > 2 * en ? 'fr' : 'en';
  cache.set(project, lang);
  return lang;
}

/** Run `fn` with the project's naming language in force (the Conceptualizer and Canonicalizer read synchronously). */
export function inProjectLanguage<T>(project: Project, fn: () => T): T {
  return withLanguage(projectLanguage(project), fn);
}
