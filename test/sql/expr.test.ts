import { describe, expect, it } from 'vitest';
import { exprUsesColumn, renameColumnsInExpr, sameCondition } from '../../src/sql/expr.js';

describe('column names in CHECK expressions', () => {
  const ren = new Map([['amount', 'total']]);
  it('renames names, never text inside literals, comments or longer words', () => {
    expect(renameColumnsInExpr("amount >= 0 AND note <> 'amount' AND amount_old < 1 -- amount", ren)).toBe("total >= 0 AND note <> 'amount' AND amount_old < 1 -- amount");
    expect(renameColumnsInExpr('"amount" > 0', ren)).toBe('"total" > 0');
    expect(renameColumnsInExpr('`amount` > 0', ren, 'mysql')).toBe('`total` > 0');
  });
  it('knows the same condition under a rename, spacing and keyword case aside', () => {
    expect(sameCondition('amount >= 0', 'total>=0', ren)).toBe(true);
    expect(sameCondition('AMOUNT >= 0 and x in (1,2)', 'total >= 0 AND x IN (1, 2)', ren)).toBe(true);
    expect(sameCondition('amount >= 0', 'total > 0', ren)).toBe(false);
    expect(sameCondition("s = 'A'", "s = 'a'")).toBe(false);
    expect(sameCondition('amount >= 0', 'total >= 0')).toBe(false);
  });
  it('tells which columns an expression uses', () => {
    expect(exprUsesColumn('score >= 0 AND score < 1e5', 'score')).toBe(true);
    expect(exprUsesColumn("x = 'score'", 'score')).toBe(false);
    expect(exprUsesColumn('1e5 > x', 'e5')).toBe(false);
  });
});
