// What a column is, as a data modeler reads it, for the checks that would otherwise cry wolf:
// a model's own key is never a foreign key to itself, and flags, counts, identifiers and
// event timestamps are not personal data because their names mention `email` or `phone`.
import { parseModelName } from '../agents/naming.js';
import { hasUniqueTest, keyCombinations } from '../core/project/dbt-tests.js';
import type { DbtNode } from '../core/project/types.js';

/** Columns that identify rows of the model itself: declared keys, `id`, `<noun>_id` of its own noun. */
export function ownKeyNames(node: Pick<DbtNode, 'name' | 'columns' | 'tests' | 'raw' | 'tableName'>): Set<string> {
  const out = new Set<string>();
  for (const c of node.columns) if (hasUniqueTest(c, node as DbtNode)) out.add(c.name);
  for (const k of keyCombinations(node as DbtNode)) if (k.length === 1) out.add(k[0]);
  const noun = parseModelName(node.tableName ?? node.name, [], { otherLayers: true }).tokens.join('_');
  for (const c of node.columns) {
    const n = c.name.toLowerCase();
    if (n === 'id' || n === `${noun}_id` || n === `${noun}_key` || n === `${noun}id`) out.add(c.name);
  }
  return out;
}

/**
 * Words that name personal data in a column name, as regex alternatives. Beyond English, the
 * languages of the real projects modeler reads (French, German, Spanish, Portuguese, Italian,
 * Dutch): a French project's `courriel`, `telephone` and `prenom` are its email, phone and first
 * name. A bare `name`/`nom` or `full_name` is not here: it names things (a repository, a mode of transport) as often as people.
 */
export const PERSONAL_DATA_NAMES = [
  // English
  'e?mail', 'email_address', 'phone', 'mobile', 'ssn', 'social_security', 'passport', 'tax_id', 'national_id', 'iban',
  'card_number', 'credit_card', 'dob', 'birth_?date', 'date_of_birth', 'address', 'street', 'zip', 'zip_?code',
  'postal_code', 'post_?code', 'ip_address', 'salary', 'first_?name', 'last_?name', 'surname', 'given_name',
  'family_name', 'maiden_name',
  // French
  'courriels?', 'telephones?', 'tel', 'portable', 'adresses?', 'code_postal', 'prenoms?', 'nom_de_famille',
  'date_(de_)?naissance', 'nir', 'numero_(de_)?securite_sociale',
  // German
  'telefon', 'strasse', 'plz', 'postleitzahl', 'geburtsdatum', 'vorname', 'nachname', 'steuer_?id',
  // Spanish, Portuguese, Italian
  'correo', 'telefono', 'direccion', 'codigo_postal', 'fecha_(de_)?nacimiento', 'apellidos?', 'dni', 'nif', 'cpf',
  'endereco', 'celular', 'data_(de_)?nascimento', 'sobrenome', 'indirizzo', 'cognome', 'codice_fiscale',
  // Dutch
  'telefoon', 'adres', 'geboortedatum', 'voornaam', 'achternaam', 'bsn',
];

/** Prefixes and suffixes of flags, counts, identifiers and event times. */
const NOT_PERSONAL = /^(is|has|was|were|can|should|allow|allows|enable|enabled|opt|num|count|total|n|number_of)_|_(id|ids|key|count|counts|flag|at|timestamp|time|type|status|sent|opened|clicked|bounced|enabled|verified|valid)$/i;
const BOOLEAN_OR_NUMBER = /^(bool|boolean|int|integer|bigint|smallint|tinyint|number|numeric|float|double|decimal)\b/i;

/**
 * Does a column look like personal data? Its name matches `pattern`, and it is not a flag, a
 * count, an identifier or an event time (`is_valid_email`, `num_phone_calls`, `email_campaign_id`,
 * `email_opened_at`), and its type is not boolean. Birth dates stay sensitive, in any of those languages.
 */
export function looksSensitive(name: string, dataType: string | undefined, pattern: RegExp): boolean {
  if (!pattern.test(name)) return false;
  if (/birth|dob|naissance|geburt|nacimiento|nascimento|geboorte/i.test(name)) return true;
  if (NOT_PERSONAL.test(name)) return false;
  const t = (dataType ?? '').trim();
  if (/^bool/i.test(t)) return false;
  if (BOOLEAN_OR_NUMBER.test(t) && /(^|_)(e?mail|address|street|courriels?|adresses?|strasse|correo|direccion|endereco|indirizzo)($|_)/i.test(name)) return false;
  return true;
}
