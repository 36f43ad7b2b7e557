// Files the browser tests add to their copy of the example.
export const CONCEPT_DIAGRAM = `kind: diagram
model:
  name: shop_concepts
  version: 1.0.0
  layer: conceptual
entities:
  - name: Customer
    type: concept
    description: People who buy from the shop.
  - name: Order
    type: concept
    description: What a customer buys in one checkout.
relationships:
  - name: customer_orders
    from: {entity: Customer}
    to: {entity: Order}
    cardinality: one_to_many
    verb: places
`;
