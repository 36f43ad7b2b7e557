-- The shop's tables, as a PostgreSQL dump would write them.
CREATE TABLE shop.customers (
    customer_id integer PRIMARY KEY,
    email varchar(120) NOT NULL UNIQUE,
    full_name varchar(200),
    created_at timestamp NOT NULL DEFAULT now()
);
COMMENT ON TABLE shop.customers IS 'People who registered with the shop.';

CREATE TABLE shop.products (
    product_id integer PRIMARY KEY,
    sku varchar(40) NOT NULL UNIQUE,
    name varchar(200) NOT NULL,
    price numeric(10,2) NOT NULL CHECK (price >= 0)
);

CREATE TABLE shop.orders (
    order_id integer PRIMARY KEY,
    customer_id integer NOT NULL REFERENCES shop.customers (customer_id),
    status varchar(20) NOT NULL DEFAULT 'placed',
    ordered_at timestamp NOT NULL
);
CREATE INDEX orders_customer_idx ON shop.orders (customer_id);

CREATE TABLE shop.order_items (
    order_id integer NOT NULL REFERENCES shop.orders (order_id),
    line_no integer NOT NULL,
    product_id integer NOT NULL REFERENCES shop.products (product_id),
    quantity integer NOT NULL CHECK (quantity > 0),
    PRIMARY KEY (order_id, line_no)
);
