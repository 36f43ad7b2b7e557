// The assistant's answers are Markdown rendered as React elements: tables, lists, bold and code
// come out as elements, and markup in an answer stays text.
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, it } from 'vitest';
import { Markdown } from '../../web/src/ai/Markdown';

const html = (text: string) => renderToStaticMarkup(createElement(Markdown, { text }));

it('renders paragraphs, lists, pipe tables, bold and code', () => {
  const out = html('**orders** — a `mart`\nsecond line\n\nColumns:\n- order_id\n- status\n\n| column | tests |\n|---|---|\n| order_id | unique \\| not_null |');
  expect(out).toContain('<p><span><strong>orders</strong> — a <code>mart</code></span><span><br/>second line</span></p>');
  expect(out).toContain('<p>Columns:</p><ul><li>order_id</li><li>status</li></ul>');
  expect(out).toContain('<thead><tr><th scope="col">column</th><th scope="col">tests</th></tr></thead><tbody><tr><td>order_id</td><td>unique | not_null</td></tr></tbody>');
});

it('never turns an answer into markup', () => {
  const out = html('<img src=x onerror=alert(1)> and <script>alert(2)</script>');
  expect(out).not.toContain('<img');
  expect(out).not.toContain('<script');
  expect(out).toContain('&lt;img src=x onerror=alert(1)&gt;');
});

it('keeps fenced code as written, blank lines and markup-like text too', () => {
  const out = html("The join:\n\n```sql\nfrom {{ ref('orders') }} as t1\n\njoin {{ ref('customers') }} as t2 on t1.customer_id = t2.customer_id -- **not bold** `x`\n```\n\nAfter it.");
  expect(out).toContain('<p><span>The join:</span></p><pre><code data-lang="sql">from {{ ref(&#x27;orders&#x27;) }} as t1\n\njoin {{ ref(&#x27;customers&#x27;) }} as t2 on t1.customer_id = t2.customer_id -- **not bold** `x`</code></pre><p><span>After it.</span></p>');
  expect(out).not.toContain('```');
});
