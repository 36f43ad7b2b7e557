select
    id as payment_id,
    order_id,
    customer_id,
    payment_method,
    amount / 100.0 as amount,
    created as created_at
from {{ source('stripe', 'payments') }}
