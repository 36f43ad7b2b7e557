// The rule types a pack may use. Adding a type = one file here plus one line below.
import type { RuleType } from '../types.js';
import { classificationRequired } from './classification-required.js';
import { deprecationCheck } from './deprecation-check.js';
import { layerConstraint } from './layer-constraint.js';
import { namingConvention } from './naming-convention.js';
import { regexPerLayer } from './regex-per-layer.js';
import { requireContract } from './require-contract.js';
import { requireDataTypeWhenContracted } from './require-data-type-when-contracted.js';
import { requireDescription } from './require-description.js';
import { requireOwner } from './require-owner.js';
import { requirePrimaryKey } from './require-primary-key.js';
import { requireTags } from './require-tags.js';
import { requireTests } from './require-tests.js';
import { requiredMetaKeys } from './required-meta-keys.js';

export const RULE_TYPES: Map<string, RuleType> = new Map([
  requireDescription, requireOwner, requirePrimaryKey, requireTags, namingConvention, regexPerLayer, requiredMetaKeys,
  layerConstraint, classificationRequired, requireTests, deprecationCheck, requireContract, requireDataTypeWhenContracted,
].map((r) => [r.type, r]));

/** Rule types of the peer tool and what to use instead (or why there is no equivalent). */
export const PEER_RULE_TYPES: Record<string, string> = {
  require_entity_tags: 'require_tags',
  require_field_descriptions: 'require_description',
  classification_required_for_tags: 'classification_required',
  custom_expression: '',
  rule_target_required: '',
  require_indexes: '',
  require_sla: 'required_meta_keys',
  modeling_convention: 'layer_constraint',
};
