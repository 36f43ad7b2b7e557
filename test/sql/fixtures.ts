// The peer's model files (all but the deliberately invalid one), read from ../shared: call it only
// inside describeShared/itShared (test/helpers/shared.ts), where the folder is known to exist.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { PEER } from '../helpers/shared.js';

export function peerModelFiles(): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.isDirectory()) walk(join(d, e.name));
      else if (e.name.endsWith('.model.yaml') && e.name !== 'invalid.model.yaml') out.push(join(d, e.name));
    }
  };
  walk(PEER);
  return out.sort();
}
