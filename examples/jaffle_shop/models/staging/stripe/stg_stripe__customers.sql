select
    shop_customer_id as customer_id,
    email,
    created as created_at
from {{ source('stripe', 'customers') }}
