// Identifier-aware terms: the index and the questions fold words the same way.
import { describe, expect, it } from 'vitest';
import { stem, terms, tokenize } from '../../src/assistant/index/tokenize.js';

describe('terms', () => {
  it('keeps an identifier whole and splits it into its parts', () => {
    expect(terms('stg_shop__orders')).toEqual(['stg_shop__orders', 'stg', 'shop', 'order']);
    expect(terms('customerId')).toEqual(['customerid', 'customer', 'id']);
    expect(terms('HTTPServerError')).toEqual(['httpservererror', 'http', 'server', 'error']);
  });

  it('drops question words and folds suffixes alike on both sides', () => {
    expect(terms('What is the status of the orders?')).toEqual(['status', 'order']);
    for (const [a, b] of [['charge', 'charging'], ['charged', 'charges'], ['materialized', 'materialization'], ['categories', 'category'], ['address', 'address']]) expect(stem(a)).toBe(stem(b));
    expect(stem('status')).toBe('status');
  });

  it('counts repeats (term frequency)', () => {
    expect(tokenize('order order_id')).toEqual(['order', 'order_id', 'order', 'id']);
  });
});
