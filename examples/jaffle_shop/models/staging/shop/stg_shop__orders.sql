select
    id as order_id,
    user_id as customer_id,
    store_id,
    order_date,
    status,
    created_by_user_id
from {{ source('shop', 'orders') }}
