select
    sku as product_id,
    name as product_name,
    type as product_type,
    price
from {{ source('shop', 'products') }}
